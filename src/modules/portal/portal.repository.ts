import type { Executor } from '../../db/database.js';

/** Starts an employee session (the cookie's digest is the key). */
export async function insertEmployeeSession(
  db: Executor,
  values: { idHash: string; userId: number; partnerId: number | null; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('employee_sessions')
    .values({
      id_hash: values.idHash,
      user_id: values.userId,
      partner_id: values.partnerId,
      created_at: values.now,
      expires_at: values.expiresAt,
    })
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

/** Ends a live session; returns whose it was, or undefined when there was none to end. */
export async function endSession(db: Executor, idHash: string, now: string) {
  return db
    .updateTable('employee_sessions')
    .set({ ended_at: now })
    .where('id_hash', '=', idHash)
    .where('ended_at', 'is', null)
    .returning(['user_id', 'partner_id'])
    .executeTakeFirst();
}
