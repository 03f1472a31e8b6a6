import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import type { Db } from './kysely.js';
import { migrationsWith, type MigrationContext } from './migrations/index.js';

/**
 * One migrator for start-up, the command line and tests. Returns the names applied by this call.
 * Several processes may run it at once: PostgreSQL serialises them with an advisory lock, SQLite
 * with the write lock of the one transaction all pending migrations run in.
 */
export async function migrateToLatest(db: Db | Kysely<any>, context: MigrationContext = {}): Promise<string[]> {
  const work = (executor: Kysely<any>) => run(executor, context);
  return 'forMigrations' in db ? db.forMigrations(work) : work(db);
}

async function run(db: Kysely<any>, context: MigrationContext): Promise<string[]> {
  const migrations = migrationsWith(context);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `migration ${failed.migrationName} failed: ${reason}` : `migration failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
