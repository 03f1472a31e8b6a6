/**
 * Payment files and the bank history are stored encrypted (docs/data-protection.md, "Encryption
 * at rest"): a pain.001 as sent holds the creditors' names and accounts, and a history line the
 * bank's own words on a payout. This migration makes room on PostgreSQL (the history's text was
 * varchar(500), too short for its ciphertext) and encrypts what an existing database holds, with
 * the pass of 2026-11-25-0031 (resumable: values already encrypted are recognised).
 */
import type { Kysely, Migration } from 'kysely';
import { engineOf } from '../dialect.js';
import { encryptExisting, type FieldEncryptionContext } from './2026-11-25-0031-field-encryption.js';

export const NAME = '2026-11-26-0034-sealed-bank-files';

export function sealedBankFiles(context: FieldEncryptionContext): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (engineOf(db) === 'postgres')
        await db.schema
          .alterTable('bank_payout_history')
          .alterColumn('text', (c) => c.setDataType('text'))
          .execute();
      await encryptExisting(db, context, ['bank_files', 'bank_payout_history'], NAME);
    },
  };
}
