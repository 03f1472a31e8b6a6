import type { Kysely } from 'kysely';

/**
 * Indexes that serve each list's filters and order (issue 24 item 5; docs/performance.md "Indexes
 * and query plans (issue 24)", pinned by test/db/query-plans.test.ts). Every index ends in `id`
 * because every list breaks ties by id: on PostgreSQL an index without it leaves a sort.
 * - payouts by partner and work date: `GET /payouts?from=&to=`;
 * - payouts by partner and status, newest first: `GET /payouts?status=`;
 * - payouts by partner and employee, newest first, now ending in id: `GET /payouts?user_id=` and
 *   `GET /users/{id}/payouts` (replaces the index without id);
 * - payouts by employee and work date: the employee's own list (portal), which orders by date (one
 *   partner's, when the scope names one, is the same walk filtered: a person's payouts are few);
 * - payouts by status and by partner, in id order: the console's payout list;
 * - payouts by invoice, in id order: the console's list of one invoice (replaces the index without id);
 * - invoices by partner, in id order: the console's invoice list of one partner;
 * - the audit log by partner and by action, newest first: `onpay audit list` / the console's audit page;
 * - mail by partner and by status, newest first: the partner's sandbox mailbox and the console's outbox;
 * - people waiting for an identity review, now ending in id: the console's review queue (replaces
 *   the index without id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('payouts_partner_date_idx').on('payouts').columns(['partner_id', 'date', 'id']).execute();
  await db.schema
    .createIndex('payouts_partner_status_idx')
    .on('payouts')
    .columns(['partner_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('payouts_partner_user_idx').execute();
  await db.schema
    .createIndex('payouts_partner_user_idx')
    .on('payouts')
    .columns(['partner_id', 'user_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('payouts_user_date_idx').on('payouts').columns(['user_id', 'date', 'id']).execute();
  await db.schema.createIndex('payouts_status_id_idx').on('payouts').columns(['status', 'id']).execute();
  await db.schema.createIndex('payouts_partner_id_idx').on('payouts').columns(['partner_id', 'id']).execute();
  await db.schema.dropIndex('payouts_invoice_idx').execute();
  await db.schema.createIndex('payouts_invoice_idx').on('payouts').columns(['invoice_id', 'id']).execute();
  await db.schema.createIndex('invoices_partner_idx').on('invoices').columns(['partner_id', 'id']).execute();
  await db.schema.createIndex('audit_log_partner_idx').on('audit_log').columns(['partner_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('mail_outbox_partner_idx').on('mail_outbox').columns(['partner_id', 'id']).execute();
  await db.schema.createIndex('mail_outbox_status_idx').on('mail_outbox').columns(['status', 'id']).execute();
  await db.schema.dropIndex('users_identity_review_idx').execute();
  await db.schema
    .createIndex('users_identity_review_idx')
    .on('users')
    .columns(['identity_review_since', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_identity_review_idx').execute();
  await db.schema.createIndex('users_identity_review_idx').on('users').column('identity_review_since').execute();
  await db.schema.dropIndex('mail_outbox_status_idx').execute();
  await db.schema.dropIndex('mail_outbox_partner_idx').execute();
  await db.schema.dropIndex('audit_log_action_idx').execute();
  await db.schema.dropIndex('audit_log_partner_idx').execute();
  await db.schema.dropIndex('invoices_partner_idx').execute();
  await db.schema.dropIndex('payouts_invoice_idx').execute();
  await db.schema.createIndex('payouts_invoice_idx').on('payouts').column('invoice_id').execute();
  await db.schema.dropIndex('payouts_partner_id_idx').execute();
  await db.schema.dropIndex('payouts_status_id_idx').execute();
  await db.schema.dropIndex('payouts_user_date_idx').execute();
  await db.schema.dropIndex('payouts_partner_user_idx').execute();
  await db.schema
    .createIndex('payouts_partner_user_idx')
    .on('payouts')
    .columns(['partner_id', 'user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('payouts_partner_status_idx').execute();
  await db.schema.dropIndex('payouts_partner_date_idx').execute();
}
