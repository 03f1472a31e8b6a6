import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseDatabaseUrl } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { preparedNameOf } from '../../src/db/prepared-statements.js';
import { reusableQuery } from '../../src/db/reusable-query.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';
import { createUser } from '../helpers/users.js';

/** The statement under test: a fixed-shape read, as the point reads are (src/db/reusable-query.ts). */
const partnerName = reusableQuery(1, (db: Kysely<Database>, id: number) =>
  db.selectFrom('partners').select(['id', 'name']).where('id', '=', id),
);

/** The name of partnerName's statement (it is marked when first compiled on PostgreSQL). */
async function statementName(db: Kysely<Database>, id: number): Promise<string> {
  await partnerName(db, id);
  const compiled = db.selectFrom('partners').select(['id', 'name']).where('id', '=', id).compile();
  const name = preparedNameOf(compiled.sql);
  if (name === undefined) throw new Error('the statement was not marked');
  return name;
}

/** Names of the prepared statements this connection's server session holds. */
async function preparedIn(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
  return rows.map((row) => row.name);
}

async function backendPid(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return Number(rows[0]?.pid);
}

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('is on unless set to 0, and refuses anything but 1 or 0', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/x';
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject({ preparedStatements: true });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: '0' }).database).toMatchObject({
      preparedStatements: false,
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'yes' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS.*must be 1 or 0/,
    );
  });
});

/**
 * Fixed-shape reads run as named prepared statements on PostgreSQL, outside transactions, and a
 * refused name (a pooler, a migration that changed a returned column) costs nothing but a re-run.
 */
describe.runIf(testEngine === 'postgres')('named prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  let handle: Db;
  let partnerId = 0;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    handle = createDb(parseDatabaseUrl(database.url));
    await migrateToLatest(handle.db);
    const row = await handle.db
      .insertInto('partners')
      .values({ name: 'Acme', fee_rate: '0.05', created_at: '2026-11-27T10:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    partnerId = row.id;
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('prepares a reusable query once per connection, by a name made of its text', async () => {
    await handle.db.connection().execute(async (conn) => {
      const name = await statementName(conn, partnerId);
      expect(name).toMatch(/^onpay_[0-9a-f]{24}$/);
      expect(await preparedIn(conn)).toContain(name);
      expect(await partnerName(conn, partnerId)).toEqual([{ id: partnerId, name: 'Acme' }]);
      expect((await preparedIn(conn)).filter((n) => n === name)).toHaveLength(1);
    });
  });

  it('runs it unnamed inside a transaction', async () => {
    const other = createDb(parseDatabaseUrl(database.url));
    try {
      await other.db.transaction().execute(async (trx) => {
        expect(await partnerName(trx, partnerId)).toEqual([{ id: partnerId, name: 'Acme' }]);
        expect(await preparedIn(trx)).toEqual([]);
      });
      // Outside the transaction, on the same (only) connection, it is named.
      await other.db.connection().execute(async (conn) => {
        const name = await statementName(conn, partnerId);
        expect(await preparedIn(conn)).toContain(name);
      });
    } finally {
      await other.close();
    }
  });

  it('runs everything unnamed with DATABASE_PREPARED_STATEMENTS=0', async () => {
    const off = createDb({ ...parseDatabaseUrl(database.url), engine: 'postgres', preparedStatements: false });
    try {
      await off.db.connection().execute(async (conn) => {
        expect(await partnerName(conn, partnerId)).toEqual([{ id: partnerId, name: 'Acme' }]);
        expect(await preparedIn(conn)).toEqual([]);
      });
    } finally {
      await off.close();
    }
  });

  it('answers when the session lost the statement (26000), and replaces the connection', async () => {
    let pid = 0;
    await handle.db.connection().execute(async (conn) => {
      const name = await statementName(conn, partnerId);
      pid = await backendPid(conn);
      // What a pooler does when it moves the client to another server session.
      await sql.raw(`deallocate "${name}"`).execute(conn);
      expect(await partnerName(conn, partnerId)).toEqual([{ id: partnerId, name: 'Acme' }]);
    });
    // Released with the error: the pool closed that connection.
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${pid}`.execute(
              handle.db,
            )
          ).rows[0]?.n,
      )
      .toBe(0);
  });

  it('answers when the session already holds a statement of that name (42P05)', async () => {
    const name = await statementName(handle.db, partnerId);
    const other = createDb(parseDatabaseUrl(database.url));
    try {
      await other.db.connection().execute(async (conn) => {
        // Another client of the same server session (a pooler) prepared that name; this one did not.
        await sql.raw(`prepare "${name}" as select 1`).execute(conn);
        expect(await partnerName(conn, partnerId)).toEqual([{ id: partnerId, name: 'Acme' }]);
      });
    } finally {
      await other.close();
    }
  });
});

/** Through the API: a migration that changes a column the point read returns, while the service serves. */
describe.runIf(testEngine === 'postgres')('the point read across a migration on PostgreSQL', () => {
  let t: TestApp;
  let partner: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    partner = await t.partner('Acme');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps answering GET /users/{id} after the returned column changed type (cached plan refused)', async () => {
    const user = await createUser(t, partner);
    const read = () => t.as(partner, { method: 'GET', url: `/api/v1/users/${user.id}` });
    // Every pooled connection prepares the point read.
    const before = await Promise.all(Array.from({ length: 20 }, read));
    for (const res of before) expect(res.statusCode, res.body).toBe(200);

    // A rolling deploy's migration: the note's type changes under the prepared plans.
    await sql`alter table partner_users alter column note type varchar(4000)`.execute(t.db.db);

    const after = await Promise.all(Array.from({ length: 20 }, read));
    for (const res of after) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, email: user.email });
    }
  });
});
