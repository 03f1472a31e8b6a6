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

  it('a lone surrogate (a code cut through an emoji) is stored as U+FFFD on both engines, not refused', async () => {
    const cut = 'ABCDEFG\u{1F600}'.slice(0, 8);
    expect(cut.isWellFormed()).toBe(false);
    const row = {
      at: '2026-11-27T10:00:00.000Z',
      actor_type: 'system',
      actor_id: 'surrogate',
      actor_label: `${cut} and \udc00 alone`,
      action: 'bank.report_imported',
      object_type: 'bank_report',
      object_id: '1',
      reason: 'whole: \u{1F600}',
    };
    await insertRows(handle.db, 'audit_log', [row], 10);
    const stored = await handle.db
      .selectFrom('audit_log')
      .select(['actor_label', 'reason'])
      .where('actor_id', '=', 'surrogate')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ actor_label: 'ABCDEFG\ufffd and \ufffd alone', reason: 'whole: \u{1F600}' });
  });

  it('many rows in one call: every row stored in order (SQLite splits them into statements its cache keeps)', async () => {
    const before = Number(
      (
        await handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rows = Array.from({ length: 601 }, (_, n) => ({
      at: '2026-11-26T11:00:00.000Z',
      actor_type: 'partner',
      actor_id: null,
      actor_label: `entry ${n}`,
      action: 'payout.created',
      object_type: 'payout',
      object_id: String(n),
      partner_id: n % 2 === 0 ? 1 : null,
      request_id: null,
      fields: null,
      reason: n === 600 ? 'the last' : null,
    }));
    await insertRows(handle.db, 'audit_log', rows, 1000);
    const stored = await handle.db
      .selectFrom('audit_log')
      .select(['actor_label', 'object_id', 'partner_id', 'reason'])
      .where('action', '=', 'payout.created')
      .where('at', '=', '2026-11-26T11:00:00.000Z')
      .orderBy('id')
      .execute();
    expect(stored).toEqual(
      rows.map(({ actor_label, object_id, partner_id, reason }) => ({ actor_label, object_id, partner_id, reason })),
    );
    const after = Number(
      (
        await handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after - before).toBe(601);
  });

  it('inserts nothing for no rows', async () => {
    const before = await handle.db.selectFrom('audit_log').select('id').execute();
    await insertRows(handle.db, 'audit_log', [], 3);
    expect(await handle.db.selectFrom('audit_log').select('id').execute()).toEqual(before);
  });
});
