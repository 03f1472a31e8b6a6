/**
 * The console's "what is stuck" lists of links (docs/decisions.md §28): a partner's links with no
 * bank account, and links that are invited only. Each reads one partial index of migration 0041
 * (the conditions below are that index's own, word for word, so both engines pick it), and so does
 * its total: no table row is read to count.
 */
import type { Executor } from '../../db/database.js';

export const LINK_STATES = ['missing_bank_account', 'invited_only'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** One state's links, of one partner or every partner, last changed within [changedFrom, changedBefore). */
export interface LinkStateFilter {
  state: LinkState;
  partnerId?: number;
  /** ISO timestamps: the last change at or after `changedFrom`, before `changedBefore`. */
  changedFrom?: string;
  changedBefore?: string;
}

const NULL_COLUMNS: Record<
  LinkState,
  ReadonlyArray<'bank_account_number' | 'bank_iban_number' | 'profile_completed_at' | 'identity_verified_at'>
> = {
  missing_bank_account: ['bank_account_number', 'bank_iban_number'],
  invited_only: ['profile_completed_at', 'identity_verified_at', 'bank_account_number', 'bank_iban_number'],
};

const EPOCH = '1970-01-01T00:00:00.000Z';

function matching(db: Executor, filter: LinkStateFilter) {
  let query = db.selectFrom('partner_users as pu');
  for (const column of NULL_COLUMNS[filter.state]) query = query.where(`pu.${column}`, 'is', null);
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
