/**
 * The console's "what is stuck" lists of links (docs/decisions.md §28): a partner's links with no
 * bank account, links that are invited only, and links not onboarded. Each reads one partial index
 * (migrations 0041 and 0044; the conditions below are that index's own, word for word, so both
 * engines pick it), and so does its total: no table row is read to count.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export const LINK_STATES = ['missing_bank_account', 'invited_only', 'not_onboarded'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** One state's links, of one partner or every partner, last changed within [changedFrom, changedBefore). */
export interface LinkStateFilter {
  state: LinkState;
  partnerId?: number;
  /** ISO timestamps: the last change at or after `changedFrom`, before `changedBefore`. */
  changedFrom?: string;
  changedBefore?: string;
}

type NullColumn = 'bank_account_number' | 'bank_iban_number' | 'profile_completed_at' | 'identity_verified_at';

/** Each state's condition: columns that are null, or the stored onboarding 0 (a literal, as in the index). */
const CONDITIONS: Record<LinkState, { nulls: readonly NullColumn[]; notOnboarded?: true }> = {
  missing_bank_account: { nulls: ['bank_account_number', 'bank_iban_number'] },
  invited_only: { nulls: ['profile_completed_at', 'identity_verified_at', 'bank_account_number', 'bank_iban_number'] },
  not_onboarded: { nulls: [], notOnboarded: true },
};

const EPOCH = '1970-01-01T00:00:00.000Z';

function matching(db: Executor, filter: LinkStateFilter) {
  const condition = CONDITIONS[filter.state];
  let query = db.selectFrom('partner_users as pu');
  for (const column of condition.nulls) query = query.where(`pu.${column}`, 'is', null);
  // A bound parameter would not prove the partial index's `onboarded = 0` to SQLite's planner.
  if (condition.notOnboarded) query = query.where('pu.onboarded', '=', sql.lit(0));
  if (filter.partnerId !== undefined) query = query.where('pu.partner_id', '=', filter.partnerId);
  // Always a range on the last change: with it SQLite takes the state's (partner, last change)
  // index instead of the partner's position index, which would read every link of the partner.
  query = query.where('pu.updated_at', '>=', filter.changedFrom ?? EPOCH);
  if (filter.changedBefore !== undefined) query = query.where('pu.updated_at', '<', filter.changedBefore);
  return query;
}

/** The matching links, last changed first: `limit` after `offset` (clear columns only). */
export async function linksInState(db: Executor, filter: LinkStateFilter, limit: number, offset: number) {
  const query = matching(db, filter).select(['pu.partner_id', 'pu.user_id', 'pu.updated_at']);
  const ordered =
    filter.partnerId !== undefined
      ? query.orderBy('pu.partner_id', 'desc').orderBy('pu.updated_at', 'desc').orderBy('pu.user_id', 'desc')
      : query.orderBy('pu.updated_at', 'desc').orderBy('pu.user_id', 'desc').orderBy('pu.partner_id', 'desc');
  return ordered.limit(limit).offset(offset).execute();
}

/** How many links match: exact, counted from the index alone. */
export async function countLinksInState(db: Executor, filter: LinkStateFilter): Promise<number> {
  const row = await matching(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
