import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, ReturnUrlRow, ReturnUrlStatus } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isId } from '../../ids.js';
import { inTransaction, retryUniqueRaces, type Idempotency } from '../../platform/idempotency.js';
import type { AuditService } from '../audit/index.js';
import type { EventService } from '../events/index.js';
import type { WriteContext } from '../../platform/request-context.js';
import * as repo from './return-urls.repository.js';
import { findMatchingReturnUrl, parseReturnUrl, type CanonicalReturnUrl } from './return-url-matching.js';
import type { ReturnUrlRequest } from './verification.schemas.js';

export interface ReturnUrlServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  /** Sandbox also accepts http; live requires https (docs/decisions.md §8). */
  allowHttp: boolean;
  events: Pick<EventService, 'emit'>;
  audit: Pick<AuditService, 'record'>;
}

export function returnUrlRowToPayload(row: ReturnUrlRow): ReturnUrlRequest {
  return {
    id: String(row.id),
    partner_id: row.partner_id,
    status: row.status,
    requested_url: row.requested_url,
    requested_at: row.requested_at,
  };
}

export type ReturnUrlCommand = 'approve' | 'reject' | 'revoke';

/**
 * Reject only decides a pending request: withdrawing an approved URL stops the partner's new flows,
 * so it has a command of its own. A rejected request can still be approved.
 */
const COMMANDS: Record<
  ReturnUrlCommand,
  { to: Exclude<ReturnUrlStatus, 'pending'>; from: readonly ReturnUrlStatus[] }
> = {
  approve: { to: 'approved', from: ['pending', 'rejected'] },
  reject: { to: 'rejected', from: ['pending'] },
  revoke: { to: 'rejected', from: ['approved'] },
};

const notFound = (id: number) => new AppError('route_not_found', `Return URL request ${id} does not exist.`);

export function createReturnUrlService({ db, clock, idempotency, allowHttp, events, audit }: ReturnUrlServiceDeps) {
  /** Sets the decision (only from `from` when given) with the partner's `return_url.*` event; undefined when nothing changed. */
  async function decided(
    id: number,
    to: Exclude<ReturnUrlStatus, 'pending'>,
    from?: readonly ReturnUrlStatus[],
    reason?: string,
  ): Promise<ReturnUrlRow | undefined> {
    return db.transaction().execute(async (trx) => {
      const before = await repo.findReturnUrlById(trx, id);
      const row = await repo.setReturnUrlStatus(trx, id, to, clock.now().toISOString(), from);
      if (row && before?.status !== row.status) {
        await events.emit(
          trx,
          [
            {
              partnerId: row.partner_id,
              type: `return_url.${row.status as 'approved' | 'rejected'}`,
              object: returnUrlRowToPayload(row),
            },
          ],
          { reason },
        );
      }
      return row;
    });
  }

  return {
    /** Registers a base URL for approval; registering one again returns the existing request. */
    async register(ctx: WriteContext, raw: string): Promise<ReturnUrlRequest> {
      const parsed = parseReturnUrl(raw, { allowHttp });
      if (!parsed.ok) throw AppError.field('partner_return_url', `partner_return_url ${parsed.reason}.`);
      const url = parsed.url;
      const partnerId = ctx.caller.partnerId;
      const registerOnce = () =>
        inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
          const existing = await repo.findReturnUrl(trx, partnerId, url.canonical);
          if (existing) return existing;
          const row = await repo.insertReturnUrl(trx, {
            partnerId,
            requestedUrl: url.canonical,
            scheme: url.scheme,
            host: url.host,
            pathPrefix: url.path === '' ? '/' : url.path,
            now: clock.now().toISOString(),
          });
          await audit.record(trx, {
            action: 'return_url.requested',
            object: { type: 'return_url', id: row.id },
            partnerId,
            fields: ['requested_url'],
          });
          return row;
        });
      // The same URL registered twice at once: the unique (partner, URL) pair lets one insert in;
      // the other answers with that request, as a sequential second registration would.
      return returnUrlRowToPayload(await retryUniqueRaces(2, registerOnce));
    },

    /** The approved URL a flow's return URL matches, or a 422 naming partner_return_url. */
    async requireMatch(partnerId: number, raw: string): Promise<{ url: CanonicalReturnUrl; supplied: string }> {
      const approved = await repo.listApprovedReturnUrls(db, partnerId);
      const found = findMatchingReturnUrl(raw, approved, { allowHttp });
      if (!found.ok) throw AppError.field('partner_return_url', `partner_return_url ${found.reason}.`);
      return { url: found.url, supplied: raw.trim() };
    },

    async list(partnerId: number | null): Promise<ReturnUrlRow[]> {
      return repo.listReturnUrls(db, partnerId);
    },

    /** How many requests have this status (the console's queue count). */
    count(status: ReturnUrlStatus): Promise<number> {
      return repo.countReturnUrls(db, status);
    },

    /** One page of requests, oldest first (the console's queue), and whether more follow. */
    async listPage(query: {
      status: ReturnUrlStatus | null;
      partnerId: number | null;
      afterId: number;
      limit: number;
    }): Promise<{ rows: ReturnUrlRow[]; hasMore: boolean }> {
      const rows = await repo.listReturnUrlsPage(db, query, query.limit + 1);
      return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
    },

    /** The approved URLs of these partners (shown beside a request being decided). */
    async approvedOf(partnerIds: number[]): Promise<ReturnUrlRow[]> {
      return repo.listApprovedOf(db, [...new Set(partnerIds)]);
    },

    /** Sets a decision whatever the current status (test set-up); operators go through `command`. */
    async decide(id: number, status: Exclude<ReturnUrlStatus, 'pending'>): Promise<ReturnUrlRow> {
      const row = isId(id) ? await decided(id, status) : undefined;
      if (!row) throw notFound(id);
      return row;
    },

    /**
     * The operator's approve, reject and revoke (docs/decisions.md §8), with the reason they gave (kept
     * in the audit entry). Repeating a command that already
     * holds changes nothing (`changed: false`); any other status is refused with the command to use.
     */
    async command(
      id: number,
      command: ReturnUrlCommand,
      reason?: string,
    ): Promise<{ row: ReturnUrlRow; changed: boolean }> {
      const { to, from } = COMMANDS[command];
      if (!isId(id)) throw notFound(id);
      const updated = await decided(id, to, from, reason?.trim() || undefined);
      if (updated) return { row: updated, changed: true };
      const row = await repo.findReturnUrlById(db, id);
      if (!row) throw notFound(id);
      if (row.status === to) return { row, changed: false };
      const label = `Return URL ${id} (${row.requested_url})`;
      // What to do instead (`instead`) is for each door to word: a command, or a button.
      const state = {
        approved: { now: 'is approved and flows may use it', instead: 'revoke' },
        pending: { now: 'is pending, not approved', instead: 'reject' },
        // Only when another operator changed it in between.
        rejected: { now: 'was changed by someone else meanwhile', instead: command },
      }[row.status];
      throw new AppError('conflict', `${label} ${state.now}.`, undefined, { instead: state.instead, id });
    },
  };
}

export type ReturnUrlService = ReturnType<typeof createReturnUrlService>;
