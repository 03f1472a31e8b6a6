/**
 * The console's people search through a trigram index (docs/decisions.md §23, issue 24): the table
 * `people_search` with each person's folded e-mail and names, its index (PostgreSQL `pg_trgm`, which
 * this creates when missing: docs/operations.md; SQLite FTS5 with the trigram tokenizer), and the
 * texts of the people already stored, built in batches. Erased people get none.
 */
import type { Kysely } from 'kysely';
import { searchTextOf } from '../../platform/search-text.js';
import { createSearchIndex, dropSearchIndex, loadingSearchTexts } from '../people-search.js';

export const NAME = '2026-11-26-0036-folded-search';

/** People per batch: one read of their links, one multi-row insert. */
const BATCH = 1_000;

export async function up(db: Kysely<any>): Promise<void> {
  await createSearchIndex(db);
  await loadingSearchTexts(db, async () => {
    for (let after = 0; ;) {
      const people: Array<{ id: number; email_normalized: string }> = await db
        .selectFrom('users')
        .select(['id', 'email_normalized'])
        .where('id', '>', after)
        .where('erased_at', 'is', null)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (people.length === 0) return;
      after = people[people.length - 1]!.id;
      const links: Array<{ user_id: number; first_name: string | null; last_name: string | null }> = await db
        .selectFrom('partner_users')
        .select(['user_id', 'first_name', 'last_name'])
        .where(
          'user_id',
          'in',
          people.map((person) => person.id),
        )
        .orderBy('user_id')
        .orderBy('partner_id')
        .execute();
      const names = new Map<number, string[]>();
      for (const link of links) {
        const name = [link.first_name, link.last_name].filter(Boolean).join(' ');
        names.set(link.user_id, [...(names.get(link.user_id) ?? []), name]);
      }
      const rows = people.map((person) => ({
        user_id: person.id,
        folded: searchTextOf(person.email_normalized, names.get(person.id) ?? []),
      }));
      await db.insertInto('people_search').values(rows).execute();
    }
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropSearchIndex(db);
}
