/**
 * `onpay user erase` and the console's erase: the person's right to erasure (docs/data-protection.md,
 * "Export and erasure"). One transaction through each owning module's door: links and the person's
 * own data, verification sessions, mail, login links, employee sessions, and their data inside stored
 * events and webhook deliveries; payouts and invoices stay (bookkeeping), without the copied account.
 * Every partner linked to the person gets `user.erased`; the audit entry carries the reason. Then the
 * engine is made to forget the old row versions (src/db/erasure.ts).
 */
import { flushErasedPages } from '../../db/erasure.js';
import { AppError } from '../../errors.js';
import { auditReason } from '../audit/index.js';
import type { PrivacyDeps } from './privacy.deps.js';

/** A reason is required and kept in the audit log; like a reveal's (docs/decisions.md §18). */
export function erasureReason(raw: string): string {
  return auditReason(
    raw,
    "Say why the person is erased (at least 3 characters, e.g. the request's reference): the reason is kept in the audit log. Do not write their name or e-mail in it.",
  );
}

/** What erasing would do: for the console's review step and the command line's refusal. */
export interface ErasureReview {
  userId: number;
  /** Set when the person was erased already (erasing again only repeats the cleanup). */
  erasedAt: string | null;
  partners: Array<{ id: number; name: string }>;
  /** Payouts whose money may still move: erasure is refused while there is one. */
  openPayouts: Array<{ id: number; status: string }>;
  /** Payouts kept for bookkeeping, with amounts and dates. */
  keptPayouts: number;
}

export interface ErasureResult {
  user_id: number;
  erased_at: string;
  /** The partners that were told (`user.erased`). */
  partner_ids: number[];
  payouts_kept: number;
  events_redacted: number;
}

/**
 * `user.erased` is a new event type, announced to partners on 2026-11-25 with the 30 days' notice
 * of a new enumeration value (docs/decisions.md §15, §19): live erasures start on this day (Oslo
 * time; the sandbox has them at once).
 */
export const LIVE_ERASURE_FROM = '2026-12-25T00:00:00+01:00';

function notYetLive(now: Date): AppError | null {
  if (now.getTime() >= Date.parse(LIVE_ERASURE_FROM)) return null;
  return new AppError(
    'conflict',
    "Erasure in live starts on 2026-12-25, when the 30 days' notice of the user.erased event to partners has run (docs/decisions.md §19). Nothing was changed.",
  );
}

function refusal(userId: number, open: ErasureReview['openPayouts']): AppError {
  const named = open.map((p) => `${p.id} (${p.status})`).join(', ');
  return new AppError(
    'conflict',
    `User ${userId} has payouts that are not settled: ${named}. Erase them once they are paid or cancelled.`,
  );
}

export function createErasure(deps: PrivacyDeps) {
  const { db, clock } = deps;

  return {
    async review(userId: number): Promise<ErasureReview> {
      const record = await deps.people.record(userId);
      if (!record) throw new AppError('user_not_found', `There is no user ${userId}.`);
      const [names, payouts, open] = await Promise.all([
        deps.partners.partnerNames(record.links.map((l) => l.partner_id)),
        deps.payouts.exportOf(userId),
        deps.payouts.open(db, userId),
      ]);
      return {
        userId,
        erasedAt: record.user.erased_at,
        partners: record.links.map((l) => ({
          id: l.partner_id,
          name: names.get(l.partner_id) ?? `partner ${l.partner_id}`,
        })),
        openPayouts: open,
        keptPayouts: payouts.length - open.length,
      };
    },

    /**
     * Erases the person, all or nothing; refused (409, naming the payouts) while a payout of theirs
     * is pending, processing or failed. Running it again for an erased person repeats the cleanup
     * (after restoring a backup, for instance) and records the reason again.
     */
    async erase(userId: number, rawReason: string): Promise<ErasureResult> {
      const reason = erasureReason(rawReason);
      const early = deps.environment === 'live' ? notYetLive(clock.now()) : null;
      if (early) throw early;
      const now = clock.now().toISOString();
      // The partners' feeds are read before the transaction (it holds SQLite's write lock): inside
      // it, only what was written since is read again.
      const before = await deps.people.record(userId);
      const scan = await deps.eventRights.scan(before?.links.map((l) => l.partner_id) ?? [], userId);
      const result = await db.transaction().execute(async (trx) => {
        // The person first: a payout batch locks its people first too, so none is created meanwhile.
        const user = await deps.people.lock(trx, userId);
        if (!user) throw new AppError('user_not_found', `There is no user ${userId}.`);
        const open = await deps.payouts.open(trx, userId);
        if (open.length > 0) throw refusal(userId, open);
        const partnerIds = await deps.people.linkedPartners(trx, userId);
        const redacted = await deps.eventRights.redactAbout(trx, partnerIds, userId, scan);
        await deps.webhooks.redactDeliveries(trx, redacted);
        if (user.erased_at === null) await deps.mail.erase(trx, user.email);
        await deps.loginLinks.erase(trx, userId);
        await deps.portal.erase(trx, userId);
        await deps.sessions.erase(trx, userId);
        await deps.payouts.erase(trx, userId, now);
        await deps.people.erase(trx, userId, user.erased_at ?? now);
        const erasedAt = user.erased_at ?? now;
        // Each linked partner hears of it with nothing but the id; the events module audits it once, with the reason.
        if (partnerIds.length > 0)
          await deps.events.emit(
            trx,
            partnerIds.map((partnerId) => ({
              partnerId,
              type: 'user.erased' as const,
              object: { id: String(userId), erased_at: erasedAt },
            })),
            { reason },
          );
        else await deps.audit.record(trx, { action: 'user.erased', object: { type: 'user', id: userId }, reason });
        return { user_id: userId, erased_at: erasedAt, partner_ids: partnerIds, events_redacted: redacted.size };
      });
      const kept = (await deps.payouts.exportOf(userId)).length;
      await flushErasedPages(db, deps.flush);
      return { ...result, payouts_kept: kept };
    },
  };
}

export type Erasure = ReturnType<typeof createErasure>;
