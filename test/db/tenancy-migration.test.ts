/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * The tenancy migration on a database written by the previous schema: what the person had goes to
 * their OLDEST link only, other links start empty and are noted for review, sessions end, payouts
 * keep the account they were headed for. Runs on the engine under test, like every database test.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrationNotes } from '../../src/db/migration-notes.js';
import { BEFORE_FIELD_ENCRYPTION, migrations } from '../../src/db/migrations/index.js';
import { cliEnv, jsonLine, runCli, scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

const BEFORE = '2026-11-21-0005-login-links-mail';
const TENANCY = '2026-11-23-0006-tenancy';
const CODE = 'onpay-2026-01';

function at(minute: number): string {
  return `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;
}

/** Migrates a database up to the schema before the tenancy change. */
async function migrateToBefore(db: Kysely<any>): Promise<void> {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE);
  if (error) throw error;
}

interface Seeded {
  acme: number;
  intruder: number;
  initech: number;
  ola: number;
  vera: number;
  tie: number;
}

/** Data as the previous schema kept it: profile, bank and identity on the person. */
async function seedPreviousSchema(db: Kysely<any>): Promise<Seeded> {
  const partner = async (name: string, minute: number) =>
    (
      await db
        .insertInto('partners')
        .values({ name, fee_rate: '0.05', created_at: at(minute) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const acme = await partner('Acme', 0);
  const intruder = await partner('Intruder', 1);
  const initech = await partner('Initech', 2);

  const person = {
    email_verified_at: at(3),
    first_name: 'Ola',
    last_name: 'Nordmann',
    address: 'Storgata 1',
    postal_code: '0155',
    city: 'Oslo',
    dial_code: '+47',
    phone: '41234567',
    main_work: 1,
    profile_completed_at: at(3),
    bank_account_number: '12345678903',
    bank_iban_number: null,
    bank_bic_number: null,
    identification: '17059012355',
    identity_country_code: 'NO',
    birthday: '1990-05-17',
    document_id: 'PA1234567',
    identity_verified_at: null,
    verified_name: null,
    tax_percent: '32',
    tax_type: 'percent',
    tax_start: null,
    tax_table: null,
    tax_free_card: null,
    created_at: at(3),
    updated_at: at(3),
  };
  const user = async (key: string, values: Record<string, unknown>) =>
    (
      await db
        .insertInto('users')
        .values({ ...person, email: `${key}@example.com`, email_normalized: `${key}@example.com`, ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  // Ola: created by Acme; the intruder linked him later (before the fix) and redirected his bank account.
  const ola = await user('ola', { bank_account_number: '86011117947' });
  // Vera: created by the intruder's partner record first, verified by a provider, paid by IBAN.
  const vera = await user('vera', {
    first_name: 'Vera',
    bank_account_number: null,
    bank_iban_number: 'NO9386011117947',
    bank_bic_number: 'DNBANOKKXXX',
    identification: '01019012345',
    identity_verified_at: at(4),
    verified_name: 'Vera Verified',
  });
  // Tie: two links with the same created_at; the lower partner id counts as the oldest.
  const tie = await user('tie', { first_name: 'Tie' });

  const link = (partnerId: number, userId: number, minute: number, internalId: number | null, note: string | null) => ({
    partner_id: partnerId,
    user_id: userId,
    internal_id: internalId,
    note,
    created_at: at(minute),
  });
  await db
    .insertInto('partner_users')
    .values([
      link(acme, ola, 10, 1, 'Acme note'),
      link(intruder, ola, 20, 66, 'intruder note'),
      link(intruder, vera, 11, 7, null),
      link(initech, tie, 12, null, null),
      link(acme, tie, 12, null, null),
    ])
    .execute();
  await db
    .insertInto('terms_approvals')
    .values([
      { user_id: ola, terms_code: CODE, approved_at: at(30) },
      { user_id: vera, terms_code: CODE, approved_at: at(31) },
    ])
    .execute();

  const session = (id: string, partnerId: number, userId: number, status: string, token: string) => ({
    id,
    partner_id: partnerId,
    user_id: userId,
    provider: 'provider_eid',
    id_type: null,
    status,
    pending_user_id: status === 'pending' ? userId : null,
    partner_return_url: 'https://partner.example/return',
    start_token_hash: token.repeat(64),
    expires_at: at(59),
    created_at: at(40),
    updated_at: at(40),
  });
  await db
    .insertInto('verification_sessions')
    .values([
      session('11111111-1111-4111-8111-111111111111', acme, ola, 'pending', 'a'),
      session('22222222-2222-4222-8222-222222222222', intruder, vera, 'approved', 'b'),
    ])
    .execute();

  const invoice = await db
    .insertInto('invoices')
    .values({
      partner_id: acme,
      due_date: '2026-12-01',
      payout_count: 1,
      total_salary: 0,
      total_vacation: 0,
      total_pension: 0,
      total_employer_contribution: 0,
      total_service_fee: 0,
      total_excl: 0,
      total_vat: 0,
      total_incl: 0,
      created_at: at(41),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const amounts = Object.fromEntries(
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
    ].map((k) => [k, 0]),
  );
  await db
    .insertInto('payouts')
    .values({
      ...amounts,
      partner_id: acme,
      invoice_id: invoice.id,
      user_id: ola,
      status: 'pending',
      type: 'salary',
      date: '2026-11-20',
      tax_year: 2026,
      hours: null,
      description: null,
      products: '[]',
      rates: '{}',
      paid_at: null,
      created_at: at(41),
      updated_at: at(41),
    })
    .execute();

  await db
    .insertInto('login_links')
    .values([
      {
        partner_id: acme,
        user_id: ola,
        payout_id: null,
        nonce_hash: 'c'.repeat(64),
        expires_at: at(59),
        used_at: null,
        created_at: at(42),
      },
      {
        partner_id: intruder,
        user_id: ola,
        payout_id: null,
        nonce_hash: 'd'.repeat(64),
        expires_at: at(59),
        used_at: null,
        created_at: at(43),
      },
    ])
    .execute();
  await db
    .insertInto('employee_sessions')
    .values({
      id_hash: 'e'.repeat(64),
      user_id: ola,
      created_at: at(44),
      expires_at: '2099-01-01T00:00:00.000Z',
      ended_at: null,
    })
    .execute();
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: 'ola@example.com',
      subject: 'Sign in',
      text_body: 'x',
      html_body: 'x',
      status: 'pending',
      next_attempt_at: at(45),
      created_at: at(45),
    })
    .execute();
  return { acme, intruder, initech, ola, vera, tie };
}

describe(`the tenancy migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  let ids: Seeded;
  let applied: string[];

  beforeAll(async () => {
    database = await scratchDatabase('onpay-tenancy');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    await migrateToBefore(db);
    ids = await seedPreviousSchema(db);
    // Up to the field encryption, which has its own test (test/db/field-encryption-migration.test.ts):
    // the values are checked here as this migration left them.
    const { error, results } = await new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
    }).migrateTo(BEFORE_FIELD_ENCRYPTION);
    if (error) throw error;
    applied = (results ?? []).map((r) => r.migrationName);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const linkOf = (partnerId: number, userId: number) =>
    db
      .selectFrom('partner_users')
      .selectAll()
      .where('partner_id', '=', partnerId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();

  it('applied the tenancy migration', () => {
    expect(applied).toContain(TENANCY);
  });

  it("copies the person's profile, bank account and registered identity to the oldest link only", async () => {
    expect(await linkOf(ids.acme, ids.ola)).toMatchObject({
      internal_id: 1,
      note: 'Acme note',
      first_name: 'Ola',
      last_name: 'Nordmann',
      address: 'Storgata 1',
      postal_code: '0155',
      city: 'Oslo',
      dial_code: '+47',
      phone: '41234567',
      main_work: 1,
      profile_completed_at: at(3),
      bank_account_number: '86011117947',
      identification: '17059012355',
      identity_country_code: 'NO',
      birthday: '1990-05-17',
      document_id: 'PA1234567',
      created_at: at(10),
      updated_at: at(10),
    });
    // The intruder's later link keeps only its own internal_id and note.
    const intruders = await linkOf(ids.intruder, ids.ola);
    expect(intruders).toMatchObject({ internal_id: 66, note: 'intruder note' });
    for (const column of [
      'first_name',
      'phone',
      'profile_completed_at',
      'bank_account_number',
      'bank_iban_number',
      'identification',
      'birthday',
    ] as const) {
      expect(intruders[column], column).toBeNull();
    }
    // A tie on created_at goes to the lower partner id.
    const [first, second] = [ids.acme, ids.initech].sort((a, b) => a - b) as [number, number];
    expect((await linkOf(first, ids.tie)).first_name).toBe('Tie');
    expect((await linkOf(second, ids.tie)).first_name).toBeNull();
    expect(await linkOf(ids.intruder, ids.vera)).toMatchObject({
      first_name: 'Vera',
      bank_iban_number: 'NO9386011117947',
      bank_bic_number: 'DNBANOKKXXX',
    });
  });

  it('keeps on the person only the e-mail and the tax facts (the verified identity then moves to the verifying partner, 0014)', async () => {
    const ola = await db.selectFrom('users').selectAll().where('id', '=', ids.ola).executeTakeFirstOrThrow();
    for (const column of ['first_name', 'bank_account_number', 'phone', 'identification', 'birthday'])
      expect(Object.keys(ola)).not.toContain(column);
    expect(ola).toMatchObject({ email: 'ola@example.com', tax_percent: '32' });
    // Not verified: the number was only registered, and now lives on Acme's link.
    expect(await linkOf(ids.acme, ids.ola)).toMatchObject({
      verified_identification: null,
      identity_verified_at: null,
    });
    // Vera's verified identity belongs to the partner whose session was approved.
    expect(await linkOf(ids.intruder, ids.vera)).toMatchObject({
      verified_identification: '01019012345',
      verified_country_code: 'NO',
      identity_verified_at: at(4),
      verified_name: 'Vera Verified',
    });
  });

  it("moves each terms approval to the oldest link, so a later link's partner has recorded none", async () => {
    const approvals = await db.selectFrom('terms_approvals').selectAll().orderBy('user_id').execute();
    expect(approvals).toEqual([
      { partner_id: ids.acme, user_id: ids.ola, terms_code: CODE, approved_at: at(30) },
      { partner_id: ids.intruder, user_id: ids.vera, terms_code: CODE, approved_at: at(31) },
    ]);
  });

  it('notes every link that started empty, for the operator', async () => {
    const notes = await migrationNotes(db, [TENANCY]);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain(`user ${ids.ola}: the link of partner ${ids.intruder} starts empty`);
    expect(notes[1]).toContain(`user ${ids.tie}: the link of partner ${Math.max(ids.acme, ids.initech)} starts empty`);
    expect(await migrationNotes(db, [])).toEqual([]);
  });

  it("ends the employee sessions opened before (they showed every partner's payouts)", async () => {
    expect(await db.selectFrom('employee_sessions').selectAll().execute()).toEqual([
      expect.objectContaining({
        id_hash: 'e'.repeat(64),
        partner_id: null,
        ended_at: expect.stringMatching(/^\d{4}-/),
      }),
    ]);
  });

  it('keeps the account a payout was headed for, on the payout', async () => {
    const payout = await db.selectFrom('payouts').selectAll().executeTakeFirstOrThrow();
    expect(payout).toMatchObject({
      user_id: ids.ola,
      bank_account_number: '86011117947',
      bank_iban_number: null,
      bank_bic_number: null,
    });
  });

  it('keeps login links with their ids; new ones continue after them, and may have no partner', async () => {
    const links = await db.selectFrom('login_links').select(['id', 'partner_id', 'nonce_hash']).orderBy('id').execute();
    expect(links.map((l: { partner_id: number }) => l.partner_id)).toEqual([ids.acme, ids.intruder]);
    const next = await db
      .insertInto('login_links')
      .values({
        partner_id: null,
        user_id: ids.ola,
        payout_id: null,
        nonce_hash: 'f'.repeat(64),
        expires_at: at(59),
        used_at: null,
        created_at: at(50),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(Math.max(...links.map((l: { id: number }) => l.id)));
    await expect(
      db
        .insertInto('login_links')
        .values({
          partner_id: ids.acme,
          user_id: ids.ola,
          payout_id: null,
          nonce_hash: 'f'.repeat(64),
          expires_at: at(59),
          created_at: at(50),
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("keeps verification sessions; one pending session per partner and person, another partner's beside it", async () => {
    expect(await db.selectFrom('verification_sessions').select(['id', 'status']).orderBy('id').execute()).toEqual([
      { id: '11111111-1111-4111-8111-111111111111', status: 'pending' },
      { id: '22222222-2222-4222-8222-222222222222', status: 'approved' },
    ]);
    const pending = (id: string, partnerId: number, token: string) => ({
      id,
      partner_id: partnerId,
      user_id: ids.ola,
      provider: 'provider_eid',
      status: 'pending',
      pending_user_id: ids.ola,
      partner_return_url: 'https://partner.example/return',
      start_token_hash: token.repeat(64),
      expires_at: at(59),
      created_at: at(51),
      updated_at: at(51),
    });
    await db
      .insertInto('verification_sessions')
      .values(pending('33333333-3333-4333-8333-333333333333', ids.intruder, '3'))
      .execute();
    await expect(
      db
        .insertInto('verification_sessions')
        .values(pending('44444444-4444-4444-8444-444444444444', ids.acme, '4'))
        .execute(),
    ).rejects.toThrow();
    // The start token stays unique.
    await expect(
      db
        .insertInto('verification_sessions')
        .values({ ...pending('55555555-5555-4555-8555-555555555555', ids.initech, '3') })
        .execute(),
    ).rejects.toThrow();
  });

  it('gives mail a partner column, empty for mail sent before', async () => {
    expect(await db.selectFrom('mail_outbox').select(['partner_id']).execute()).toEqual([{ partner_id: null }]);
  });
});

describe(`onpay migrate over the previous schema (${testEngine})`, () => {
  it('prints the links to review, in --json too', async () => {
    const database = await scratchDatabase('onpay-tenancy-cli');
    const handle = createDb(parseDatabaseUrl(database.url));
    try {
      await migrateToBefore(handle.db);
      const ids = await seedPreviousSchema(handle.db);
      await handle.close();
      const run = await runCli(['migrate', '--json'], cliEnv({ DATABASE_URL: database.url }));
      const result = jsonLine(run) as { applied: string[]; notes: string[] };
      expect(result.applied).toEqual(Object.keys(migrations).slice(Object.keys(migrations).indexOf(TENANCY)));
      expect(result.notes).toHaveLength(2);
      expect(result.notes[0]).toContain(`the link of partner ${ids.intruder} starts empty`);
      // A second run applies nothing and has nothing new to say.
      expect(jsonLine(await runCli(['migrate', '--json'], cliEnv({ DATABASE_URL: database.url })))).toEqual({
        applied: [],
        notes: [],
      });
    } finally {
      await handle.close().catch(() => undefined);
      await database.drop();
    }
  });
});
