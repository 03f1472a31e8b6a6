import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, MailRow } from '../../db/database.js';
import { parseId } from '../../ids.js';
import { safeEqual } from '../../platform/secrets.js';
import { findMail, recentMail } from './mail.repository.js';

export interface SandboxMailboxDeps {
  db: Kysely<Database>;
  signingSecret: string;
  publicBaseUrl: string;
}

const SHOWN = 100;

/**
 * The sandbox keeps mail in the outbox instead of sending it. Each partner sees only the mail its
 * own requests caused: by API with its credentials, or on a page whose address carries a token
 * derived from the signing secret (unguessable, and the same every time for that partner).
 */
export function createSandboxMailbox({ db, signingSecret, publicBaseUrl }: SandboxMailboxDeps) {
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

    async list(partnerId: number): Promise<MailRow[]> {
      return recentMail(db, partnerId, SHOWN);
    },

    async message(partnerId: number, rawId: string): Promise<MailRow | null> {
      const id = parseId(rawId);
      return id === null ? null : ((await findMail(db, partnerId, id)) ?? null);
    },
  };
}

export type SandboxMailbox = ReturnType<typeof createSandboxMailbox>;
