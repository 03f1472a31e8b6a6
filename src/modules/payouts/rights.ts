/** The payouts module's part of the person's rights: payouts stay for bookkeeping, the copied account goes. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, Executor, PayoutStatus } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { allPayoutsOfEmployee, forgetAccounts, payoutsOfEmployeeIn } from './rights.repository.js';

/** While a payout is in one of these, its money may still move: erasure waits (the account is needed). */
export const OPEN_PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'processing', 'failed'];

export function createPayoutRights({ db, crypto }: { db: Kysely<Database>; crypto: FieldCrypto }) {
  return {
    /** Every payout of the person, whichever partner made it, oldest first. */
    exportOf: (userId: number) => allPayoutsOfEmployee(db, crypto, userId),
    /** The person's payouts that are not settled yet (pending, processing, failed), in the caller's transaction when it has one. */
    open: (executor: Executor, userId: number) => payoutsOfEmployeeIn(executor, userId, OPEN_PAYOUT_STATUSES),
    /** Removes the account copied into the person's payouts; amounts, dates and status stay. */
    erase: (trx: Transaction<Database>, userId: number, now: string) => forgetAccounts(trx, userId, now),
  };
}

export type PayoutRights = ReturnType<typeof createPayoutRights>;
