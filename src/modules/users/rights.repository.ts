/** The SQL of the person's rights (export and erasure) on the users module's tables. */
import type { Executor } from '../../db/database.js';
import { listCount, releasePlace } from '../../db/list-counters.js';
import { openValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

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

/** Links renumbered per statement when an erased link's place closes: each statement stays well inside PostgreSQL's statement timeout. */
const RENUMBER_STEP = 10_000;

/**
 * Moves the partner's links after `place` down one place, in steps of RENUMBER_STEP places from the
 * oldest (1.75 s for 100 000 links on SQLite at a load average of 20: docs/performance.md). Call it
 * holding the partner's `links` counter, already released for the removed link.
 */
async function closeGap(trx: Executor, partnerId: number, place: number): Promise<void> {
  const top = (await listCount(trx, partnerId, 'links')) + 1;
  for (let from = place + 1; from <= top; from += RENUMBER_STEP)
    await trx
      .updateTable('partner_users')
      .set((eb) => ({ list_position: eb('list_position', '-', 1) }))
      .where('partner_id', '=', partnerId)
      .where('list_position', '>=', from)
      .where('list_position', '<', from + RENUMBER_STEP)
      .execute();
}

/**
 * Removes everything partners entered about the person (their links and terms approvals) and the
 * person's own data, keeping the row (payouts name it by id) under a placeholder e-mail that no
 * real address can equal (it has no `@`).
 */
export async function eraseUser(trx: Executor, userId: number, now: string): Promise<void> {
  await trx.deleteFrom('terms_approvals').where('user_id', '=', userId).execute();

  // Each partner's list loses the link (docs/decisions.md §22). Its counter first, in partner-id
  // order: on PostgreSQL that holds back the partner's new links and other erasures, so the links
  // read and renumbered below do not move meanwhile. Then the newer links move down one place, so
  // places stay dense. (Another erasure of a person linked to the same partner waits at the
  // counter, before it locks any link, so the two cannot wait for each other.)
  const partnerIds = await linkedPartnerIds(trx, userId);
  for (const partnerId of partnerIds) await releasePlace(trx, partnerId, 'links');
  const removed = await trx
    .deleteFrom('partner_users')
    .where('user_id', '=', userId)
    .returning(['partner_id', 'list_position'])
    .execute();
  for (const link of removed.sort((a, b) => a.partner_id - b.partner_id)) {
    // A link made after the partners were read (no lock keeps one from being added) is counted out too.
    if (!partnerIds.includes(link.partner_id)) await releasePlace(trx, link.partner_id, 'links');
    if (link.list_position !== null) await closeGap(trx, link.partner_id, link.list_position);
  }
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
