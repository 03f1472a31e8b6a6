/** The SQL of the person's rights (export and erasure) on the events module's tables. */
import type { Executor } from '../../db/database.js';

/** A partner's events of these types after `after`, in sequence order (erasure reads them a page at a time). */
export async function eventsOfTypes(
  db: Executor,
  partnerId: number,
  types: readonly string[],
  after: number,
  limit: number,
) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('type', 'in', types)
    .where('sequence', '>', after)
    .orderBy('sequence')
    .limit(limit)
    .execute();
}

/** Erasure: an event's payload replaced; its id, type and sequence stay, so the feed keeps no gap. */
export async function redactEvent(trx: Executor, id: string, object: string): Promise<void> {
  await trx.updateTable('events').set({ object, previous_attributes: null }).where('id', '=', id).execute();
}
