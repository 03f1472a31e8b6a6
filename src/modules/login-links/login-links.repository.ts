import type { Insertable } from 'kysely';
import type { Executor, LoginLinksTable } from '../../db/database.js';

export async function insertLink(db: Executor, values: Insertable<LoginLinksTable>): Promise<number> {
  const row = await db.insertInto('login_links').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findLink(db: Executor, id: number) {
  return db.selectFrom('login_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Uses the link: conditional on unused and unexpired, so of two tabs exactly one wins. */
export async function consumeLink(db: Executor, id: number, nonceHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('login_links')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes the mail that carries the link, so using the link removes that mail's body. */
export async function attachMail(db: Executor, id: number, mailId: number): Promise<void> {
  await db.updateTable('login_links').set({ mail_id: mailId }).where('id', '=', id).execute();
}

/** Housekeeping: removes links that expired before `cutoff` (used or not); returns how many. */
export async function deleteExpiredBefore(db: Executor, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('login_links').where('expires_at', '<=', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The person's most recent login links, every partner's and their own, newest first (by login_links_user_idx). */
export async function linksOfUser(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('login_links')
    .select(['id', 'partner_id', 'payout_id', 'expires_at', 'used_at', 'created_at', 'mail_id'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
