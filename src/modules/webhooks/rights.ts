/**
 * The webhooks module's part of erasure: the stored body of every delivery of a redacted event is
 * replaced by the redacted event. A pending delivery is then sent redacted (same `webhook-id`, so
 * the receiver's sequence has no gap), and a delivered one keeps no copy of the person.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { EventPayload } from '../events/index.js';
import { replaceDeliveryPayloads } from './rights.repository.js';

export function createWebhookRights({ crypto }: { crypto: FieldCrypto }) {
  return {
    redactDeliveries: (trx: Transaction<Database>, events: ReadonlyMap<string, EventPayload>) =>
      replaceDeliveryPayloads(trx, crypto, new Map([...events].map(([id, event]) => [id, JSON.stringify(event)]))),
  };
}

export type WebhookRights = ReturnType<typeof createWebhookRights>;
