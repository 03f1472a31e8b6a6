import type { Kysely } from 'kysely';

/**
 * When an access token was last used (docs/decisions.md §18): written at most once a minute per
 * token, off the request path, so the console can tell what revoking it would stop. Null: no use
 * recorded (a token not used since this column came, or never used).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').addColumn('last_used_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').dropColumn('last_used_at').execute();
}
