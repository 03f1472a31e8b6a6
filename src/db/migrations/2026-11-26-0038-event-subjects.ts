/**
 * What each event is about, in the clear (`events.subject`: `payout:12`, `user:7`; the audit log's
 * object words, never personal data), indexed, so the console finds a payout's events without
 * opening a partner's whole feed (docs/decisions.md §27). Events written before it have none: they
 * age out of the feed within its retention (§16). A delivery's attempts are read by delivery
 * through `webhook_attempts_delivery_idx`, which migration 0040 (the console's webhook pages) makes.
 */
import type { Kysely } from 'kysely';

export const NAME = '2026-11-26-0038-event-subjects';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('subject', 'varchar(80)').execute();
  await db.schema.createIndex('events_subject_idx').on('events').columns(['subject', 'sequence']).execute();
}
