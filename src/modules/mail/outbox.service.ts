import type { Kysely } from 'kysely';
import { isoNow, type Clock } from '../../clock.js';
import type { Database, MailRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isId } from '../../ids.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { AuditService } from '../audit/index.js';
import * as repo from './mail.repository.js';

export type { OutboxFilter } from './mail.repository.js';

/** A message as the console lists it: the recipient masked, never the body. */
export interface OutboxMail {
  id: number;
  partner_id: number | null;
  to: string;
  subject: string;
  status: MailRow['status'];
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  /** When the body was removed (the link in it expired or was used, or the retention ran out); null while kept. */
  body_removed_at: string | null;
}

/**
 * When a message's body went, as readers must see it: removed in storage, or past its expiry
 * and due for the next housekeeping round (a dead link is never shown or sent meanwhile).
 */
export function bodyRemovedAt(row: Pick<MailRow, 'body_removed_at' | 'body_expires_at'>, now: Date): string | null {
  if (row.body_removed_at !== null) return row.body_removed_at;
  return Date.parse(row.body_expires_at) <= now.getTime() ? row.body_expires_at : null;
}

/** `kari.nordmann@example.com` → `k…@example.com`: enough to tell messages apart, no more. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '…' : `${address[0]}…${address.slice(at)}`;
}

function mailRowToOutboxMail(
  row: Omit<MailRow, 'text_body' | 'html_body' | 'locked_by' | 'locked_until'>,
  now: Date,
): OutboxMail {
  return {
    id: row.id,
    partner_id: row.partner_id,
    to: maskAddress(row.to_address),
    subject: row.subject,
    status: row.status,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    sent_at: row.sent_at,
    body_removed_at: bodyRemovedAt(row, now),
  };
}

/** The outbox as the console sees it. */
export function createOutbox({
  db,
  clock,
  crypto,
  audit,
}: {
  db: Kysely<Database>;
  clock: Clock;
  crypto: FieldCrypto;
  audit: Pick<AuditService, 'record'>;
}) {
  return {
    counts: () => repo.outboxCounts(db),

    /** One page, newest first, before `beforeId`. */
    async list(query: {
      status: repo.OutboxFilter | null;
      beforeId: number | null;
      limit: number;
    }): Promise<{ mail: OutboxMail[]; has_more: boolean }> {
      const rows = await repo.listOutbox(db, crypto, query.status, query.beforeId, query.limit + 1);
      const now = clock.now();
      return {
        mail: rows.slice(0, query.limit).map((row) => mailRowToOutboxMail(row, now)),
        has_more: rows.length > query.limit,
      };
    },

    /** These messages as the console lists them (no body), by id. */
    async byIds(ids: number[]): Promise<Map<number, OutboxMail>> {
      const now = clock.now();
      const rows = await repo.mailWithoutBodies(db, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, mailRowToOutboxMail(row, now)]));
    },

    /**
     * One message's text body (the console, sandbox only: docs/decisions.md §28), or null when it
     * was removed (its link expired or was used, or the retention ran out).
     */
    async body(id: number): Promise<{ mail: OutboxMail; text: string | null } | null> {
      const row = isId(id) ? await repo.findOutboxMail(db, crypto, id) : undefined;
      if (!row) return null;
      const mail = mailRowToOutboxMail(row, clock.now());
      return { mail, text: mail.body_removed_at === null ? row.text_body : null };
    },

    /** Queues a failed or undelivered message again (the worker sends it next); a sent one is refused. */
    async resend(id: number): Promise<OutboxMail> {
      const row = isId(id) ? await repo.findOutboxMail(db, crypto, id) : undefined;
      if (!row) throw new AppError('route_not_found', `Message ${id} does not exist.`);
      const requeued = await db.transaction().execute(async (trx) => {
        if (!(await repo.requeueMail(trx, id, isoNow(clock)))) return false;
        await audit.record(trx, {
          action: 'mail.resent',
          object: { type: 'mail', id },
          partnerId: row.partner_id,
          fields: ['status', 'attempts', 'next_attempt_at'],
        });
        return true;
      });
      if (!requeued) {
        if (row.status !== 'sent' && bodyRemovedAt(row, clock.now()) !== null)
          throw new AppError(
            'conflict',
            `Message ${id} cannot be sent again: its body was removed (the link in it expired or was used).`,
          );
        throw new AppError('conflict', `Message ${id} was delivered already; there is nothing to send again.`);
      }
      return mailRowToOutboxMail((await repo.findOutboxMail(db, crypto, id))!, clock.now());
    },

    /**
     * Housekeeping: empties the bodies past their expiry (a login link's mail once the link
     * expired; any other after MAIL_BODY_RETENTION_MS); the rows stay. Returns how many.
     */
    removeExpiredBodies: () => repo.removeBodies(db, isoNow(clock)),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
