import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { MAX_CACHED_SQL_LENGTH } from '../../src/db/dialect.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { insertMany } from '../../src/modules/request-log/request-log.repository.js';
import { insertDeliveries, openDelivery } from '../../src/modules/webhooks/webhooks.repository.js';
import { createFieldCrypto, generateKeyList, parseKeyList } from '../../src/platform/field-crypto.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';
import { capturedQueries } from '../helpers/query-plans.js';

const CRYPTO = createFieldCrypto(parseKeyList(generateKeyList('bulk')), parseKeyList(generateKeyList('bulk-index')));
const AT = '2026-11-27T10:00:00.000Z';
const ROWS = 1_234;

/**
 * The service's bulk writes (the request log's batches, a fan-out of webhook deliveries) go through
 * insertRows: on SQLite every statement fits the statement cache (src/db/kysely.ts keeps no
 * statement longer than MAX_CACHED_SQL_LENGTH, so each longer one was prepared anew, with its
 * native memory, every time) and the full chunks share one text; on PostgreSQL a chunk's rows
 * travel as one parameter. Each row is stored as given.
 */
describe(`bulk writes on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let partnerId = 0;

  beforeAll(async () => {
    database = await freshDatabase(testEngine);
    handle = createDb(parseDatabaseUrl(database.url));
    await migrateToLatest(handle.db);
    ({ id: partnerId } = await handle.db
      .insertInto('partners')
      .values({ name: 'Bulk', fee_rate: '0.05', created_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow());
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  /** Every statement fits the cache; on SQLite the full chunks repeat one text (one prepared statement). */
  function expectCacheable(statements: readonly CompiledQuery[], table: string): void {
    const inserts = statements.filter((s) => s.sql.startsWith(`insert into "${table}"`));
    expect(inserts.length).toBeGreaterThan(1);
    for (const statement of inserts) expect(statement.sql.length).toBeLessThanOrEqual(MAX_CACHED_SQL_LENGTH);
    if (testEngine === 'sqlite') expect(new Set(inserts.map((s) => s.sql)).size).toBe(2);
    else expect(inserts.every((s) => s.parameters.length === 1)).toBe(true);
  }

  it('the request log: a batch larger than a chunk, each entry stored as given', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      partner_id: partnerId,
      at: new Date(Date.parse(AT) + i).toISOString(),
      method: 'GET',
      route: '/api/v1/users/:id',
      path_ids: i % 2 ? null : JSON.stringify({ id: String(i) }),
      status: 200 + (i % 3),
      duration_us: 100 + i,
      request_id: `req-${i}`,
      idempotency_key: i % 5 ? null : `k-${i}`,
    }));
    const statements = await capturedQueries(handle.db, (db) => insertMany(db, rows));
    expectCacheable(statements, 'request_log');
    const stored = await handle.db.selectFrom('request_log').selectAll().orderBy('id').execute();
    expect(stored.map(({ id: _id, ...row }) => row)).toEqual(rows);
  });

  it('webhook deliveries: a fan-out larger than a chunk, each body sealed to its row and opened again', async () => {
    const { id: endpointId } = await handle.db
      .insertInto('webhook_endpoints')
      .values({
        partner_id: partnerId,
        url: 'https://partner.example/hooks',
        event_types: '["*"]',
        secret: 'whsec_bulk',
        created_at: AT,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      endpoint_id: endpointId,
      event_id: `evt_${i}`,
      event_type: 'payout.paid',
      sequence: i + 1,
      payload: JSON.stringify({ id: `evt_${i}`, name: 'Ærlig Sæther' }),
      next_attempt_at: AT,
      created_at: AT,
    }));
    // Outside a transaction: the capture sees what runs on the executor it hands out.
    const statements = await capturedQueries(handle.db, (db) => insertDeliveries(db, CRYPTO, rows));
    expectCacheable(statements, 'webhook_deliveries');
    const stored = await handle.db.selectFrom('webhook_deliveries').selectAll().orderBy('sequence').execute();
    expect(stored.map((row) => openDelivery(CRYPTO, row)).map((row) => row.payload)).toEqual(
      rows.map((row) => row.payload),
    );
    expect(stored.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);
  });
});
