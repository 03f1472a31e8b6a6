import type { Executor, PayoutRow } from '../../db/database.js';

export type PortalPayout = PayoutRow & { partner_name: string };

/** The employee's payouts: only the given partner's when the session came from that partner's link. */
function payoutsOf(db: Executor, userId: number, partnerId: number | null) {
  let query = db
    .selectFrom('payouts as p')
    .innerJoin('partners as pa', 'pa.id', 'p.partner_id')
    .selectAll('p')
    .select('pa.name as partner_name')
    .where('p.user_id', '=', userId);
  if (partnerId !== null) query = query.where('p.partner_id', '=', partnerId);
  return query;
}

/** The employee's most recent payouts within the session's scope. */
export async function recentPayouts(db: Executor, userId: number, partnerId: number | null, limit: number): Promise<PortalPayout[]> {
  return payoutsOf(db, userId, partnerId).orderBy('p.date', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
}

/** One payout, only if it is this employee's and within the session's scope. */
export async function findOwnPayout(db: Executor, userId: number, partnerId: number | null, payoutId: number): Promise<PortalPayout | undefined> {
  return payoutsOf(db, userId, partnerId).where('p.id', '=', payoutId).executeTakeFirst();
}
