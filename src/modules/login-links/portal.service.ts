import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, PayoutRow, UserRow } from '../../db/database.js';
import type { TermsService } from '../terms/terms.service.js';
import type { Onboarding } from '../users/onboarding.js';
import { onboardingOf } from '../users/users.payload.js';

export interface PortalDeps {
  db: Kysely<Database>;
  clock: Clock;
  terms: Pick<TermsService, 'current'>;
}

export interface PortalHome {
  user: UserRow;
  onboarding: Onboarding;
  payouts: Array<PayoutRow & { partner_name: string }>;
}

/** What a signed-in employee may see: only ever their own records. */
export function createPortalService({ db, clock, terms }: PortalDeps) {
  function payoutsOf(userId: number) {
    return db
      .selectFrom('payouts as p')
      .innerJoin('partners as pa', 'pa.id', 'p.partner_id')
      .selectAll('p')
      .select('pa.name as partner_name')
      .where('p.user_id', '=', userId);
  }

  return {
    async home(userId: number): Promise<PortalHome | null> {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) return null;
      const current = await terms.current();
      const approval = await db
        .selectFrom('terms_approvals')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('terms_code', '=', current.code)
        .executeTakeFirst();
      const payouts = await payoutsOf(userId).orderBy('p.date', 'desc').orderBy('p.id', 'desc').limit(20).execute();
      return { user, onboarding: onboardingOf(user, approval !== undefined, clock.now()), payouts };
    },

    /** The payout, only when it belongs to this employee. */
    async payout(userId: number, rawId: string): Promise<(PayoutRow & { partner_name: string }) | null> {
      if (!/^[1-9][0-9]{0,15}$/.test(rawId)) return null;
      return (await payoutsOf(userId).where('p.id', '=', Number(rawId)).executeTakeFirst()) ?? null;
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
