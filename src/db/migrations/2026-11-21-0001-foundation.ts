import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withIdColumn(db.schema.createTable('partners'), engine)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(16)', (c) => c.notNull().defaultTo('0.05'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('api_keys'), engine)
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('api_keys_partner_idx').on('api_keys').column('partner_id').execute();

  await withIdColumn(db.schema.createTable('access_tokens'), engine)
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('token_prefix', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('key', 'varchar(36)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(2048)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['partner_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();

  await withIdColumn(db.schema.createTable('terms'), engine)
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // GET /terms must always answer (docs/decisions.md §7): the first version ships with the schema.
  await db
    .insertInto('terms')
    .values({
      code: 'onpay-2026-01',
      title: 'onpay terms of service',
      url: 'https://onpay.example/terms/2026-01',
      published_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['settings', 'terms', 'idempotency_keys', 'access_tokens', 'api_keys', 'partners']) {
    await db.schema.dropTable(table).execute();
  }
}
