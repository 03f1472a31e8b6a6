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

export async function insertSession(
  db: Executor,
  values: { idHash: string; userId: number; partnerId: number | null; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('employee_sessions')
    .values({ id_hash: values.idHash, user_id: values.userId, partner_id: values.partnerId, created_at: values.now, expires_at: values.expiresAt })
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

/** Whom a link mail goes to: the person's e-mail, greeted by the first name the issuing partner registered (none for the person's own sign-in). */
export async function findRecipient(db: Executor, userId: number, partnerId: number | null) {
  const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const link =
    partnerId === null
      ? undefined
      : await db.selectFrom('partner_users').select('first_name').where('partner_id', '=', partnerId).where('user_id', '=', userId).executeTakeFirst();
  return { email: user.email, first_name: link?.first_name ?? null };
}

export async function findUserIdByEmail(db: Executor, emailNormalized: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('email_normalized', '=', emailNormalized).executeTakeFirst();
  return row?.id;
}
