import type { Kysely } from 'kysely';

/**
 * Erasure (`onpay user erase`, docs/data-protection.md "Export and erasure"): when the person was
 * erased (the row stays, with no personal data, because payouts kept for bookkeeping name it by
 * id; null for everyone else), and an index to find the webhook deliveries of an event whose
 * payload erasure redacts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('erased_at', 'varchar(32)').execute();
  await db.schema.createIndex('webhook_deliveries_event_idx').on('webhook_deliveries').column('event_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_event_idx').execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
}
