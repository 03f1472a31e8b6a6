import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { engineOf } from './dialect.js';

export interface RebuildPlan {
  table: string;
  /** The new definition, built on the temporary name it is given. Constraint names must differ from the old table's. */
  create: (builder: CreateTableBuilder<string, never>) => CreateTableBuilder<string, string>;
  /** Columns copied as they are (the new table may add nullable or defaulted ones). */
  columns: string[];
  /** Indexes of the new table, created after the old one is gone (index names are shared per schema). */
  indexes?: (db: Kysely<any>) => Promise<void>;
  /** True when the table has a serial `id`: PostgreSQL's sequence must continue after the copied ids. */
  serialId?: boolean;
}

/**
 * Replaces a table with a new definition and the same rows: for changes SQLite cannot make in
 * place (dropping NOT NULL, changing a UNIQUE or the primary key). Run it inside a migration; no
 * other table may reference the rebuilt one by foreign key.
 */
export async function rebuildTable(db: Kysely<any>, plan: RebuildPlan): Promise<void> {
  const temporary = `${plan.table}__rebuild`;
  await plan.create(db.schema.createTable(temporary)).execute();
  const columns = plan.columns.map((c) => sql.ref(c));
  await sql`insert into ${sql.table(temporary)} (${sql.join(columns)}) select ${sql.join(columns)} from ${sql.table(plan.table)}`.execute(
    db,
  );
  await db.schema.dropTable(plan.table).execute();
  await db.schema.alterTable(temporary).renameTo(plan.table).execute();
  await plan.indexes?.(db);
  if (plan.serialId && engineOf(db) === 'postgres') {
    // Explicit ids were copied; the sequence of the new serial column must start after them.
    await sql`select setval(pg_get_serial_sequence(${plan.table}, 'id'), coalesce((select max(id) from ${sql.table(plan.table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
