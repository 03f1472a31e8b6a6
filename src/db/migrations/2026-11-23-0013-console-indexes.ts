import type { Kysely } from 'kysely';

/**
 * The operator console's lists and queues (docs/performance.md, "The console"):
 * - payouts by status, covering what the lists total (the invoice, the net amounts, the invoiced
 *   amount): the count and sums of a filtered list and the dashboard's pending queue read this
 *   narrow index instead of the wide payout rows (products and rates JSON);
 * - invoices by due date (the due-date filters);
 * - verification sessions by status and last change (the dashboard's "ended in an error today");
 * - links by phone and by internal id across partners (the employee search).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payouts_console_idx')
    .on('payouts')
    .columns(['status', 'partner_id', 'invoice_id', 'net_salary', 'net_vacation', 'invoice_incl'])
    .execute();
  await db.schema.createIndex('invoices_due_date_idx').on('invoices').columns(['due_date', 'id']).execute();
  await db.schema
    .createIndex('verification_sessions_status_updated_idx')
    .on('verification_sessions')
    .columns(['status', 'updated_at'])
    .execute();
  await db.schema.createIndex('partner_users_any_phone_idx').on('partner_users').column('phone').execute();
  await db.schema.createIndex('partner_users_internal_id_idx').on('partner_users').column('internal_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('partner_users_internal_id_idx').execute();
  await db.schema.dropIndex('partner_users_any_phone_idx').execute();
  await db.schema.dropIndex('verification_sessions_status_updated_idx').execute();
  await db.schema.dropIndex('invoices_due_date_idx').execute();
  await db.schema.dropIndex('payouts_console_idx').execute();
}
