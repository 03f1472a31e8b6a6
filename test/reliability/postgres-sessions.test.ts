/**
 * PostgreSQL ends a session while a request has its connection checked out, between two
 * statements of the request's transaction: an administrator's pg_terminate_backend,
 * idle_in_transaction_session_timeout, a reset socket. The request answers 503 with Retry-After,
 * nothing of it is stored, the dead connection is discarded, and the process lives: a checked-out
 * client that loses its session emits 'error', which with nobody listening would end the process
 * (vitest reports it as an unhandled error and fails the run).
 *
 * The request is held between two statements by the payout batch's test seam (after each chunk of
 * inserted payouts, inside the transaction); the faults hit the test's own database, through its
 * own connections and proxy.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';
import { FreezableProxy, until } from '../helpers/faults.js';
import { captureLog, type CapturedLog } from '../helpers/log.js';
import { batch, item, postPayouts, stored } from '../helpers/payouts.js';

/** The one backend of the database that is idle inside a transaction (the held request's), or 0. */
async function idleInTransaction(admin: pg.Client): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()",
  );
  return rows.length === 1 ? (rows[0]?.pid ?? 0) : 0;
}

async function backendGone(admin: pg.Client, pid: number): Promise<void> {
  await until(
    async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount === 0,
    `backend ${pid} to end`,
  );
}

describe.runIf(testEngine === 'postgres')('PostgreSQL ends a session that a request has checked out', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  let setup: TestApp;
  let acme: TestPartner;
  let kari: Employee;
  /** What the held request's seam does between its two statements; nothing when null. */
  let fault: ((admin: pg.Client) => Promise<void>) | null = null;
  const apps: TestApp[] = [];
  const proxies: FreezableProxy[] = [];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    setup = await buildTestApp({ database });
    acme = await setup.partner('Acme');
    kari = await onboardedEmployee(setup, acme);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });

  afterEach(async () => {
    fault = null;
    for (const app of apps.splice(0)) await app.close();
    for (const proxy of proxies.splice(0)) await proxy.close();
  });

  afterAll(async () => {
    await admin?.end();
    await setup?.close();
    await database?.drop();
  });

  /** A second instance on the same database, its connections to `url`; the seam runs `fault` once. */
  async function instance(url: string, log: CapturedLog): Promise<TestApp> {
    const app = await buildTestApp({
      database: { url, drop: async () => undefined },
      logger: { level: 'warn', stream: log.stream },
      afterPayoutChunk: async () => {
        const injected = fault;
        fault = null;
        await injected?.(admin);
      },
    });
    apps.push(app);
    return app;
  }

  async function expectOutageAndRecovery(t: TestApp, log: CapturedLog): Promise<void> {
    const res = await postPayouts(t, acme, batch([item(kari)]));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: 'Service Unavailable' });
    expect(String(res.headers['retry-after'])).toMatch(/^\d+$/);
    expect(log.lines().filter((line) => line.msg === 'database unavailable; answered 503')).toHaveLength(1);
    expect(await stored(setup)).toEqual({ payouts: 0, invoices: 0 });

    // The dead connection was discarded: the same instance serves the next requests.
    expect((await t.as(acme, { method: 'GET', url: `/api/v1/users/${kari.id}` })).statusCode).toBe(200);
    const again = await postPayouts(t, acme, batch([item(kari)]));
    expect(again.statusCode, again.body).toBe(201);
    await setup.db.db.deleteFrom('payouts').execute();
    await setup.db.db.deleteFrom('invoices').execute();
  }

  it('pg_terminate_backend between two statements of a transaction: 503, the process lives', async () => {
    const log = captureLog();
    const t = await instance(database.url, log);
    fault = async (admin) => {
      const pid = await idleInTransaction(admin);
      expect(pid).not.toBe(0);
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await backendGone(admin, pid);
    };
    await expectOutageAndRecovery(t, log);
    const line = log.lines().find((entry) => entry.msg === 'database unavailable; answered 503');
    expect(line?.err).toMatchObject({ code: '57P01' });
  });

  it('idle_in_transaction_session_timeout (SQLSTATE 25P03) between two statements: 503, the process lives', async () => {
    const log = captureLog();
    const url = new URL(database.url);
    url.searchParams.set('options', '-c idle_in_transaction_session_timeout=200');
    const t = await instance(url.toString(), log);
    fault = async (admin) => {
      let pid = 0;
      await until(async () => (pid = await idleInTransaction(admin)) !== 0, 'the request to idle in its transaction');
      // The server ends the session by itself once it has idled 200 ms.
      await backendGone(admin, pid);
    };
    await expectOutageAndRecovery(t, log);
    const line = log.lines().find((entry) => entry.msg === 'database unavailable; answered 503');
    expect(line?.err).toMatchObject({ code: '25P03' });
  });

  it('a socket reset between two statements of a transaction: 503, the process lives', async () => {
    const log = captureLog();
    const target = new URL(database.url);
    const proxy = new FreezableProxy(target.hostname, Number(target.port || 5432));
    proxies.push(proxy);
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(await proxy.listen());
    const t = await instance(url.toString(), log);
    fault = async (admin) => {
      const pid = await idleInTransaction(admin);
      expect(pid).not.toBe(0);
      proxy.cutAll();
      await backendGone(admin, pid);
    };
    await expectOutageAndRecovery(t, log);
  });
});
