import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hash,
  randomBytes,
  randomFillSync,
  type KeyObject,
} from 'node:crypto';

/**
 * Field encryption of the person's data at rest (docs/data-protection.md, "Encryption at rest"):
 * AES-256-GCM with a fresh 12-byte nonce per value, the key's id stored with the value, and the
 * table, column and row bound in as associated data, so a value copied to another row or column
 * does not decrypt. Blind indexes are HMAC-SHA256 under keys of their own.
 *
 * A stored value is `e1.<key id>.<base64url of nonce ‖ ciphertext ‖ tag>`: text, compact, and
 * recognisable (the migration and `onpay keys rotate` tell encrypted from clear values by it).
 * A stored index is `<key id>.<base64url of the HMAC>`.
 */

/** A key as configured: `<id>:<base64 of 32 bytes>`. */
export interface FieldKey {
  readonly id: string;
  readonly key: Buffer;
}

/** Where a value lives: what it is bound to. `row` is the row's natural key (see docs/data-protection.md). */
export interface Binding {
  readonly table: string;
  readonly column: string;
  readonly row: string;
}

/** What a blind index is over: values of one purpose are comparable across columns (registered and verified numbers). */
export type IndexPurpose = 'identification' | 'phone' | 'birthday';

export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const FORMAT = 'e1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Nonces drawn from the system's random source per call: one `randomFillSync` per 256 values. */
const NONCES_PER_FILL = 256;
const SEALED_HEAD = /^e1\.([A-Za-z0-9_-]{1,32})\./;
const NOT_BASE64URL = /[^A-Za-z0-9_-]/;

/**
 * The key id and body of a stored value in the encrypted form, or null. Not one regular
 * expression over the whole value: a repeated class backtracks a step per character, and a
 * payment file's several MiB overflow the regular expression stack.
 */
function splitSealed(stored: string): [keyId: string, body: string] | null {
  const head = SEALED_HEAD.exec(stored.slice(0, 36));
  if (!head) return null;
  const body = stored.slice(head[0].length);
  return body.length >= 38 && !NOT_BASE64URL.test(body) ? [head[1] as string, body] : null;
}

/** Why a list of keys cannot be used; the message is one line without key material. */
export class KeyListError extends Error {}

/**
 * Parses `<id>:<base64 of 32 bytes>[,<id>:<…>]` strictly: a bad id, bad base64, a key of another
 * length or a duplicate id is refused. The first key is the active one.
 */
export function parseKeyList(raw: string): FieldKey[] {
  const keys: FieldKey[] = [];
  for (const [i, entry] of raw.split(',').entries()) {
    const item = entry.trim();
    const colon = item.indexOf(':');
    const id = colon < 0 ? item : item.slice(0, colon);
    const material = colon < 0 ? '' : item.slice(colon + 1);
    // Without a colon the entry may be a bare key: it is not echoed.
    if (colon < 0 || !KEY_ID.test(id))
      throw new KeyListError(
        `entry ${i + 1} must be <id>:<base64 of 32 bytes>, the id 1 to 32 letters, digits, - or _${colon < 0 ? '' : ` (got "${id}")`}`,
      );
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(material) || material.length % 4 !== 0)
      throw new KeyListError(`key "${id}" is not valid base64`);
    const key = Buffer.from(material, 'base64');
    if (key.length !== 32) throw new KeyListError(`key "${id}" must be 32 bytes (got ${key.length})`);
    if (keys.some((known) => known.id === id)) throw new KeyListError(`key id "${id}" appears twice`);
    keys.push(Object.freeze({ id, key }));
  }
  return keys;
}

/** A new key list of one random key, in the configuration's form (the sandbox's generated keys). */
export function generateKeyList(id: string): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/** Whether a stored value is in the encrypted form (not whether it decrypts). */
export function isSealed(stored: string): boolean {
  return splitSealed(stored) !== null;
}

/** The id of the key a stored value is under, or null for a clear value. */
export function sealedKeyId(stored: string): string | null {
  return splitSealed(stored)?.[0] ?? null;
}

/** The id of the key a stored index is under. */
export function indexKeyId(stored: string): string {
  return stored.slice(0, stored.indexOf('.'));
}

function associatedData(binding: Binding): Buffer {
  return Buffer.from(`onpay-field|${binding.table}|${binding.column}|${binding.row}`, 'utf8');
}

/** A value that does not decrypt: the wrong key, or a value moved from another row or column. */
export class FieldDecryptionError extends Error {}

export interface FieldCrypto {
  /** The key new values are written under. */
  readonly activeKeyId: string;
  readonly activeIndexKeyId: string;
  readonly keyIds: readonly string[];
  readonly indexKeyIds: readonly string[];
  /** A string is encrypted as its UTF-8 bytes; bytes as they are (a payment file, without a copy as text). */
  encrypt(plain: string | Buffer, binding: Binding): string;
  /** Null stays null: most of these columns are optional. */
  encryptNullable(plain: string | null, binding: Binding): string | null;
  decrypt(stored: string, binding: Binding): string;
  /** The value's bytes as they were given (a value that is not UTF-8 text: a compressed file). */
  decryptBytes(stored: string, binding: Binding): Buffer;
  decryptNullable(stored: string | null, binding: Binding): string | null;
  /** The index written with a value (under the active index key). */
  index(purpose: IndexPurpose, value: string): string;
  indexNullable(purpose: IndexPurpose, value: string | null): string | null;
  /** What a lookup compares with: the value's index under every configured index key (a rebuild may be under way). */
  lookupIndexes(purpose: IndexPurpose, values: readonly string[]): string[];
}

export function createFieldCrypto(dataKeys: readonly FieldKey[], indexKeys: readonly FieldKey[]): FieldCrypto {
  const [active] = dataKeys;
  const [activeIndex] = indexKeys;
  if (!active || !activeIndex) throw new Error('field encryption needs at least one data key and one index key');
  // A KeyObject per key, made once: handing node:crypto a raw Buffer imports the key again on
  // every call, about 7 times the cost of the decryption itself.
  const byId = new Map<string, KeyObject>(dataKeys.map((k) => [k.id, createSecretKey(k.key)]));
  const activeKey = byId.get(active.id) as KeyObject;
  const nonces = new NoncePool();

  function encrypt(plain: string | Buffer, binding: Binding): string {
    const nonce = nonces.next();
    const cipher = createCipheriv('aes-256-gcm', activeKey, nonce);
    cipher.setAAD(associatedData(binding));
    const sealed = typeof plain === 'string' ? cipher.update(plain, 'utf8') : cipher.update(plain);
    const body = Buffer.concat([nonce, sealed, cipher.final(), cipher.getAuthTag()]);
    return `${FORMAT}.${active!.id}.${body.toString('base64url')}`;
  }

  function decryptBytes(stored: string, binding: Binding): Buffer {
    const match = splitSealed(stored);
    if (!match)
      throw new FieldDecryptionError(`${binding.table}.${binding.column} holds a value that is not encrypted`);
    const key = byId.get(match[0]);
    if (!key)
      throw new FieldDecryptionError(
        `${binding.table}.${binding.column} holds a value under key "${match[0]}", which ONPAY_DATA_KEYS does not hold`,
      );
    const body = Buffer.from(match[1], 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, NONCE_BYTES));
      decipher.setAAD(associatedData(binding));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(NONCE_BYTES, body.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new FieldDecryptionError(
        `${binding.table}.${binding.column} of row ${binding.row} does not decrypt (wrong key, or a value moved from elsewhere)`,
      );
    }
  }

  const pads = new Map(indexKeys.map((k) => [k.id, hmacPads(k.key)]));
  function indexUnder(key: FieldKey, purpose: IndexPurpose, value: string): string {
    return `${key.id}.${hmacSha256(pads.get(key.id) as HmacPads, Buffer.from(`${purpose}|${value}`, 'utf8')).toString('base64url')}`;
  }

  return Object.freeze({
    activeKeyId: active.id,
    activeIndexKeyId: activeIndex.id,
    keyIds: dataKeys.map((k) => k.id),
    indexKeyIds: indexKeys.map((k) => k.id),
    encrypt,
    decryptBytes,
    encryptNullable: (plain: string | null, binding: Binding) => (plain === null ? null : encrypt(plain, binding)),
    decrypt: (stored: string, binding: Binding) => decryptBytes(stored, binding).toString('utf8'),
    decryptNullable: (stored: string | null, binding: Binding) =>
      stored === null ? null : decryptBytes(stored, binding).toString('utf8'),
    index: (purpose: IndexPurpose, value: string) => indexUnder(activeIndex, purpose, value),
    indexNullable: (purpose: IndexPurpose, value: string | null) =>
      value === null ? null : indexUnder(activeIndex, purpose, value),
    lookupIndexes: (purpose: IndexPurpose, values: readonly string[]) =>
      values.flatMap((value) => indexKeys.map((key) => indexUnder(key, purpose, value))),
  });
}

/**
 * Fresh random nonces, many from one call to the system's random source: a call per value cost
 * about as much as the cipher itself (a batch of 1 000 payouts encrypts 1 000 accounts). Every
 * nonce is 12 bytes of the pool that no other nonce was given, so each is as random as one drawn
 * alone; a used pool is refilled, never reread. `next()` returns a copy the caller may keep.
 */
export class NoncePool {
  readonly #pool: Buffer;
  #offset: number;

  constructor(perFill = NONCES_PER_FILL) {
    // Its own memory (not a slice of Node's shared pool), refilled in place.
    this.#pool = Buffer.allocUnsafeSlow(NONCE_BYTES * perFill);
    this.#offset = this.#pool.length;
  }

  next(): Buffer {
    if (this.#offset === this.#pool.length) {
      randomFillSync(this.#pool);
      this.#offset = 0;
    }
    const nonce = Buffer.from(this.#pool.subarray(this.#offset, this.#offset + NONCE_BYTES));
    this.#offset += NONCE_BYTES;
    return nonce;
  }
}

interface HmacPads {
  inner: Buffer;
  outer: Buffer;
}

/** The key XOR ipad and XOR opad (RFC 2104; the 32-byte key fits SHA-256's 64-byte block). */
function hmacPads(key: Buffer): HmacPads {
  const inner = Buffer.alloc(64, 0x36);
  const outer = Buffer.alloc(64, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i] = (inner[i] as number) ^ (key[i] as number);
    outer[i] = (outer[i] as number) ^ (key[i] as number);
  }
  return { inner, outer };
}

/**
 * HMAC-SHA256 from the precomputed pads with two one-shot hashes: the same bytes as
 * createHmac('sha256', key), without building an Hmac object per value (a lookup of 1 000 ssns
 * computes a few thousand; test/platform/field-crypto.test.ts compares the two).
 */
export function hmacSha256(pads: HmacPads, message: Buffer): Buffer {
  const inner = hash('sha256', Buffer.concat([pads.inner, message]), 'buffer');
  return hash('sha256', Buffer.concat([pads.outer, inner]), 'buffer');
}

/** HMAC-SHA256 under a key (for the test that compares with node:crypto's Hmac). */
export function hmacWithKey(key: Buffer, message: Buffer): Buffer {
  return hmacSha256(hmacPads(key), message);
}

/** The constant each key's check value encrypts (data keys) or is the index of (index keys). */
const CHECK_TEXT = 'onpay key check';

/** A data key's check value: the constant, encrypted under that key, bound to the key's own row. */
export function dataKeyCheck(key: FieldKey): string {
  return createFieldCrypto([key], [key]).encrypt(CHECK_TEXT, {
    table: 'data_keys',
    column: 'check_value',
    row: key.id,
  });
}

/** An index key's check value: the index of the constant under that key. */
export function indexKeyCheck(key: FieldKey): string {
  return createFieldCrypto([key], [key]).index('phone', CHECK_TEXT);
}

/** Whether a stored check value was made by this key. */
export function checkMatches(kind: 'data' | 'index', key: FieldKey, stored: string): boolean {
  if (kind === 'index') return indexKeyCheck(key) === stored;
  try {
    const crypto = createFieldCrypto([key], [key]);
    return crypto.decrypt(stored, { table: 'data_keys', column: 'check_value', row: key.id }) === CHECK_TEXT;
  } catch {
    return false;
  }
}
