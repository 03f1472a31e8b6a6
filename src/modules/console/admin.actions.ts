/**
 * The console's administration: partners and their tokens and fees, the return-URL queue, terms,
 * the audit log and the mail outbox. Each action checks the operator's role first (403 before any
 * lookup or validation, so a refused form learns nothing and changes nothing), then calls the same
 * module service the command line calls, so both are audited alike (docs/decisions.md §17, §18).
 */
import type { Clock } from '../../clock.js';
import type { ReturnUrlRow, ReturnUrlStatus } from '../../db/database.js';
import { AppError, type FieldErrors } from '../../errors.js';
import {
  AUDIT_ACTION,
  AUDIT_ACTOR,
  AUDIT_OBJECT,
  REASON_MAX,
  type AuditEntryPayload,
  type AuditService,
} from '../audit/index.js';
import type { Outbox, OutboxFilter, OutboxMail } from '../mail/index.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PartnerService, PartnerSummary } from '../partners/index.js';
import { checkTerms, type TermsService } from '../terms/index.js';
import type { UserTermsService } from '../users/index.js';
import type { ReturnUrlCommand, ReturnUrlService } from '../verification/index.js';
import {
  choiceFilter,
  type FilterText,
  idFilter,
  orderFilter,
  pageFilter,
  positionFilter,
  readFilters,
  textFilter,
} from './filters.js';

export interface AdminActionsDeps {
  partners: Pick<
    PartnerService,
    | 'searchPartners'
    | 'partnerSummary'
    | 'createPartner'
    | 'createToken'
    | 'listTokens'
    | 'revokeToken'
    | 'setFeeRate'
    | 'partnerNames'
    | 'countPartners'
  >;
  returnUrls: Pick<ReturnUrlService, 'listPage' | 'approvedOf' | 'list' | 'command'>;
  terms: Pick<TermsService, 'currentMetadata' | 'history' | 'publish'>;
  audit: Pick<AuditService, 'list'>;
  outbox: Pick<Outbox, 'list' | 'resend'>;
  /** Who would have to approve terms before they are published (the review step). */
  userTerms: Pick<UserTermsService, 'awaitingApproval'>;
  clock: Clock;
}

/** Rows per page of every console list. */
export const PAGE_SIZE = 25;
/** The partners list's orders (`sort`), the first its default: by id either way, on the primary key (docs/decisions.md §29, "Tables"). */
export const PARTNER_ORDERS = ['id', '-id'] as const;
export const RETURN_URL_STATUSES: readonly ReturnUrlStatus[] = ['pending', 'approved', 'rejected'];
export const OUTBOX_FILTERS: readonly OutboxFilter[] = ['pending', 'retrying', 'failed', 'sent'];

/** A request's canonical parts, as the operator judges them. */
export interface ReturnUrlParts {
  scheme: string;
  host: string;
  port: string;
  path: string;
}

export function returnUrlParts(
  row: Pick<ReturnUrlRow, 'normalized_scheme' | 'normalized_host' | 'normalized_path_prefix'>,
): ReturnUrlParts {
  const port = /:(\d+)$/.exec(row.normalized_host)?.[1];
  return {
    scheme: row.normalized_scheme,
    host: port ? row.normalized_host.slice(0, -port.length - 1) : row.normalized_host,
    port: port ?? (row.normalized_scheme === 'https' ? '443' : '80'),
    path: row.normalized_path_prefix,
  };
}

export interface AuditFilters {
  object?: string;
  actor?: string;
  action?: string;
  /** A date (`2026-11-23`, from its midnight UTC) or an ISO 8601 time with a time zone. */
  since?: string;
  /** The paging position: entries older than this id (the "Older entries" link). */
  before?: string;
}

/** Form text → the filter values, every bad one named (422). */
function checkAuditFilters(filters: AuditFilters): {
  object?: string;
  actor?: string;
  action?: string;
  since?: string;
  before?: number;
} {
  const errors: FieldErrors = {};
  const position = positionFilter.read((filters.before ?? '').trim());
  if ('problem' in position) errors.before = [`${positionFilter.label}: ${position.problem}`];
  const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
  const object = blank(filters.object);
  const actor = blank(filters.actor);
  const action = blank(filters.action);
  const sinceText = blank(filters.since);
  if (object !== undefined && !AUDIT_OBJECT.test(object))
    errors.object = ['Object must be type:id, for example partner:3, user:12 or return_url:5.'];
  if (actor !== undefined && !AUDIT_ACTOR.test(actor))
    errors.actor = [
      'Actor must be partner, operator, employee, system or anonymous, optionally followed by :id (operator:2).',
    ];
  if (action !== undefined && !AUDIT_ACTION.test(action))
    errors.action = ['Action must be an action name such as token.revoked.'];
  let since: string | undefined;
  if (sinceText !== undefined) {
    const text = /^\d{4}-\d{2}-\d{2}$/.test(sinceText) ? `${sinceText}T00:00:00Z` : sinceText;
    const ms = Date.parse(text);
    if (!/(Z|[+-]\d{2}:\d{2})$/.test(text) || Number.isNaN(ms))
      errors.since = ['Since must be a date (2026-11-23) or a time with a time zone (2026-11-23T10:00:00Z).'];
    else since = new Date(ms).toISOString();
  }
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  return { object, actor, action, since, before: 'value' in position ? position.value : undefined };
}

function checkReason(reason: string | undefined, required: boolean): string | undefined {
  const text = reason?.trim() ?? '';
  if (text === '' && required)
    throw AppError.field(
      'reason',
      'Give a reason: the partner is told their URL was turned down, and the audit log keeps why.',
    );
  if (text.length > REASON_MAX) throw AppError.field('reason', `The reason must be at most ${REASON_MAX} characters.`);
  return text === '' ? undefined : text;
}

export function createAdminActions(deps: AdminActionsDeps) {
  return {
    /** Partners matching the search `q` (part of the name, or the id), a page (`page`) at a time, in the order `sort`. */
    async partners(
      operator: ConsoleOperator,
      query: FilterText,
    ): Promise<{ partners: PartnerSummary[]; has_more: boolean; page: number }> {
      requirePermission(operator, 'view');
      const { q, page, sort } = readFilters(
        { q: textFilter('Search', 255), page: pageFilter, sort: orderFilter(PARTNER_ORDERS, 'id') },
        query,
      );
      return { ...(await deps.partners.searchPartners({ search: q, page, limit: PAGE_SIZE, order: sort })), page };
    },

    /** A partner's page: its facts, tokens, return URLs and recent audit entries. */
    async partner(operator: ConsoleOperator, partnerId: number) {
      requirePermission(operator, 'view');
      const partner = await deps.partners.partnerSummary(partnerId);
      const [tokens, returnUrls, activity] = await Promise.all([
        deps.partners.listTokens(partnerId),
        deps.returnUrls.list(partnerId),
        deps.audit.list({ partnerId, limit: 20 }),
      ]);
      return { partner, tokens, returnUrls, activity };
    },

    async createPartner(operator: ConsoleOperator, name: string) {
      requirePermission(operator, 'manage_partners');
      return deps.partners.createPartner(name);
    },

    async setFeeRate(operator: ConsoleOperator, partnerId: number, rate: string) {
      requirePermission(operator, 'manage_partners');
      return deps.partners.setFeeRate(partnerId, rate.trim());
    },

    async createToken(operator: ConsoleOperator, partnerId: number) {
      requirePermission(operator, 'manage_tokens');
      return deps.partners.createToken(partnerId);
    },

    /**
     * The review before revoking: the token, its partner, when a request last used it (to the
     * minute), the partner's other active tokens and the time now (to say "3 minutes ago").
     */
    async reviewTokenRevocation(operator: ConsoleOperator, partnerId: number, tokenId: number) {
      requirePermission(operator, 'manage_tokens');
      const tokens = await deps.partners.listTokens(partnerId);
      const token = tokens.find((t) => t.token_id === tokenId);
      if (!token) throw new AppError('token_not_found', `Partner ${partnerId} has no access token ${tokenId}.`);
      const partner = await deps.partners.partnerSummary(partnerId);
      return {
        partner: { id: partner.partner_id, name: partner.name },
        token,
        otherActive: tokens.filter((t) => t.token_id !== tokenId && t.revoked_at === null).length,
        now: deps.clock.now().toISOString(),
      };
    },

    /** Revokes one of this partner's tokens (a token of another partner is not found here). */
    async revokeToken(operator: ConsoleOperator, partnerId: number, tokenId: number) {
      requirePermission(operator, 'manage_tokens');
      const tokens = await deps.partners.listTokens(partnerId);
      if (!tokens.some((t) => t.token_id === tokenId))
        throw new AppError('token_not_found', `Partner ${partnerId} has no access token ${tokenId}.`);
      return deps.partners.revokeToken(tokenId);
    },

    /**
     * The queue: requests by status (`status`: pending when empty, or `all`), of one partner
     * (`partner`) or all, after a paging position (`after`), each with its partner's approved URLs.
     */
    async returnUrlQueue(operator: ConsoleOperator, query: FilterText) {
      requirePermission(operator, 'view');
      const read = readFilters(
        {
          status: choiceFilter('Status', [...RETURN_URL_STATUSES, 'all'] as const, 'pending'),
          partner: idFilter('Partner id', 'partner id'),
          after: positionFilter,
        },
        query,
      );
      const status = read.status === 'all' || read.status === undefined ? null : read.status;
      const filter = { status, partnerId: read.partner ?? null, after: read.after ?? 0 };
      const page = await deps.returnUrls.listPage({
        status: filter.status,
        partnerId: filter.partnerId,
        afterId: filter.after,
        limit: PAGE_SIZE,
      });
      const partnerIds = page.rows.map((r) => r.partner_id);
      const [approved, names] = await Promise.all([
        deps.returnUrls.approvedOf(partnerIds),
        deps.partners.partnerNames(partnerIds),
      ]);
      return {
        requests: page.rows.map((row) => ({
          row,
          partnerName: names.get(row.partner_id) ?? `Partner ${row.partner_id}`,
          parts: returnUrlParts(row),
          approved: approved.filter((a) => a.partner_id === row.partner_id && a.id !== row.id),
        })),
        has_more: page.hasMore,
        filter,
      };
    },

    /** Approve, reject or revoke; reject and revoke need a reason, approve may have one. The reason is audited. */
    async decideReturnUrl(
      operator: ConsoleOperator,
      id: number,
      command: ReturnUrlCommand,
      reason: string | undefined,
    ) {
      requirePermission(operator, 'decide_return_urls');
      const why = checkReason(reason, command !== 'approve');
      return deps.returnUrls.command(id, command, why);
    },

    async terms(operator: ConsoleOperator, query: FilterText) {
      requirePermission(operator, 'view');
      const { page } = readFilters({ page: pageFilter }, query);
      const [current, history] = await Promise.all([
        deps.terms.currentMetadata(),
        deps.terms.history({ page, limit: PAGE_SIZE }),
      ]);
      return { current: current.code, page, ...history };
    },

    /**
     * The review before publishing: the terms as they would be published (checked as publishing
     * checks them), the current ones, and the impact: the employees (people, their partner links,
     * their partners) who have not approved this code, and so would have to before being paid.
     */
    async reviewTerms(operator: ConsoleOperator, input: { code: string; title: string; url: string }) {
      requirePermission(operator, 'publish_terms');
      const terms = { code: input.code.trim(), title: input.title.trim(), url: input.url.trim() };
      checkTerms(terms);
      const [current, awaiting, partners] = await Promise.all([
        deps.terms.currentMetadata(),
        deps.userTerms.awaitingApproval(terms.code),
        deps.partners.countPartners(),
      ]);
      return { terms, current: current.code, awaiting, partners };
    },

    async publishTerms(operator: ConsoleOperator, input: { code: string; title: string; url: string }) {
      requirePermission(operator, 'publish_terms');
      return deps.terms.publish({ code: input.code.trim(), title: input.title, url: input.url.trim() });
    },

    /** Newest first, a page at a time (`before`: the oldest id shown so far). */
    async auditLog(
      operator: ConsoleOperator,
      filters: AuditFilters,
    ): Promise<{ entries: AuditEntryPayload[]; has_more: boolean }> {
      requirePermission(operator, 'view');
      const { before, ...checked } = checkAuditFilters(filters);
      const entries = await deps.audit.list({ ...checked, beforeId: before, limit: PAGE_SIZE + 1 });
      return { entries: entries.slice(0, PAGE_SIZE), has_more: entries.length > PAGE_SIZE };
    },

    /** Mail by status (`status`, all when empty), older than a paging position (`before`). */
    async outbox(
      operator: ConsoleOperator,
      query: FilterText,
    ): Promise<{ mail: OutboxMail[]; has_more: boolean; status: OutboxFilter | null; before: number | null }> {
      requirePermission(operator, 'view');
      const read = readFilters({ status: choiceFilter('Status', OUTBOX_FILTERS), before: positionFilter }, query);
      const status = read.status ?? null;
      const before = read.before ?? null;
      return { ...(await deps.outbox.list({ status, beforeId: before, limit: PAGE_SIZE })), status, before };
    },

    async resendMail(operator: ConsoleOperator, id: number): Promise<OutboxMail> {
      requirePermission(operator, 'resend_mail');
      return deps.outbox.resend(id);
    },
  };
}

export type AdminActions = ReturnType<typeof createAdminActions>;
