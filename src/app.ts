import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { mailRoutes } from './modules/mail/index.js';
import { registerRequestLogHook } from './modules/request-log/index.js';
import { ANONYMOUS, runAs } from './platform/actor.js';
import { apiPlugin, refuseUnguardedApiRoutes, type ApiRoutes } from './platform/api-plugin.js';
import { registerDrain } from './platform/drain.js';
import { answerFrameworkError, registerErrorHandler } from './platform/error-handler.js';
import { idempotencyRoutes } from './platform/idempotency.routes.js';
import { createLimiter } from './platform/limiter.js';
import { loggerOptions } from './platform/logging.js';
import { createMetrics, registerMetricsHooks } from './platform/metrics.js';
import { registerOpsRoutes } from './platform/ops.js';
import { openApiDocumentRoutes, registerOpenApi } from './platform/openapi-doc.js';
import { validatorCompiler } from './platform/validation.js';
import type { Services } from './services.js';
import { consolePages } from './web/console/console.plugin.js';
import { employeePages } from './web/employee.pages.js';
import { guidePages } from './web/guides.pages.js';
import { homePage } from './web/home.page.js';
import { loginPages } from './web/login.pages.js';
import { mailboxPages } from './web/mailbox.page.js';
import { pagesPlugin } from './web/pages-plugin.js';
import { referencePages } from './web/reference.pages.js';
import { verificationPages } from './web/verification.pages.js';
import { webhookRoutes } from './web/webhooks.js';

export const API_PREFIX = '/api/v1';
export { loggerOptions };

export interface AppOptions {
  /** Test seam: more partner routes (paths relative to /api/v1), registered behind the guard. */
  apiRoutes?: readonly ApiRoutes[];
  /** Fastify logger options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Test seam: sees every route as it is registered (the page-width test lists the pages from it). */
  onRoute?: (route: RouteOptions) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Builds the HTTP service around the services (src/services.ts) without listening: plugins, error
 * handling, routes, pages. The services belong to the caller, who closes them after the app.
 */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config, clock } = services;
  const metrics = createMetrics();

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    bodyLimit: 5 * 1024 * 1024,
    // Client addresses (for the per-address rate limits) are the socket's, unless it is a proxy
    // the operator named: then X-Forwarded-For's.
    trustProxy: config.trustProxy ?? false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // One access-log line per request (below) instead of Fastify's two: half the log volume and cost at info.
    logController: new LogController({ disableRequestLogging: true }),
    // `/api/v1/users/` is `/api/v1/users` (and `/docs/guides/` the guides): a trailing slash is a
    // common slip, not another resource. The guard is the same either way (it is on the route).
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed percent-encoding or an over-long path parameter, answered in the spec's shapes.
    frameworkErrors: (error, request, reply) => {
      metrics.requests.inc({ method: request.method, route: 'unmatched', status: String(error.statusCode ?? 500) });
      answerFrameworkError(error, request, reply);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // API bodies are JSON only: without this, Fastify would parse text/plain and answer 400, not 415.
  app.removeContentTypeParser('text/plain');

  const { partners, idempotency, events, terms, users, verification, payouts, loginLinks, portal, mailbox } = services;
  const limiter = config.benchDisableRateLimit
    ? null
    : createLimiter({ store: services.rateLimitStore, clock, metrics });
  const pageBudget = limiter ? { limiter, perMinute: config.rateLimitPagesPerMinute } : null;

  // Hooks on every request are callback-style where they never wait: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // The rest of the request runs in its own actor scope (the audit log's "who"), anonymous
    // until a guard or a session names the caller.
    runAs({ ...ANONYMOUS, label: `anonymous (${request.ip})` }, request.id, done);
  });
  registerDrain(app);
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  registerMetricsHooks(app, metrics);
  registerErrorHandler(app);
  refuseUnguardedApiRoutes(app, API_PREFIX);
  registerOpsRoutes(app, { db: services.db, redis: services.redis, metrics });
  // Before the routes: the document is collected from every route registered after this.
  await registerOpenApi(app, config);
  // The documentation (/, /docs, the guides, the favicon): static, so not limited per address.
  await app.register(homePage, { config });
  await app.register(referencePages, { config });
  await app.register(guidePages);

  // The partner API. A route lives in one of these plugins (paths relative to /api/v1), so it is
  // behind the guard: credentials, rate limit, Idempotency-key.
  await app.register(apiPlugin, {
    prefix: API_PREFIX,
    guard: {
      authenticate: (token, key) => partners.authenticate(token, key),
      limiter,
      rateLimitPerMinute: config.rateLimitPerMinute,
      unauthenticatedPerMinute: config.rateLimitUnauthenticatedPerMinute,
      idempotency,
    },
    // The request log (docs/decisions.md §25): a buffer push per answered partner request.
    observe: config.benchDisableRequestLog
      ? undefined
      : (api) => registerRequestLogHook(api, services.requestLog, () => metrics.requestLogDropped.inc()),
    routes: [
      openApiDocumentRoutes,
      terms.routes,
      users.routes,
      verification.routes,
      payouts.routes,
      payouts.invoiceRoutes,
      services.exports.routes,
      loginLinks.routes,
      events.routes,
      services.webhooks.routes,
      idempotencyRoutes(idempotency),
      ...(mailbox ? [mailRoutes(mailbox)] : []),
      ...(options.apiRoutes ?? []),
    ],
  });

  // The end user's pages. A page lives in one of these plugins, so it is limited per client address.
  const sandbox = config.env === 'sandbox';
  const secureCookies = config.env === 'live';
  await app.register(pagesPlugin, {
    budget: pageBudget,
    pages: [
      async (pages) => verificationPages(pages, { flow: verification.flow, sandbox, secureCookies }),
      async (pages) => loginPages(pages, { links: loginLinks.service, secureCookies }),
      async (pages) =>
        employeePages(pages, {
          portal,
          statement: (session, id) => payouts.invoices.payoutStatement(session.userId, session.partnerId, id),
          signingSecret: services.signingSecret,
          secureCookies,
        }),
      ...(mailbox ? [async (pages: FastifyInstance) => mailboxPages(pages, { mailbox })] : []),
      async (pages) =>
        consolePages(pages, {
          operators: services.operators,
          console: services.console,
          serviceSecret: services.signingSecret,
          publicBaseUrl: config.publicBaseUrl,
          requireTotp: config.consoleRequireTotp,
        }),
    ],
  });
  await app.register(webhookRoutes, { docWebhook: verification.docWebhook, budget: pageBudget });

  return app;
}
