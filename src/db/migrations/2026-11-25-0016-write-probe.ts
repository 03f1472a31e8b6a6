import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

/**
 * A table for readiness to prove that a write works again after the database ran out of storage
 * (src/db/write-probe.ts): a probe inserts a row of a few pages and deletes it. Empty otherwise.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db.schema.createTable('write_probe'), engineOf(db))
    .addColumn('filler', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('write_probe').execute();
}
