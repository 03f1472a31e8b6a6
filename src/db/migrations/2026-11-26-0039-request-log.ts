import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

export const NAME = '2026-11-26-0039-request-log';

/**
 * The request log (issue 25 item 4, docs/decisions.md §25): each authenticated partner API request
 * as a row — when, method, route template, the path's ids, status, duration, request id and
 * Idempotency-key; never a body, a query value or an address. Written in batches off the request
 * path; kept for a fixed period and a fixed number of rows per partner (housekeeping removes the rest).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db.schema.createTable('request_log'), engineOf(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('route', 'varchar(255)', (c) => c.notNull())
    .addColumn('path_ids', 'varchar(512)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('duration_us', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(36)')
    .execute();
  // The partner's page: newest first, from a time; the purge: everything before a time.
  await db.schema
    .createIndex('request_log_partner_at_idx')
    .on('request_log')
    .columns(['partner_id', 'at', 'id'])
    .execute();
  await db.schema.createIndex('request_log_at_idx').on('request_log').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_log').execute();
}
