/**
 * The service in this process, for measurements that must not depend on the machine's other load
 * (bench/crypto-share.ts, bench/point-read-budget.ts): a fresh database (a SQLite file in a
 * temporary directory, or a PostgreSQL database created and dropped), the app built as `serve`
 * builds it, and one partner with one fully entered employee.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createPostgresDatabase, dropPostgresDatabase } from '../src/db/admin.js';
import type { Engine } from '../src/db/dialect.js';
import { createDb, type Db } from '../src/db/kysely.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { fieldKeysForMigrations } from '../src/platform/field-keys.js';
import { createServices, type Services } from '../src/services.js';
import { seed, type SeedResult } from './seed.js';

export interface InProcess {
  app: FastifyInstance;
  services: Services;
  db: Db;
  /** The partner's credentials, as request headers. */
  headers: Record<string, string>;
  /** An employee with a profile, a bank account and a registered identity. */
  userId: string;
  /** The bulk seed's partner and employees (bench/seed.ts), when `seedUsers` asked for one. */
  seeded: SeedResult | null;
  close(): Promise<void>;
}

/**
 * A turn of the event loop, for loops of `app.inject`: inject resolves on the microtask queue, so
 * such a loop never reaches the loop's check phase, and each response's setImmediate
 * (light-my-request's null socket) waits, holding the whole response, until the loop ends. Without
 * a turn per request the heap and the collector's work grow with every request of a round
 * (docs/performance.md, "The in-process harness").
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const PG_ADMIN_URL = process.env.ONPAY_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The app on a fresh database, with `env` on top of the benchmark's service settings; with
 * `seedUsers`, also the benchmark's bulk seed of that many employees.
 */
export async function startInProcess(
  engine: Engine,
  env: Record<string, string> = {},
  seedUsers = 0,
): Promise<InProcess> {
  const name = `onpay_inproc_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dir = engine === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-inproc-')) : null;
  const url = dir ? `sqlite:${path.join(dir, 'onpay.db')}` : await createPostgresDatabase(PG_ADMIN_URL, name);
  const config = loadConfig({
    DATABASE_URL: url,
    ONPAY_ENV: 'sandbox',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '10000000',
    ...env,
  });
  const db = createDb(config.database);
  await migrateToLatest(db, fieldKeysForMigrations(config));
  const services = await createServices({ config, db, connectRedis: false });
  const seeded =
    seedUsers > 0
      ? await seed(db.db, { users: seedUsers, engine, crypto: services.fieldCrypto, checkpoint: false })
      : null;
  const app = await buildApp(services);
  const partner = await services.partners.createPartner('P');
  const headers = { authorization: `Bearer ${partner.access_token}`, 'api-key': partner.api_key };
  const userId = await seedEmployee(app, headers);
  return {
    app,
    services,
    db,
    headers,
    userId,
    seeded,
    async close() {
      await app.close();
      await services.close();
      await db.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      else await dropPostgresDatabase(PG_ADMIN_URL, name);
    },
  };
}

async function seedEmployee(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers,
    payload: { email: 'a@b.example', bank_account_number: '12345678903' },
  });
  const id = (created.json() as { id: string }).id;
  const steps = [
    {
      url: `/api/v1/users/${id}/profile`,
      payload: {
        first_name: 'A',
        last_name: 'B',
        address: 'Storgata 1',
        postal_code: '0155',
        city: 'Oslo',
        dial_code: '+47',
        phone: '41234567',
        main_work: 'true',
      },
    },
    {
      url: `/api/v1/users/${id}/identity`,
      payload: { identification: '17059012355', country_code: 'NO', birthday: '1990-05-17', document_id: 'PA1' },
    },
  ];
  for (const step of steps) {
    const res = await app.inject({ method: 'PUT', headers, ...step });
    if (res.statusCode !== 200) throw new Error(`${step.url}: ${res.statusCode} ${res.body}`);
  }
  return id;
}
