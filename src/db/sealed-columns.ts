/**
 * Which columns hold the person's data encrypted, what each value is bound to, and which carry a
 * blind index (docs/data-protection.md). The repositories seal and open values with these
 * bindings; the migration that encrypted existing databases and `onpay keys rotate` re-encrypt
 * with the same pass (`resealPass`).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { Binding, FieldCrypto, IndexPurpose } from '../platform/field-crypto.js';
import { isSealed } from '../platform/field-crypto.js';

export type SealedTable =
  | 'partner_users'
  | 'payouts'
  | 'mail_outbox'
  | 'verification_sessions'
  | 'events'
  | 'event_jobs'
  | 'webhook_deliveries'
  | 'bank_files'
  | 'bank_payout_history';

interface TableSpec {
  /** The natural key a value is bound to, known before the row is written (no second write). */
  readonly key: readonly string[];
  /** Each encrypted column, with the purpose of its blind index (`<column>_index`) when it has one. */
  readonly columns: Readonly<Record<string, IndexPurpose | null>>;
  /**
   * Values compressed (raw DEFLATE) before they are encrypted: a payment file compresses about
   * thirtyfold, and its ciphertext, encoded, would otherwise be a third larger than the file.
   */
  readonly deflated?: boolean;
  /** Rows per batch of a re-encryption, when fewer than the default (a payment file is several MiB in clear). */
  readonly batchSize?: number;
}

/** The link's encrypted columns, with their blind indexes' purposes. */
const LINK_COLUMNS = {
  identification: 'identification',
  document_id: null,
  birthday: 'birthday',
  bank_account_number: null,
  bank_iban_number: null,
  bank_bic_number: null,
  phone: 'phone',
  address: null,
  verified_identification: 'identification',
  verified_birthday: 'birthday',
  verified_document_id: null,
} as const satisfies TableSpec['columns'];

/** The link's encrypted columns (SEALED_TABLES.partner_users). */
export type LinkSealedColumn = keyof typeof LINK_COLUMNS;

export const SEALED_TABLES: Readonly<Record<SealedTable, TableSpec>> = {
  partner_users: { key: ['partner_id', 'user_id'], columns: LINK_COLUMNS },
  payouts: {
    key: ['id'],
    // The bank's words on a failed payout (they may name the person and the account), or the operator's reason.
    columns: { bank_account_number: null, bank_iban_number: null, bank_bic_number: null, failure_message: null },
  },
  // Bodies carry login links and names; a removed body is '' (stored as is, like NULL).
  mail_outbox: { key: ['id'], columns: { text_body: null, html_body: null } },
  // The provider's private state (PKCE verifier, nonce, vendor id) and its outcome text (a vendor's free text).
  verification_sessions: { key: ['id'], columns: { provider_state: null, outcome_reason: null } },
  // Stored copies of what the API answered (the person's data in user.* events), each JSON text whole.
  events: { key: ['id'], columns: { object: null, previous_attributes: null } },
  event_jobs: { key: ['id'], columns: { object: null } },
  webhook_deliveries: { key: ['id'], columns: { payload: null } },
  // A payment file as sent (creditors' names and accounts) and the bank's words on a payout, whole.
  bank_files: { key: ['id'], columns: { content: null }, deflated: true, batchSize: 4 },
  bank_payout_history: { key: ['id'], columns: { text: null } },
};

/** The binding of a link's column: the partner and the person (the link's primary key). */
export function linkBinding(partnerId: number, userId: number, column: string): Binding {
  return { table: 'partner_users', column, row: `${partnerId}:${userId}` };
}

/** The binding of a payout's column: its id (allocated before the insert: see allocateIds). */
export function payoutBinding(payoutId: number, column: string): Binding {
  return { table: 'payouts', column, row: String(payoutId) };
}

function bindingOf(table: SealedTable, row: Record<string, unknown>, column: string): Binding {
  return { table, column, row: SEALED_TABLES[table].key.map((k) => String(row[k])).join(':') };
}

export function indexColumn(column: string): string {
  return `${column}_index`;
}

/** One value sealed as its table keeps it (compressed first where the table says so). */
function sealOne(crypto: FieldCrypto, table: SealedTable, plain: string | Buffer, binding: Binding): string {
  return SEALED_TABLES[table].deflated
    ? crypto.encrypt(deflateRawSync(plain, { level: 1 }), binding)
    : crypto.encrypt(plain, binding);
}

/** One stored value opened: the clear text. */
function openOne(crypto: FieldCrypto, table: SealedTable, stored: string, binding: Binding): string {
  return SEALED_TABLES[table].deflated
    ? inflateRawSync(crypto.decryptBytes(stored, binding)).toString('utf8')
    : crypto.decrypt(stored, binding);
}

/** One stored value of a link's encrypted column opened: null and '' as they are, anything else decrypted (or thrown for). */
export function openLinkValue(
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
  column: LinkSealedColumn,
  stored: string | null,
): string | null {
  if (stored === null || stored === '') return stored;
  return crypto.decrypt(stored, linkBinding(partnerId, userId, column));
}

/**
 * Encrypts the given columns of one row and sets their blind indexes; other properties pass
 * through. `row` must carry the table's key columns' values (in `key`).
 */
export function sealValues<T extends Record<string, unknown>>(
  crypto: FieldCrypto,
  table: SealedTable,
  key: Record<string, unknown>,
  values: T,
): T {
  const spec = SEALED_TABLES[table];
  const sealed: Record<string, unknown> = { ...values };
  for (const [column, purpose] of Object.entries(spec.columns)) {
    if (!(column in values)) continue;
    const plain = values[column] as string | Buffer | null | undefined;
    if (plain === undefined) continue;
    // An empty value says no more than NULL (a removed mail body): stored as it is.
    sealed[column] =
      plain === null || plain === '' ? plain : sealOne(crypto, table, plain, bindingOf(table, key, column));
    if (purpose) sealed[indexColumn(column)] = crypto.indexNullable(purpose, plain as string | null);
  }
  return sealed as T;
}

/**
 * A copy of `row` whose encrypted columns read as clear values (`key` names the row). Each value
 * is decrypted when it is first read, then kept: a caller that needs two of a link's eleven
 * values (a payout batch reads the account of a thousand links) decrypts two. A value that does
 * not decrypt throws where it is read, never returns ciphertext.
 */
export function openValues<T extends Record<string, unknown>>(
  crypto: FieldCrypto,
  table: SealedTable,
  key: Record<string, unknown>,
  row: T,
  prefix = '',
): T {
  const opened: Record<string, unknown> = { ...row };
  for (const column of Object.keys(SEALED_TABLES[table].columns)) {
    const name = `${prefix}${column}`;
    if (!(name in row)) continue;
    const stored = row[name] as string | null;
    if (stored === null || stored === '') continue;
    const binding = bindingOf(table, key, column);
    let clear: string | undefined;
    Object.defineProperty(opened, name, {
      enumerable: true,
      configurable: true,
      get: () => (clear ??= openOne(crypto, table, stored, binding)),
      set: (value: unknown) =>
        Object.defineProperty(opened, name, { value, enumerable: true, writable: true, configurable: true }),
    });
  }
  for (const column of Object.keys(SEALED_TABLES[table].columns)) delete opened[`${prefix}${indexColumn(column)}`];
  return opened as T;
}

/**
 * As `openValues`, but every encrypted column is decrypted now into a plain object: for readers
 * that use every row's values (the bank queue reads the account of each of 10 000 payouts), where
 * a getter per value would only be built, called once and left as garbage.
 */
export function openValuesNow<T extends Record<string, unknown>>(
  crypto: FieldCrypto,
  table: SealedTable,
  key: Record<string, unknown>,
  row: T,
): T {
  const opened: Record<string, unknown> = { ...row };
  for (const column of Object.keys(SEALED_TABLES[table].columns)) {
    if (column in row) {
      const stored = row[column] as string | null;
      opened[column] =
        stored === null || stored === '' ? stored : openOne(crypto, table, stored, bindingOf(table, key, column));
    }
    delete opened[indexColumn(column)];
  }
  return opened as T;
}

/** Whether a stored value or index starts with a key id's prefix (portable: substr on both engines). */
function startsWith(column: string, prefix: string) {
  return sql<boolean>`substr(${sql.ref(column)}, 1, ${prefix.length}) = ${prefix}`;
}

/** Whether a column holds a value: neither NULL nor empty (an empty value is stored as it is). */
function holdsValue(column: string) {
  return sql<boolean>`(${sql.ref(column)} is not null and ${sql.ref(column)} <> '')`;
}

/** Rows with something to do: a value not under the active key (or clear), an index missing or not under the active index key. */
function needsWork(crypto: FieldCrypto, table: SealedTable, mode: 'data' | 'index') {
  const spec = SEALED_TABLES[table];
  const parts = Object.entries(spec.columns).flatMap(([column, purpose]) => {
    if (mode === 'data')
      return [sql`(${holdsValue(column)} and not ${startsWith(column, `e1.${crypto.activeKeyId}.`)})`];
    if (!purpose) return [];
    const index = indexColumn(column);
    return [
      sql`(${sql.ref(column)} is not null and (${sql.ref(index)} is null or not ${startsWith(index, `${crypto.activeIndexKeyId}.`)}))`,
      sql`(${sql.ref(column)} is null and ${sql.ref(index)} is not null)`,
    ];
  });
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

export interface ResealOptions {
  /** 'data': every value under the active data key (clear values encrypted); 'index': every index under the active index key. Both fill missing indexes. */
  mode: 'data' | 'index';
  batchSize?: number;
  /**
   * Runs one batch; by default straight on `db`. The command line gives each batch a transaction
   * of its own (the service keeps serving); the migration runs inside its own.
   */
  inBatch?: <T>(work: (db: Kysely<any>) => Promise<T>) => Promise<T>;
  /** Test seam: called after each batch (a crash there must leave a database a rerun finishes). */
  afterBatch?: (done: number) => void | Promise<void>;
}

/**
 * Re-encrypts (or encrypts, for clear values) the table's values under the active key and fills
 * their indexes, in batches by key. A row another writer changed meanwhile is left alone (each
 * update is conditional on the values read) and picked up by the next round; it ends when a round
 * finds nothing to do. Returns how many rows it wrote.
 */
export async function resealTable(
  db: Kysely<any>,
  crypto: FieldCrypto,
  table: SealedTable,
  options: ResealOptions,
): Promise<number> {
  const spec = SEALED_TABLES[table];
  const columns = Object.keys(spec.columns);
  const indexed = Object.entries(spec.columns).filter(([, purpose]) => purpose !== null);
  if (options.mode === 'index' && indexed.length === 0) return 0;
  const batchSize = Math.min(options.batchSize ?? 500, spec.batchSize ?? Infinity);
  const inBatch = options.inBatch ?? ((work) => work(db));
  let written = 0;
  let idleRounds = 0;
  for (;;) {
    let cursor: Record<string, unknown> | null = null;
    let seen = 0;
    const writtenBefore = written;
    for (;;) {
      const after: Record<string, unknown> | null = cursor;
      const batch: Array<Record<string, unknown>> = await inBatch(async (executor) => {
        let query = executor
          .selectFrom(table)
          .select([...spec.key, ...columns, ...indexed.map(([c]) => indexColumn(c))])
          .where(needsWork(crypto, table, options.mode));
        if (after)
          query = query.where(
            sql`(${sql.join(spec.key.map((k) => sql.ref(k)))})`,
            '>',
            sql`(${sql.join(spec.key.map((k) => after[k]))})`,
          );
        for (const k of spec.key) query = query.orderBy(k);
        const rows = (await query.limit(batchSize).execute()) as Array<Record<string, unknown>>;
        for (const row of rows) {
          const set: Record<string, string | null> = {};
          for (const column of columns) {
            const stored = row[column] as string | null;
            if (stored === null || stored === '' || stored.startsWith(`e1.${crypto.activeKeyId}.`)) continue;
            const binding = bindingOf(table, row, column);
            // An encrypted value moves to the active key as the bytes it holds; a clear one is sealed.
            set[column] = isSealed(stored)
              ? crypto.encrypt(crypto.decryptBytes(stored, binding), binding)
              : sealOne(crypto, table, stored, binding);
          }
          for (const [column, purpose] of indexed) {
            const stored = row[column] as string | null;
            const value =
              stored === null || !isSealed(stored)
                ? stored
                : openOne(crypto, table, stored, bindingOf(table, row, column));
            const index = row[indexColumn(column)] as string | null;
            const wanted = value === null ? null : crypto.index(purpose as IndexPurpose, value);
            if (
              index !== wanted &&
              (value === null || index === null || !index.startsWith(`${crypto.activeIndexKeyId}.`))
            )
              set[indexColumn(column)] = wanted;
          }
          if (Object.keys(set).length === 0) continue;
          let update = executor.updateTable(table).set(set);
          for (const k of spec.key) update = update.where(k, '=', row[k]);
          for (const column of [...columns, ...indexed.map(([c]) => indexColumn(c))]) {
            const old = row[column];
            update = old === null ? update.where(column, 'is', null) : update.where(column, '=', old);
          }
          written += Number((await update.executeTakeFirst()).numUpdatedRows);
        }
        return rows;
      });
      seen += batch.length;
      if (batch.length > 0) await options.afterBatch?.(written);
      if (batch.length < batchSize) break;
      cursor = batch[batch.length - 1] as Record<string, unknown>;
    }
    if (seen === 0) return written;
    // Rows left to do but none could be written: other writers keep changing them, or a value
    // cannot be read. Give up loudly rather than loop.
    idleRounds = written === writtenBefore ? idleRounds + 1 : 0;
    if (idleRounds >= 3)
      throw new Error(`${table}: ${seen} rows could not be re-encrypted (changed by another writer each time)`);
  }
}

/** How many values each key protects, per table, and how many are still in clear. */
export async function countByKey(
  db: Kysely<any>,
  table: SealedTable,
  keyIds: readonly string[],
  mode: 'data' | 'index',
): Promise<{ byKey: Map<string, number>; clear: number }> {
  const spec = SEALED_TABLES[table];
  const columns =
    mode === 'data'
      ? Object.keys(spec.columns)
      : Object.entries(spec.columns)
          .filter(([, purpose]) => purpose !== null)
          .map(([column]) => indexColumn(column));
  const byKey = new Map<string, number>(keyIds.map((id) => [id, 0]));
  let clear = 0;
  if (columns.length === 0) return { byKey, clear };
  const prefixOf = (id: string) => (mode === 'data' ? `e1.${id}.` : `${id}.`);
  const row = (await db
    .selectFrom(table)
    .select([
      ...keyIds.flatMap((id, i) =>
        columns.map((column, j) =>
          sql<number>`sum(case when ${startsWith(column, prefixOf(id))} then 1 else 0 end)`.as(`k${i}_${j}`),
        ),
      ),
      ...(mode === 'data'
        ? columns.map((column, j) =>
            sql<number>`sum(case when ${holdsValue(column)} and not ${startsWith(column, 'e1.')} then 1 else 0 end)`.as(
              `c${j}`,
            ),
          )
        : []),
    ])
    .executeTakeFirstOrThrow()) as Record<string, number | string | null>;
  keyIds.forEach((id, i) =>
    byKey.set(
      id,
      columns.reduce((sum, _column, j) => sum + Number(row[`k${i}_${j}`] ?? 0), 0),
    ),
  );
  if (mode === 'data') clear = columns.reduce((sum, _column, j) => sum + Number(row[`c${j}`] ?? 0), 0);
  return { byKey, clear };
}
