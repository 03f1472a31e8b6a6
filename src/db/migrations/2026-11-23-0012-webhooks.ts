import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

/**
 * Webhooks (docs/decisions.md §16): a partner's endpoints, each with a cursor over the partner's
 * event feed; the deliveries the worker enqueued from it (in feed order); and every attempt made.
 * An endpoint's lease (`locked_by`, `locked_until`) lets one worker at a time deliver to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withIdColumn(db.schema.createTable('webhook_endpoints'), engine)
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // JSON array of exact types and `prefix.*` patterns, as the partner wrote them.
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    // After a rotation the old secret signs beside the new one until it expires (24 h).
    .addColumn('previous_secret', 'varchar(100)')
    .addColumn('previous_secret_expires_at', 'varchar(32)')
    // The last sequence of the partner's feed this endpoint has enqueued.
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'varchar(32)')
    // partner (PATCH disabled) or failing (5 days of failed deliveries).
    .addColumn('disabled_reason', 'varchar(16)')
    // The first failed attempt since the last delivered one; null when the last attempt succeeded.
    .addColumn('failing_since', 'varchar(32)')
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_partner_idx')
    .on('webhook_endpoints')
    .columns(['partner_id', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('webhook_deliveries'), engine)
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
    // 0 for a `webhook.test` delivery (not part of the feed).
    .addColumn('sequence', 'integer', (c) => c.notNull())
    // JSON: the event exactly as the feed shows it (kept, so a retry sends the same bytes).
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending, delivered, failed.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'status', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('webhook_attempts'), engine)
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(1024)')
    // When the delivery is tried again; null when it was delivered or has failed for good.
    .addColumn('next_retry_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_endpoint_idx')
    .on('webhook_attempts')
    .columns(['endpoint_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints'])
    await db.schema.dropTable(table).execute();
}
