/** The SQL of the person's rights (export and erasure) on the events module's tables. */
import type { Executor } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { openEvent, sealEvent } from './events.repository.js';

/** A partner's events of these types after `after`, in sequence order (erasure reads them a page at a time). */
export async function eventsOfTypes(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  types: readonly string[],
  after: number,
  limit: number,
) {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('type', 'in', types)
    .where('sequence', '>', after)
    .orderBy('sequence')
    .limit(limit)
    .execute();
  return rows.map((row) => openEvent(crypto, row));
}

/** Erasure: an event's payload replaced (encrypted as every payload); its id, type and sequence stay, so the feed keeps no gap. */
export async function redactEvent(trx: Executor, crypto: FieldCrypto, id: string, object: string): Promise<void> {
  const { object: sealed } = sealEvent(crypto, { id, object, previous_attributes: null });
  await trx.updateTable('events').set({ object: sealed, previous_attributes: null }).where('id', '=', id).execute();
}
