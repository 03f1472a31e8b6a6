import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect.js';
import { storeEveryOnboarding } from '../db/link-onboarding.js';
import { countByKey, resealTable, SEALED_TABLES, type SealedTable } from '../db/sealed-columns.js';
import {
  checkMatches,
  createFieldCrypto,
  dataKeyCheck,
  generateKeyList,
  indexKeyCheck,
  parseKeyList,
  type FieldCrypto,
  type FieldKey,
} from './field-crypto.js';
import { insertSetting, readSetting } from './settings.js';

/** A key problem found at start-up; the message is one line naming the variable and the key id. */
export class FieldKeyError extends Error {}

type KeyKind = 'data' | 'index';

const VARIABLE: Record<KeyKind, string> = { data: 'ONPAY_DATA_KEYS', index: 'ONPAY_INDEX_KEYS' };
const SANDBOX_SETTING: Record<KeyKind, string> = { data: 'sandbox_data_keys', index: 'sandbox_index_keys' };

/**
 * The configured keys; in a sandbox without them, keys generated once and kept in the database
 * like the signing secret (sandbox only: a key beside the data it protects protects nothing
 * against a copied backup; docs/data-protection.md, "Keys").
 */
async function keysOf(
  db: Kysely<Database>,
  kind: KeyKind,
  configured: readonly FieldKey[] | null,
): Promise<readonly FieldKey[]> {
  if (configured) return configured;
  const existing = await readSetting(db, SANDBOX_SETTING[kind]);
  if (existing !== undefined) return parseKeyList(existing);
  try {
    await insertSetting(db, SANDBOX_SETTING[kind], generateKeyList('sandbox1'));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return parseKeyList((await readSetting(db, SANDBOX_SETTING[kind])) as string);
}

/** The ids of the keys the database holds values under, with their check values. */
async function keysInUse(db: Kysely<Database>, kind: KeyKind): Promise<Array<{ id: string; check_value: string }>> {
  return (await db
    .selectFrom('data_keys')
    .select(['id', 'check_value'])
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as Array<{ id: string; check_value: string }>;
}

/**
 * Refuses a database whose values are under a key that is not configured, or under a key id whose
 * configured key is not the one that wrote them (its check value does not decrypt); records the
 * active key as in use.
 */
async function checkKeys(db: Kysely<Database>, kind: KeyKind, keys: readonly FieldKey[], now: string): Promise<void> {
  const variable = VARIABLE[kind];
  for (const used of await keysInUse(db, kind)) {
    const key = keys.find((k) => k.id === used.id);
    if (!key)
      throw new FieldKeyError(
        `${variable} does not hold key "${used.id}", which this database has values under (configure it; \`onpay keys rotate\` moves values off a key)`,
      );
    if (!checkMatches(kind, key, used.check_value))
      throw new FieldKeyError(
        `${variable} key "${used.id}" is not the key this database's values are under (its check value does not ${kind === 'data' ? 'decrypt' : 'match'})`,
      );
  }
  const active = keys[0] as FieldKey;
  try {
    await db
      .insertInto('data_keys')
      .values({
        kind,
        id: active.id,
        check_value: kind === 'data' ? dataKeyCheck(active) : indexKeyCheck(active),
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/**
 * The keys openFieldCrypto uses, unchecked: for a thread of the same process that seals with
 * them too (the benchmark's seed, bench/link-sealer.ts), after openFieldCrypto has checked them.
 */
export async function fieldKeysOf(
  db: Kysely<Database>,
  config: Pick<Config, 'dataKeys' | 'indexKeys'>,
): Promise<{ data: readonly FieldKey[]; index: readonly FieldKey[] }> {
  return { data: await keysOf(db, 'data', config.dataKeys), index: await keysOf(db, 'index', config.indexKeys) };
}

/** The field crypto of this database and configuration; refuses a missing or wrong key (start-up fails loudly). */
export async function openFieldCrypto(
  db: Kysely<Database>,
  config: Pick<Config, 'dataKeys' | 'indexKeys'>,
  now: string,
): Promise<FieldCrypto> {
  const { data: dataKeys, index: indexKeys } = await fieldKeysOf(db, config);
  await checkKeys(db, 'data', dataKeys, now);
  await checkKeys(db, 'index', indexKeys, now);
  return createFieldCrypto(dataKeys, indexKeys);
}

/** Forgets a key no value is under any more (after a rotation), so start-up no longer asks for it. */
export async function retireKey(db: Kysely<Database>, kind: KeyKind, id: string): Promise<void> {
  await db.deleteFrom('data_keys').where('kind', '=', kind).where('id', '=', id).execute();
}

/** What the migrations need from the service: the keys, opened inside the migration's transaction. */
export function fieldKeysForMigrations(config: Pick<Config, 'dataKeys' | 'indexKeys'>) {
  return { fieldCrypto: (db: Kysely<Database>) => openFieldCrypto(db, config, new Date().toISOString()) };
}

/** How many values each key protects (`onpay keys status`). */
export interface KeyStatus {
  active: string;
  keys: Array<{ id: string; values: number }>;
  /** Values still in clear (none once the encryption migrations, 0031 to 0033, ran). */
  clear: number;
  index: { active: string; keys: Array<{ id: string; values: number }> };
}

async function countKeys(db: Kysely<Database>, kind: KeyKind, ids: readonly string[]) {
  const totals = new Map<string, number>(ids.map((id) => [id, 0]));
  let clear = 0;
  for (const table of Object.keys(SEALED_TABLES) as SealedTable[]) {
    const counted = await countByKey(db, table, ids, kind);
    for (const [id, n] of counted.byKey) totals.set(id, (totals.get(id) ?? 0) + n);
    clear += counted.clear;
  }
  return { keys: [...totals].map(([id, values]) => ({ id, values })), clear };
}

/** The keys configured and the keys the database uses, with how many values each still protects. */
export async function keyStatus(db: Kysely<Database>, crypto: FieldCrypto): Promise<KeyStatus> {
  const ids = async (kind: KeyKind, configured: readonly string[]) => [
    ...new Set([...configured, ...(await keysInUse(db, kind)).map((k) => k.id)]),
  ];
  const data = await countKeys(db, 'data', await ids('data', crypto.keyIds));
  const index = await countKeys(db, 'index', await ids('index', crypto.indexKeyIds));
  return {
    active: crypto.activeKeyId,
    keys: data.keys,
    clear: data.clear,
    index: { active: crypto.activeIndexKeyId, keys: index.keys },
  };
}

/** What a rotation did. */
export interface Rotation {
  kind: KeyKind;
  active: string;
  /** Rows rewritten. */
  rewritten: number;
  /** Keys no value is under any more: start-up no longer asks for them. */
  retired: string[];
}

/**
 * `onpay keys rotate [--index]`: re-encrypts every value under the active data key (or rebuilds
 * every blind index under the active index key), a batch per transaction, so the service keeps
 * serving; a rerun after a crash continues where it stopped. Then forgets the keys that protect
 * nothing any more.
 */
export async function rotateKeys(
  db: Kysely<Database>,
  crypto: FieldCrypto,
  kind: KeyKind,
  options: { batchSize?: number; afterBatch?: (done: number) => void | Promise<void> } = {},
): Promise<Rotation> {
  let rewritten = 0;
  for (const table of Object.keys(SEALED_TABLES) as SealedTable[])
    rewritten += await resealTable(db, crypto, table, {
      mode: kind,
      batchSize: options.batchSize,
      afterBatch: options.afterBatch,
      inBatch: (work) => db.transaction().execute(work),
    });
  // While the indexes were half rebuilt, a link's registered identity and another partner's
  // verification of it could be under two keys: a writer then stored the link as not onboarded
  // (docs/decisions.md §28). Every link again, now that one key holds them all.
  if (kind === 'index') await db.transaction().execute((trx) => storeEveryOnboarding(trx));
  const active = kind === 'data' ? crypto.activeKeyId : crypto.activeIndexKeyId;
  const { keys } = await countKeys(
    db,
    kind,
    (await keysInUse(db, kind)).map((k) => k.id),
  );
  const retired = keys.filter((k) => k.id !== active && k.values === 0).map((k) => k.id);
  for (const id of retired) await retireKey(db, kind, id);
  return { kind, active, rewritten, retired };
}
