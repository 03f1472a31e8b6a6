import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, VerificationProvider, VerificationSessionsTable, VerificationStatus } from '../../db/database.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function insertSession(db: Executor, values: Insertable<VerificationSessionsTable>): Promise<void> {
  await db.insertInto('verification_sessions').values(values).execute();
}

export async function findSession(db: Executor, id: string) {
  return db.selectFrom('verification_sessions').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function findPendingForUser(db: Executor, userId: number) {
  return db
    .selectFrom('verification_sessions')
    .select('id')
    .where('pending_user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Cancels the user's pending session, if any (a new flow replaces it). */
export async function cancelPendingForUser(db: Executor, userId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('verification_sessions')
    .set({ status: 'cancelled', pending_user_id: null, verified_at: now, outcome_reason: 'replaced by a new flow', updated_at: now })
    .where('pending_user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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

export async function touchPolled(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('verification_sessions').set({ last_polled_at: now }).where('id', '=', id).execute();
}

export async function findPartnerName(db: Executor, partnerId: number): Promise<string | null> {
  const row = await db.selectFrom('partners').select('name').where('id', '=', partnerId).executeTakeFirst();
  return row?.name ?? null;
}

export async function hasWebhookReceipt(db: Executor, digest: string): Promise<boolean> {
  const row = await db.selectFrom('webhook_receipts').select('digest').where('digest', '=', digest).executeTakeFirst();
  return row !== undefined;
}

export async function recordWebhookReceipt(db: Executor, digest: string, provider: string, now: string): Promise<void> {
  await db.insertInto('webhook_receipts').values({ digest, provider, received_at: now }).execute();
}

export async function storeVerifiedIdentity(
  db: Executor,
  userId: number,
  values: { identification: string; countryCode: string; birthday: string; name: string | null; documentId: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      identification: values.identification,
      identity_country_code: values.countryCode,
      birthday: values.birthday,
      verified_name: values.name,
      ...(values.documentId ? { document_id: values.documentId } : {}),
      identity_verified_at: values.now,
      updated_at: values.now,
    })
    .where('id', '=', userId)
    .execute();
}
