/** The SQL of the person's rights (export and erasure) on the payouts module's tables. */
import type { Executor, PayoutStatus } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { openPayout } from './payouts.repository.js';

/** Every payout of the person, whichever partner made it, oldest first, the copied account opened (their export). */
export async function allPayoutsOfEmployee(db: Executor, crypto: FieldCrypto, userId: number) {
  const rows = await db.selectFrom('payouts').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((row) => openPayout(crypto, row));
}

/** The person's payouts in these statuses (erasure waits for them), by id. */
export async function payoutsOfEmployeeIn(db: Executor, userId: number, statuses: readonly PayoutStatus[]) {
  return db
    .selectFrom('payouts')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .orderBy('id')
    .execute();
}

/**
 * Erasure: the account copied into the person's payouts goes, and a failure's words (the bank's
 * text may name the person); amounts, dates, status and the failure's code stay for bookkeeping.
 */
export async function forgetAccounts(trx: Executor, userId: number, now: string): Promise<void> {
  await trx
    .updateTable('payouts')
    .set({
      bank_account_number: null,
      bank_iban_number: null,
      bank_bic_number: null,
      failure_message: null,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .execute();
}
