/**
 * The console's administration: partners and their tokens and fees, the return-URL queue, terms,
 * the audit log and the mail outbox. Each action checks the operator's role first (403 before any
 * lookup or validation, so a refused form learns nothing and changes nothing), then calls the same
 * module service the command line calls, so both are audited alike (docs/decisions.md §17, §18).
 */
import type { ReturnUrlRow, ReturnUrlStatus } from '../../db/database.js';
import { AppError, type FieldErrors } from '../../errors.js';
import { AUDIT_ACTION, AUDIT_ACTOR, AUDIT_OBJECT, type AuditEntryPayload, type AuditService } from '../audit/index.js';
import type { Outbox, OutboxFilter, OutboxMail } from '../mail/index.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PartnerService, PartnerSummary } from '../partners/index.js';
import type { TermsService } from '../terms/index.js';
import type { ReturnUrlCommand, ReturnUrlService } from '../verification/index.js';

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
  >;
  returnUrls: Pick<ReturnUrlService, 'listPage' | 'approvedOf' | 'list' | 'command'>;
  terms: Pick<TermsService, 'currentMetadata' | 'history' | 'publish'>;
  audit: Pick<AuditService, 'list'>;
  outbox: Pick<Outbox, 'list' | 'resend'>;
}

/** Rows per page of every console list. */
export const PAGE_SIZE = 25;
export const REASON_MAX = 500;
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
  before?: number;
}

/** Form text → the filter values, every bad one named (422). */
function checkAuditFilters(filters: AuditFilters): {
  object?: string;
  actor?: string;
  action?: string;
  since?: string;
} {
  const errors: FieldErrors = {};
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
  return { object, actor, action, since };
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
    async partners(
      operator: ConsoleOperator,
      query: { search?: string; page?: number },
    ): Promise<{ partners: PartnerSummary[]; has_more: boolean }> {
      requirePermission(operator, 'view');
      return deps.partners.searchPartners({ search: query.search, page: query.page, limit: PAGE_SIZE });
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

    /** Revokes one of this partner's tokens (a token of another partner is not found here). */
    async revokeToken(operator: ConsoleOperator, partnerId: number, tokenId: number) {
      requirePermission(operator, 'manage_tokens');
      const tokens = await deps.partners.listTokens(partnerId);
      if (!tokens.some((t) => t.token_id === tokenId))
        throw new AppError('token_not_found', `Partner ${partnerId} has no access token ${tokenId}.`);
      return deps.partners.revokeToken(tokenId);
    },

    /** The queue: requests by status (pending first), each with its partner's approved URLs. */
    async returnUrlQueue(
      operator: ConsoleOperator,
      query: { status: ReturnUrlStatus | null; partnerId: number | null; after: number },
    ) {
      requirePermission(operator, 'view');
      const page = await deps.returnUrls.listPage({
        status: query.status,
        partnerId: query.partnerId,
        afterId: query.after,
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

    async terms(operator: ConsoleOperator, query: { page?: number }) {
      requirePermission(operator, 'view');
      const [current, history] = await Promise.all([
        deps.terms.currentMetadata(),
        deps.terms.history({ page: query.page, limit: PAGE_SIZE }),
      ]);
      return { current: current.code, ...history };
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
      const checked = checkAuditFilters(filters);
      const entries = await deps.audit.list({ ...checked, beforeId: filters.before, limit: PAGE_SIZE + 1 });
      return { entries: entries.slice(0, PAGE_SIZE), has_more: entries.length > PAGE_SIZE };
    },

    async outbox(
      operator: ConsoleOperator,
      query: { status: OutboxFilter | null; before: number | null },
    ): Promise<{ mail: OutboxMail[]; has_more: boolean }> {
      requirePermission(operator, 'view');
      return deps.outbox.list({ status: query.status, beforeId: query.before, limit: PAGE_SIZE });
    },

    async resendMail(operator: ConsoleOperator, id: number): Promise<OutboxMail> {
      requirePermission(operator, 'resend_mail');
      return deps.outbox.resend(id);
    },
  };
}

export type AdminActions = ReturnType<typeof createAdminActions>;
