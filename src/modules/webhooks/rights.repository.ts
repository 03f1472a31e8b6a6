/** The SQL of the person's rights (export and erasure) on the webhooks module's tables. */
import type { Executor } from '../../db/database.js';

/** Erasure: the stored bodies of these events' deliveries, pending ones included, replaced by their redacted form. */
export async function replaceDeliveryPayloads(trx: Executor, payloads: ReadonlyMap<string, string>): Promise<void> {
  for (const [eventId, payload] of payloads)
    await trx.updateTable('webhook_deliveries').set({ payload }).where('event_id', '=', eventId).execute();
}
