import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, MailRow } from '../../db/database.js';
import { parseId } from '../../ids.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { safeEqual } from '../../platform/secrets.js';
import { findMail, recentMail } from './mail.repository.js';
import { bodyRemovedAt } from './outbox.service.js';

export interface SandboxMailboxDeps {
  db: Kysely<Database>;
  clock: Clock;
  crypto: FieldCrypto;
  signingSecret: string;
  publicBaseUrl: string;
}

const SHOWN = 100;

/** A message as the mailbox shows it: its text, or, once the body was removed, a note saying so. */
export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: MailRow['status'];
  created_at: string;
  body_removed_at: string | null;
}

function mailRowToMessage(row: MailRow, now: Date): MailboxMessage {
  const removedAt = bodyRemovedAt(row, now);
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text:
      removedAt === null
        ? row.text_body
        : `(The body of this message was removed at ${removedAt}: the link in it expired or was used. onpay keeps only the record that it was queued.)`,
    status: row.status,
    created_at: row.created_at,
    body_removed_at: removedAt,
  };
}

/**
 * The sandbox keeps mail in the outbox instead of sending it. Each partner sees only the mail its
 * own requests caused: by API with its credentials, or on a page whose address carries a token
 * derived from the signing secret (unguessable, and the same every time for that partner).
 */
export function createSandboxMailbox({ db, clock, crypto, signingSecret, publicBaseUrl }: SandboxMailboxDeps) {
  const sign = (partnerId: number) =>
    createHmac('sha256', signingSecret).update(`sandbox-mailbox:${partnerId}`).digest('base64url');

  function token(partnerId: number): string {
    return `${partnerId}.${sign(partnerId)}`;
  }

  return {
    pageUrl: (partnerId: number) => `${publicBaseUrl}/sandbox/mailbox/${token(partnerId)}`,

    /** The partner a page token belongs to; null for anything else. */
    partnerOf(raw: string): number | null {
      const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(raw);
      if (!match) return null;
      const partnerId = parseId(match[1] as string);
      return partnerId !== null && safeEqual(sign(partnerId), match[2] as string) ? partnerId : null;
    },

    async list(partnerId: number): Promise<MailboxMessage[]> {
      const now = clock.now();
      return (await recentMail(db, crypto, partnerId, SHOWN)).map((row) => mailRowToMessage(row, now));
    },

    async message(partnerId: number, rawId: string): Promise<MailboxMessage | null> {
      const id = parseId(rawId);
      const row = id === null ? undefined : await findMail(db, crypto, partnerId, id);
      return row ? mailRowToMessage(row, clock.now()) : null;
    },
  };
}

export type SandboxMailbox = ReturnType<typeof createSandboxMailbox>;
