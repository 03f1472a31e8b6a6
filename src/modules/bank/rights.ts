/** The bank module's part of a person's export: the payment files and bank reports of their payouts. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { bankTrailOfPayouts } from './rights.repository.js';

export function createBankRights({ db, crypto }: { db: Kysely<Database>; crypto: FieldCrypto }) {
  return {
    /** Which payment files these payouts went out in, and what the bank reported on them. */
    exportOf: (payoutIds: number[]) => bankTrailOfPayouts(db, crypto, payoutIds),
  };
}

export type BankRights = ReturnType<typeof createBankRights>;
