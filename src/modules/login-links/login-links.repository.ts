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
