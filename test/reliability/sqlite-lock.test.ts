/**
 * Another process (the operator command line, a second instance) holds the SQLite write lock.
 * Writes wait for it without stopping the process, then complete; past the deadline they answer
 * 503 in the spec's shape, never 500.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createServices, type Services } from '../../src/services.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { DatabaseBusyError } from '../../src/db/sqlite-driver.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { ManualClock } from '../helpers/clock.js';
import { testEngine } from '../helpers/engine.js';
import { holdSqliteWriteLock, until, type LockHolder } from '../helpers/faults.js';

describe.runIf(testEngine === 'sqlite')('SQLite: another process holds the write lock', () => {
  let dir: string;
  let config: Config;
  let clock: ManualClock;
  let db: Db;
  let services: Services;
  let app: FastifyInstance;
  let base: string;
  let headers: Record<string, string>;
  let userId: string;
  let holder: LockHolder | null = null;
  const logs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'onpay-lock-'));
    config = loadConfig({
      DATABASE_URL: `sqlite:${path.join(dir, 'onpay.db')}`,
      LOG_LEVEL: 'silent',
      DATABASE_BUSY_TIMEOUT_MS: '5000',
    });
    clock = new ManualClock();
    db = createDb(config.database, { timeouts: config.databaseTimeouts, clock });
    await migrateToLatest(db);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n'))
          if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    services = await createServices({ config, db, clock });
    app = await buildApp(services, { logger: { level: 'warn', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const partner = await services.partners.createPartner('Acme');
    headers = {
      authorization: `Bearer ${partner.access_token}`,
      'api-key': partner.api_key,
      'content-type': 'application/json',
    };
    const created = await api('POST', '/api/v1/users', { email: 'kari@example.com' });
    expect(created.status).toBe(200);
    userId = ((await created.json()) as { id: string }).id;
  });

  afterEach(async () => {
    await holder?.release();
    holder = null;
  });

  afterAll(async () => {
    await app?.close();
    await services?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function api(method: string, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<Response> {
    return fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  it('lets writes wait for the lock while /healthz and reads answer, then completes them', async () => {
    holder = await holdSqliteWriteLock(path.join(dir, 'onpay.db'));

    // A transaction that reads before it writes, and a new employee: both must wait, not fail.
    const update = api('PUT', `/api/v1/users/${userId}`, { note: 'waited for the lock' });
    const create = api('POST', '/api/v1/users', { email: 'ola@example.com' });
    await until(() => db.lockWaits() === 2, 'both writes to wait for the lock');

    // The process is not frozen by the wait.
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const read = await api('GET', `/api/v1/users/${userId}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { note: unknown }).note).not.toBe('waited for the lock');
    expect(db.lockWaits()).toBe(2);

    await holder.release();
    holder = null;
    const [updated, created] = await Promise.all([update, create]);
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { note: unknown }).note).toBe('waited for the lock');
    expect(created.status).toBe(200);
    expect(db.lockWaits()).toBe(0);
  });

  it('answers 503 with Retry-After, never 500, once a write has waited past the deadline', async () => {
    holder = await holdSqliteWriteLock(path.join(dir, 'onpay.db'));
    const update = api('PUT', `/api/v1/users/${userId}`, { note: 'too late' }, { 'x-request-id': 'waited-too-long' });
    await until(() => db.lockWaits() === 1, 'the write to wait for the lock');

    clock.advance(config.databaseTimeouts.busyMs);
    const res = await update;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ message: 'Service Unavailable' });
    // A passing outage is a warning with the request id, not an error.
    expect(logs.filter((line) => line.reqId === 'waited-too-long')).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/database unavailable/) }),
    ]);

    // Nothing was written, and once the lock is free the same write goes through.
    await holder.release();
    holder = null;
    const after = await api('GET', `/api/v1/users/${userId}`);
    expect(((await after.json()) as { note: unknown }).note).not.toBe('too late');
    expect((await api('PUT', `/api/v1/users/${userId}`, { note: 'too late' })).status).toBe(200);
  });

  it('makes single-statement writes wait too, and lets read-only transactions through', async () => {
    holder = await holdSqliteWriteLock(path.join(dir, 'onpay.db'));
    const insert = db.db.insertInto('settings').values({ name: 'lock-test', value: 'x' }).execute();
    await until(() => db.lockWaits() === 1, 'the insert to wait for the lock');

    const partners = await db.db
      .transaction()
      .setAccessMode('read only')
      .execute((trx) => trx.selectFrom('partners').select('id').execute());
    expect(partners.length).toBeGreaterThan(0);

    await holder.release();
    holder = null;
    await insert;
    expect(
      await db.db.selectFrom('settings').select('value').where('name', '=', 'lock-test').executeTakeFirst(),
    ).toEqual({ value: 'x' });
  });

  it('throws a DatabaseBusyError, classified as unavailable, from a transaction past the deadline', async () => {
    holder = await holdSqliteWriteLock(path.join(dir, 'onpay.db'));
    const attempt = db.db
      .transaction()
      .execute((trx) => trx.insertInto('settings').values({ name: 'never', value: 'x' }).execute());
    const failed = attempt.catch((error: unknown) => error);
    await until(() => db.lockWaits() === 1, 'the transaction to wait for the lock');
    clock.advance(config.databaseTimeouts.busyMs);
    const error = await failed;
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
