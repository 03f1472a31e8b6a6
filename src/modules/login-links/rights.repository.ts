/** The SQL of the person's rights (export and erasure) on the login-links module's tables. */
import type { Executor } from '../../db/database.js';

/** The person's login links for their export: when and by whom, never the nonce. */
export async function linksForExport(db: Executor, userId: number) {
  return db
    .selectFrom('login_links')
    .select(['id', 'partner_id', 'payout_id', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Erasure: the person's login links go (an unused one stops working). */
export async function deleteLinksOfUser(trx: Executor, userId: number): Promise<void> {
  await trx.deleteFrom('login_links').where('user_id', '=', userId).execute();
}
