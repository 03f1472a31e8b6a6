/**
 * A failed payout's words (`payouts.failure_message`: the bank's text, which may name the person
 * and the account, or the operator's reason) encrypted like the payout's account
 * (docs/data-protection.md, "Encryption at rest"), bound to the payout's id. Widens the column on
 * PostgreSQL, then encrypts what an existing database holds with the pass of 0031; a rerun after a
 * crash finishes the work.
 */
import type { Kysely, Migration } from 'kysely';
import { engineOf } from '../dialect.js';
import { encryptExisting, type FieldEncryptionContext } from './2026-11-25-0031-field-encryption.js';

export const NAME = '2026-11-26-0037-sealed-failure-message';

export function sealedFailureMessage(context: FieldEncryptionContext): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // varchar(500) on PostgreSQL would refuse the ciphertext of a long reason.
      if (engineOf(db) === 'postgres')
        await db.schema
          .alterTable('payouts')
          .alterColumn('failure_message', (c) => c.setDataType('text'))
          .execute();
      await encryptExisting(db, context, ['payouts'], NAME);
    },
  };
}
