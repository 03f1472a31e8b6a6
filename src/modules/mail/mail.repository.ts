import { addMs } from '../../clock.js';
import type { Executor, MailRow } from '../../db/database.js';
import { forUpdateSkipLocked } from '../../db/dialect.js';

export interface OutgoingMail {
  /** The partner whose request caused the mail (its sandbox mailbox lists it); null when the person asked for it. */
  partnerId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Puts a message in the outbox; call it inside the transaction that makes the message true. */
export async function enqueueMail(db: Executor, mail: OutgoingMail, now: string): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      partner_id: mail.partnerId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
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
    return trx.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).where('locked_by', '=', workerId).execute();
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
export async function recentMail(db: Executor, partnerId: number, limit: number): Promise<MailRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One message, only if the partner caused it. */
export async function findMail(db: Executor, partnerId: number, id: number): Promise<MailRow | undefined> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', id)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
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
  status: OutboxFilter | null,
  beforeId: number | null,
  limit: number,
): Promise<MailRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (status === 'retrying') query = query.where('status', '=', 'pending').where('attempts', '>', 0);
  else if (status !== null) query = query.where('status', '=', status);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export async function findOutboxMail(db: Executor, id: number): Promise<MailRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
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
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
