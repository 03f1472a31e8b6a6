/**
 * Field encryption (docs/data-protection.md, "Encryption at rest"): the person's identity numbers,
 * birth dates, documents, accounts, phone and address on links, and the account copied onto each
 * payout, are stored encrypted; lookups by number and phone go through blind indexes. This
 * migration makes room (PostgreSQL's varchar limits are too small for ciphertext; the index
 * columns; the table of the keys in use) and then encrypts what an existing database holds, in
 * batches. Values already encrypted are recognised, so a rerun after a crash finishes the work.
 */
import type { Kysely, Migration } from 'kysely';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { engineOf } from '../dialect.js';
import { indexColumn, resealTable, SEALED_TABLES, type SealedTable } from '../sealed-columns.js';

export const NAME = '2026-11-25-0031-field-encryption';

/**
 * The tables this migration encrypted. Fixed: tables added to SEALED_TABLES later are encrypted by
 * their own migrations, so a database of any release migrates the same way.
 */
const TABLES: readonly SealedTable[] = ['partner_users', 'payouts'];

/** What the migration needs from the running service: the keys, resolved within the migration's own transaction. */
export interface FieldEncryptionContext {
  fieldCrypto?: (db: Kysely<any>) => Promise<FieldCrypto>;
  /** Test seam: called after each batch of the encryption pass. */
  afterBatch?: (done: number) => void | Promise<void>;
}

export async function addColumns(db: Kysely<any>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  for (const table of TABLES) {
    for (const [column, purpose] of Object.entries(SEALED_TABLES[table].columns)) {
      // SQLite does not enforce varchar lengths; PostgreSQL's would refuse the ciphertext.
      if (postgres)
        await db.schema
          .alterTable(table)
          .alterColumn(column, (c) => c.setDataType('text'))
          .execute();
      if (purpose) await db.schema.alterTable(table).addColumn(indexColumn(column), 'varchar(80)').execute();
    }
  }
  // Indexes on ciphertext find nothing: lookups use the blind indexes.
  for (const name of [
    'partner_users_phone_idx',
    'partner_users_identification_idx',
    'partner_users_any_phone_idx',
    'partner_users_verified_identification_idx',
  ])
    await db.schema.dropIndex(name).ifExists().execute();
  await db.schema
    .createIndex('partner_users_phone_index_idx')
    .on('partner_users')
    .columns(['partner_id', 'phone_index'])
    .execute();
  await db.schema
    .createIndex('partner_users_identification_index_idx')
    .on('partner_users')
    .columns(['partner_id', 'identification_index'])
    .execute();
  await db.schema
    .createIndex('partner_users_verified_identification_index_idx')
    .on('partner_users')
    .columns(['partner_id', 'verified_identification_index'])
    .execute();
  await db.schema.createIndex('partner_users_any_phone_index_idx').on('partner_users').column('phone_index').execute();

  // Each key the database holds values under, with a check value encrypted under it: start-up
  // refuses a key that is missing or is not the one that wrote them.
  await db.schema
    .createTable('data_keys')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('id', 'varchar(32)', (c) => c.notNull())
    .addColumn('check_value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('data_keys_pk', ['kind', 'id'])
    .execute();
}

async function hasClearValues(db: Kysely<any>, tables: readonly SealedTable[]): Promise<boolean> {
  for (const table of tables) {
    const spec = SEALED_TABLES[table];
    const row = await db
      .selectFrom(table)
      .select(spec.key[0] as string)
      .where((eb) =>
        eb.or(Object.keys(spec.columns).map((column) => eb.and([eb(column, 'is not', null), eb(column, '<>', '')]))),
      )
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export function fieldEncryption(context: FieldEncryptionContext): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await addColumns(db);
      await encryptExisting(db, context);
    },
  };
}

/**
 * Encrypts every clear value of the tables and fills the indexes; a no-op on a database without
 * such values. Later migrations that encrypt more tables call it with theirs and their name.
 */
export async function encryptExisting(
  db: Kysely<any>,
  context: FieldEncryptionContext,
  tables: readonly SealedTable[] = TABLES,
  name: string = NAME,
): Promise<void> {
  if (!(await hasClearValues(db, tables))) return;
  if (!context.fieldCrypto)
    throw new Error(
      `migration ${name} encrypts the existing personal data and needs the keys (ONPAY_DATA_KEYS, ONPAY_INDEX_KEYS): run it through onpay serve or onpay migrate`,
    );
  const crypto = await context.fieldCrypto(db);
  for (const table of tables) {
    await resealTable(db, crypto, table, { mode: 'data', afterBatch: context.afterBatch });
    await resealTable(db, crypto, table, { mode: 'index', afterBatch: context.afterBatch });
  }
}
