import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { insertRows } from '../../src/db/dialect.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';

/**
 * insertRows (src/db/dialect.ts) on a real, migrated database of the engine under test: SQLite's
 * statement is written as text with its parameters, PostgreSQL's rows travel as JSON. Both must
 * store every value as given, NULL where a row does not set a column another row sets.
 */
describe(`insertRows on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;

  beforeAll(async () => {
    database = await freshDatabase(testEngine);
    handle = createDb(parseDatabaseUrl(database.url));
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('stores each row as given across chunks, NULL for a column the row leaves out', async () => {
    const entry = (n: number) => ({
      at: `2026-11-26T10:00:0${n}.000Z`,
      actor_type: 'partner',
      actor_id: String(n),
      actor_label: `Ærlig "partner" ${n}'s`,
      action: 'payout.created',
      object_type: 'payout',
      object_id: String(9_007_199_254_740_991 - n),
      partner_id: n,
      request_id: `req-${n}`,
      fields: JSON.stringify(['a"b', 'ø']),
      reason: n % 2 === 0 ? `reason; drop table payouts; -- ${n}` : null,
    });
    const rows = [
      entry(1),
      { ...entry(2), request_id: undefined },
      entry(3),
      (({ fields: _fields, ...rest }) => rest)(entry(4)),
      entry(5),
      { ...entry(6), partner_id: null },
      entry(7),
    ];
    await insertRows(handle.db, 'audit_log', rows, 3);
    const stored = await handle.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(stored.map(({ id: _id, at, ...rest }) => ({ ...rest, at: new Date(at).toISOString() }))).toEqual(
      rows.map((row) => ({ fields: null, ...row, request_id: row.request_id ?? null })),
    );
    expect(new Set(stored.map((row) => row.id)).size).toBe(7);
  });

  it('inserts nothing for no rows', async () => {
    const before = await handle.db.selectFrom('audit_log').select('id').execute();
    await insertRows(handle.db, 'audit_log', [], 3);
    expect(await handle.db.selectFrom('audit_log').select('id').execute()).toEqual(before);
  });
});
