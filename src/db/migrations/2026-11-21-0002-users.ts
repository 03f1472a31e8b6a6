import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withIdColumn(db.schema.createTable('users'), engine)
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('email_verified_at', 'varchar(32)')
    .addColumn('first_name', 'varchar(254)')
    .addColumn('last_name', 'varchar(254)')
    .addColumn('address', 'varchar(255)')
    .addColumn('postal_code', 'varchar(10)')
    .addColumn('city', 'varchar(255)')
    .addColumn('dial_code', 'varchar(254)')
    .addColumn('phone', 'varchar(15)')
    .addColumn('main_work', 'integer')
    .addColumn('profile_completed_at', 'varchar(32)')
    .addColumn('bank_account_number', 'varchar(64)')
    .addColumn('bank_iban_number', 'varchar(64)')
    .addColumn('bank_bic_number', 'varchar(16)')
    .addColumn('identification', 'varchar(64)')
    .addColumn('identity_country_code', 'varchar(2)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('document_id', 'varchar(64)')
    .addColumn('identity_verified_at', 'varchar(32)')
    .addColumn('tax_percent', 'varchar(16)')
    .addColumn('tax_type', 'varchar(64)')
    .addColumn('tax_start', 'varchar(10)')
    .addColumn('tax_table', 'varchar(64)')
    .addColumn('tax_free_card', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_phone_idx').on('users').column('phone').execute();
  await db.schema.createIndex('users_identification_idx').on('users').column('identification').execute();

  // A partner sees a user only through a link; internal_id and note belong to the link.
  await db.schema
    .createTable('partner_users')
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('internal_id', 'bigint')
    .addColumn('note', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_users_pk', ['partner_id', 'user_id'])
    .addUniqueConstraint('partner_users_internal_id_uq', ['partner_id', 'internal_id'])
    .execute();
  await db.schema
    .createIndex('partner_users_listing_idx')
    .on('partner_users')
    .columns(['partner_id', 'created_at', 'user_id'])
    .execute();
  await db.schema.createIndex('partner_users_user_idx').on('partner_users').column('user_id').execute();

  await db.schema
    .createTable('terms_approvals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('terms_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('approved_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('terms_approvals_pk', ['user_id', 'terms_code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['terms_approvals', 'partner_users', 'users']) await db.schema.dropTable(table).execute();
}
