/** The SQL of the person's rights (export and erasure) on the verification module's tables. */
import type { Executor } from '../../db/database.js';
import { openValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/** The person's sessions for their export: what happened, never the tokens, bindings or provider state. */
export async function sessionsForExport(db: Executor, crypto: FieldCrypto, userId: number) {
  const rows = await db
    .selectFrom('verification_sessions')
    .select([
      'id',
      'partner_id',
      'provider',
      'id_type',
      'status',
      'partner_return_url',
      'outcome_reason',
      'expires_at',
      'verified_at',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => openValues(crypto, 'verification_sessions', row, row));
}

/** Erasure: the person's sessions go, with what providers reported on them. */
export async function deleteSessionsOfUser(trx: Executor, userId: number): Promise<number> {
  const result = await trx.deleteFrom('verification_sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
