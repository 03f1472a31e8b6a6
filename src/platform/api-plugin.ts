import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RawServerDefault, RouteOptions } from 'fastify';
import { AppError } from '../errors.js';
import { registerApiGuard, type ApiGuardDeps } from './api-guard.js';
import { OPTIONAL_BODY } from './body-rules.js';
import { answerNotFound } from './error-handler.js';
import { addSharedErrorResponses } from './openapi.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route of the partner API plugin (the OpenAPI document lists those). */
    partnerApi?: boolean;
    /** The 405 answer for the methods a path does not have. */
    methodNotAllowed?: boolean;
  }
}

/** A module's partner routes: a Fastify plugin whose paths are relative to /api/v1. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- modules type their own instance (TypeBox provider)
export type ApiRoutes = FastifyPluginAsync<any, RawServerDefault, any>;

export interface ApiPluginOptions {
  guard: ApiGuardDeps;
  /** Every partner route lives in one of these; each is registered behind the guard. */
  routes: readonly ApiRoutes[];
  /** Hooks that watch every partner request after the guard's (the request log). */
  observe?: (api: FastifyInstance) => void;
}

const GUARDED = Symbol('partner API guard');

/** The query string of a route that declares none: it takes no parameters (query-rules.ts). */
const NO_QUERY = Type.Object({});
/** What a path parameter's schema may say: it names the parameter, it does not constrain it. */
const PARAMETER_KEYWORDS = new Set(['type', 'description', 'examples']);

/**
 * JSON bodies, where an empty body (nothing, or only white space) is no body: the same as a
 * request without one, so a bodiless operation accepts it, an optional body is left out, and a
 * required one is answered as missing.
 */
function parseJsonBodies(api: FastifyInstance): void {
  const parseJson = api.getDefaultJsonParser('error', 'error');
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = String(raw);
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

/** A route marked OPTIONAL_BODY reads no body (or an empty one) as `{}`; `null` stays a body that is not an object. */
async function defaultOptionalBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
}

/**
 * What every partner route gets before the document and the validators see it: a query string
 * schema (none declared: no parameters), the optional body's default, and a check that its path
 * parameters are plain strings. A path id is the service's to read: an unknown, over-long or
 * malformed one answers 404 like any id that names nothing, never a 422 from a schema.
 */
function prepareRoute(route: RouteOptions): void {
  if (route.config?.public || route.config?.methodNotAllowed) return;
  const schema = (route.schema ?? {}) as { params?: { properties?: Record<string, object> }; body?: object };
  for (const [name, parameter] of Object.entries(schema.params?.properties ?? {})) {
    const constraints = Object.keys(parameter).filter((keyword) => !PARAMETER_KEYWORDS.has(keyword));
    if (constraints.length > 0)
      throw new Error(
        `${String(route.method)} ${route.url}: the path parameter ${name} has ${constraints.join(', ')}; declare it as a plain string and let the service answer 404 for an id that names nothing`,
      );
  }
  route.schema = { ...route.schema, querystring: route.schema?.querystring ?? NO_QUERY };
  if ((schema.body as Record<string, unknown> | undefined)?.[OPTIONAL_BODY] === true)
    route.preValidation = [...[route.preValidation ?? []].flat(), defaultOptionalBody];
}

/**
 * The partner API as one encapsulated plugin (registered at /api/v1): its hooks authenticate,
 * rate-limit and check the Idempotency-key of every route registered inside it, whatever the
 * routed path looked like on the wire; its own not-found handler keeps unknown paths behind the
 * guard too; a known path asked with another method answers 405 with `Allow`.
 */
export async function apiPlugin(api: FastifyInstance, options: ApiPluginOptions): Promise<void> {
  api.decorate(GUARDED, true);
  registerApiGuard(api, options.guard);
  options.observe?.(api);
  parseJsonBodies(api);
  api.addHook('onRoute', prepareRoute);
  addSharedErrorResponses(api);

  const methodsByUrl = new Map<string, Set<string>>();
  api.addHook('onRoute', (route) => {
    if (route.config?.methodNotAllowed) return;
    route.config = { ...route.config, partnerApi: true };
    const methods = methodsByUrl.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    methodsByUrl.set(route.url, methods);
  });

  for (const routes of options.routes) await api.register(routes);

  for (const [url, methods] of methodsByUrl) {
    if (methods.has('GET')) methods.add('HEAD');
    const allow = [...methods].sort().join(', ');
    const others = api.supportedMethods.filter((method) => !methods.has(method));
    if (others.length === 0) continue;
    api.route({
      method: others,
      url: url.slice(api.prefix.length),
      config: { methodNotAllowed: true },
      schema: { hide: true } as Record<string, unknown>,
      // A route hook: after the guard's, before any body is read.
      onRequest: (_request, reply, done) => {
        reply.header('Allow', allow);
        done(new AppError('method_not_allowed'));
      },
      handler: () => {
        throw new AppError('method_not_allowed');
      },
    });
  }

  api.setNotFoundHandler(answerNotFound);
}

/**
 * Registration fails for a route under /api/v1 that is not inside the API plugin: such a route
 * would be reachable without the guard.
 */
export function refuseUnguardedApiRoutes(app: FastifyInstance, prefix: string): void {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const underApi = route.url === prefix || route.url.startsWith(`${prefix}/`);
    if (underApi && !this.hasDecorator(GUARDED)) {
      throw new Error(
        `${route.method} ${route.url} is registered outside the partner API plugin; register it in the plugin's routes`,
      );
    }
  });
}
