import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { inTransaction, type Idempotency } from '../../platform/idempotency.js';
import { termsRowToMetadata, type TermsService } from '../terms/terms.service.js';
import type { TermsMetadata } from '../terms/terms.schemas.js';
import * as repo from './users.repository.js';
import type { WriteContext } from '../../platform/request-context.js';
import { parseUserId } from './users.service.js';

export interface UserTermsStatus {
  user_id: string;
  terms_approved: boolean;
  approved_at: string | null;
  terms: TermsMetadata;
  changed?: boolean;
}

export interface UserTermsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  terms: Pick<TermsService, 'current'>;
}

/** Approval of the current terms, per user (decisions §7): recorded per terms code. */
export function createUserTermsService({ db, clock, idempotency, terms }: UserTermsServiceDeps) {
  async function status(partnerId: number, userId: number): Promise<UserTermsStatus> {
    if (!(await repo.findLink(db, partnerId, userId))) throw new AppError('user_not_found');
    const current = await terms.current();
    const approvals = await repo.findApprovedUserIds(db, [userId], current.code);
    const approvedAt = approvals.get(userId) ?? null;
    return { user_id: String(userId), terms_approved: approvedAt !== null, approved_at: approvedAt, terms: termsRowToMetadata(current) };
  }

  return {
    async get(partnerId: number, rawId: string): Promise<UserTermsStatus> {
      return status(partnerId, parseUserId(rawId));
    },

    /** Records (approved true) or withdraws (false) approval of the current terms. */
    async set(ctx: WriteContext, rawId: string, approved: boolean): Promise<UserTermsStatus & { changed: boolean }> {
      const partnerId = ctx.caller.partnerId;
      const userId = parseUserId(rawId);
      const changed = await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        if (!(await repo.findLink(trx, partnerId, userId))) throw new AppError('user_not_found');
        const { code } = await terms.current();
        const existing = await repo.findApprovedUserIds(trx, [userId], code);
        if (approved && !existing.has(userId)) {
          await repo.insertApproval(trx, userId, code, clock.now().toISOString());
          return true;
        }
        if (!approved && existing.has(userId)) return (await repo.deleteApproval(trx, userId, code)) > 0;
        return false;
      });
      return { ...(await status(partnerId, userId)), changed };
    },
  };
}

export type UserTermsService = ReturnType<typeof createUserTermsService>;
