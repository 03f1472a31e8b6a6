/** The operators' directory of people (the console): search across every partner's links. */
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import * as repo from './directory.repository.js';
import * as stuck from './stuck.repository.js';
import { erasedAmong } from './rights.repository.js';
import { EXPORT_CHUNK_ROWS, keysetChunks } from '../../platform/export-stream.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { queryForms } from '../../platform/search-text.js';

/** Text that is not a phone number or an id, and folds to fewer than 3 characters (docs/decisions.md §23). */
function isTooShort(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && repo.phoneOrIdDigits(trimmed) === '' && queryForms(trimmed) === null;
}

export interface PersonSummary {
  id: number;
  email: string;
  /** A partner's own verification confirmed an identity (docs/decisions.md §14: it counts for that partner). */
  verified: boolean;
  /** Partners' verifications confirmed different identities: for an operator to review. */
  identityReview: boolean;
  links: Array<{ partnerId: number; name: string; phone: string | null; internalId: number | null; verified: boolean }>;
}

type LinkRow = Awaited<ReturnType<typeof repo.linksOfPeople>>[number];

function summaries(
  rows: Array<{ id: number; email: string; identity_review_since: string | null }>,
  links: LinkRow[],
): PersonSummary[] {
  return rows.map((row) => {
    const own = links
      .filter((link) => link.user_id === row.id)
      .map((link) => ({
        partnerId: link.partner_id,
        name: [link.first_name, link.last_name].filter(Boolean).join(' '),
        phone: link.phone ? `${link.dial_code ?? ''} ${link.phone}`.trim() : null,
        internalId: link.internal_id,
        verified: link.identity_verified_at !== null,
      }));
    return {
      id: row.id,
      email: row.email,
      verified: own.some((link) => link.verified),
      identityReview: row.identity_review_since !== null,
      links: own,
    };
  });
}

export function createDirectory({ db, crypto }: { db: Kysely<Database>; crypto: FieldCrypto }) {
  return {
    /**
     * People whose e-mail, name (on any link), phone or internal id matches `text`, newest first (or `order`),
     * `limit` after `offset`; `hasMore` when a next page has some. No total (docs/decisions.md §23).
     * `tooShort`: a text (not digits) under 3 characters once folded, which the index cannot answer.
     */
    async search(
      text: string,
      limit: number,
      offset: number,
      order?: repo.PeopleOrder,
    ): Promise<{ people: PersonSummary[]; hasMore: boolean; tooShort: boolean }> {
      const query = { text: text.slice(0, 200), order };
      if (isTooShort(query.text)) return { people: [], hasMore: false, tooShort: true };
      const found = await repo.findPeople(db, crypto, query, limit + 1, offset);
      const rows = found.slice(0, limit);
      const links = await repo.linksOfPeople(
        db,
        crypto,
        rows.map((r) => r.id),
      );
      return { people: summaries(rows, links), hasMore: found.length > limit, tooShort: false };
    },

    /** Every person `search` finds for `text`, newest first, a chunk at a time (the console's CSV). */
    async *exportChunks(text: string, size = EXPORT_CHUNK_ROWS): AsyncGenerator<PersonSummary[]> {
      const query = { text: text.slice(0, 200) };
      const chunks = keysetChunks(
        (before, limit) => repo.findPeople(db, crypto, query, limit, 0, before),
        (row) => row.id,
        size,
      );
      for await (const rows of chunks) {
        const links = await repo.linksOfPeople(
          db,
          crypto,
          rows.map((r) => r.id),
        );
        yield summaries(rows, links);
      }
    },

    /** How many people await an identity review (the console's dashboard). */
    countIdentityReviews: () => repo.countIdentityReviews(db),

    /** People whose partners' verifications confirmed different identities, longest waiting first. */
    async identityReviews(limit: number, offset: number): Promise<{ total: number; people: PersonSummary[] }> {
      const [total, rows] = await Promise.all([repo.countIdentityReviews(db), repo.identityReviews(db, limit, offset)]);
      const links = await repo.linksOfPeople(
        db,
        crypto,
        rows.map((r) => r.id),
      );
      return { total, people: summaries(rows, links) };
    },

    /** How many links are in one state (an index-only count: docs/decisions.md §28). */
    countLinksInState(filter: stuck.LinkStateFilter): Promise<number> {
      return stuck.countLinksInState(db, filter);
    },

    /** The console's "what is stuck": links in one state and their exact total (docs/decisions.md §28). */
    async linksInState(filter: stuck.LinkStateFilter, limit: number, offset: number) {
      const [total, rows] = await Promise.all([
        stuck.countLinksInState(db, filter),
        stuck.linksInState(db, filter, limit, offset),
      ]);
      return { total, rows };
    },

    /** Which of these people were erased (the console shows them so; their payouts stay). */
    async erased(userIds: number[]): Promise<Set<number>> {
      return new Set(await erasedAmong(db, [...new Set(userIds)]));
    },

    /**
     * The name each partner entered for these people, keyed `partnerId:userId` ('' when it entered
     * none); read in the caller's transaction when it passes one (a payment file's export).
     */
    async linkNames(userIds: number[], executor: Executor = db): Promise<Map<string, string>> {
      const links = await repo.linkNamesOf(executor, [...new Set(userIds)]);
      return new Map(
        links.map((link) => [
          `${link.partner_id}:${link.user_id}`,
          [link.first_name, link.last_name].filter(Boolean).join(' '),
        ]),
      );
    },
  };
}

export type Directory = ReturnType<typeof createDirectory>;
