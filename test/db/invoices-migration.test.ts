/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * The invoices migration (0042) on a database written by the previous release: existing invoices
 * are numbered 1, 2, 3, … in id order with their Oslo creation day as issue date, and the next
 * batch continues the series (docs/decisions.md §24). On the engine under test.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { takeInvoiceNumber } from '../../src/db/invoice-numbers.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { NAME as INVOICES } from '../../src/db/migrations/2026-11-26-0042-invoices.js';
import { NAME as PREVIOUS } from '../../src/db/migrations/2026-11-26-0037-sealed-failure-message.js';
import { migrations } from '../../src/db/migrations/index.js';
import { scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

describe(`the invoices migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  const ids: number[] = [];

  beforeAll(async () => {
    database = await scratchDatabase('onpay-invoices-migration');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const previous = await migrator.migrateTo(PREVIOUS);
    if (previous.error) throw previous.error;
    const partner = (
      await db
        .insertInto('partners')
        .values({ name: 'Acme', fee_rate: '0.05', created_at: '2026-11-01T00:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // Created out of id order; the third at 23:30 UTC, which is the next day in Oslo.
    for (const created of ['2026-11-20T10:00:00.000Z', '2026-11-19T10:00:00.000Z', '2026-11-20T23:30:00.000Z'])
      ids.push(
        (
          await db
            .insertInto('invoices')
            .values({
              partner_id: partner,
              due_date: '2026-12-01',
              payout_count: 0,
              ...Object.fromEntries(
                ['salary', 'vacation', 'pension', 'employer_contribution', 'service_fee', 'excl', 'vat', 'incl'].map(
                  (c) => [`total_${c}`, 0],
                ),
              ),
              created_at: created,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const latest = await migrator.migrateToLatest();
    if (latest.error) throw latest.error;
    expect(latest.results?.map((r) => r.migrationName)).toContain(INVOICES);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('numbers existing invoices in id order, with their Oslo day as issue date; the next number follows', async () => {
    const rows = await db.selectFrom('invoices').select(['id', 'number', 'issue_date']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: ids[0], number: 1, issue_date: '2026-11-20' },
      { id: ids[1], number: 2, issue_date: '2026-11-19' },
      { id: ids[2], number: 3, issue_date: '2026-11-21' },
    ]);
    expect(await takeInvoiceNumber(db)).toBe(4);
    const partner = await db.selectFrom('partners').select(['legal_name', 'org_number', 'address']).executeTakeFirst();
    expect(partner).toEqual({ legal_name: null, org_number: null, address: null });
  });
});
