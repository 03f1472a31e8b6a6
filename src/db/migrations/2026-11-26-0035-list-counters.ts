import type { Kysely } from 'kysely';
import { renumberLists } from '../list-counters.js';

export const NAME = '2026-11-26-0035-list-counters';

/**
 * Lists without counting and without `OFFSET` walks (issue 24 items 1 and 2, docs/decisions.md §22):
 * - `partner_counters`: per partner, how many links (`links`) and payouts (`payouts`) it has,
 *   kept in the writers' transactions;
 * - `list_position` on links and payouts: the row's place in its partner's list (1 = the oldest,
 *   dense), indexed with the partner, so page N is a seek.
 * Existing rows are numbered oldest first (creation time, then id) and counted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('partner_counters')
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_counters_pk', ['partner_id', 'what'])
    .execute();
  await db.schema.alterTable('partner_users').addColumn('list_position', 'integer').execute();
  await db.schema.alterTable('payouts').addColumn('list_position', 'integer').execute();
  await renumberLists(db);
  await db.schema
    .createIndex('partner_users_position_idx')
    .on('partner_users')
    .columns(['partner_id', 'list_position'])
    .execute();
  await db.schema
    .createIndex('payouts_partner_position_idx')
    .on('payouts')
    .columns(['partner_id', 'list_position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payouts_partner_position_idx').execute();
  await db.schema.dropIndex('partner_users_position_idx').execute();
  await db.schema.alterTable('payouts').dropColumn('list_position').execute();
  await db.schema.alterTable('partner_users').dropColumn('list_position').execute();
  await db.schema.dropTable('partner_counters').execute();
}
