import type { Kysely } from 'kysely';
import { addMs, type Clock } from '../../clock.js';
import type { Database, LoginLinkRow } from '../../db/database.js';
import { actAs } from '../../platform/actor.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { inTransaction, type Idempotency } from '../../platform/idempotency.js';
import type { WriteContext } from '../../platform/request-context.js';
import { sha256Hex } from '../../platform/secrets.js';
import { escapeHtml } from '../../platform/escape-html.js';
import type { RateLimitStore } from '../../platform/rate-limit.js';
import type { AuditService } from '../audit/index.js';
import { enqueueMail, removeMailBody } from '../mail/index.js';
import type { PartnerService } from '../partners/index.js';
import type { PayoutService } from '../payouts/index.js';
import type { PortalService } from '../portal/index.js';
import type { Employees } from '../users/index.js';
import * as repo from './login-links.repository.js';
import { newNonce, signToken, verifyToken, type SigningKeys } from './tokens.js';

/** What mails and pages say when the partner's record is gone. */
const UNKNOWN_PARTNER = 'your employer';

/** Both kinds of link live 24 hours (docs/decisions.md §12). */
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How long a link's row is kept after it expired (docs/data-protection.md, "Retention"): then
 * housekeeping removes it. Opening it afterwards still says "expired": the signature shows onpay
 * made it.
 */
export const LINK_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The person's own sign-in (/login) mails a link: limited per e-mail address (so nobody can flood
 * someone's inbox) and per client address (so nobody can probe many addresses), whether or not
 * the address is known, so the limits tell nothing either.
 */
export const SIGN_IN_LIMITS = { windowMs: 60 * 60 * 1000, perEmail: 5, perAddress: 20 } as const;

export interface LoginLink {
  login_url: string;
  expires_at: string;
}

export interface LoginLinkServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  keys: SigningKeys;
  /** Seals the mail bodies that carry the links. */
  crypto: FieldCrypto;
  publicBaseUrl: string;
  payouts: Pick<PayoutService, 'owned'>;
  employees: Pick<Employees, 'requireLinked' | 'recipient' | 'userIdByEmail'>;
  partners: Pick<PartnerService, 'partnerName'>;
  /** Starts the employee's session when a link is used. */
  portal: Pick<PortalService, 'startSession'>;
  /** Counts sign-in requests (the shared rate-limit store, so the limits hold across instances). */
  limiter: Pick<RateLimitStore, 'hit'>;
  audit: Pick<AuditService, 'record'>;
}

/** What opening a link finds. Expected outcomes are values, not exceptions. */
export type LinkState =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'used' }
  /** partnerName null: the person asked for this link themself. */
  | { kind: 'ready'; link: LoginLinkRow; partnerName: string | null };

export type ConsumeResult =
  | { kind: 'invalid' | 'expired' | 'used' }
  | { kind: 'signed_in'; sessionToken: string; sessionMaxAgeSeconds: number; target: string };

export function createLoginLinkService(deps: LoginLinkServiceDeps) {
  const { db, clock } = deps;

  async function issue(
    ctx: WriteContext,
    target: { userId: number; payoutId: number | null },
    sendEmail: boolean,
  ): Promise<LoginLink> {
    const now = clock.now();
    const expiresAt = addMs(now, LINK_LIFETIME_MS).toISOString();
    const nonce = newNonce();
    const partnerId = ctx.caller.partnerId;
    // Read before the transaction: on SQLite a query outside it would wait for it, forever.
    const partnerName = sendEmail ? ((await deps.partners.partnerName(partnerId)) ?? UNKNOWN_PARTNER) : UNKNOWN_PARTNER;
    return inTransaction(db, deps.idempotency, ctx.idempotency, async (trx) => {
      const linkId = await repo.insertLink(trx, {
        partner_id: ctx.caller.partnerId,
        user_id: target.userId,
        payout_id: target.payoutId,
        nonce_hash: sha256Hex(nonce),
        expires_at: expiresAt,
        created_at: now.toISOString(),
      });
      const loginUrl = `${deps.publicBaseUrl}/login/${signToken(linkId, nonce, deps.keys)}`;
      if (sendEmail) {
        const recipient = await deps.employees.recipient(trx, target.userId, partnerId);
        if (recipient) {
          const mailId = await enqueueMail(
            trx,
            deps.crypto,
            {
              partnerId,
              ...linkMail(recipient, partnerName, loginUrl, expiresAt, target.payoutId !== null),
              bodyExpiresAt: expiresAt,
            },
            now.toISOString(),
          );
          await repo.attachMail(trx, linkId, mailId);
        }
      }
      await deps.audit.record(trx, {
        action: 'login_link.created',
        object: { type: 'login_link', id: linkId },
        partnerId,
        fields: [target.payoutId === null ? 'user_id' : 'payout_id', ...(sendEmail ? ['send_email'] : [])],
      });
      return { login_url: loginUrl, expires_at: expiresAt };
    });
  }

  async function state(token: string): Promise<LinkState> {
    const verified = verifyToken(token, deps.keys);
    if (!verified) return { kind: 'invalid' };
    const link = await repo.findLink(db, verified.linkId);
    // Correctly signed but gone: onpay made it, and housekeeping removed it after it expired.
    if (!link) return { kind: 'expired' };
    if (link.nonce_hash !== sha256Hex(verified.nonce)) return { kind: 'invalid' };
    if (link.used_at) return { kind: 'used' };
    if (Date.parse(link.expires_at) <= clock.now().getTime()) return { kind: 'expired' };
    return {
      kind: 'ready',
      link,
      partnerName:
        link.partner_id === null ? null : ((await deps.partners.partnerName(link.partner_id)) ?? UNKNOWN_PARTNER),
    };
  }

  return {
    /** POST /users/{id}/login-link. */
    async issueForUser(ctx: WriteContext, rawUserId: string, sendEmail: boolean): Promise<LoginLink> {
      const userId = await deps.employees.requireLinked(ctx.caller.partnerId, rawUserId);
      return issue(ctx, { userId, payoutId: null }, sendEmail);
    },

    /** POST /payouts/{payout}/login-link: the employee lands on that payout's page. */
    async issueForPayout(ctx: WriteContext, rawPayoutId: string, sendEmail: boolean): Promise<LoginLink> {
      const payout = await deps.payouts.owned(ctx.caller.partnerId, rawPayoutId);
      return issue(ctx, { userId: payout.user_id, payoutId: payout.id }, sendEmail);
    },

    /** Opening the link (GET) only looks: mail scanners that prefetch it do not use it up. */
    state,

    /** "Continue" (POST): uses the link once and starts the employee's session. */
    async consume(token: string): Promise<ConsumeResult> {
      const current = await state(token);
      if (current.kind !== 'ready') return current;
      const { link } = current;
      const now = clock.now();
      // Whoever holds the link is the employee it was made for.
      actAs({ type: 'employee', id: String(link.user_id), label: `employee ${link.user_id}` });
      const session = await db.transaction().execute(async (trx) => {
        if (!(await repo.consumeLink(trx, link.id, link.nonce_hash, now.toISOString()))) return null;
        // A used link opens nothing any more: the mail that carried it keeps no copy of it.
        if (link.mail_id !== null) await removeMailBody(trx, link.mail_id, now.toISOString());
        await deps.audit.record(trx, {
          action: 'employee.signed_in',
          object: { type: 'login_link', id: link.id },
          partnerId: link.partner_id,
        });
        // The session shows what the link's origin may see: one partner's records, or (the person's own sign-in) all of them.
        return deps.portal.startSession(trx, { userId: link.user_id, partnerId: link.partner_id });
      });
      if (!session) {
        const after = await state(token);
        return after.kind === 'ready' ? { kind: 'used' } : after;
      }
      return {
        kind: 'signed_in',
        sessionToken: session.token,
        sessionMaxAgeSeconds: session.maxAgeSeconds,
        target: link.payout_id !== null ? `/me/payouts/${link.payout_id}` : '/me',
      };
    },

    /** Housekeeping: removes the links that expired more than LINK_RETENTION_MS ago; returns how many. */
    /** The console: the person's most recent login links (mailed or handed to the partner), newest first. */
    ofUser: (userId: number, limit: number) => repo.linksOfUser(db, userId, limit),

    async purgeExpired(): Promise<number> {
      return repo.deleteExpiredBefore(db, new Date(clock.now().getTime() - LINK_RETENTION_MS).toISOString());
    },

    /**
     * The person's own sign-in: mails a login link to a known address. The caller answers the same
     * whatever happened here (known or unknown address), so the answer reveals nothing; only being
     * over a limit is told, and it is counted for unknown addresses too.
     */
    async requestSignIn(rawEmail: string, clientAddress: string): Promise<'accepted' | 'limited'> {
      const email = rawEmail.trim().toLowerCase();
      const nowMs = clock.now().getTime();
      const { windowMs, perEmail, perAddress } = SIGN_IN_LIMITS;
      const byAddress = await deps.limiter.hit(`signin-addr:${clientAddress}`, nowMs, perAddress, windowMs);
      if (!byAddress.allowed) return 'limited';
      const byEmail = await deps.limiter.hit(`signin-email:${sha256Hex(email)}`, nowMs, perEmail, windowMs);
      if (!byEmail.allowed) return 'limited';
      const userId = await deps.employees.userIdByEmail(email);
      if (userId === undefined) return 'accepted';
      const now = clock.now();
      const expiresAt = addMs(now, LINK_LIFETIME_MS).toISOString();
      const nonce = newNonce();
      await db.transaction().execute(async (trx) => {
        const linkId = await repo.insertLink(trx, {
          partner_id: null,
          user_id: userId,
          payout_id: null,
          nonce_hash: sha256Hex(nonce),
          expires_at: expiresAt,
          created_at: now.toISOString(),
        });
        const loginUrl = `${deps.publicBaseUrl}/login/${signToken(linkId, nonce, deps.keys)}`;
        const recipient = await deps.employees.recipient(trx, userId, null);
        if (recipient) {
          const mailId = await enqueueMail(
            trx,
            deps.crypto,
            { partnerId: null, ...ownSignInMail(recipient.email, loginUrl, expiresAt), bodyExpiresAt: expiresAt },
            now.toISOString(),
          );
          await repo.attachMail(trx, linkId, mailId);
        }
        await deps.audit.record(trx, {
          action: 'login_link.created',
          object: { type: 'login_link', id: linkId },
          fields: ['user_id', 'send_email'],
        });
      });
      return 'accepted';
    },
  };
}

function linkMail(
  user: { email: string; firstName: string | null },
  partnerName: string,
  url: string,
  expiresAt: string,
  forPayout: boolean,
) {
  const greeting = user.firstName ? `Hi ${user.firstName},` : 'Hi,';
  const what = forPayout ? 'see your payout' : 'see your onpay account and payouts';
  const until = new Date(expiresAt).toUTCString();
  const subject = forPayout ? `Your payout from ${partnerName}` : `Sign in to onpay (${partnerName})`;
  const text = `${greeting}\n\n${partnerName} sent you a link to ${what}:\n\n${url}\n\nThe link works once, until ${until}. If you did not expect this e-mail, you can ignore it.\n\nonpay`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(partnerName)} sent you a link to ${escapeHtml(what)}:</p><p><a href="${escapeHtml(url)}">${escapeHtml(forPayout ? 'See your payout' : 'Sign in to onpay')}</a></p><p>The link works once, until ${escapeHtml(until)}. If you did not expect this e-mail, you can ignore it.</p><p>onpay</p>`;
  return { to: user.email, subject, text, html };
}

function ownSignInMail(to: string, url: string, expiresAt: string) {
  const until = new Date(expiresAt).toUTCString();
  const subject = 'Your onpay sign-in link';
  const text = `Hi,\n\nYou (or someone who typed your address) asked to sign in to onpay. This link shows all your payouts, from every employer that pays you through onpay:\n\n${url}\n\nThe link works once, until ${until}. If you did not ask for it, ignore this e-mail: nothing happens without the link.\n\nonpay`;
  const html = `<p>Hi,</p><p>You (or someone who typed your address) asked to sign in to onpay. This link shows all your payouts, from every employer that pays you through onpay:</p><p><a href="${escapeHtml(url)}">Sign in to onpay</a></p><p>The link works once, until ${escapeHtml(until)}. If you did not ask for it, ignore this e-mail: nothing happens without the link.</p><p>onpay</p>`;
  return { to, subject, text, html };
}

export type LoginLinkService = ReturnType<typeof createLoginLinkService>;
