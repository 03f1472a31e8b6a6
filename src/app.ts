import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Redis } from 'ioredis';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/kysely.js';
import { createPartnerService } from './modules/partners/partners.service.js';
import { createTermsModule } from './modules/terms/index.js';
import { createLoginLinksModule } from './modules/login-links/index.js';
import { createPortalService } from './modules/login-links/portal.service.js';
import { createMailWorker, type MailWorker } from './modules/mail/mail.worker.js';
import { createSmtpTransport } from './modules/mail/transport.js';
import { createSandboxMailbox } from './modules/mail/mailbox.service.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { createPayoutsModule } from './modules/payouts/index.js';
import { employeePages } from './web/employee.pages.js';
import { loginPages } from './web/login.pages.js';
import { mailboxPages } from './web/mailbox.page.js';
import { guidePages } from './web/guides.pages.js';
import { homePage } from './web/home.page.js';
import { referencePages } from './web/reference.pages.js';
import { openApiDocumentRoutes, registerOpenApi } from './platform/openapi-doc.js';
import { createUsersModule } from './modules/users/index.js';
import { createVerificationModule } from './modules/verification/index.js';
import { verificationPages } from './web/verification.pages.js';
import { webhookRoutes } from './web/webhooks.js';
import { apiPlugin, refuseUnguardedApiRoutes, type ApiRoutes } from './platform/api-plugin.js';
import { registerDrain } from './platform/drain.js';
import { answerFrameworkError, registerErrorHandler } from './platform/error-handler.js';
import { createIdempotency } from './platform/idempotency.js';
import { idempotencyRoutes } from './platform/idempotency.routes.js';
import { createLimiter } from './platform/limiter.js';
import { loggerOptions } from './platform/logging.js';
import { createMetrics, registerMetricsHooks } from './platform/metrics.js';
import { registerOpsRoutes } from './platform/ops.js';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './platform/rate-limit.js';
import { resolveSigningSecret } from './platform/signing-secret.js';
import { validatorCompiler } from './platform/validation.js';
import { pagesPlugin } from './web/pages-plugin.js';

export const API_PREFIX = '/api/v1';
export { loggerOptions };

export interface AppDeps {
  db: Db;
  clock?: Clock;
  /** Overrides the store chosen from config (tests share one Redis with a private key prefix). */
  rateLimitStore?: RateLimitStore;
  /** Test seams: failure injection points that prove atomicity. */
  testHooks?: { afterPayoutChunk?: (insertedSoFar: number) => void };
  /** Test seam: more partner routes (paths relative to /api/v1), registered behind the guard. */
  apiRoutes?: readonly ApiRoutes[];
  /** Fastify logger options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Test seam: sees every route as it is registered (the page-width test lists the pages from it). */
  onRoute?: (route: RouteOptions) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the whole service without listening: plugins, error handling, modules. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const db = deps.db.db;
  const metrics = createMetrics();

  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
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

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // API bodies are JSON only: without this, Fastify would parse text/plain and answer 400, not 415.
  app.removeContentTypeParser('text/plain');

  // A Redis that does not answer (frozen, partitioned) must not hold requests: past the command
  // timeout the limiter lets the request through uncounted.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, commandTimeout: config.rateLimitRedisTimeoutMs })
    : null;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis connection problem'));
  const rateLimit =
    deps.rateLimitStore ?? (redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore());
  const limiter = config.benchDisableRateLimit ? null : createLimiter({ store: rateLimit, clock, metrics });
  const pageBudget = limiter ? { limiter, perMinute: config.rateLimitPagesPerMinute } : null;
  // Caches of rows other processes write are emptied whenever another connection commits.
  const changeEpoch = () => deps.db.changeEpoch();
  const partners = createPartnerService({ db, clock, env: config.env, changeEpoch });
  const idempotency = createIdempotency({ db, clock, ttlDays: config.idempotencyTtlDays });
  const signingSecret = await resolveSigningSecret(db, config);
  const terms = createTermsModule({ db, clock, changeEpoch });
  const users = createUsersModule({ db, clock, idempotency, terms: terms.service, publicBaseUrl: config.publicBaseUrl });
  const verification = createVerificationModule({ db, clock, config, idempotency, terms: terms.service });
  const payouts = createPayoutsModule({
    db,
    clock,
    idempotency,
    terms: terms.service,
    publicBaseUrl: config.publicBaseUrl,
    afterChunk: deps.testHooks?.afterPayoutChunk,
  });
  const loginLinks = createLoginLinksModule({
    db,
    clock,
    idempotency,
    keys: { current: signingSecret, previous: config.secretPrevious },
    publicBaseUrl: config.publicBaseUrl,
    payouts: payouts.payouts,
    limiter: rateLimit,
  });
  const portal = createPortalService({ db, clock, terms: terms.service });
  const mailbox = config.env === 'sandbox' ? createSandboxMailbox({ db, signingSecret, publicBaseUrl: config.publicBaseUrl }) : null;
  const mailWorker: MailWorker | null = config.smtpUrl
    ? createMailWorker({
        db,
            clock,
        transport: createSmtpTransport(config.smtpUrl),
        from: config.mailFrom ?? `onpay <no-reply@${new URL(config.publicBaseUrl).hostname}>`,
        domain: new URL(config.publicBaseUrl).hostname,
        log: app.log,
      })
    : null;

  app.decorate('onpay', { config, clock, db, partners, idempotency, terms: terms.service, users, verification, payouts, loginLinks, mailWorker, signingSecret, metrics });

  // Hooks on every request are callback-style where they never wait: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerDrain(app);
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  registerMetricsHooks(app, metrics);
  registerErrorHandler(app);
  refuseUnguardedApiRoutes(app, API_PREFIX);
  registerOpsRoutes(app, { db: deps.db, redis, metrics });
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
    routes: [
      openApiDocumentRoutes,
      terms.routes,
      users.routes,
      verification.routes,
      payouts.routes,
      loginLinks.routes,
      idempotencyRoutes(idempotency),
      ...(mailbox ? [mailRoutes(mailbox)] : []),
      ...(deps.apiRoutes ?? []),
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
          links: loginLinks.service,
          portal,
          partnerName: async (id) => (await partners.partnerName(id)) ?? 'your employer',
          signingSecret,
          secureCookies,
        }),
      ...(mailbox ? [async (pages: FastifyInstance) => mailboxPages(pages, { mailbox })] : []),
    ],
  });
  await app.register(webhookRoutes, { db, clock, sessions: verification.sessions, docVendor: config.docVendor, budget: pageBudget });

  app.addHook('onClose', async () => {
    await mailWorker?.stop();
    await rateLimit.close();
    await redis?.quit().catch(() => undefined);
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    onpay: {
      config: Config;
      clock: Clock;
      db: import('kysely').Kysely<import('./db/database.js').Database>;
      partners: import('./modules/partners/partners.service.js').PartnerService;
      idempotency: import('./platform/idempotency.js').Idempotency;
      terms: import('./modules/terms/terms.service.js').TermsService;
      users: import('./modules/users/index.js').UsersModule;
      verification: import('./modules/verification/index.js').VerificationModule;
      payouts: import('./modules/payouts/index.js').PayoutsModule;
      loginLinks: import('./modules/login-links/index.js').LoginLinksModule;
      /** Delivers the outbox over SMTP; null without SMTP_URL (sandbox keeps mail in the outbox). */
      mailWorker: import('./modules/mail/mail.worker.js').MailWorker | null;
      signingSecret: string;
      metrics: import('./platform/metrics.js').Metrics;
    };
  }
}
