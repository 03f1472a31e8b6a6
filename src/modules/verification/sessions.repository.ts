import type { Insertable } from 'kysely';
import type { Executor, VerificationProvider, VerificationSessionRow, VerificationSessionsTable, VerificationStatus } from '../../db/database.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { LINKED_USER_COLUMNS, splitLinked, type JoinedRow, type LinkedUserRow } from '../users/users.repository.js';

export async function insertSession(db: Executor, values: Insertable<VerificationSessionsTable>): Promise<void> {
  await db.insertInto('verification_sessions').values(values).execute();
}

const sessionById = reusableQuery(1, (db: Executor, id: string) => db.selectFrom('verification_sessions').selectAll().where('id', '=', id));

/** Compiled once: partners poll this on every status check. */
export async function findSession(db: Executor, id: string) {
  const [row] = await sessionById(db, id);
  return row;
}

/** What a status poll reads of the session. */
export type PolledSession = Pick<
  VerificationSessionRow,
  'id' | 'partner_id' | 'user_id' | 'provider' | 'id_type' | 'status' | 'verified_at' | 'expires_at' | 'last_polled_at'
>;

const sessionWithUser = reusableQuery(2, (db: Executor, id: string, termsCode: string) =>
  db
    .selectFrom('verification_sessions as s')
    // The employee as the session's partner sees them: that partner's link, and its terms approval.
    .leftJoin('partner_users as pu', (join) => join.onRef('pu.partner_id', '=', 's.partner_id').onRef('pu.user_id', '=', 's.user_id'))
    .leftJoin('users as u', 'u.id', 'pu.user_id')
    .leftJoin('terms_approvals as ta', (join) =>
      join.onRef('ta.partner_id', '=', 's.partner_id').onRef('ta.user_id', '=', 's.user_id').on('ta.terms_code', '=', termsCode),
    )
    .select(LINKED_USER_COLUMNS())
    .select([
      's.id as s_id',
      's.partner_id as s_partner_id',
      's.user_id as s_user_id',
      's.provider as s_provider',
      's.id_type as s_id_type',
      's.status as s_status',
      's.verified_at as s_verified_at',
      's.expires_at as s_expires_at',
      's.last_polled_at as s_last_polled_at',
      'ta.approved_at as terms_approved_at',
    ])
    .where('s.id', '=', id),
);

/**
 * A status poll's whole read in one statement: the session, its employee as the session's partner
 * sees them (null when the record is missing) and whether that partner recorded their approval of
 * these terms.
 */
export async function findSessionWithUser(
  db: Executor,
  id: string,
  termsCode: string,
): Promise<{ session: PolledSession; employee: LinkedUserRow | null; approved: boolean } | undefined> {
  const [row] = await sessionWithUser(db, id, termsCode);
  if (!row) return undefined;
  const { s_id, s_partner_id, s_user_id, s_provider, s_id_type, s_status, s_verified_at, s_expires_at, s_last_polled_at, terms_approved_at, ...joined } = row;
  return {
    session: {
      id: s_id,
      partner_id: s_partner_id,
      user_id: s_user_id,
      provider: s_provider,
      id_type: s_id_type,
      status: s_status,
      verified_at: s_verified_at,
      expires_at: s_expires_at,
      last_polled_at: s_last_polled_at,
    },
    employee: joined.id === null ? null : splitLinked(joined as JoinedRow),
    approved: terms_approved_at !== null,
  };
}

export async function findSessionByStartToken(db: Executor, tokenHash: string) {
  return db.selectFrom('verification_sessions').selectAll().where('start_token_hash', '=', tokenHash).executeTakeFirst();
}

export async function findSessionByProviderRef(db: Executor, provider: VerificationProvider, ref: string) {
  return db
    .selectFrom('verification_sessions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

/** The partner's pending session for the person, if any (another partner's never counts). */
export async function findPendingForUser(db: Executor, partnerId: number, userId: number) {
  return db
    .selectFrom('verification_sessions')
    .select('id')
    .where('partner_id', '=', partnerId)
    .where('pending_user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The outcome_reason of a session a newer flow of the same partner replaced. */
export const REPLACED_REASON = 'replaced by a new flow';

/** Cancels the partner's own pending session for the person, if any (its new flow replaces it). */
export async function cancelPendingForUser(db: Executor, partnerId: number, userId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('verification_sessions')
    .set({ status: 'cancelled', pending_user_id: null, verified_at: now, outcome_reason: REPLACED_REASON, updated_at: now })
    .where('partner_id', '=', partnerId)
    .where('pending_user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Corrects the outcome of a session finished in the same transaction (an approval that turned out to conflict). */
export async function setOutcome(db: Executor, id: string, values: { status: Exclude<VerificationStatus, 'pending'>; reason: string; now: string }): Promise<void> {
  await db.updateTable('verification_sessions').set({ status: values.status, outcome_reason: values.reason, updated_at: values.now }).where('id', '=', id).execute();
}

/**
 * Moves a pending session to a terminal status. Conditional on `status = 'pending'`, so a terminal
 * state is final and two concurrent outcomes cannot both apply: the caller checks the count.
 */
export async function finishSession(
  db: Executor,
  id: string,
  values: { status: Exclude<VerificationStatus, 'pending'>; verifiedAt: string; reason: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('verification_sessions')
    .set({
      status: values.status,
      pending_user_id: null,
      verified_at: values.verifiedAt,
      outcome_reason: values.reason,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateProviderStart(
  db: Executor,
  id: string,
  values: { providerRef: string | null; providerState: string | null; bindingHash: string; now: string },
): Promise<void> {
  await db
    .updateTable('verification_sessions')
    .set({ provider_ref: values.providerRef, provider_state: values.providerState, browser_binding_hash: values.bindingHash, updated_at: values.now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Records a poll unless one at or after `staleBefore` is already recorded (polls do not all write). */
export async function touchPolled(db: Executor, id: string, now: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('verification_sessions')
    .set({ last_polled_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_polled_at', 'is', null), eb('last_polled_at', '<', staleBefore)]))
    .execute();
}

export async function hasWebhookReceipt(db: Executor, digest: string): Promise<boolean> {
  const row = await db.selectFrom('webhook_receipts').select('digest').where('digest', '=', digest).executeTakeFirst();
  return row !== undefined;
}

export async function recordWebhookReceipt(db: Executor, digest: string, provider: string, now: string): Promise<void> {
  await db.insertInto('webhook_receipts').values({ digest, provider, received_at: now }).execute();
}
