import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, LoginLinksTable } from '../../db/database.js';

type Executor = Kysely<Database> | Transaction<Database>;

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

export async function insertSession(db: Executor, values: { idHash: string; userId: number; now: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('employee_sessions')
    .values({ id_hash: values.idHash, user_id: values.userId, created_at: values.now, expires_at: values.expiresAt })
    .execute();
}

export async function findLiveSession(db: Executor, idHash: string, now: string) {
  return db
    .selectFrom('employee_sessions')
    .selectAll()
    .where('id_hash', '=', idHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function endSession(db: Executor, idHash: string, now: string): Promise<void> {
  await db.updateTable('employee_sessions').set({ ended_at: now }).where('id_hash', '=', idHash).execute();
}

export async function findUserEmailAndName(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}

