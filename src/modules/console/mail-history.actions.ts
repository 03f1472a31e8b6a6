/**
 * The mail and login links sent to one person (docs/decisions.md §28): when, why (the link's
 * kind), delivered or not, and whether the link was used or expired. In the sandbox the operator
 * role and above can read a body, audited; in live the console never shows one.
 */
import type { Kysely } from 'kysely';
import type { Environment } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import type { AuditService } from '../audit/index.js';
import type { LoginLinkService } from '../login-links/index.js';
import type { Outbox, OutboxMail } from '../mail/index.js';
import { can, requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PartnerService } from '../partners/index.js';
import { userIdOf } from './money.actions.js';

export interface MailHistoryDeps {
  /** Only handed to the audit module's `record`. */
  db: Kysely<Database>;
  environment: Environment;
  /** SMTP_URL is set: the mail worker delivers (a sandbox without it sends nothing). */
  sendsMail: boolean;
  loginLinks: Pick<LoginLinkService, 'ofUser'>;
  outbox: Pick<Outbox, 'byIds' | 'body'>;
  partners: Pick<PartnerService, 'partnerNames'>;
  audit: Pick<AuditService, 'record'>;
  clock: { now(): Date };
}

/** Why a link was made: the person's own sign-in at /login, a partner's link to a payout, or to their pages. */
export type LinkKind = 'own_sign_in' | 'payout' | 'employee_pages';

export interface SentLink {
  linkId: number;
  kind: LinkKind;
  /** The partner that asked for it; null for the person's own sign-in. */
  partnerId: number | null;
  partnerName: string | null;
  payoutId: number | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  state: 'used' | 'expired' | 'open';
  /** The mail that carried it; null when the partner took the link itself (`send_email` false). */
  mail: OutboxMail | null;
}

/** How many of a person's most recent links the page shows (login links are kept for a while only: docs/decisions.md §12). */
export const SHOWN_LINKS = 50;

export function createMailHistoryActions(deps: MailHistoryDeps) {
  const sandbox = deps.environment === 'sandbox';

  async function sentLinks(userId: number): Promise<SentLink[]> {
    const links = await deps.loginLinks.ofUser(userId, SHOWN_LINKS);
    const [mail, names] = await Promise.all([
      deps.outbox.byIds(links.flatMap((l) => (l.mail_id === null ? [] : [l.mail_id]))),
      deps.partners.partnerNames(links.flatMap((l) => (l.partner_id === null ? [] : [l.partner_id]))),
    ]);
    const now = deps.clock.now().getTime();
    return links.map((l) => ({
      linkId: l.id,
      kind: l.partner_id === null ? 'own_sign_in' : l.payout_id !== null ? 'payout' : 'employee_pages',
      partnerId: l.partner_id,
      partnerName: l.partner_id === null ? null : (names.get(l.partner_id) ?? `partner ${l.partner_id}`),
      payoutId: l.payout_id,
      createdAt: l.created_at,
      expiresAt: l.expires_at,
      usedAt: l.used_at,
      state: l.used_at !== null ? 'used' : Date.parse(l.expires_at) <= now ? 'expired' : 'open',
      mail: l.mail_id === null ? null : (mail.get(l.mail_id) ?? null),
    }));
  }

  return {
    sandbox,

    /** The person's links and mail, newest first; whether this operator may read a body here. */
    async history(operator: ConsoleOperator, rawUserId: string) {
      requirePermission(operator, 'view');
      const userId = userIdOf(rawUserId);
      return {
        userId,
        links: await sentLinks(userId),
        sandbox,
        sendsMail: deps.sendsMail,
        mayReadBodies: sandbox && can(operator.role, 'read_mail_body'),
      };
    },

    /**
     * One message's body, if it carried one of this person's links: sandbox only, the operator
     * role and above, audited (`mail.body_read`). A removed body says so (null text).
     */
    async readBody(operator: ConsoleOperator, rawUserId: string, rawMailId: string) {
      requirePermission(operator, 'read_mail_body');
      if (!sandbox) throw new AppError('forbidden', 'In live the console never shows a mail body.');
      const userId = userIdOf(rawUserId);
      const mailId = parseId(rawMailId);
      const link = mailId === null ? undefined : (await sentLinks(userId)).find((l) => l.mail?.id === mailId);
      const found = link ? await deps.outbox.body(mailId!) : null;
      if (!link || !found)
        throw new AppError('route_not_found', `Employee ${rawUserId} was sent no message ${rawMailId}.`);
      await deps.audit.record(deps.db, {
        action: 'mail.body_read',
        object: { type: 'mail', id: found.mail.id },
        partnerId: found.mail.partner_id,
        fields: found.text === null ? [] : ['text_body'],
      });
      return { userId, link, mail: found.mail, text: found.text };
    },
  };
}

export type MailHistoryActions = ReturnType<typeof createMailHistoryActions>;
