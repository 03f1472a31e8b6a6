import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { fieldKeysForMigrations } from '../../src/platform/field-keys.js';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from '../../src/platform/rate-limit.js';
import { createServices, type Services, type ServicesDeps } from '../../src/services.js';
import { ClearValueRecorder, clearValuesIn, scannedSuite } from './clear-values.js';
import { ManualClock } from './clock.js';
import { snapshot } from './db-snapshot.js';
import { freshDatabase, testEngine, testRedisUrl, uniqueName, type TestDatabase } from './engine.js';
import type { Engine } from '../../src/db/dialect.js';

export interface TestPartner {
  partnerId: number;
  apiKey: string;
  token: string;
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  /** The services the app is built around (src/services.ts): what the command line and workers use. */
  services: Services;
  config: Config;
  clock: ManualClock;
  db: Db;
  engine: Engine;
  /** A new partner with fresh credentials. */
  partner(name?: string): Promise<TestPartner>;
  /** app.inject with a partner's headers merged in. */
  as(partner: TestPartner, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  engine?: Engine;
  env?: Record<string, string>;
  clock?: ManualClock;
  /** Use the Redis limiter under this key prefix (shared between apps given the same prefix). */
  redisPrefix?: string;
  /** Reuse an existing database (second instance against one database). */
  database?: TestDatabase;
  /**
   * A specific rate-limit store (e.g. one whose Redis is unreachable), or 'config': the one the app
   * builds itself from its configuration (REDIS_URL), as in production.
   */
  rateLimitStore?: RateLimitStore | 'config';
  /**
   * Extra partner routes, registered inside the API plugin (behind the guard) with paths relative
   * to /api/v1: platform tests exercise generic mechanisms through them.
   */
  apiRoutes?: (api: FastifyInstance, services: Services) => void;
  /** Fastify logger options (default: silent). */
  logger?: FastifyServerOptions['logger'];
  /** Failure injection after each chunk of a payout batch (atomicity tests). */
  afterPayoutChunk?: ServicesDeps['afterPayoutChunk'];
  /** Export chunk size and failure injection (exports tests). */
  exportTuning?: ServicesDeps['exportTuning'];
  /** Failure injection after a transaction's events are written (atomicity tests). */
  afterEventsWritten?: ServicesDeps['afterEventsWritten'];
  /** How webhook hosts resolve (SSRF tests); the system resolver without one. */
  webhookResolver?: ServicesDeps['webhookResolver'];
  /** Where the background workers report (forwarded to createServices). */
  log?: ServicesDeps['log'];
  /** Sees every route as it is registered (forwarded to buildApp). */
  onRoute?: AppOptions['onRoute'];
  /** The request log's buffer, batch and retention (forwarded to createServices). */
  requestLogTuning?: ServicesDeps['requestLogTuning'];
}

/** The payer a live test app pays from (PAYER_* are required when ONPAY_ENV=live). */
export const LIVE_PAYER = {
  PAYER_NAME: 'Onpay Test AS',
  PAYER_ORG_NUMBER: '987654325',
  PAYER_ACCOUNT: '8601.11.17947',
  PAYER_BIC: 'DNBANOKK',
  PAYER_ADDRESS: 'Testveien 1, 0150 Oslo',
} as const;

/** The field-encryption keys of a live test app (required when ONPAY_ENV=live): fixed test keys. */
export const LIVE_KEYS = {
  ONPAY_DATA_KEYS: `live1:${Buffer.alloc(32, 11).toString('base64')}`,
  ONPAY_INDEX_KEYS: `live1:${Buffer.alloc(32, 12).toString('base64')}`,
} as const;

/** Builds the real app on a real, freshly migrated database; nothing is mocked. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const engine = options.engine ?? testEngine;
  const database = options.database ?? (await freshDatabase(engine));
  const ownsDatabase = !options.database;
  const config = loadConfig({
    ONPAY_ENV: 'sandbox',
    DATABASE_URL: database.url,
    PUBLIC_BASE_URL: 'http://onpay.test',
    LOG_LEVEL: 'silent',
    // Live needs a payer (src/config.ts); a test that is about live start-up gives its own.
    ...(options.env?.ONPAY_ENV === 'live' ? { ...LIVE_PAYER, ...LIVE_KEYS } : {}),
    ...options.env,
  });
  const db = createDb(config.database);
  await migrateToLatest(db.db, fieldKeysForMigrations(config));
  const clock = options.clock ?? new ManualClock();

  let redis: Redis | null = null;
  let rateLimitStore: RateLimitStore | undefined;
  if (options.rateLimitStore === 'config') {
    rateLimitStore = undefined;
  } else if (options.rateLimitStore) {
    rateLimitStore = options.rateLimitStore;
  } else if (testRedisUrl) {
    redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 2 });
    rateLimitStore = createRedisRateLimitStore(redis, `${options.redisPrefix ?? uniqueName('onpay_test_rl')}:`);
  } else {
    rateLimitStore = createMemoryRateLimitStore();
  }

  const services = await createServices({
    config,
    db,
    clock,
    rateLimitStore,
    afterPayoutChunk: options.afterPayoutChunk,
    exportTuning: options.exportTuning,
    afterEventsWritten: options.afterEventsWritten,
    webhookResolver: options.webhookResolver,
    log: options.log,
    requestLogTuning: options.requestLogTuning,
  });
  const apiRoutes = options.apiRoutes;
  // Issue 23: what the test sends of the person's data must not be found in clear when it closes.
  const sent = new ClearValueRecorder();
  const app = await buildApp(services, {
    logger: options.logger ?? false,
    onRoute: options.onRoute,
    apiRoutes: apiRoutes ? [async (api: FastifyInstance) => apiRoutes(api, services)] : [],
  });
  await app.ready();

  return {
    app,
    services,
    config,
    clock,
    db,
    engine,
    async partner(name = 'Test partner') {
      const created = await services.partners.createPartner(name);
      return {
        partnerId: created.partner_id,
        apiKey: created.api_key,
        token: created.access_token,
        headers: { authorization: `Bearer ${created.access_token}`, 'api-key': created.api_key },
      };
    },
    as(partner, injectOptions) {
      sent.record(injectOptions.payload);
      return app.inject({ ...injectOptions, headers: { ...partner.headers, ...(injectOptions.headers ?? {}) } });
    },
    async close() {
      await app.close();
      await services.close();
      await redis?.quit().catch(() => undefined);
      try {
        if (ownsDatabase && scannedSuite() && sent.values.size > 0) {
          const found = await clearValuesIn(database, db, sent.values);
          if (found.length > 0) {
            // Name the tables that hold them, when a row does (not only a freed page or the WAL).
            const tables = await snapshot({ db } as TestApp);
            const where = found.map((value) => {
              const holding = Object.keys(tables).filter((name) => tables[name]!.some((row) => row.includes(value)));
              return `${value} (${holding.length > 0 ? holding.join(', ') : 'no row: a freed page or the log'})`;
            });
            throw new Error(`the raw database holds values the test sent, in clear: ${where.join('; ')}`);
          }
        }
      } finally {
        await db.close();
        if (ownsDatabase) await database.drop();
      }
    },
  };
}
