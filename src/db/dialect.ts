/**
 * The only place that knows which engine is underneath: id columns, unique-violation detection,
 * and the engine of a Kysely instance.
 */
import { CompiledQuery, PostgresAdapter, sql, type CreateTableBuilder, type Insertable, type Kysely } from 'kysely';
import type { Database } from './database.js';

export type Engine = 'sqlite' | 'postgres';

/** Any Kysely instance or transaction, whatever its table types. */
type Handle = Pick<Kysely<Database>, 'getExecutor'>;

export function engineOf(db: Handle): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Whether a one-row `with` table holding a statement's arguments must be materialized, for joined
 * point reads that compare them with indexed columns through it. SQLite (3.54, as better-sqlite3
 * bundles it) recompiled a joined statement on every execution when a bound parameter met an
 * indexed column in it (about 45 µs for the 46-column point read); materialized, the table kept the
 * parameters out of the join. Since every SQLite parameter is written `+?` (StableParameterCompiler,
 * sqlite-driver.ts) the table is no longer needed for that, and is kept where its plan is pinned.
 * PostgreSQL inlines the table into plain conditions (materializing it there only adds planning).
 * docs/performance.md, "Point read budget (issue 24 item 4)", "Statements compiled once".
 */
export function materializesArguments(db: Handle): boolean {
  return engineOf(db) === 'sqlite';
}

/** Adds an auto-incrementing integer primary key named `id`. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: Engine,
): CreateTableBuilder<T, 'id'> {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** True when the error is a unique (or primary key) constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '23505') return true;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Locks the selected rows until the transaction ends, on PostgreSQL, skipping rows another
 * transaction holds. SQLite needs nothing: its write transactions are serialised.
 */
export function forUpdateSkipLocked<QB extends { forUpdate(): QB; skipLocked(): QB }>(executor: Handle, query: QB): QB {
  return engineOf(executor) === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * Whether one statement may write in its WITH and use what that returned (PostgreSQL's
 * data-modifying WITH). SQLite's WITH only reads, so there the same work takes two statements.
 */
export function writesInWith(executor: Handle): boolean {
  return engineOf(executor) === 'postgres';
}

/** Locks the selected rows until the transaction ends, on PostgreSQL (SQLite serialises writers). */
export function forUpdate<QB extends { forUpdate(): QB }>(executor: Handle, query: QB): QB {
  return engineOf(executor) === 'postgres' ? query.forUpdate() : query;
}

/**
 * Allocates `count` ids of a table's `id` column before the rows are inserted (a value bound to
 * its row's id is encrypted before the insert: src/db/sealed-columns.ts). PostgreSQL takes them
 * from the column's sequence; SQLite continues after the largest id and AUTOINCREMENT's counter,
 * which only holds in a transaction that already writes (SQLite has one writer at a time).
 */
export async function allocateIds(executor: Kysely<Database>, table: string, count: number): Promise<number[]> {
  if (engineOf(executor) === 'postgres') {
    const { rows } = await sql<{
      id: number;
    }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`.execute(
      executor,
    );
    return rows.map((row) => Number(row.id));
  }
  const { rows } = await sql<{
    top: number;
  }>`select max(coalesce((select max(id) from ${sql.table(table)}), 0), coalesce((select seq from sqlite_sequence where name = ${table}), 0)) as top`.execute(
    executor,
  );
  const top = Number(rows[0]?.top ?? 0);
  return Array.from({ length: count }, (_, i) => top + 1 + i);
}

/** SQL longer than this is not kept prepared on a SQLite connection (src/db/kysely.ts): it varies with the row count. */
export const MAX_CACHED_SQL_LENGTH = 8_192;

/** The columns any of these rows sets (a property holding `undefined` sets nothing). */
function columnsSet(rows: readonly object[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const [name, value] of Object.entries(row)) if (value !== undefined) names.add(name);
  return [...names];
}

/** An identifier quoted for SQLite (the names are the code's own: tables and columns of `Database`). */
function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A string with each lone UTF-16 surrogate (half of a character: a bank's code cut to 8 characters
 * through an emoji) replaced by U+FFFD. PostgreSQL's `json` refuses the `\ud83d` JSON.stringify
 * writes for one and the whole statement fails; a bound parameter (and SQLite) store U+FFFD.
 */
function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === 'string' && !value.isWellFormed() ? value.toWellFormed() : value;
}

/**
 * Inserts many rows of one table, `chunk` rows a statement. SQLite: multi-row VALUES, as many
 * rows a statement as keep its text within the statement cache's limit, written directly, not built through
 * Kysely's query tree (a node and a frozen object per value: a batch of 1 000 payouts has 40 000
 * values). PostgreSQL: each chunk's rows travel as one JSON parameter read
 * by `json_populate_recordset`, so the server parses one value instead of binding one parameter
 * per cell: 10 000 audit entries of 11 columns take about a third of the time. The columns are
 * those any row of the chunk sets; a row without one of them stores NULL there (not the default).
 */
export async function insertRows<T extends keyof Database & string>(
  executor: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  chunk: number,
): Promise<void> {
  if (rows.length === 0) return;
  if (engineOf(executor) !== 'postgres') {
    const head = (names: string[]) => `insert into ${quoted(table)} (${names.map(quoted).join(', ')}) values `;
    // Rows a statement: at most `chunk`, and few enough for the connection's statement cache
    // (MAX_CACHED_SQL_LENGTH), so full chunks reuse one prepared statement instead of preparing
    // (and keeping the native memory of) a new one each time. A tuple of n values is 3n
    // characters, tuples are joined by ', '; a chunk's own columns are never more than all rows'.
    const all = columnsSet(rows);
    const fits = Math.floor((MAX_CACHED_SQL_LENGTH - head(all).length + 2) / (3 * all.length + 2));
    const size = Math.max(1, Math.min(chunk, fits));
    for (let i = 0; i < rows.length; i += size) {
      const part = rows.slice(i, i + size) as readonly Record<string, unknown>[];
      const names = columnsSet(part);
      const parameters: unknown[] = [];
      for (const row of part) for (const name of names) parameters.push(row[name] ?? null);
      const tuple = `(${names.map(() => '?').join(', ')})`;
      const text = `${head(names)}${new Array<string>(part.length).fill(tuple).join(', ')}`;
      await executor.executeQuery(CompiledQuery.raw(text, parameters));
    }
    return;
  }
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const columns = sql.join(columnsSet(part).map((column) => sql.ref(column)));
    await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(part, wellFormed)})`.execute(
      executor,
    );
  }
}
