import type { Kysely } from 'kysely';

export const NAME = '2026-11-26-0042-invoices';

/**
 * Invoices as objects (issue 25 item 5, docs/decisions.md §24):
 * - `invoices.number`: the seller's gapless invoice number (1, 2, 3, … over every partner), unique;
 *   `invoices.issue_date`: the day it was issued (Europe/Oslo). Existing invoices are numbered in
 *   id order and take the Oslo day of their creation as issue date;
 * - `invoice_numbers`: one row holding the last number given, taken in the batch's transaction
 *   (`last = last + 1`), so a rolled-back batch gives its number back and concurrent batches wait
 *   for each other's commit;
 * - the partner's invoice details: `legal_name`, `org_number`, `address` (all optional; the
 *   invoice falls back to the partner's name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('number', 'integer').execute();
  await db.schema.alterTable('invoices').addColumn('issue_date', 'text').execute();
  const rows = await db.selectFrom('invoices').select(['id', 'created_at']).orderBy('id').execute();
  let number = 0;
  for (const row of rows) {
    number += 1;
    await db
      .updateTable('invoices')
      .set({ number, issue_date: osloDay(String(row.created_at)) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.createIndex('invoices_number_idx').on('invoices').column('number').unique().execute();
  await db.schema
    .createTable('invoice_numbers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('invoice_numbers').values({ id: 1, last: number }).execute();
  await db.schema.alterTable('partners').addColumn('legal_name', 'text').execute();
  await db.schema.alterTable('partners').addColumn('org_number', 'text').execute();
  await db.schema.alterTable('partners').addColumn('address', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('partners').dropColumn('address').execute();
  await db.schema.alterTable('partners').dropColumn('org_number').execute();
  await db.schema.alterTable('partners').dropColumn('legal_name').execute();
  await db.schema.dropTable('invoice_numbers').execute();
  await db.schema.dropIndex('invoices_number_idx').execute();
  await db.schema.alterTable('invoices').dropColumn('issue_date').execute();
  await db.schema.alterTable('invoices').dropColumn('number').execute();
}

const OSLO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Europe/Oslo at an ISO timestamp (YYYY-MM-DD). */
function osloDay(timestamp: string): string {
  return OSLO_DAY.format(new Date(timestamp));
}
