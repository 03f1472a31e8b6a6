/**
 * What is stuck (docs/decisions.md §28): the employees' links in one onboarding state, of one
 * partner or every partner, by last change; each row with that partner's onboarding state and
 * missing steps (never another partner's: a person onboarded for A and not for B is stuck under B
 * only). Every filter is served by an index and the total is exact (issue 24).
 */
import type { VerificationStatus } from '../../db/database.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PartnerService } from '../partners/index.js';
import { LINK_STATES, type Directory, type Employees, type LinkState, type Onboarding } from '../users/index.js';
import type { SessionService } from '../verification/index.js';
import { checkRange, choiceFilter, dateFilter, type FilterText, idFilter, pageFilter, readFilters } from './filters.js';

export interface StuckActionsDeps {
  directory: Pick<Directory, 'linksInState' | 'countLinksInState'>;
  employees: Pick<Employees, 'personViews'>;
  sessions: Pick<SessionService, 'inState' | 'countInState'>;
  partners: Pick<PartnerService, 'partnerNames'>;
}

/** The states the list filters by: a link's (stored facts) or its verification session's. */
export const SESSION_STATES = {
  verification_error: 'error',
  verification_pending: 'pending',
} as const satisfies Record<string, VerificationStatus>;
export const STUCK_STATES = [...Object.keys(SESSION_STATES), ...LINK_STATES] as Array<
  keyof typeof SESSION_STATES | LinkState
>;
export type StuckState = (typeof STUCK_STATES)[number];

export interface StuckRow {
  userId: number;
  /** '' once the person was erased. */
  email: string;
  partnerId: number;
  partnerName: string;
  /** The link's last change, or the verification session's. */
  changedAt: string;
  /** A session's status and the provider's reason (decrypted in the repository), for the verification states. */
  session: { id: string; status: VerificationStatus; reason: string | null } | null;
  /** That partner's onboarding of the person (null when the link is gone: erased). */
  onboarding: Onboarding | null;
}

const PER_PAGE = 50;

/** The day after a YYYY-MM-DD date, at midnight UTC (a range's end includes its last day). */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

export function createStuckActions(deps: StuckActionsDeps) {
  return {
    perPage: PER_PAGE,

    /**
     * How many of one partner's links (or, for the verification states, sessions) are in each
     * state: the partner's page. Index-only counts, the same the list's totals use.
     */
    async countsFor(operator: ConsoleOperator, partnerId: number): Promise<Record<StuckState, number>> {
      requirePermission(operator, 'view');
      const counted = await Promise.all(
        STUCK_STATES.map(async (state): Promise<[StuckState, number]> => {
          if (state === 'verification_error' || state === 'verification_pending')
            return [state, await deps.sessions.countInState({ partnerId, status: SESSION_STATES[state] })];
          return [state, await deps.directory.countLinksInState({ partnerId, state })];
        }),
      );
      return Object.fromEntries(counted) as Record<StuckState, number>;
    },

    /** One page of the links (or sessions) in `state`, with the exact total. */
    async list(operator: ConsoleOperator, query: FilterText) {
      requirePermission(operator, 'view');
      const filters = readFilters(
        {
          state: choiceFilter('State', STUCK_STATES, 'verification_error'),
          partner: idFilter('Partner', 'partner id'),
          changed_from: dateFilter('Changed from'),
          changed_to: dateFilter('Changed to'),
          page: pageFilter,
        },
        query,
      );
      checkRange(
        { name: 'changed_from', label: 'Changed from', value: filters.changed_from },
        { name: 'changed_to', label: 'Changed to', value: filters.changed_to },
      );
      const state = filters.state as StuckState;
      const range = {
        partnerId: filters.partner,
        changedFrom: filters.changed_from === undefined ? undefined : `${filters.changed_from}T00:00:00.000Z`,
        changedBefore: filters.changed_to === undefined ? undefined : dayAfter(filters.changed_to),
      };
      const offset = (filters.page - 1) * PER_PAGE;
      let total: number;
      let found: Array<Omit<StuckRow, 'email' | 'partnerName' | 'onboarding'>>;
      if (state === 'verification_error' || state === 'verification_pending') {
        const filter = { ...range, status: SESSION_STATES[state] };
        const [count, sessions] = await Promise.all([
          deps.sessions.countInState(filter),
          deps.sessions.inState(filter, PER_PAGE, offset),
        ]);
        total = count;
        found = sessions.map((s) => ({
          userId: s.user_id,
          partnerId: s.partner_id,
          changedAt: s.updated_at,
          session: { id: s.id, status: s.status, reason: s.outcome_reason },
        }));
      } else {
        const links = await deps.directory.linksInState({ ...range, state }, PER_PAGE, offset);
        total = links.total;
        found = links.rows.map((l) => ({
          userId: l.user_id,
          partnerId: l.partner_id,
          changedAt: l.updated_at,
          session: null,
        }));
      }
      const userIds = [...new Set(found.map((row) => row.userId))];
      const [byId, names] = await Promise.all([
        deps.employees.personViews(userIds),
        deps.partners.partnerNames(found.map((row) => row.partnerId)),
      ]);
      const rows: StuckRow[] = found.map((row) => {
        const person = byId.get(row.userId);
        const link = person?.links.find((l) => l.link.partner_id === row.partnerId);
        return {
          ...row,
          email: person && !person.user.erased_at ? person.user.email : '',
          partnerName: names.get(row.partnerId) ?? `partner ${row.partnerId}`,
          onboarding: link?.onboarding ?? null,
        };
      });
      return { state, filters, total, rows, page: filters.page };
    },
  };
}

export type StuckActions = ReturnType<typeof createStuckActions>;
