import type { Kysely } from 'kysely';
import { isoNow, type Clock } from '../../clock.js';
import type { Database, TermsRow } from '../../db/database.js';
import { createEpochCache } from '../../db/epoch-cache.js';
import { announceChange } from '../../db/kysely.js';
import { storeEveryOnboarding } from '../../db/link-onboarding.js';
import { AppError, type FieldProblem } from '../../errors.js';
import type { EventService } from '../events/index.js';
import * as repo from './terms.repository.js';
import type { TermsMetadata } from './terms.schemas.js';

export interface TermsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Db.changeEpoch: lets the current terms be kept in memory while no other process wrote to the database. */
  changeEpoch?: () => number | null;
  events: Pick<EventService, 'emitToEveryPartner'>;
}

/**
 * How long the current terms stay in memory. Publishing here clears them at once, and publishing
 * from the command line changes the database's change epoch, which clears them too.
 */
export const TERMS_CACHE_TTL_MS = 5_000;

export function termsRowToMetadata(row: TermsRow): TermsMetadata {
  return { code: row.code, title: row.title, url: row.url };
}

/** The options of `terms publish`, or a validation error naming every bad one. */
export function checkTerms(input: { code: string; title: string; url: string }): void {
  const errors: Record<string, FieldProblem> = {};
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(input.code)) {
    errors.code = { code: 'format', problem: 'must be 1 to 64 letters, digits, dots, dashes or underscores.' };
  }
  if (input.title.trim() === '' || input.title.length > 255)
    errors.title = { code: 'length', problem: 'must be 1 to 255 characters.' };
  let url: URL | null = null;
  try {
    url = new URL(input.url);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || input.url.length > 2048) {
    errors.url = { code: 'url', problem: 'must be an absolute http(s) URL of at most 2048 characters.' };
  }
  if (Object.keys(errors).length > 0) throw AppError.invalid(errors);
}

export function createTermsService({ db, clock, changeEpoch, events }: TermsServiceDeps) {
  // Every user read needs the current code; it changes when an operator publishes, which is rare.
  const cache = createEpochCache<'current', TermsRow>({
    changeEpoch,
    ttlMs: TERMS_CACHE_TTL_MS,
    maxEntries: 1,
    now: () => clock.now().getTime(),
  });

  async function load(executor: Kysely<Database>): Promise<TermsRow> {
    const row = await repo.findCurrentTerms(executor);
    // The first migration publishes a version, so this only fails on a damaged database.
    if (!row) throw new AppError('internal', 'No terms have been published.');
    return Object.freeze(row);
  }

  return {
    /**
     * The current terms, from memory while no process has published since (see
     * TERMS_CACHE_TTL_MS); a miss is read through `executor`: the transaction inside one, `db`
     * outside (src/db/transaction-guard.ts).
     */
    async current(executor: Kysely<Database>): Promise<TermsRow> {
      return (await cache.get('current', () => load(executor))) as TermsRow;
    },

    /** The current terms as the API shows them, for a caller outside any transaction (routes, pages). */
    async currentMetadata(): Promise<TermsMetadata> {
      return termsRowToMetadata((await cache.get('current', () => load(db))) as TermsRow);
    },

    /** Every published version, newest (the current one) first, a page at a time. */
    async history(query: {
      page?: number;
      limit: number;
    }): Promise<{ terms: Array<TermsMetadata & { published_at: string }>; has_more: boolean }> {
      const page = Math.max(1, query.page ?? 1);
      const rows = await repo.listTerms(db, (page - 1) * query.limit, query.limit + 1);
      return {
        terms: rows
          .slice(0, query.limit)
          .map((row) => ({ ...termsRowToMetadata(row), published_at: row.published_at })),
        has_more: rows.length > query.limit,
      };
    },

    /** Makes these terms current. Publishing an existing code again makes that version current. */
    async publish(input: { code: string; title: string; url: string }): Promise<TermsMetadata> {
      checkTerms(input);
      const values = { ...input, title: input.title.trim(), publishedAt: isoNow(clock) };
      await db.transaction().execute(async (trx) => {
        if (await repo.findTermsByCode(trx, input.code)) await repo.republishTerms(trx, values);
        else await repo.insertTerms(trx, values);
        // Which approval counts changed: every link's stored onboarding is computed again (§28).
        await storeEveryOnboarding(trx);
        // One event per partner, written by the events worker (there may be many partners).
        await events.emitToEveryPartner(
          trx,
          'terms.published',
          { terms: { code: values.code, title: values.title, url: values.url } },
          { type: 'terms', id: values.code },
        );
        // Other processes' caches of the current terms hear of it when this commits.
        await announceChange(trx);
      });
      cache.forget();
      return { code: values.code, title: values.title, url: values.url };
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
