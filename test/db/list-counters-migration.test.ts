/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * The list-counters migration (0035) on a database written by the previous release: every link
 * and payout gets its place in its partner's list (oldest first: creation time, then id; ties at
 * one instant as the old order broke them), every partner its counters, and the service then lists
 * exactly what the old `ORDER BY created_at DESC, id DESC` listed, with the same totals; a new
 * partner's first link starts its counter. On the engine under test.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { listDrift } from '../../src/db/list-counters.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { NAME as FIELD_ENCRYPTION } from '../../src/db/migrations/2026-11-25-0031-field-encryption.js';
import { NAME as LIST_COUNTERS } from '../../src/db/migrations/2026-11-26-0035-list-counters.js';
import { migrations } from '../../src/db/migrations/index.js';
import { buildTestApp } from '../helpers/app.js';
import { scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`;
const MONEY = [
  'salary',
  'vacation',
  'pension',
  'net_salary',
  'net_vacation',
  'withholding_salary',
  'withholding_vacation',
  'employer_contribution',
  'service_fee',
  'invoice_excl',
  'vat',
  'invoice_incl',
  'free_card_used',
];

describe(`the list-counters migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  const partners: number[] = [];
  /** Per partner, what the previous release listed (newest first), read before the migration. */
  const before = new Map<number, { users: number[]; payouts: number[] }>();

  beforeAll(async () => {
    database = await scratchDatabase('onpay-lists-migration');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const previous = await migrator.migrateTo(FIELD_ENCRYPTION);
    if (previous.error) throw previous.error;

    for (const name of ['Acme', 'Beta', 'Empty'])
      partners.push(
        (
          await db
            .insertInto('partners')
            .values({ name, fee_rate: '0.05', created_at: at(1) })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const [acme, beta] = partners as [number, number];
    const invoice = async (partnerId: number) =>
      (
        await db
          .insertInto('invoices')
          .values({
            partner_id: partnerId,
            due_date: '2026-12-01',
            payout_count: 0,
            ...Object.fromEntries(
              ['salary', 'vacation', 'pension', 'employer_contribution', 'service_fee', 'excl', 'vat', 'incl'].map(
                (c) => [`total_${c}`, 0],
              ),
            ),
            created_at: at(2),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const invoices = new Map([
      [acme, await invoice(acme)],
      [beta, await invoice(beta)],
    ]);
    // Nine people; links made out of id order, three of them at one instant; every third also Beta's.
    const minutes = [7, 3, 5, 5, 9, 1, 5, 8, 2];
    for (const [i, minute] of minutes.entries()) {
      const email = `p${i}@example.com`;
      const userId = (
        await db
          .insertInto('users')
          .values({ email, email_normalized: email, created_at: at(1), updated_at: at(1) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      for (const partnerId of i % 3 === 0 ? [acme, beta] : [acme]) {
        await db
          .insertInto('partner_users')
          .values({ partner_id: partnerId, user_id: userId, created_at: at(minute), updated_at: at(minute) })
          .execute();
        // Two payouts per link, the second at the same instant as the first.
        for (let n = 0; n < 2; n++)
          await db
            .insertInto('payouts')
            .values({
              partner_id: partnerId,
              invoice_id: invoices.get(partnerId),
              user_id: userId,
              status: n === 0 ? 'paid' : 'pending',
              type: 'salary',
              date: '2026-11-01',
              tax_year: 2026,
              products: '[]',
              rates: '{}',
              ...Object.fromEntries(MONEY.map((c) => [c, 100])),
              created_at: at(10 + minute),
              updated_at: at(10 + minute),
            })
            .execute();
      }
    }
    for (const partnerId of partners) {
      const users = await db
        .selectFrom('partner_users')
        .select('user_id')
        .where('partner_id', '=', partnerId)
        .orderBy('created_at', 'desc')
        .orderBy('user_id', 'desc')
        .execute();
      const payouts = await db
        .selectFrom('payouts')
        .select('id')
        .where('partner_id', '=', partnerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      before.set(partnerId, { users: users.map((r) => r.user_id), payouts: payouts.map((r) => r.id) });
    }
    const latest = await migrator.migrateToLatest();
    if (latest.error) throw latest.error;
    expect(latest.results?.map((r) => r.migrationName)).toContain(LIST_COUNTERS);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('numbers every list oldest first and counts every partner', async () => {
    expect(await listDrift(db)).toEqual([]);
    const counters = await db
      .selectFrom('partner_counters')
      .select(['partner_id', 'what', 'value'])
      .orderBy('partner_id')
      .orderBy('what')
      .execute();
    expect(counters.map((c) => [c.partner_id, c.what, Number(c.value)])).toEqual([
      [partners[0], 'links', 9],
      [partners[0], 'payouts', 18],
      [partners[1], 'links', 3],
      [partners[1], 'payouts', 6],
    ]);
    for (const partnerId of partners.slice(0, 2)) {
      const places = await db
        .selectFrom('partner_users')
        .select('user_id')
        .where('partner_id', '=', partnerId)
        .orderBy('list_position', 'desc')
        .execute();
      expect(places.map((r) => r.user_id)).toEqual(before.get(partnerId)!.users);
    }
  });

  it('the service lists what the previous release listed, page by page; the first link of a new partner starts its counter', async () => {
    const t = await buildTestApp({ database: { url: database.url, drop: async () => undefined } });
    try {
      for (const partnerId of partners) {
        const expected = before.get(partnerId)!;
        for (const perPage of [2, 4]) {
          const users: number[] = [];
          const payouts: number[] = [];
          for (let page = 1; page <= 10; page++) {
            const listed = await t.services.users.users.list(partnerId, { page, per_page: perPage });
            expect(listed.total).toBe(expected.users.length);
            users.push(...listed.results.map((u) => Number(u.id)));
            const paid = await t.services.payouts.payouts.list(partnerId, { page, per_page: perPage });
            expect(paid.total).toBe(expected.payouts.length);
            payouts.push(...paid.results.map((p) => p.id));
          }
          expect(users).toEqual(expected.users);
          expect(payouts).toEqual(expected.payouts);
        }
      }
      // A partner made after the migration: its first link (a migrated person) starts its counter.
      const gamma = await t.partner('Gamma');
      const created = await t.as(gamma, { method: 'POST', url: '/api/v1/users', payload: { email: 'p4@example.com' } });
      expect(created.statusCode, created.body).toBe(200);
      const listed = await t.as(gamma, { method: 'GET', url: '/api/v1/users' });
      expect(listed.json()).toMatchObject({ total: 1, count: 1 });
      expect(await listDrift(db)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
