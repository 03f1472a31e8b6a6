import type { Kysely, Transaction } from 'kysely';
import type { Database, PayoutRow } from '../../db/database.js';

type Executor = Kysely<Database> | Transaction<Database>;

export type PortalPayout = PayoutRow & { partner_name: string };

function payoutsOf(db: Executor, userId: number) {
  return db
    .selectFrom('payouts as p')
    .innerJoin('partners as pa', 'pa.id', 'p.partner_id')
    .selectAll('p')
    .select('pa.name as partner_name')
    .where('p.user_id', '=', userId);
}

/** The employee's most recent payouts, from every partner that pays them. */
export async function recentPayouts(db: Executor, userId: number, limit: number): Promise<PortalPayout[]> {
  return payoutsOf(db, userId).orderBy('p.date', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
}

/** One payout, only if it is this employee's. */
export async function findOwnPayout(db: Executor, userId: number, payoutId: number): Promise<PortalPayout | undefined> {
  return payoutsOf(db, userId).where('p.id', '=', payoutId).executeTakeFirst();
}
