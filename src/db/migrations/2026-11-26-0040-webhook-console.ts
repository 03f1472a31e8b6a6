import type { Kysely } from 'kysely';

/**
 * Indexes of the console's webhook pages (docs/decisions.md §26):
 * - an endpoint's deliveries newest first, of any status (the delivery log; the due-work index leads
 *   with the status and serves only a log filtered by one);
 * - a delivery's attempts (the delivery's page): attempts were only reachable by endpoint.
 */
export const NAME = '2026-11-26-0040-webhook-console';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_attempts_delivery_idx').execute();
  await db.schema.dropIndex('webhook_deliveries_endpoint_idx').execute();
}
