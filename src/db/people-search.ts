/**
 * The trigram index of the console's people search (docs/decisions.md §23, docs/performance.md
 * "People search (issue 24)"): `people_search` holds each person's folded text on both engines;
 * PostgreSQL indexes it with `pg_trgm` (GIN), SQLite with an FTS5 table using the trigram
 * tokenizer, kept in step by triggers. The only place that knows how each engine matches it.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from './database.js';
import { engineOf } from './dialect.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** An FTS5 string: the whole text one phrase (with the trigram tokenizer, a substring). */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The ids of people whose folded text contains one of `forms` (each at least 3 characters),
 * newest first: `limit` of them after `offset` (and, given `beforeId`, older than that id: an
 * export's next chunk). SQLite: the FTS5 table's MATCH, which yields ids
 * in order; PostgreSQL: LIKE through the trigram index (or, for a text most people contain, the
 * primary key walked back and filtered: the planner weighs the two).
 */
export async function searchIds(
  db: Executor,
  forms: readonly string[],
  limit: number,
  offset: number,
  beforeId: number | null = null,
  direction: 'asc' | 'desc' = 'desc',
): Promise<number[]> {
  if (engineOf(db) === 'sqlite') {
    const match = forms.map(ftsPhrase).join(' OR ');
    const before = beforeId === null ? sql`` : sql`and rowid < ${beforeId}`;
    // FTS5 hands its matches in rowid order either way; the direction is one of two fixed words.
    const order = direction === 'asc' ? sql`asc` : sql`desc`;
    const { rows } = await sql<{ user_id: number }>`select rowid as user_id from people_search_fts
      where people_search_fts match ${match} ${before} order by rowid ${order} limit ${limit} offset ${offset}`.execute(
      db,
    );
    return rows.map((row) => row.user_id);
  }
  let query = db
    .selectFrom('people_search')
    .select('user_id')
    .where((eb) => eb.or(forms.map((form) => eb('folded', 'like', `%${escapeLike(form)}%`))));
  if (beforeId !== null) query = query.where('user_id', '<', beforeId);
  const rows = await query.orderBy('user_id', direction).limit(limit).offset(offset).execute();
  return rows.map((row) => row.user_id);
}

/**
 * Creates the search table and its trigram index (the migration `2026-11-26-0036-folded-search`).
 * PostgreSQL needs the `pg_trgm` extension: created here when missing, which needs a superuser
 * or a database owner allowed to (docs/operations.md); SQLite's FTS5 table deletes securely.
 */
export async function createSearchIndex(db: Kysely<Database>): Promise<void> {
  await db.schema
    .createTable('people_search')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id'))
    .addColumn('folded', 'text', (col) => col.notNull())
    .execute();
  if (engineOf(db) === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await TRGM_INDEX.execute(db);
    return;
  }
  // External content: the text lives once, in people_search; the FTS5 table holds only its trigrams.
  await sql`CREATE VIRTUAL TABLE people_search_fts USING fts5(folded, content='people_search', content_rowid='user_id', tokenize='trigram')`.execute(
    db,
  );
  // Deleted entries are removed from the index's pages, not only marked (erasure leaves no trace).
  await sql`INSERT INTO people_search_fts(people_search_fts, rank) VALUES ('secure-delete', 1)`.execute(db);
  await sql`CREATE TRIGGER people_search_fts_insert AFTER INSERT ON people_search BEGIN
    INSERT INTO people_search_fts(rowid, folded) VALUES (new.user_id, new.folded); END`.execute(db);
  await sql`CREATE TRIGGER people_search_fts_delete AFTER DELETE ON people_search BEGIN
    INSERT INTO people_search_fts(people_search_fts, rowid, folded) VALUES ('delete', old.user_id, old.folded); END`.execute(
    db,
  );
  await sql`CREATE TRIGGER people_search_fts_update AFTER UPDATE ON people_search BEGIN
    INSERT INTO people_search_fts(people_search_fts, rowid, folded) VALUES ('delete', old.user_id, old.folded);
    INSERT INTO people_search_fts(rowid, folded) VALUES (new.user_id, new.folded); END`.execute(db);
}

export async function dropSearchIndex(db: Kysely<Database>): Promise<void> {
  if (engineOf(db) === 'sqlite') await sql`DROP TABLE people_search_fts`.execute(db);
  // The triggers (SQLite) and the index (PostgreSQL) go with the table; pg_trgm stays (others may use it).
  await db.schema.dropTable('people_search').execute();
}

const TRGM_INDEX = sql`CREATE INDEX people_search_folded_trgm_idx ON people_search USING gin (folded gin_trgm_ops)`;

/**
 * Runs `load`, which adds many people's texts at once (the migration's build for existing people,
 * the benchmark's seed), in the caller's transaction; for bulk loads only, as it holds the table.
 * PostgreSQL: the GIN index is dropped and built once afterwards (far faster than growing it row by
 * row). SQLite: the FTS5 index is built from the table once at the end ('rebuild', the insert
 * trigger set aside meanwhile: it holds every row of people_search, those there before too) and
 * its segments merged once, instead of every few batches.
 */
export async function loadingSearchTexts<T>(db: Kysely<Database>, load: () => Promise<T>): Promise<T> {
  if (engineOf(db) === 'postgres') {
    await sql`DROP INDEX people_search_folded_trgm_idx`.execute(db);
    const result = await load();
    await TRGM_INDEX.execute(db);
    return result;
  }
  // FTS5 takes its settings as literals only (a bound parameter is "SQL logic error").
  const setting = (name: string, value: number) =>
    sql`INSERT INTO people_search_fts(people_search_fts, rank) VALUES (${sql.lit(name)}, ${sql.lit(value)})`.execute(
      db,
    );
  // The insert trigger is set aside and the index built from the table in one pass afterwards
  // ('rebuild'): no trigger program per row, and the index's pending terms flushed far fewer times.
  const { rows } = await sql<{ definition: string }>`select sql as definition from sqlite_master
    where type = 'trigger' and name = 'people_search_fts_insert'`.execute(db);
  const trigger = rows[0]?.definition;
  if (trigger === undefined) throw new Error('people_search_fts_insert trigger missing');
  await sql`DROP TRIGGER people_search_fts_insert`.execute(db);
  await setting('automerge', 0);
  await setting('crisismerge', 64);
  const result = await load();
  await sql`INSERT INTO people_search_fts(people_search_fts) VALUES ('rebuild')`.execute(db);
  await sql.raw(trigger).execute(db);
  // FTS5's defaults again, and the segments merged into one.
  await setting('automerge', 4);
  await setting('crisismerge', 16);
  await sql`INSERT INTO people_search_fts(people_search_fts) VALUES ('optimize')`.execute(db);
  return result;
}
