import type { Kysely } from 'kysely';

/**
 * A stored Idempotency-key also keeps what the request answered (its status and the ids it
 * created), so a client whose response was lost can ask what its first attempt did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('response_status', 'integer').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('resource', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('resource').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('response_status').execute();
}
