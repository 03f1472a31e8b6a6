import type { Insertable } from 'kysely';
import type { Executor, OperatorRow, OperatorsTable } from '../../db/database.js';

type OperatorUpdate = Partial<Omit<OperatorRow, 'id' | 'email' | 'email_normalized' | 'created_at'>>;

export async function insertOperator(db: Executor, values: Insertable<OperatorsTable>): Promise<OperatorRow> {
  return db.insertInto('operators').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findOperator(db: Executor, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOperatorByEmail(db: Executor, emailNormalized: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

export async function findOperatorBySetupToken(db: Executor, tokenHash: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('setup_token_hash', '=', tokenHash).executeTakeFirst();
}

export async function listOperators(db: Executor): Promise<OperatorRow[]> {
  return db.selectFrom('operators').selectAll().orderBy('id').execute();
}

export async function updateOperator(db: Executor, id: number, values: OperatorUpdate): Promise<void> {
  await db.updateTable('operators').set(values).where('id', '=', id).execute();
}

/** Counts a failed sign-in; returns the count after it. */
export async function countFailure(db: Executor, id: number, now: string): Promise<number> {
  const row = await db
    .updateTable('operators')
    .set((eb) => ({ failed_sign_ins: eb('failed_sign_ins', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returning('failed_sign_ins')
    .executeTakeFirstOrThrow();
  return Number(row.failed_sign_ins);
}

/** Takes a TOTP step only if it is newer than the last one used (a code works once, also under races). */
export async function takeTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Replaces the recovery codes only if they are still `expected` (what the sign-in read): two
 * sign-ins racing with the same code cannot both use it. False when another change came first.
 */
export async function takeRecoveryCodes(
  db: Executor,
  id: number,
  expected: string | null,
  remaining: string,
): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ recovery_codes: remaining })
    .where('id', '=', id)
    .where((eb) => (expected === null ? eb('recovery_codes', 'is', null) : eb('recovery_codes', '=', expected)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSession(
  db: Executor,
  values: { idHash: string; operatorId: number; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({
      id_hash: values.idHash,
      operator_id: values.operatorId,
      created_at: values.now,
      last_seen_at: values.now,
      expires_at: values.expiresAt,
    })
    .execute();
}

export async function findSession(db: Executor, idHash: string) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id_hash',
      's.operator_id',
      's.last_seen_at',
      's.expires_at',
      's.ended_at',
      'o.email',
      'o.role',
      'o.status',
    ])
    .where('s.id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, idHash: string, now: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function endSession(db: Executor, idHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('operator_sessions')
    .set({ ended_at: now })
    .where('id_hash', '=', idHash)
    .where('ended_at', 'is', null)
    .returning('operator_id')
    .executeTakeFirst();
  return row?.operator_id;
}

export async function endSessionsOf(db: Executor, operatorId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('operator_sessions')
    .set({ ended_at: now })
    .where('operator_id', '=', operatorId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
