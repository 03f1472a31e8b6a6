import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

/** Operators of the console and their sessions (docs/decisions.md §18). */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db.schema.createTable('operators'), engineOf(db))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    // pending (set-up link not used yet), active, disabled.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)')
    // The TOTP secret, encrypted with a key derived from the service secret.
    .addColumn('totp_secret', 'varchar(255)')
    // The last TOTP time step used: a code is accepted once.
    .addColumn('totp_last_step', 'integer')
    // JSON array of SHA-256 digests of the unused recovery codes.
    .addColumn('recovery_codes', 'text')
    .addColumn('setup_token_hash', 'varchar(64)')
    .addColumn('setup_expires_at', 'varchar(32)')
    .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_sign_in_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operators_setup_idx').on('operators').column('setup_token_hash').execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator_idx')
    .on('operator_sessions')
    .columns(['operator_id', 'ended_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['operator_sessions', 'operators']) await db.schema.dropTable(table).execute();
}
