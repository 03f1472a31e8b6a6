import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, ReturnUrlRow, ReturnUrlStatus } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { inTransaction, retryUniqueRaces, type Idempotency } from '../../platform/idempotency.js';
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
}

export function returnUrlRowToPayload(row: ReturnUrlRow): ReturnUrlRequest {
  return { id: String(row.id), partner_id: row.partner_id, status: row.status, requested_url: row.requested_url, requested_at: row.requested_at };
}

export function createReturnUrlService({ db, clock, idempotency, allowHttp }: ReturnUrlServiceDeps) {
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
          return repo.insertReturnUrl(trx, {
            partnerId,
            requestedUrl: url.canonical,
            scheme: url.scheme,
            host: url.host,
            pathPrefix: url.path === '' ? '/' : url.path,
            now: clock.now().toISOString(),
          });
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

    async decide(id: number, status: Exclude<ReturnUrlStatus, 'pending'>): Promise<ReturnUrlRow> {
      const row = await repo.setReturnUrlStatus(db, id, status, clock.now().toISOString());
      if (!row) throw new AppError('route_not_found', `Return URL request ${id} does not exist.`);
      return row;
    },
  };
}

export type ReturnUrlService = ReturnType<typeof createReturnUrlService>;
