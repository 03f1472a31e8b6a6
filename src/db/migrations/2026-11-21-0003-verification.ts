import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withIdColumn(db.schema.createTable('return_urls'), engine)
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('requested_url', 'varchar(2048)', (c) => c.notNull())
    // Auxiliary, for display, allowlisting and uniqueness; never used for matching (spec).
    .addColumn('normalized_scheme', 'varchar(8)', (c) => c.notNull())
    .addColumn('normalized_host', 'varchar(255)', (c) => c.notNull())
    .addColumn('normalized_path_prefix', 'varchar(2048)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addUniqueConstraint('return_urls_partner_url_uq', ['partner_id', 'requested_url'])
    .execute();

  await db.schema
    .createTable('verification_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    // No foreign key: a session outlives its employee record (status then shows onboarding null).
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('id_type', 'varchar(16)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // Equals user_id while pending, null once terminal: a unique column keeps one pending session per user.
    .addColumn('pending_user_id', 'integer', (c) => c.unique())
    .addColumn('partner_return_url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('start_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('browser_binding_hash', 'varchar(64)')
    .addColumn('provider_ref', 'varchar(255)')
    .addColumn('provider_state', 'text')
    .addColumn('outcome_reason', 'varchar(255)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('verified_at', 'varchar(32)')
    .addColumn('last_polled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_sessions_provider_ref_idx')
    .on('verification_sessions')
    .columns(['provider', 'provider_ref'])
    .execute();
  await db.schema.createIndex('verification_sessions_user_idx').on('verification_sessions').column('user_id').execute();

  // Every provider callback accepted once: a replayed webhook finds its receipt and is refused.
  await db.schema
    .createTable('webhook_receipts')
    .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('verified_name', 'varchar(512)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('verified_name').execute();
  for (const table of ['webhook_receipts', 'verification_sessions', 'return_urls'])
    await db.schema.dropTable(table).execute();
}
