import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

/**
 * Events (docs/decisions.md §16): each partner's ordered feed, written in the transaction of the
 * change it announces. `event_sequences` holds each partner's counter (its row is the lock that
 * orders the partner's events by commit); `event_jobs` holds fan-outs too large for the writing
 * transaction (one event per partner), expanded by the events worker.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('object', 'text', (c) => c.notNull())
    .addColumn('previous_attributes', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('events_partner_sequence_key', ['partner_id', 'sequence'])
    .execute();
  await db.schema.createIndex('events_created_idx').on('events').columns(['created_at']).execute();

  await db.schema
    .createTable('event_sequences')
    .addColumn('partner_id', 'integer', (c) => c.primaryKey().references('partners.id').onDelete('cascade'))
    .addColumn('last_sequence', 'integer', (c) => c.notNull())
    // Events up to this sequence have aged out of the feed (0: none).
    .addColumn('purged_through', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withIdColumn(db.schema.createTable('event_jobs'), engineOf(db))
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('object', 'text', (c) => c.notNull())
    // The partners with an id up to this one have their event (the job moves it forward, in the
    // transaction that writes their events).
    .addColumn('done_through_partner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['event_jobs', 'event_sequences', 'events']) await db.schema.dropTable(table).execute();
}
