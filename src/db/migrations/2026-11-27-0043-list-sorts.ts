import type { Kysely } from 'kysely';

export const NAME = '2026-11-27-0043-list-sorts';

/**
 * Sortable columns on the console's lists (issue 25 item 7, docs/decisions.md §29 "Tables"):
 * - `invoices_partner_due_idx (partner_id, due_date, id)`, so that one partner's invoices list by
 *   due date (either way) with a seek and a walk, as every partner's do on
 *   `invoices_due_date_idx (due_date, id)`;
 * - `invoices_amount_idx (total_incl, id)` and `invoices_partner_amount_idx (partner_id,
 *   total_incl, id)`: every partner's and one partner's invoices by amount (incl. VAT), either way.
 *   Invoices are written once per payout batch and never changed after, so each index costs one
 *   entry per batch.
 * - `access_tokens_partner_idx (partner_id)`: the partners list counts each listed partner's active
 *   tokens on their own (instead of grouping a join, which sorted the page again whatever its
 *   order), one seek each. Tokens are few and rarely written.
 * The other orders (by id, either way) are served by the indexes the lists already use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('invoices_partner_due_idx')
    .on('invoices')
    .columns(['partner_id', 'due_date', 'id'])
    .execute();
  await db.schema.createIndex('invoices_amount_idx').on('invoices').columns(['total_incl', 'id']).execute();
  await db.schema
    .createIndex('invoices_partner_amount_idx')
    .on('invoices')
    .columns(['partner_id', 'total_incl', 'id'])
    .execute();
  await db.schema.createIndex('access_tokens_partner_idx').on('access_tokens').column('partner_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('access_tokens_partner_idx').execute();
  await db.schema.dropIndex('invoices_partner_amount_idx').execute();
  await db.schema.dropIndex('invoices_amount_idx').execute();
  await db.schema.dropIndex('invoices_partner_due_idx').execute();
}
