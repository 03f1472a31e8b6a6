import type { Kysely } from 'kysely';

/**
 * What migrations left for the operator to review (the tenancy migration lists the links that
 * started empty), for the migrations named: printed by `onpay migrate` and `onpay serve` when they
 * apply them.
 */
export async function migrationNotes(db: Kysely<any>, migrations: string[]): Promise<string[]> {
  if (migrations.length === 0) return [];
  const rows = await db
    .selectFrom('migration_notes')
    .select(['migration', 'note'])
    .where('migration', 'in', migrations)
    .orderBy('id')
    .execute();
  return rows.map((row: { migration: string; note: string }) => `${row.migration}: ${row.note}`);
}
