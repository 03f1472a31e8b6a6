/**
 * Field encryption of the stored copies of the person's data (docs/data-protection.md, "Encryption
 * at rest"): event payloads (`events.object`, `events.previous_attributes`), fan-out jobs
 * (`event_jobs.object`) and webhook delivery bodies (`webhook_deliveries.payload`) are encrypted
 * whole. The columns are text already on both engines; this encrypts what an existing database
 * holds, in batches, with the pass of 0031 (a value already encrypted is recognised and left).
 */
import type { Kysely, Migration } from 'kysely';
import type { SealedTable } from '../sealed-columns.js';
import { encryptExisting, type FieldEncryptionContext } from './2026-11-25-0031-field-encryption.js';

export const NAME = '2026-11-26-0032-sealed-events';
const TABLES: readonly SealedTable[] = ['events', 'event_jobs', 'webhook_deliveries'];

export function sealedEvents(context: FieldEncryptionContext): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await encryptExisting(db, context, TABLES, NAME);
    },
  };
}
