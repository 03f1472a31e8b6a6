import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, TermsRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { inTransaction, type Idempotency } from '../../platform/idempotency.js';
import { termsRowToMetadata, type TermsService } from '../terms/index.js';
import * as repo from './users.repository.js';
import type { UserTermsChange, UserTermsStatus } from './users.schemas.js';
import type { WriteContext } from '../../platform/request-context.js';
import { parseUserId } from './user-id.js';
import type { UserEvents } from './user-events.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

export interface UserTermsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  terms: Pick<TermsService, 'current'>;
  userEvents: UserEvents;
  crypto: FieldCrypto;
}

/**
 * Approval of the current terms, recorded per terms code on the partner's link: each partner
 * records (and withdraws) its own, and no partner's withdrawal touches another's.
 */
export function createUserTermsService({ db, clock, idempotency, terms, userEvents, crypto }: UserTermsServiceDeps) {
  /** The approval this partner recorded for these terms; the caller has checked the user is the partner's. */
  async function status(
    executor: Kysely<Database>,
    partnerId: number,
    userId: number,
    current: TermsRow,
  ): Promise<UserTermsStatus> {
    const approvals = await repo.findApprovals(executor, partnerId, [userId], current.code);
    const approvedAt = approvals.get(userId) ?? null;
    return {
      user_id: String(userId),
      terms_approved: approvedAt !== null,
      approved_at: approvedAt,
      terms: termsRowToMetadata(current),
    };
  }

  return {
    /**
     * Who has not approved these terms on a partner link: the people, their links and the partners.
     * Were they current, each of those links would wait for its partner to record an approval
     * (the console's review before publishing).
     */
    async awaitingApproval(termsCode: string): Promise<{ people: number; links: number; partners: number }> {
      return repo.countLinksWithoutApproval(db, termsCode);
    },

    async get(partnerId: number, rawId: string): Promise<UserTermsStatus> {
      const userId = parseUserId(rawId);
      if (!(await repo.findLink(db, crypto, partnerId, userId))) throw new AppError('user_not_found');
      return status(db, partnerId, userId, await terms.current(db));
    },

    /** Records (approved true) or withdraws (false) approval of the current terms. */
    async set(ctx: WriteContext, rawId: string, approved: boolean): Promise<UserTermsChange> {
      const partnerId = ctx.caller.partnerId;
      const userId = parseUserId(rawId);
      const { current, changed } = await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        await repo.lockPeople(trx, [userId]);
        const current = await terms.current(trx);
        if (!(await repo.findLink(trx, crypto, partnerId, userId))) throw new AppError('user_not_found');
        const change = async () => {
          // Both are no-ops when there is nothing to change, also under concurrent requests.
          const changed = approved
            ? await repo.insertApprovalIfAbsent(trx, partnerId, userId, current.code, clock.now().toISOString())
            : (await repo.deleteApproval(trx, partnerId, userId, current.code)) > 0;
          if (changed) await repo.storeOnboarding(trx, [userId]);
          return changed;
        };
        // The terms status first, then what the approval did to onboarding.
        const changed = await userEvents.around(trx, userId, [partnerId], change, {
          extra: async (changed) =>
            changed
              ? [{ partnerId, type: 'user.terms.updated', object: await status(trx, partnerId, userId, current) }]
              : [],
        });
        return { current, changed };
      });
      // The link was checked in the transaction (links are never removed).
      return { ...(await status(db, partnerId, userId, current)), changed };
    },
  };
}

export type UserTermsService = ReturnType<typeof createUserTermsService>;
