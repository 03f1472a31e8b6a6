/** The SQL of the person's rights (export and erasure) on the webhooks module's tables. */
import type { Executor } from '../../db/database.js';
import { sealValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/**
 * Erasure: the stored bodies of these events' deliveries, pending ones included, replaced by their
 * redacted form, each encrypted for its own row (a body is bound to its delivery's id).
 */
export async function replaceDeliveryPayloads(
  trx: Executor,
  crypto: FieldCrypto,
  payloads: ReadonlyMap<string, string>,
): Promise<void> {
  const eventIds = [...payloads.keys()];
  for (let i = 0; i < eventIds.length; i += 500) {
    const deliveries = await trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'event_id'])
      .where('event_id', 'in', eventIds.slice(i, i + 500))
      .execute();
    for (const { id, event_id } of deliveries)
      await trx
        .updateTable('webhook_deliveries')
        .set(sealValues(crypto, 'webhook_deliveries', { id }, { payload: payloads.get(event_id) as string }))
        .where('id', '=', id)
        .execute();
  }
}
