/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * The field-encryption migration (0031) on a database written by the previous release: every
 * clear value on links and payouts is encrypted in place and indexed, in batches; a crash in the
 * middle leaves the database as it was, and a rerun finishes; values already encrypted (a pass
 * cut short outside a transaction) are recognised, not encrypted twice. Afterwards the service
 * reads the same values and finds the same people by ssn and phone. On the engine under test.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { NAME as FIELD_ENCRYPTION } from '../../src/db/migrations/2026-11-25-0031-field-encryption.js';
import { BEFORE_FIELD_ENCRYPTION, migrations } from '../../src/db/migrations/index.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { openValues, resealTable } from '../../src/db/sealed-columns.js';
import { createFieldCrypto, isSealed, parseKeyList, type FieldCrypto } from '../../src/platform/field-crypto.js';
import { openFieldCrypto } from '../../src/platform/field-keys.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
const KEYS = {
  ONPAY_DATA_KEYS: `m1:${Buffer.alloc(32, 31).toString('base64')}`,
  ONPAY_INDEX_KEYS: `n1:${Buffer.alloc(32, 32).toString('base64')}`,
};
const config = { dataKeys: parseKeyList(KEYS.ONPAY_DATA_KEYS), indexKeys: parseKeyList(KEYS.ONPAY_INDEX_KEYS) };
const PEOPLE = 7;
const ssnOf = (i: number) => `1703771${String(i).padStart(4, '0')}`;
const phoneOf = (i: number) => `4770${String(i).padStart(4, '0')}`;

class Crash extends Error {}

describe(`the field-encryption migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  let partnerId = 0;
  const userIds: number[] = [];
  const payoutIds: number[] = [];

  beforeAll(async () => {
    database = await scratchDatabase('onpay-encrypt');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
      BEFORE_FIELD_ENCRYPTION,
    );
    if (before.error) throw before.error;

    partnerId = (
      await db
        .insertInto('partners')
        .values({ name: 'Acme', fee_rate: '0.05', created_at: at(1) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const invoiceId = (
      await db
        .insertInto('invoices')
        .values({
          partner_id: partnerId,
          due_date: '2026-12-01',
          payout_count: PEOPLE,
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
    for (let i = 0; i < PEOPLE; i++) {
      const userId = (
        await db
          .insertInto('users')
          .values({
            email: `p${i}@example.com`,
            email_normalized: `p${i}@example.com`,
            email_verified_at: at(3),
            created_at: at(3),
            updated_at: at(3),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      userIds.push(userId);
      await db
        .insertInto('partner_users')
        .values({
          partner_id: partnerId,
          user_id: userId,
          first_name: `Person${i}`,
          address: `Migrasjonsveien ${i}`,
          phone: phoneOf(i),
          bank_account_number: i % 2 === 0 ? `8601111794${i}` : null,
          bank_iban_number: i % 2 === 1 ? `NO93860111179${i}` : null,
          bank_bic_number: i % 2 === 1 ? 'DNBANOKKXXX' : null,
          identification: ssnOf(i),
          identity_country_code: 'NO',
          birthday: '1977-03-17',
          document_id: `DOC${i}`,
          verified_identification: i === 0 ? ssnOf(i) : null,
          verified_country_code: i === 0 ? 'NO' : null,
          verified_birthday: i === 0 ? '1977-03-17' : null,
          identity_verified_at: i === 0 ? at(4) : null,
          created_at: at(5),
          updated_at: at(5),
        })
        .execute();
      payoutIds.push(
        (
          await db
            .insertInto('payouts')
            .values({
              partner_id: partnerId,
              invoice_id: invoiceId,
              user_id: userId,
              status: 'pending',
              type: 'salary',
              date: '2026-11-01',
              tax_year: 2026,
              products: '[]',
              rates: '{}',
              ...Object.fromEntries(
                [
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
                ].map((c) => [c, 100]),
              ),
              bank_account_number: i % 2 === 0 ? `8601111794${i}` : null,
              bank_iban_number: i % 2 === 1 ? `NO93860111179${i}` : null,
              bank_bic_number: i % 2 === 1 ? 'DNBANOKKXXX' : null,
              created_at: at(6),
              updated_at: at(6),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const links = () => db.selectFrom('partner_users').selectAll().orderBy('user_id').execute();
  const payouts = () =>
    db
      .selectFrom('payouts')
      .select(['id', 'bank_account_number', 'bank_iban_number', 'bank_bic_number'])
      .orderBy('id')
      .execute();

  it('a crash in the middle of the encryption leaves the previous release’s database as it was', async () => {
    const clear = await links();
    let batches = 0;
    const crashed = migrateToLatest(handle, {
      fieldCrypto: (executor) => openFieldCrypto(executor, config, at(7)),
      afterBatch: () => {
        if (++batches === 1) throw new Crash('the power went');
      },
    });
    await expect(crashed).rejects.toThrow(/the power went/);
    const executed = await db.selectFrom('kysely_migration').select('name').execute();
    expect(executed.map((m) => m.name)).not.toContain(FIELD_ENCRYPTION);
    expect(await links()).toEqual(clear);
  });

  it('refuses to run without the keys when there are values to encrypt', async () => {
    await expect(migrateToLatest(handle)).rejects.toThrow(/needs the keys \(ONPAY_DATA_KEYS, ONPAY_INDEX_KEYS\)/);
  });

  let crypto: FieldCrypto;

  it('the rerun encrypts every value in place and fills the indexes', async () => {
    const clear = await links();
    const clearPayouts = await payouts();
    const applied = await migrateToLatest(handle, {
      fieldCrypto: (executor) => openFieldCrypto(executor, config, at(7)),
    });
    expect(applied).toContain(FIELD_ENCRYPTION);
    crypto = createFieldCrypto(config.dataKeys, config.indexKeys);
    const sealed = await links();
    for (const [i, row] of sealed.entries()) {
      for (const column of ['identification', 'phone', 'address', 'birthday', 'document_id'])
        expect(isSealed(row[column] as string), column).toBe(true);
      expect(row.first_name).toBe(`Person${i}`);
      expect(row.identification_index).toBe(crypto.index('identification', ssnOf(i)));
      expect(row.phone_index).toBe(crypto.index('phone', phoneOf(i)));
      // Later migrations add columns of their own (0035: the link's place in its partner's list;
      // 0044: its stored onboarding).
      const { list_position: _place, onboarded: _onboarded, ...opened } = openValues(crypto, 'partner_users', row, row);
      expect(opened).toEqual(clear[i]);
    }
    for (const [i, row] of (await payouts()).entries())
      expect(openValues(crypto, 'payouts', row, row)).toEqual(clearPayouts[i]);
  });

  it('a re-encryption pass cut short is finished by the next, recognising what it already encrypted', async () => {
    // Back to clear (as if the pass had only reached part of the table), then a pass that stops after one batch.
    for (const row of await links())
      await db
        .updateTable('partner_users')
        .set({ phone: phoneOf(userIds.indexOf(row.user_id)), phone_index: null })
        .where('user_id', '=', row.user_id)
        .execute();
    await expect(
      resealTable(db, crypto, 'partner_users', {
        mode: 'data',
        batchSize: 2,
        afterBatch: () => {
          throw new Crash('cut short');
        },
      }),
    ).rejects.toThrow(/cut short/);
    const half = await links();
    expect(half.filter((row) => isSealed(row.phone as string))).toHaveLength(2);
    await resealTable(db, crypto, 'partner_users', { mode: 'data', batchSize: 2 });
    for (const [i, row] of (await links()).entries()) {
      expect(openValues(crypto, 'partner_users', row, row).phone).toBe(phoneOf(i));
      expect(row.phone_index).toBe(crypto.index('phone', phoneOf(i)));
    }
  });

  it('the service reads the same people and finds them by ssn and phone', async () => {
    let t: TestApp | null = null;
    try {
      t = await buildTestApp({ database: { url: database.url, drop: async () => undefined }, env: KEYS });
      const view = await t.services.users.employees.partnerView(t.db.db, partnerId, userIds[3]!);
      expect(view?.link).toMatchObject({ identification: ssnOf(3), phone: phoneOf(3), birthday: '1977-03-17' });
      const found = await t.services.users.employees.find(t.db.db, partnerId, {
        ids: [],
        phones: [phoneOf(5)],
        identifications: [ssnOf(0), ssnOf(2)],
      });
      expect(found.phones).toEqual([{ id: userIds[5], phone: phoneOf(5) }]);
      expect(found.identifications.map((r) => r.id).sort()).toEqual([userIds[0], userIds[0], userIds[2]].sort());
    } finally {
      await t?.close();
    }
  });
});
