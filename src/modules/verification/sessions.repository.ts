import type { Insertable } from 'kysely';
import type {
  Executor,
  VerificationProvider,
  VerificationSessionsTable,
  VerificationStatus,
} from '../../db/database.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { openValues, sealValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/**
 * What a provider left on a session (its private state, its outcome text) is stored encrypted,
 * bound to the session's id: every function here that reads or writes it takes the field crypto.
 */
function openSession<T extends { id: string }>(crypto: FieldCrypto, row: T): T {
  return openValues(crypto, 'verification_sessions', row, row);
}

function sealSession<T extends Record<string, unknown>>(crypto: FieldCrypto, id: string, values: T): T {
  return sealValues(crypto, 'verification_sessions', { id }, values);
}

export async function insertVerificationSession(
  db: Executor,
  crypto: FieldCrypto,
  values: Insertable<VerificationSessionsTable>,
): Promise<void> {
  await db
    .insertInto('verification_sessions')
    .values(sealSession(crypto, values.id, values))
    .execute();
}

const sessionById = reusableQuery(1, (db: Executor, id: string) =>
  db.selectFrom('verification_sessions').selectAll().where('id', '=', id),
);

/** Compiled once: partners poll this on every status check. */
export async function findSession(db: Executor, crypto: FieldCrypto, id: string) {
  const [row] = await sessionById(db, id);
  return row && openSession(crypto, row);
}

export async function findSessionByStartToken(db: Executor, crypto: FieldCrypto, tokenHash: string) {
  const row = await db
    .selectFrom('verification_sessions')
    .selectAll()
    .where('start_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && openSession(crypto, row);
}

export async function findSessionByProviderRef(
  db: Executor,
  crypto: FieldCrypto,
  provider: VerificationProvider,
  ref: string,
) {
  const row = await db
    .selectFrom('verification_sessions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
  return row && openSession(crypto, row);
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

/** Pending sessions whose expiry has passed, oldest first. */
export async function pendingExpiredBefore(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('verification_sessions')
    .select(['id', 'status', 'expires_at'])
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/**
 * Housekeeping: forgets the start token (and the browser binding) of sessions that are over and
 * expired before `cutoff`. The column is unique and required, so it takes the session's own id,
 * which no token hashes to (a SHA-256 is 64 hex digits). Idempotent; returns how many it forgot.
 */
export async function forgetStartTokens(db: Executor, cutoff: string): Promise<number> {
  const result = await db
    .updateTable('verification_sessions')
    .set((eb) => ({ start_token_hash: eb.ref('id'), browser_binding_hash: null }))
    .where('status', '<>', 'pending')
    .where('expires_at', '<=', cutoff)
    .where((eb) => eb('start_token_hash', '<>', eb.ref('id')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The outcome_reason of a session a newer flow of the same partner replaced. */
export const REPLACED_REASON = 'replaced by a new flow';

/**
 * Cancels the partner's own pending session for the person, if any (its new flow replaces it).
 * Found first: the reason is sealed to the session's id (there is at most one, by the unique
 * partner and pending person).
 */
export async function cancelPendingForUser(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
  now: string,
): Promise<number> {
  const pending = await findPendingForUser(db, partnerId, userId);
  if (!pending) return 0;
  const result = await db
    .updateTable('verification_sessions')
    .set({
      status: 'cancelled',
      pending_user_id: null,
      verified_at: now,
      ...sealSession(crypto, pending.id, { outcome_reason: REPLACED_REASON }),
      updated_at: now,
    })
    .where('id', '=', pending.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Corrects the outcome of a session finished in the same transaction (an approval that turned out to conflict). */
export async function setOutcome(
  db: Executor,
  crypto: FieldCrypto,
  id: string,
  values: { status: Exclude<VerificationStatus, 'pending'>; reason: string; now: string },
): Promise<void> {
  await db
    .updateTable('verification_sessions')
    .set({
      status: values.status,
      ...sealSession(crypto, id, { outcome_reason: values.reason }),
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves a pending session to a terminal status. Conditional on `status = 'pending'`, so a terminal
 * state is final and two concurrent outcomes cannot both apply: the caller checks the count.
 */
export async function finishSession(
  db: Executor,
  crypto: FieldCrypto,
  id: string,
  values: { status: Exclude<VerificationStatus, 'pending'>; verifiedAt: string; reason: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('verification_sessions')
    .set({
      status: values.status,
      pending_user_id: null,
      verified_at: values.verifiedAt,
      ...sealSession(crypto, id, { outcome_reason: values.reason }),
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateProviderStart(
  db: Executor,
  crypto: FieldCrypto,
  id: string,
  values: { providerRef: string | null; providerState: string | null; bindingHash: string; now: string },
): Promise<void> {
  await db
    .updateTable('verification_sessions')
    .set({
      provider_ref: values.providerRef,
      ...sealSession(crypto, id, { provider_state: values.providerState }),
      browser_binding_hash: values.bindingHash,
      updated_at: values.now,
    })
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

/** How many sessions ended in this status since then. */
export async function countEndedSince(db: Executor, status: VerificationStatus, since: string): Promise<number> {
  const row = await db
    .selectFrom('verification_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', status)
    .where('updated_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A person's most recent sessions with every partner (the console's employee page). */
export async function sessionsOfUser(db: Executor, crypto: FieldCrypto, userId: number, limit: number) {
  const rows = await db
    .selectFrom('verification_sessions')
    .select(['id', 'partner_id', 'provider', 'status', 'outcome_reason', 'created_at', 'verified_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => openSession(crypto, row));
}

/**
 * Sessions in one status (the console's "ended in an error", "waiting for verification":
 * docs/decisions.md §28), of one partner or every partner, last changed within [changedFrom,
 * changedBefore): by the status index (with the partner, migration 0041's), last changed first;
 * the provider's reason opened here.
 */
export interface SessionStateFilter {
  status: VerificationStatus;
  partnerId?: number;
  changedFrom?: string;
  changedBefore?: string;
}

function sessionsMatching(db: Executor, filter: SessionStateFilter) {
  let query = db.selectFrom('verification_sessions').where('status', '=', filter.status);
  if (filter.partnerId !== undefined) query = query.where('partner_id', '=', filter.partnerId);
  if (filter.changedFrom !== undefined) query = query.where('updated_at', '>=', filter.changedFrom);
  if (filter.changedBefore !== undefined) query = query.where('updated_at', '<', filter.changedBefore);
  return query;
}

export async function sessionsInState(
  db: Executor,
  crypto: FieldCrypto,
  filter: SessionStateFilter,
  limit: number,
  offset: number,
) {
  const rows = await sessionsMatching(db, filter)
    .select(['id', 'partner_id', 'user_id', 'provider', 'status', 'outcome_reason', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => openSession(crypto, row));
}

/** How many sessions match: exact, from the index alone. */
export async function countSessionsInState(db: Executor, filter: SessionStateFilter): Promise<number> {
  const row = await sessionsMatching(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
