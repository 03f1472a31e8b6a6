import type { Kysely } from 'kysely';
import type { TestApp } from './app.js';

/**
 * Every row of every table, per table, as sorted JSON lines: two equal snapshots mean nothing was
 * written in between (whatever the table, including ones added later).
 */
export async function snapshot(t: TestApp): Promise<Record<string, string[]>> {
  const db = t.db.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = await db.introspection.getTables();
  const out: Record<string, string[]> = {};
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = await db.selectFrom(table.name).selectAll().execute();
    out[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}
