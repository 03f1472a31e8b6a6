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
