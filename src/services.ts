/**
 * The one composition root: every service built once, from the configuration, the database and a
 * clock. The server (app.ts), the command line and the tests all use it, so they run the same
 * wiring.
 */
import { Redis } from 'ioredis';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { EventRow } from './db/database.js';
import { flushErasedPages, type FlushOptions } from './db/erasure.js';
import type { Db } from './db/kysely.js';
import { createAuditService } from './modules/audit/index.js';
import { createExportsModule, type ExportTuning } from './modules/exports/index.js';
import { createBankModule } from './modules/bank/index.js';
import { createEventsModule } from './modules/events/index.js';
import { createLoginLinksModule } from './modules/login-links/index.js';
import { createConsoleService, employeeNamesOf } from './modules/console/index.js';
import {
  createMailRights,
  createMailWorker,
  createOutbox,
  createSandboxMailbox,
  createSmtpTransport,
} from './modules/mail/index.js';
import { createOperatorService } from './modules/operators/index.js';
import { createPartnerService } from './modules/partners/index.js';
import { createPayoutsModule } from './modules/payouts/index.js';
import { createPortalRights, createPortalService } from './modules/portal/index.js';
import { createPrivacyModule } from './modules/privacy/index.js';
import { createRequestLog, type RequestLogTuning } from './modules/request-log/index.js';
import { createTermsModule } from './modules/terms/index.js';
import { createUsersModule } from './modules/users/index.js';
import { createVerificationModule } from './modules/verification/index.js';
import {
  createWebhooksModule,
  createWebhookWorker,
  STOP_GRACE_MS,
  systemResolver,
  type Resolver,
} from './modules/webhooks/index.js';
import { runAs, SYSTEM_ACTOR } from './platform/actor.js';
import { createHousekeeping } from './platform/housekeeping.js';
import { createIdempotency } from './platform/idempotency.js';
import type { WorkerLog } from './platform/logging.js';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './platform/rate-limit.js';
import { openFieldCrypto } from './platform/field-keys.js';
import { resolveSigningSecret } from './platform/signing-secret.js';

export interface ServicesDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Where the background workers report; silent without one. */
  log?: WorkerLog;
  /** A specific rate-limit store (tests share one Redis under a key prefix of their own). */
  rateLimitStore?: RateLimitStore;
  /** False for the command line: it limits nothing, so it needs no Redis connection. */
  connectRedis?: boolean;
  /** Test seam: called after each chunk of a payout batch (a failure there must leave nothing). */
  afterPayoutChunk?: (insertedSoFar: number) => void | Promise<void>;
  /** Test seam: the exports' chunk size, and a call after each chunk read (to fail a read half-way). */
  exportTuning?: ExportTuning;
  /** Test seam: called after a transaction's events are written, before it commits (awaited). */
  afterEventsWritten?: (written: readonly EventRow[]) => void | Promise<void>;
  /** Test seam: how webhook hosts are resolved (the SSRF guard checks what it answers). */
  webhookResolver?: Resolver;
  /** Test seam: how an erasure's SQLite checkpoint waits between attempts (src/db/erasure.ts). */
  erasureFlush?: FlushOptions;
  /** Test seam: the request log's buffer, batch and retention (docs/decisions.md §25). */
  requestLogTuning?: Partial<RequestLogTuning>;
}

/** How often a serving instance expands event fan-outs and sweeps expired verifications. */
export const EVENT_WORK_INTERVAL_MS = 5_000;

export async function createServices(deps: ServicesDeps) {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const db = deps.db.db;
  const publicBaseUrl = config.publicBaseUrl;

  // A Redis that does not answer (frozen, partitioned) must not hold requests: past the command
  // timeout the limiter lets the request through uncounted.
  const redis =
    config.redisUrl && deps.connectRedis !== false
      ? new Redis(config.redisUrl, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2000,
          commandTimeout: config.rateLimitRedisTimeoutMs,
        })
      : null;
  redis?.on('error', (error) => deps.log?.warn({ err: error }, 'redis connection problem'));
  const rateLimitStore =
    deps.rateLimitStore ?? (redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore());

  // Caches of rows other processes write are emptied whenever another connection commits.
  const changeEpoch = () => deps.db.changeEpoch();
  const audit = createAuditService({ db, clock });
  const requestLog = createRequestLog({ db, clock, log: deps.log, tuning: deps.requestLogTuning });
  const partners = createPartnerService({ db, clock, env: config.env, audit, changeEpoch, log: deps.log });
  const idempotency = createIdempotency({ db, clock, ttlDays: config.idempotencyTtlDays });
  // Refuses a missing or wrong key before anything is served (docs/data-protection.md, "Keys").
  const fieldCrypto = await openFieldCrypto(db, config, clock.now().toISOString());
  const events = createEventsModule({
    db,
    clock,
    partners,
    audit,
    crypto: fieldCrypto,
    afterEmit: deps.afterEventsWritten,
  });
  const signingSecret = await resolveSigningSecret(db, config);
  const terms = createTermsModule({ db, clock, changeEpoch, events: events.service });
  const users = createUsersModule({
    db,
    clock,
    idempotency,
    terms: terms.service,
    events: events.service,
    publicBaseUrl,
    crypto: fieldCrypto,
  });
  const verification = createVerificationModule({
    db,
    clock,
    config,
    crypto: fieldCrypto,
    idempotency,
    employees: users.employees,
    partners,
    events: events.service,
    audit,
  });
  const payouts = createPayoutsModule({
    db,
    clock,
    idempotency,
    employees: users.employees,
    partners,
    events: events.service,
    publicBaseUrl,
    crypto: fieldCrypto,
    payer: config.payer,
    employeeNames: (rows) => employeeNamesOf(users.directory, rows),
    afterChunk: deps.afterPayoutChunk,
  });
  const exportsModule = createExportsModule({
    users: users.users,
    payouts: payouts.payouts,
    audit,
    tuning: deps.exportTuning,
  });
  const bank = createBankModule({
    db,
    clock,
    payer: config.payer,
    queue: payouts.bankQueue,
    directory: users.directory,
    audit,
    crypto: fieldCrypto,
  });
  const portal = createPortalService({
    db,
    clock,
    employees: users.employees,
    payouts: payouts.payouts,
    partners,
    audit,
    bank: bank.files,
  });
  const loginLinks = createLoginLinksModule({
    db,
    clock,
    idempotency,
    keys: { current: signingSecret, previous: config.secretPrevious },
    crypto: fieldCrypto,
    publicBaseUrl,
    payouts: payouts.payouts,
    employees: users.employees,
    partners,
    portal,
    limiter: rateLimitStore,
    audit,
  });
  const operators = createOperatorService({
    db,
    clock,
    audit,
    limiter: rateLimitStore,
    serviceSecret: signingSecret,
    publicBaseUrl,
    requireTotp: config.consoleRequireTotp,
  });
  const webhookRules = { live: config.env === 'live' };
  const webhookResolver = deps.webhookResolver ?? systemResolver;
  const webhooks = createWebhooksModule({
    db,
    clock,
    idempotency,
    events: events.service,
    audit,
    rules: webhookRules,
    resolve: webhookResolver,
    crypto: fieldCrypto,
    publicBaseUrl,
    timeoutMs: config.webhookTimeoutMs,
  });
  const outbox = createOutbox({ db, clock, crypto: fieldCrypto, audit });
  const privacy = createPrivacyModule({
    db,
    clock,
    environment: config.env,
    people: users.rights,
    sessions: verification.rights,
    payouts: payouts.rights,
    bank: bank.rights,
    loginLinks: loginLinks.rights,
    portal: createPortalRights({ db }),
    mail: createMailRights({ db, crypto: fieldCrypto }),
    events: events.service,
    eventRights: events.rights,
    webhooks: webhooks.rights,
    audit,
    partners,
    flush: deps.erasureFlush,
  });
  const consoleService = createConsoleService({
    clock,
    returnUrls: verification.returnUrls,
    payouts: payouts.payouts,
    sessions: verification.sessions,
    outbox,
    webhooks: webhooks.service,
    admin: {
      partners,
      returnUrls: verification.returnUrls,
      terms: terms.service,
      audit,
      outbox,
      userTerms: users.userTerms,
      clock,
    },
    bank: { files: bank.files, imports: bank.imports, operations: payouts.operations, directory: users.directory },
    invoices: { partners, invoices: payouts.invoices },
    privacy,
    webhookConsole: {
      db,
      clock,
      operations: webhooks.operations,
      webhooks: webhooks.service,
      partners,
      audit,
    },
    story: {
      db,
      clock,
      payouts: payouts.payouts,
      files: bank.files,
      events: events.service,
      webhooks: webhooks.service,
      directory: users.directory,
      partners,
      audit,
    },
    mailHistory: {
      db,
      environment: config.env,
      sendsMail: config.smtpUrl !== null,
      loginLinks: loginLinks.service,
      outbox,
      partners,
      audit,
      clock,
    },
    stuck: {
      directory: users.directory,
      employees: users.employees,
      sessions: verification.sessions,
      partners,
    },
    partnerPage: { partners, operations: payouts.operations, requestLog },
    money: {
      db,
      clock,
      operations: payouts.operations,
      payouts: payouts.payouts,
      directory: users.directory,
      employees: users.employees,
      tax: users.tax,
      sessions: verification.sessions,
      partners,
      audit,
      exportChunkRows: deps.exportTuning?.chunkRows,
    },
  });
  // Delivers the partners' events to their webhook endpoints (every instance; endpoint leases keep one sender per endpoint).
  const webhookWorker = createWebhookWorker({
    db,
    clock,
    events: events.service,
    audit,
    timeoutMs: config.webhookTimeoutMs,
    rules: webhookRules,
    resolve: webhookResolver,
    crypto: fieldCrypto,
    log: deps.log,
    // A send in flight at SIGTERM gets half the shutdown's time at most: the process still exits within it.
    stopGraceMs: Math.min(STOP_GRACE_MS, Math.floor(config.shutdown.timeoutMs / 2)),
  });
  const mailbox =
    config.env === 'sandbox'
      ? createSandboxMailbox({ db, clock, crypto: fieldCrypto, signingSecret, publicBaseUrl })
      : null;
  // Delivers the outbox over SMTP; null without SMTP_URL (sandbox keeps mail in the outbox).
  const mailWorker = config.smtpUrl
    ? createMailWorker({
        db,
        clock,
        crypto: fieldCrypto,
        transport: createSmtpTransport(config.smtpUrl),
        from: config.mailFrom ?? `onpay <no-reply@${new URL(publicBaseUrl).hostname}>`,
        domain: new URL(publicBaseUrl).hostname,
        log: deps.log,
      })
    : null;
  const housekeeping = createHousekeeping(
    [
      { name: 'expired idempotency keys', run: () => idempotency.purgeExpired() },
      { name: 'events past retention', run: () => events.service.purgeExpired() },
      { name: 'rotated-out webhook secrets', run: () => webhooks.service.forgetExpiredSecrets() },
      // Retention (docs/data-protection.md): tokens and mail bodies go; the record that a mail was sent stays.
      { name: 'mail bodies past their expiry', run: () => outbox.removeExpiredBodies() },
      { name: 'expired login links', run: () => loginLinks.service.purgeExpired() },
      { name: 'ended employee sessions', run: () => portal.purgeEnded() },
      { name: 'spent verification start tokens', run: () => verification.sessions.forgetStartTokens() },
      { name: 'request log past retention', run: () => requestLog.purge() },
      // Last: on SQLite the write-ahead log still holds the pages as they were before the removals
      // above; a TRUNCATE checkpoint moves them into the file (secure_delete zeroes the freed space)
      // and empties the log. Removes no rows itself; a long read keeping it busy past 10 s is logged
      // and the next round tries again.
      {
        name: 'write-ahead log checkpoint',
        run: async () => {
          await flushErasedPages(db, { deadlineMs: 10_000 });
          return 0;
        },
      },
    ],
    deps.log,
  );
  // Work that partners wait for, every few seconds: fan-out events (one per partner).
  const eventWork = createHousekeeping(
    [
      { name: 'event fan-out', run: () => events.service.runJobs() },
      { name: 'expired verification sessions', run: () => verification.sessions.expireDue() },
    ],
    deps.log,
  );

  // Stopping the workers, once begun (all at once: each finishes what it has in flight).
  let stopping: Promise<void> | null = null;
  const stopWorkers = () =>
    (stopping ??= Promise.all([
      mailWorker?.stop(),
      webhookWorker.stop(),
      housekeeping.stop(),
      eventWork.stop(),
      requestLog.stop(),
    ]).then(() => undefined));

  return {
    config,
    clock,
    db: deps.db,
    redis,
    rateLimitStore,
    signingSecret,
    fieldCrypto,
    partners,
    idempotency,
    audit,
    requestLog,
    events,
    webhooks,
    webhookWorker,
    terms,
    users,
    verification,
    payouts,
    exports: exportsModule,
    bank,
    portal,
    loginLinks,
    privacy,
    operators,
    console: consoleService,
    mailbox,
    mailWorker,
    housekeeping,
    eventWork,
    /** Starts the background work (a serving instance, or `onpay worker`): mail and webhook delivery, event fan-out, housekeeping. */
    startWorkers() {
      stopping = null;
      // Timers keep the scope they were started in: what the workers change is the system's doing.
      runAs(SYSTEM_ACTOR, null, () => {
        mailWorker?.start();
        housekeeping.start();
        eventWork.start(EVENT_WORK_INTERVAL_MS);
        webhookWorker.start();
        requestLog.start();
      });
    },
    /**
     * Stops the background work (a shutdown begins with it, beside the HTTP drain): nothing new is
     * taken, what is in flight finishes and is recorded (a webhook send still unanswered after a few
     * seconds is abandoned, to be sent again), leases are released. The same promise for every call.
     */
    stopWorkers,
    /** Stops the workers and closes the limiter's connection; the database belongs to the caller. */
    async close() {
      await stopWorkers();
      await partners.settleTokenUses();
      // The requests answered during the drain, after the workers stopped.
      await requestLog.stop();
      await rateLimitStore.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
