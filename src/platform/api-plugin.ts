import type { FastifyInstance, FastifyPluginAsync, RawServerDefault } from 'fastify';
import { AppError } from '../errors.js';
import { registerApiGuard, type ApiGuardDeps } from './api-guard.js';
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
}

const GUARDED = Symbol('partner API guard');

/**
 * The partner API as one encapsulated plugin (registered at /api/v1): its hooks authenticate,
 * rate-limit and check the Idempotency-key of every route registered inside it, whatever the
 * routed path looked like on the wire; its own not-found handler keeps unknown paths behind the
 * guard too; a known path asked with another method answers 405 with `Allow`.
 */
export async function apiPlugin(api: FastifyInstance, options: ApiPluginOptions): Promise<void> {
  api.decorate(GUARDED, true);
  registerApiGuard(api, options.guard);
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
