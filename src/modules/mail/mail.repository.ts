import { addMs } from '../../clock.js';
import type { Executor, MailRow } from '../../db/database.js';
import { allocateIds, forUpdateSkipLocked } from '../../db/dialect.js';
import { openValues, sealValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/**
 * A message as stored, its bodies opened (decrypted when first read: the console's lists never
 * read them). Bodies are bound to the message's id: one moved to another message does not open.
 */
export function openMail(crypto: FieldCrypto, row: MailRow): MailRow {
  return openValues(crypto, 'mail_outbox', row, row);
}

export interface OutgoingMail {
  /** The partner whose request caused the mail (its sandbox mailbox lists it); null when the person asked for it. */
  partnerId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * When what the body carries stops being good (a login link's expiry): the body is not sent,
   * not shown and removed after it. Never later than MAIL_BODY_RETENTION_MS after queueing.
   */
  bodyExpiresAt?: string;
}

/** The longest a mail's body is kept (docs/data-protection.md, "Retention"): the row stays, the body goes. */
export const MAIL_BODY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** What a mail left unsent because its body went says (`last_error`). */
export const NOT_SENT_BODY_REMOVED = 'not sent: the body was removed (the link in it expired or was used)';

/**
 * Puts a message in the outbox, its bodies encrypted; call it inside the transaction that makes
 * the message true (on SQLite it holds the write lock, which keeps the allocated id free).
 */
export async function enqueueMail(db: Executor, crypto: FieldCrypto, mail: OutgoingMail, now: string): Promise<number> {
  const latest = new Date(Date.parse(now) + MAIL_BODY_RETENTION_MS).toISOString();
  const [id] = (await allocateIds(db, 'mail_outbox', 1)) as [number];
  const row = await db
    .insertInto('mail_outbox')
    .values({
      id,
      partner_id: mail.partnerId,
      to_address: mail.to,
      subject: mail.subject,
      ...sealValues(crypto, 'mail_outbox', { id }, { text_body: mail.text, html_body: mail.html }),
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
      body_expires_at: mail.bodyExpiresAt !== undefined && mail.bodyExpiresAt < latest ? mail.bodyExpiresAt : latest,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims due messages for one worker for `leaseMs`: rows locked with SKIP LOCKED on PostgreSQL so
 * concurrent workers take different rows, and a lease so a crashed worker's rows come back.
 */
export async function claimDue(
  db: Executor,
  crypto: FieldCrypto,
  workerId: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<MailRow[]> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const query = trx
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      // A body past its expiry is never sent; housekeeping marks the mail failed.
      .where('body_expires_at', '>', nowIso)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
      .orderBy('id')
      .limit(limit);
    const ids = (await forUpdateSkipLocked(trx, query).execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    await trx
      .updateTable('mail_outbox')
      .set({ locked_by: workerId, locked_until: addMs(now, leaseMs).toISOString() })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
      .execute();
    const rows = await trx
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', 'in', ids)
      .where('locked_by', '=', workerId)
      .execute();
    return rows.map((row) => openMail(crypto, row));
  });
}

/**
 * Extends this worker's claim on one message just before it is sent. False when the lease has run
 * out (another worker may have claimed the message since): the caller must then not send it.
 */
export async function renewClaim(
  db: Executor,
  id: number,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ locked_until: addMs(now, leaseMs).toISOString() })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'pending')
    .where('locked_until', '>', now.toISOString())
    .where('body_expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a delivery, only if this worker still holds the claim. */
export async function markSent(db: Executor, id: number, workerId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markAttemptFailed(
  db: Executor,
  id: number,
  workerId: string,
  values: { error: string; nextAttemptAt: string; giveUp: boolean },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: values.giveUp ? 'failed' : 'pending',
      attempts: eb('attempts', '+', 1),
      last_error: values.error.slice(0, 1024),
      next_attempt_at: values.nextAttemptAt,
      locked_by: null,
      locked_until: null,
    }))
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

/** The partner's most recent mail, newest first (its sandbox mailbox). */
export async function recentMail(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  limit: number,
): Promise<MailRow[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => openMail(crypto, row));
}

/** One message, only if the partner caused it. */
export async function findMail(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  id: number,
): Promise<MailRow | undefined> {
  const row = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', id)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
  return row && openMail(crypto, row);
}

/** The outbox by status; `retrying`: pending messages that failed at least once. */
export async function outboxCounts(
  db: Executor,
): Promise<{ pending: number; retrying: number; failed: number; sent: number }> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select([
      'status',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>(eb.case().when('attempts', '>', 0).then(1).else(0).end()).as('retrying'),
    ])
    .groupBy('status')
    .execute();
  const of = (status: string) => rows.find((r) => r.status === status);
  return {
    pending: Number(of('pending')?.n ?? 0),
    retrying: Number(of('pending')?.retrying ?? 0),
    failed: Number(of('failed')?.n ?? 0),
    sent: Number(of('sent')?.n ?? 0),
  };
}

/** What the console's outbox filters by: `retrying` is pending mail that failed at least once. */
export type OutboxFilter = 'pending' | 'retrying' | 'failed' | 'sent';

/** One page of the outbox, newest first, before `beforeId`; `limit + 1` rows tell whether more follow. */
export async function listOutbox(
  db: Executor,
  crypto: FieldCrypto,
  status: OutboxFilter | null,
  beforeId: number | null,
  limit: number,
): Promise<MailRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (status === 'retrying') query = query.where('status', '=', 'pending').where('attempts', '>', 0);
  else if (status !== null) query = query.where('status', '=', status);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => openMail(crypto, row));
}

export async function findOutboxMail(db: Executor, crypto: FieldCrypto, id: number): Promise<MailRow | undefined> {
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row && openMail(crypto, row);
}

/**
 * Sends a failed or not yet delivered message again: due now, with a fresh count of attempts, and
 * only while it is still undelivered (a message sent meanwhile stays sent).
 */
export async function requeueMail(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_by: null, locked_until: null })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'pending'])
    .where('body_removed_at', 'is', null)
    .where('body_expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Empties the bodies due by `now` (or of the one message `id`, due or not): the row stays as the
 * record that the mail was queued, to whom, when and whether it was delivered. A message not yet
 * delivered becomes `failed` first, so no worker sends an empty (or dead) mail. Idempotent: a
 * body already removed is not counted again.
 */
export async function removeBodies(db: Executor, now: string, id: number | null = null): Promise<number> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'failed', last_error: NOT_SENT_BODY_REMOVED, locked_by: null, locked_until: null })
    .where('status', '=', 'pending')
    .where('body_removed_at', 'is', null)
    .$if(id === null, (qb) => qb.where('body_expires_at', '<=', now))
    .$if(id !== null, (qb) => qb.where('id', '=', id as number))
    .execute();
  const result = await db
    .updateTable('mail_outbox')
    .set({ text_body: '', html_body: '', body_removed_at: now })
    .where('body_removed_at', 'is', null)
    .$if(id === null, (qb) => qb.where('body_expires_at', '<=', now))
    .$if(id !== null, (qb) => qb.where('id', '=', id as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Empties one message's body now (the login link in it was used); the row stays. */
export async function removeMailBody(db: Executor, id: number, now: string): Promise<void> {
  await removeBodies(db, now, id);
}

/** These messages without their bodies (the console's mail of one person: docs/decisions.md §28). */
export async function mailWithoutBodies(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'partner_id',
      'to_address',
      'subject',
      'status',
      'attempts',
      'last_error',
      'next_attempt_at',
      'created_at',
      'sent_at',
      'body_expires_at',
      'body_removed_at',
    ])
    .where('id', 'in', ids)
    .execute();
}
