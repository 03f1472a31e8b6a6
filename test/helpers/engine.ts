import { randomBytes } from 'node:crypto';
import { createPostgresDatabase, dropPostgresDatabase } from '../../src/db/admin.js';
import type { Engine } from '../../src/db/dialect.js';

/** `npm test` runs on SQLite; `npm run test:pg` sets ONPAY_TEST_ENGINE=postgres (and Redis). */
export const testEngine: Engine = process.env.ONPAY_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
export const pgAdminUrl = process.env.ONPAY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const testRedisUrl: string | null =
  testEngine === 'postgres'
    ? (process.env.ONPAY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
    : (process.env.ONPAY_TEST_REDIS_URL ?? null);

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database for one test app: in-memory SQLite, or a new PostgreSQL database dropped afterwards. */
export async function freshDatabase(engine: Engine = testEngine): Promise<TestDatabase> {
  if (engine === 'sqlite') return { url: 'sqlite::memory:', drop: async () => undefined };
  const name = uniqueName('onpay_test');
  const url = await createPostgresDatabase(pgAdminUrl, name);
  return { url, drop: () => dropPostgresDatabase(pgAdminUrl, name) };
}
