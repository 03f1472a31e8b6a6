/**
 * A partner's page beyond its facts and tokens (issue 25 item 4): payout volume and fees by month,
 * the last API activity, and the request log with its filters (docs/decisions.md §25). Reading
 * them needs `view` only: the log holds no personal data (route templates, the partner's own ids,
 * statuses, request ids and Idempotency-keys).
 */
import type { PartnerService } from '../partners/index.js';
import type { MonthTotals, PayoutOperations } from '../payouts/index.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import { STATUS_CLASSES, type RequestLog, type RequestLogEntry } from '../request-log/index.js';
import { choiceFilter, type FilterRule, type FilterText, positionFilter, readFilters, textFilter } from './filters.js';

export interface PartnerPageDeps {
  partners: Pick<PartnerService, 'partnerSummary'>;
  operations: Pick<PayoutOperations, 'monthlyTotals'>;
  requestLog: Pick<RequestLog, 'list' | 'last'>;
}

/** Entries per page of the request log. */
export const REQUEST_LOG_PAGE = 50;
/** Months of payout volume on the partner's page. */
export const VOLUME_MONTHS = 12;

/** A moment in UTC to the minute or second (`2026-11-26T10:02`, `2026-11-26 10:02:30`); empty means any. */
function timeFilter(label: string): FilterRule<string | undefined> {
  return {
    label,
    read(text) {
      if (text === '') return { value: undefined };
      const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?Z?$/.exec(text);
      const iso = match ? `${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}.000Z` : '';
      const parsed = Date.parse(iso);
      if (!match || Number.isNaN(parsed) || new Date(parsed).toISOString() !== iso)
        return {
          problem: `“${text.slice(0, 40)}” is not a time: write it as YYYY-MM-DDTHH:MM in UTC, for example 2026-11-26T10:02.`,
        };
      return { value: iso };
    },
  };
}

export interface RequestLogPage {
  entries: RequestLogEntry[];
  /** The last entry's id when there are older ones (the "older" link's position). */
  olderAfter: number | null;
  filter: { status?: string; route?: string; from?: string; until?: string };
}

export function createPartnerPageActions(deps: PartnerPageDeps) {
  return {
    /** What the partner's page adds: payouts by month (newest first) and the last logged request. */
    async overview(
      operator: ConsoleOperator,
      partnerId: number,
    ): Promise<{ months: MonthTotals[]; lastRequest: RequestLogEntry | null }> {
      requirePermission(operator, 'view');
      const [months, lastRequest] = await Promise.all([
        deps.operations.monthlyTotals(partnerId, VOLUME_MONTHS),
        deps.requestLog.last(partnerId),
      ]);
      return { months, lastRequest };
    },

    /** A page of the partner's request log, newest first; a filter that cannot be read is a 422 naming it. */
    async requests(operator: ConsoleOperator, partnerId: number, text: FilterText) {
      requirePermission(operator, 'view');
      const partner = await deps.partners.partnerSummary(partnerId);
      const filter = readFilters(
        {
          status: choiceFilter('Status', STATUS_CLASSES),
          route: textFilter('Route', 255),
          from: timeFilter('From'),
          until: timeFilter('Until'),
          after: positionFilter,
        },
        text,
      );
      const entries = await deps.requestLog.list(partnerId, { ...filter, limit: REQUEST_LOG_PAGE + 1 });
      const more = entries.length > REQUEST_LOG_PAGE;
      const shown = more ? entries.slice(0, REQUEST_LOG_PAGE) : entries;
      return {
        partner,
        page: {
          entries: shown,
          olderAfter: more ? shown[shown.length - 1]!.id : null,
          filter: { status: filter.status, route: filter.route, from: filter.from, until: filter.until },
        } satisfies RequestLogPage,
      };
    },
  };
}

export type PartnerPageActions = ReturnType<typeof createPartnerPageActions>;
