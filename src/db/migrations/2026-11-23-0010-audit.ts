import { sql, type Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

/**
 * The audit log: who changed what, when, by which request (names of changed fields, never their
 * values). Append-only on both engines: a trigger refuses every UPDATE and DELETE, whoever asks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withIdColumn(db.schema.createTable('audit_log'), engine)
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(64)')
    .addColumn('actor_label', 'varchar(255)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    // The partner the object belongs to, when it belongs to one (a partner's own audit view, filters).
    .addColumn('partner_id', 'integer')
    .addColumn('request_id', 'varchar(128)')
    // JSON array of field names.
    .addColumn('fields', 'text')
    .addColumn('reason', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('audit_log_object_idx')
    .on('audit_log')
    .columns(['object_type', 'object_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_type', 'actor_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at']).execute();

  if (engine === 'postgres') {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(
      db,
    );
    await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(
      db,
    );
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (engineOf(db) === 'postgres') await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
}
