/** The SQL of the person's rights (export and erasure) on the users module's tables. */
import type { Executor } from '../../db/database.js';
import { openValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { writeSearchText } from './directory.repository.js';

/** Every link to the person with everything its partner entered (its encrypted columns opened), oldest first. */
export async function allLinksOf(db: Executor, crypto: FieldCrypto, userId: number) {
  const rows = await db
    .selectFrom('partner_users')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('partner_id')
    .execute();
  return rows.map((row) => openValues(crypto, 'partner_users', row, row));
}

/** Every terms approval each partner recorded for the person. */
export async function approvalsOf(db: Executor, userId: number) {
  return db
    .selectFrom('terms_approvals')
    .select(['partner_id', 'terms_code', 'approved_at'])
    .where('user_id', '=', userId)
    .orderBy('approved_at')
    .execute();
}

/** The partners linked to the person, in id order. */
export async function linkedPartnerIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('partner_users')
    .select('partner_id')
    .where('user_id', '=', userId)
    .orderBy('partner_id')
    .execute();
  return rows.map((row) => row.partner_id);
}

/**
 * Removes everything partners entered about the person (their links and terms approvals) and the
 * person's own data, keeping the row (payouts name it by id) under a placeholder e-mail that no
 * real address can equal (it has no `@`).
 */
export async function eraseUser(trx: Executor, userId: number, now: string): Promise<void> {
  await trx.deleteFrom('terms_approvals').where('user_id', '=', userId).execute();
  await trx.deleteFrom('partner_users').where('user_id', '=', userId).execute();
  // Nothing left to find in the console's search (SQLite's FTS5 index deletes securely too).
  await writeSearchText(trx, userId, '');
  const placeholder = `erased:${userId}`;
  await trx
    .updateTable('users')
    .set({
      email: placeholder,
      email_normalized: placeholder,
      email_verified_at: null,
      tax_percent: null,
      tax_type: null,
      tax_start: null,
      tax_table: null,
      tax_free_card: null,
      identity_review_since: null,
      erased_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/** Which of these people were erased. */
export async function erasedAmong(db: Executor, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where('erased_at', 'is not', null)
    .execute();
  return rows.map((row) => row.id);
}
