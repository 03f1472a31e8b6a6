/**
 * A payout batch checks what it pays inside its own transaction, the people and the paying
 * partner's links locked: who the items name, whether each is onboarded, and the account each
 * payout copies. An employee's bank account removed by another writer while the batch waits is
 * therefore seen: 422 (not onboarded: missing bank_account), never a payout with no account (the
 * batch used to resolve and check before its transaction, then copy the link's columns unlocked,
 * a missing account becoming nulls).
 *
 * The other writer holds the database while the request is in flight: on SQLite another process
 * with the write lock, on PostgreSQL a transaction of the test's own with the link's row locked.
 */
import { spawn } from 'node:child_process';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { root, scratchDatabase } from '../helpers/cli.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { until } from '../helpers/faults.js';
import { batch, item, postPayouts, stored } from '../helpers/payouts.js';

/** Another writer in the middle of a transaction that removes the employee's account on the link. */
interface Writer {
  /** Resolves once the request is waiting for the writer. */
  waitedFor(): Promise<void>;
  commit(): Promise<void>;
}

const REMOVE_ACCOUNT =
  'update partner_users set bank_account_number = null, bank_iban_number = null, bank_bic_number = null where partner_id = $1 and user_id = $2';

const SQLITE_WRITER = `
import Database from 'better-sqlite3';
const db = new Database(process.env.DB_FILE);
db.exec('begin immediate');
db.prepare(process.env.SQL.replace('$1', '?').replace('$2', '?')).run(Number(process.env.PARTNER), Number(process.env.USER));
process.stdout.write('locked\\n');
process.stdin.once('data', () => { db.exec('commit'); db.close(); process.exit(0); });
`;

async function sqliteWriter(t: TestApp, file: string, partnerId: number, userId: number): Promise<Writer> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SQLITE_WRITER], {
    cwd: root,
    env: { ...process.env, DB_FILE: file, SQL: REMOVE_ACCOUNT, PARTNER: String(partnerId), USER: String(userId) },
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()).includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`writer exited with ${code}: ${errors}`)));
  });
  return {
    waitedFor: () => until(() => t.db.lockWaits() > 0, 'the batch to wait for the write lock'),
    commit: () =>
      new Promise<void>((resolve, reject) => {
        child.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`writer exited with ${code}: ${errors}`)),
        );
        child.stdin.write('commit\n');
      }),
  };
}

async function postgresWriter(url: string, partnerId: number, userId: number): Promise<Writer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(REMOVE_ACCOUNT, [partnerId, userId]);
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  return {
    waitedFor: () =>
      until(async () => {
        const { rowCount } = await monitor.query(
          "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return (rowCount ?? 0) > 0;
      }, 'the batch to wait for the locked link'),
    async commit() {
      await client.query('commit');
      await client.end();
      await monitor.end();
    },
  };
}

describe(`a payout batch and a concurrent change of the employee (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let acme: TestPartner;
  let kari: Employee;

  beforeAll(async () => {
    database = await scratchDatabase('onpay-payout-race');
    t = await buildTestApp({ database });
    acme = await t.partner('Acme');
    kari = await onboardedEmployee(t, acme);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('the account removed while the batch waits: 422 not onboarded (missing bank_account), nothing stored', async () => {
    const writer =
      testEngine === 'sqlite'
        ? await sqliteWriter(t, database.url.slice('sqlite:'.length), acme.partnerId, kari.userId)
        : await postgresWriter(database.url, acme.partnerId, kari.userId);
    const pending = postPayouts(t, acme, batch([item(kari)]));
    // The batch must wait for the writer; one that answers first read around it.
    const first = await Promise.race([
      pending.then((res) => ({ answered: res })),
      writer.waitedFor().then(() => ({ answered: null as LightMyRequestResponse | null })),
    ]);
    await writer.commit();
    const res = first.answered ?? (await pending);

    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.stringify(res.json())).toContain('missing: bank_account');
    expect(await stored(t)).toEqual({ payouts: 0, invoices: 0 });
  });
});
