/**
 * Don't use `db` inside a transaction: a query on `db` (or a second transaction) from inside a
 * transaction's callback fails at once with that sentence, on both engines. Without the check,
 * SQLite waits forever for the connection the transaction holds (this test would time out) and
 * PostgreSQL reads outside the transaction (it would answer 200).
 *
 * Through test routes in the API, on the app's own database.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { WRONG_EXECUTOR } from '../../src/db/transaction-guard.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { captureLog } from '../helpers/log.js';

describe(`a query on db inside a transaction (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let db: Kysely<Database>;
  const log = captureLog();
  /** Resolved by the detached test route once its transaction has committed. */
  let detached: Promise<number> = Promise.resolve(0);

  const partnerCount = (executor: Kysely<Database>) =>
    executor
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));

  function routes(api: FastifyInstance): void {
    api.get('/test-only/db-inside', async () =>
      db.transaction().execute(async (trx) => ({ inside: await partnerCount(trx), outside: await partnerCount(db) })),
    );
    api.get('/test-only/transaction-inside', async () =>
      db.transaction().execute(async (trx) => {
        await partnerCount(trx);
        return db.transaction().execute(async (inner) => ({ n: await partnerCount(inner) }));
      }),
    );
    api.get('/test-only/trx-inside', async () => {
      const inside = await db.transaction().execute(async (trx) => partnerCount(trx));
      // After the transaction the context is the request's again.
      return { inside, after: await partnerCount(db) };
    });
    api.get('/test-only/detached', async () => {
      let committed!: () => void;
      const afterCommit = new Promise<void>((resolve) => (committed = resolve));
      await db.transaction().execute(async (trx) => {
        // Work the callback starts but does not wait for, running once the transaction is over.
        detached = afterCommit.then(() => partnerCount(db));
        return partnerCount(trx);
      });
      committed();
      return { ok: true };
    });
  }

  beforeAll(async () => {
    t = await buildTestApp({ apiRoutes: routes, logger: { level: 'error', stream: log.stream } });
    db = t.db.db;
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  it('a query on db inside the callback fails at once with the sentence; 500, logged', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/test-only/db-inside' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    const logged = log
      .lines()
      .find((line) => (line.err as { message?: string } | undefined)?.message === WRONG_EXECUTOR);
    expect(logged, log.text()).toBeDefined();
    expect(WRONG_EXECUTOR).toMatch(/^don't use `db` inside a transaction/);
  });

  it('so does a second transaction begun inside the callback', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/test-only/transaction-inside' });
    expect(res.statusCode).toBe(500);
  });

  it('the transaction itself, and db after it, are served', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/test-only/trx-inside' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inside: 1, after: 1 });
  });

  it('work the callback left to run after the transaction may use db', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/test-only/detached' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await detached).toBe(1);
  });
});
