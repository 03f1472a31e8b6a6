/**
 * Bulk loads into fresh tables (the benchmark's seed: bench/seed.ts): the secondary indexes are
 * built once after the rows instead of growing row by row. A 1 000 000-person seed inserts into
 * eleven indexes of partner_users, payouts and verification_sessions, most of them over random
 * values (blind indexes); built afterwards, each is one sort (docs/performance.md "The 1 000 000 seed").
 */
import { sql } from 'kysely';
import type { Executor } from './database.js';
import { engineOf } from './dialect.js';

/**
 * Runs `load` with the secondary indexes of `tables` dropped, then creates them again from their
 * own stored definitions (so they cannot drift from the migrations). Indexes behind a primary key
 * or a unique constraint stay (SQLite cannot drop them, and they keep the load honest); a unique
 * index that the loaded rows break fails when it is built again. In the caller's transaction.
 */
export async function withoutSecondaryIndexes<T>(
  db: Executor,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const indexes = await secondaryIndexes(db, tables);
  for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  const result = await load();
  for (const { definition } of indexes) await sql.raw(definition).execute(db);
  return result;
}

async function secondaryIndexes(
  db: Executor,
  tables: readonly string[],
): Promise<Array<{ name: string; definition: string }>> {
  if (tables.length === 0) return [];
  if (engineOf(db) === 'sqlite') {
    // Indexes SQLite made for a constraint (sqlite_autoindex_*) have no SQL and cannot be dropped.
    // Made again in the order the migrations made them (the schema's own order; on PostgreSQL, the
    // indexes' oids): both planners break a tie between two equally good indexes by that order, so
    // another order would give the seeded database other plans than a migrated one
    // (test/db/query-plans.test.ts).
    const { rows } = await sql<{ name: string; definition: string }>`select name, sql as definition
      from sqlite_master where type = 'index' and sql is not null
      and tbl_name in (${sql.join(tables)}) order by rowid`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ name: string; definition: string }>`select i.indexname as name, i.indexdef as definition
    from pg_indexes i where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
    and not exists (select 1 from pg_constraint c where c.conname = i.indexname
      and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))
    order by (quote_ident(i.indexname))::regclass::oid`.execute(db);
  return rows;
}

/**
 * Runs `load` with the foreign keys declared on `tables` dropped (PostgreSQL), then adds them again
 * from their own stored definitions: each is then checked once, by one join over all the loaded
 * rows, instead of by a lookup per inserted row. PostgreSQL plans that lookup once per connection,
 * while the referenced table (filled in the same transaction) still looks empty to it: in the
 * benchmark's seed, the terms approvals' check against partner_users took 107 s for 17 000 rows,
 * growing with every row already loaded (docs/performance.md "The 1 000 000 seed"). A row breaking
 * a key fails the load when its constraint is added again. SQLite checks a key through the
 * referenced table's index whatever its size and cannot drop a constraint: `load` runs as is.
 * In the caller's transaction.
 */
export async function withoutForeignKeys<T>(
  db: Executor,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  if (tables.length === 0 || engineOf(db) === 'sqlite') return load();
  const { rows: keys } = await sql<{ table: string; name: string; definition: string }>`select t.relname as table,
      c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and t.relname in (${sql.join(tables)})
    order by c.oid`.execute(db);
  for (const key of keys) await sql`ALTER TABLE ${sql.id(key.table)} DROP CONSTRAINT ${sql.id(key.name)}`.execute(db);
  const result = await load();
  for (const key of keys)
    await sql`ALTER TABLE ${sql.id(key.table)} ADD CONSTRAINT ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
      db,
    );
  return result;
}
