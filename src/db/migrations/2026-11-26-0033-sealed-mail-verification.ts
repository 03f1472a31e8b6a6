/**
 * Mail bodies and what providers left on verification sessions, encrypted like the links
 * (docs/data-protection.md, "Encryption at rest"): `mail_outbox.text_body` and `html_body` (login
 * links, names), `verification_sessions.provider_state` and `outcome_reason`. Widens the one
 * column PostgreSQL would refuse ciphertext in, then encrypts what an existing database holds
 * with the pass of 0031; a rerun after a crash finishes the work.
 */
import type { Kysely, Migration } from 'kysely';
import { engineOf } from '../dialect.js';
import type { SealedTable } from '../sealed-columns.js';
import { encryptExisting, type FieldEncryptionContext } from './2026-11-25-0031-field-encryption.js';

export const NAME = '2026-11-26-0033-sealed-mail-verification';

const TABLES: readonly SealedTable[] = ['mail_outbox', 'verification_sessions'];

export function sealedMailVerification(context: FieldEncryptionContext): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // varchar(255) on PostgreSQL; the bodies and provider_state are text already.
      if (engineOf(db) === 'postgres')
        await db.schema
          .alterTable('verification_sessions')
          .alterColumn('outcome_reason', (c) => c.setDataType('text'))
          .execute();
      await encryptExisting(db, context, TABLES, NAME);
    },
  };
}
