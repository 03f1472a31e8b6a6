import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

/** Money is stored as integer minor units (øre/cents) in bigint columns: never floating point. */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withIdColumn(db.schema.createTable('invoices'), engine)
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('payout_count', 'integer', (c) => c.notNull())
    .addColumn('total_salary', 'bigint', (c) => c.notNull())
    .addColumn('total_vacation', 'bigint', (c) => c.notNull())
    .addColumn('total_pension', 'bigint', (c) => c.notNull())
    .addColumn('total_employer_contribution', 'bigint', (c) => c.notNull())
    .addColumn('total_service_fee', 'bigint', (c) => c.notNull())
    .addColumn('total_excl', 'bigint', (c) => c.notNull())
    .addColumn('total_vat', 'bigint', (c) => c.notNull())
    .addColumn('total_incl', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  let payouts = withIdColumn(db.schema.createTable('payouts'), engine)
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('hours', 'varchar(32)')
    .addColumn('description', 'varchar(255)')
    // The inputs the amounts came from, and the rates used: every amount can be explained later.
    .addColumn('products', 'text', (c) => c.notNull())
    .addColumn('rates', 'text', (c) => c.notNull());
  for (const column of [
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
  ]) {
    payouts = payouts.addColumn(column, 'bigint', (c) => c.notNull());
  }
  await payouts
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payouts_partner_listing_idx')
    .on('payouts')
    .columns(['partner_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('payouts_partner_user_idx')
    .on('payouts')
    .columns(['partner_id', 'user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('payouts_invoice_idx').on('payouts').column('invoice_id').execute();
  await db.schema.createIndex('payouts_user_year_idx').on('payouts').columns(['user_id', 'tax_year']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('invoices').execute();
}
