/** The bank module's part of a person's export: the payment files and bank reports of their payouts. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { bankTrailOfPayouts } from './rights.repository.js';

export function createBankRights({ db }: { db: Kysely<Database> }) {
  return {
    /** Which payment files these payouts went out in, and what the bank reported on them. */
    exportOf: (payoutIds: number[]) => bankTrailOfPayouts(db, payoutIds),
  };
}

export type BankRights = ReturnType<typeof createBankRights>;
