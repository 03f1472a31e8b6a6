/**
 * One person, many partners. Until now the profile, bank account, registered identity and terms
 * approval lived on the person, so any partner that linked the person by e-mail could read and
 * change them. They move to each partner's link. Existing data goes to the person's OLDEST link
 * only (the partner that created them): copying it to every link would hand a link made by an
 * attacker before this change the victim's data. The other links start empty and are noted in
 * migration_notes for the operator to review (`onpay migrate` prints them).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';
import { rebuildTable } from '../rebuild-table.js';

export const NAME = '2026-11-23-0006-tenancy';

const PROFILE = [
  'first_name',
  'last_name',
  'address',
  'postal_code',
  'city',
  'dial_code',
  'phone',
  'main_work',
  'profile_completed_at',
] as const;
const BANK = ['bank_account_number', 'bank_iban_number', 'bank_bic_number'] as const;
const IDENTITY = ['identification', 'identity_country_code', 'birthday', 'document_id'] as const;

const LINK_COLUMNS: Array<
  [
    name: string,
    type:
      | 'varchar(254)'
      | 'varchar(255)'
      | 'varchar(10)'
      | 'varchar(15)'
      | 'varchar(32)'
      | 'varchar(64)'
      | 'varchar(16)'
      | 'varchar(2)'
      | 'integer',
  ]
> = [
  ['first_name', 'varchar(254)'],
  ['last_name', 'varchar(254)'],
  ['address', 'varchar(255)'],
  ['postal_code', 'varchar(10)'],
  ['city', 'varchar(255)'],
  ['dial_code', 'varchar(254)'],
  ['phone', 'varchar(15)'],
  ['main_work', 'integer'],
  ['profile_completed_at', 'varchar(32)'],
  ['bank_account_number', 'varchar(64)'],
  ['bank_iban_number', 'varchar(64)'],
  ['bank_bic_number', 'varchar(16)'],
  ['identification', 'varchar(64)'],
  ['identity_country_code', 'varchar(2)'],
  ['birthday', 'varchar(10)'],
  ['document_id', 'varchar(64)'],
  ['updated_at', 'varchar(32)'],
];

/** `partner_users` rows that are their person's oldest link (earliest created_at, then lowest partner id). */
const isOldestLink = sql<boolean>`not exists (
  select 1 from partner_users older
  where older.user_id = partner_users.user_id
    and (older.created_at < partner_users.created_at
      or (older.created_at = partner_users.created_at and older.partner_id < partner_users.partner_id)))`;

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  const now = new Date().toISOString();

  await withIdColumn(db.schema.createTable('migration_notes'), engine)
    .addColumn('migration', 'varchar(128)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // 1. Everything a partner enters moves onto its link.
  for (const [name, type] of LINK_COLUMNS) await db.schema.alterTable('partner_users').addColumn(name, type).execute();
  await db
    .updateTable('partner_users')
    .set({ updated_at: sql.ref('created_at') })
    .execute();
  const fromUser = (column: string) =>
    sql`(select u.${sql.ref(column)} from users u where u.id = partner_users.user_id)`;
  await db
    .updateTable('partner_users')
    .set(Object.fromEntries([...PROFILE, ...BANK, ...IDENTITY].map((column) => [column, fromUser(column)])))
    .where(isOldestLink)
    .execute();
  await db.schema.createIndex('partner_users_phone_idx').on('partner_users').columns(['partner_id', 'phone']).execute();
  await db.schema
    .createIndex('partner_users_identification_idx')
    .on('partner_users')
    .columns(['partner_id', 'identification'])
    .execute();

  // 2. Terms approvals belong to the link that recorded them.
  await db.schema.alterTable('terms_approvals').renameTo('terms_approvals_old').execute();
  await db.schema
    .createTable('terms_approvals')
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('terms_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('approved_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_terms_approvals_pk', ['partner_id', 'user_id', 'terms_code'])
    .addForeignKeyConstraint(
      'link_terms_approvals_link_fk',
      ['partner_id', 'user_id'],
      'partner_users',
      ['partner_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await sql`insert into terms_approvals (partner_id, user_id, terms_code, approved_at)
    select partner_users.partner_id, a.user_id, a.terms_code, a.approved_at
    from terms_approvals_old a join partner_users on partner_users.user_id = a.user_id
    where ${isOldestLink}`.execute(db);
  await db.schema.dropTable('terms_approvals_old').execute();

  // 3. A new flow replaces only the same partner's pending session: one pending session per partner and person.
  await rebuildTable(db, {
    table: 'verification_sessions',
    columns: [
      'id',
      'partner_id',
      'user_id',
      'provider',
      'id_type',
      'status',
      'pending_user_id',
      'partner_return_url',
      'start_token_hash',
      'browser_binding_hash',
      'provider_ref',
      'provider_state',
      'outcome_reason',
      'expires_at',
      'verified_at',
      'last_polled_at',
      'created_at',
      'updated_at',
    ],
    create: (table) =>
      table
        .addColumn('id', 'varchar(36)', (c) => c.notNull())
        .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
        // No foreign key: a session outlives its employee record (status then shows onboarding null).
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('id_type', 'varchar(16)')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('pending_user_id', 'integer')
        .addColumn('partner_return_url', 'varchar(2048)', (c) => c.notNull())
        .addColumn('start_token_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('browser_binding_hash', 'varchar(64)')
        .addColumn('provider_ref', 'varchar(255)')
        .addColumn('provider_state', 'text')
        .addColumn('outcome_reason', 'varchar(255)')
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('verified_at', 'varchar(32)')
        .addColumn('last_polled_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('verification_sessions_id_pk', ['id'])
        .addUniqueConstraint('verification_sessions_start_token_uq', ['start_token_hash'])
        .addUniqueConstraint('verification_sessions_pending_uq', ['partner_id', 'pending_user_id']),
    indexes: async (schema) => {
      await schema.schema
        .createIndex('verification_sessions_provider_ref_idx')
        .on('verification_sessions')
        .columns(['provider', 'provider_ref'])
        .execute();
      await schema.schema
        .createIndex('verification_sessions_user_idx')
        .on('verification_sessions')
        .column('user_id')
        .execute();
    },
  });

  // 4. Login links without a partner: the person's own sign-in from /login.
  await rebuildTable(db, {
    table: 'login_links',
    serialId: true,
    columns: ['id', 'partner_id', 'user_id', 'payout_id', 'nonce_hash', 'expires_at', 'used_at', 'created_at'],
    create: (table) =>
      withIdColumn(table, engine)
        .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('payout_id', 'integer', (c) => c.references('payouts.id').onDelete('cascade'))
        .addColumn('nonce_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('login_links_nonce_uq', ['nonce_hash']),
  });

  // 5. Employee sessions remember which partner's link opened them. Sessions opened before this
  //    change showed every partner's payouts: they end now, and the employee signs in again.
  await db.schema
    .alterTable('employee_sessions')
    .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('cascade'))
    .execute();
  await db.updateTable('employee_sessions').set({ ended_at: now }).where('ended_at', 'is', null).execute();

  // 6. The sandbox mailbox is per partner: mail remembers who caused it.
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('cascade'))
    .execute();

  // 7. A payout keeps the account it is paid to, copied from the paying link when it is created.
  //    Payouts made before this change were headed for the person's one account: they keep it.
  for (const [name, type] of [
    ['bank_account_number', 'varchar(64)'],
    ['bank_iban_number', 'varchar(64)'],
    ['bank_bic_number', 'varchar(16)'],
  ] as const) {
    await db.schema.alterTable('payouts').addColumn(name, type).execute();
  }
  await db
    .updateTable('payouts')
    .set(
      Object.fromEntries(
        BANK.map((column) => [column, sql`(select u.${sql.ref(column)} from users u where u.id = payouts.user_id)`]),
      ),
    )
    .execute();

  // 8. The person keeps only what is theirs: e-mail, the verified identity, tax facts.
  await db
    .updateTable('users')
    .set(Object.fromEntries(IDENTITY.map((column) => [column, null])))
    .where('identity_verified_at', 'is', null)
    .execute();
  await db.schema.dropIndex('users_phone_idx').execute();
  for (const column of [...PROFILE, ...BANK]) await db.schema.alterTable('users').dropColumn(column).execute();

  // 9. The links that started empty, for the operator to review.
  const others = await db
    .selectFrom('partner_users')
    .select(['partner_id', 'user_id'])
    .where(sql<boolean>`not ${isOldestLink}`)
    .orderBy('user_id')
    .orderBy('partner_id')
    .execute();
  for (const link of others as Array<{ partner_id: number; user_id: number }>) {
    await db
      .insertInto('migration_notes')
      .values({
        migration: NAME,
        note: `user ${link.user_id}: the link of partner ${link.partner_id} starts empty (profile, bank account, registered identity and terms approval stayed with the partner that created the user); review it`,
        created_at: now,
      })
      .execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('the tenancy migration cannot be undone: it would merge what partners entered separately');
}
