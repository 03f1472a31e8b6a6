/**
 * The database runs out of storage (a full disk): every write that needs room answers 503 with
 * Retry-After, the log has the real error (SQLITE_FULL, PostgreSQL 53100) as a warning, reads go
 * on, and /readyz says unavailable until a write works again; then writes work with no restart.
 *
 * The disk is filled on the test's own database: SQLite's max_page_count, set on the service's
 * own connection to the pages the file has; on PostgreSQL, triggers raising 53100 (disk_full)
 * for the inserts a full disk would refuse (new employees, readiness's probe write).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { captureLog, type CapturedLog } from '../helpers/log.js';

async function fillDisk(t: TestApp): Promise<void> {
  if (t.engine === 'sqlite') {
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(t.db.db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count}`).execute(t.db.db);
    return;
  }
  await sql`create function onpay_test_disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
    t.db.db,
  );
  for (const table of ['users', 'write_probe'])
    await sql`create trigger disk_full before insert on ${sql.table(table)} for each row execute function onpay_test_disk_full()`.execute(
      t.db.db,
    );
}

async function freeDisk(t: TestApp): Promise<void> {
  if (t.engine === 'sqlite') {
    await sql.raw('pragma max_page_count = 1073741823').execute(t.db.db);
    return;
  }
  for (const table of ['users', 'write_probe'])
    await sql`drop trigger disk_full on ${sql.table(table)}`.execute(t.db.db);
}

describe(`a full disk (${testEngine})`, () => {
  let dir: string | null = null;
  let t: TestApp | null = null;

  afterEach(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    t = null;
    dir = null;
  });

  async function start(log: CapturedLog): Promise<TestApp> {
    let database;
    if (testEngine === 'sqlite') {
      dir = await mkdtemp(path.join(tmpdir(), 'onpay-full-'));
      database = { url: `sqlite:${path.join(dir, 'onpay.db')}`, drop: async () => undefined };
    }
    t = await buildTestApp({ database, logger: { level: 'warn', stream: log.stream } });
    return t;
  }

  it('answers 503 for writes, logs the real error, keeps /readyz unavailable until a write works', async () => {
    const log = captureLog();
    const t = await start(log);
    const acme = await t.partner('Acme');
    const create = () =>
      t.as(acme, { method: 'POST', url: '/api/v1/users', payload: { email: `${randomUUID()}@example.com` } });
    const first = await create();
    expect(first.statusCode).toBe(200);
    const kari = first.json<{ id: string }>().id;
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await fillDisk(t);
    // The pages the file has may hold a few more rows; the first write that needs a new one fails.
    let res = await create();
    for (let i = 0; i < 500 && res.statusCode === 200; i++) res = await create();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: 'Service Unavailable' });
    expect(String(res.headers['retry-after'])).toMatch(/^\d+$/);
    const warned = log.lines().filter((line) => line.msg === 'database unavailable; answered 503');
    expect(warned).toHaveLength(1);
    expect(warned[0]?.level).toBe(40);
    expect(warned[0]?.err).toMatchObject({ code: t.engine === 'sqlite' ? 'SQLITE_FULL' : '53100' });

    // Reads are served; the instance is not ready, though `select 1` would answer.
    expect((await t.as(acme, { method: 'GET', url: `/api/v1/users/${kari}` })).statusCode).toBe(200);
    const unready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable' } });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await freeDisk(t);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await create()).statusCode).toBe(200);
    // The probe leaves nothing behind.
    expect(
      await t.db.db
        .selectFrom('write_probe' as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });
});
