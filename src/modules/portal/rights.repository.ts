/** The SQL of the person's rights (export and erasure) on the portal module's tables. */
import type { Executor } from '../../db/database.js';

/** The person's sessions on their own pages for their export: never the cookie's hash. */
export async function sessionsForExport(db: Executor, userId: number) {
  return db
    .selectFrom('employee_sessions')
    .select(['partner_id', 'created_at', 'expires_at', 'ended_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Erasure: the person's sessions go (a signed-in browser is signed out). */
export async function deleteSessionsOfUser(trx: Executor, userId: number): Promise<void> {
  await trx.deleteFrom('employee_sessions').where('user_id', '=', userId).execute();
}
