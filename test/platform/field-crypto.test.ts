import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCrypto, hmacWithKey, isSealed, NoncePool, parseKeyList } from '../../src/platform/field-crypto.js';

/** The primitive alone (src/platform/field-crypto.ts); the database and HTTP tests are in test/db/field-encryption*.test.ts. */
describe('field crypto', () => {
  const keys = parseKeyList(`k1:${Buffer.alloc(32, 1).toString('base64')}`);
  const indexKeys = parseKeyList(`i1:${Buffer.alloc(32, 2).toString('base64')}`);
  const crypto = createFieldCrypto(keys, indexKeys);
  const here = { table: 'partner_users', column: 'identification', row: '1:2' };

  it('computes HMAC-SHA256 exactly as node:crypto does', () => {
    for (let i = 0; i < 50; i++) {
      const key = randomBytes(32);
      const message = randomBytes(i * 7);
      expect(hmacWithKey(key, message).equals(createHmac('sha256', key).update(message).digest())).toBe(true);
    }
    expect(crypto.index('phone', '41234567')).toBe(
      `i1.${createHmac('sha256', indexKeys[0]!.key).update('phone|41234567').digest('base64url')}`,
    );
  });

  it('a fresh nonce per value, the key id with it; it opens only where it was written', () => {
    const a = crypto.encrypt('17059012355', here);
    const b = crypto.encrypt('17059012355', here);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^e1\.k1\./);
    expect(isSealed(a)).toBe(true);
    expect(crypto.decrypt(a, here)).toBe('17059012355');
    for (const elsewhere of [
      { ...here, row: '1:3' },
      { ...here, column: 'document_id' },
      { ...here, table: 'payouts' },
    ])
      expect(() => crypto.decrypt(a, elsewhere)).toThrow(/does not decrypt/);
    const other = createFieldCrypto(parseKeyList(`k1:${Buffer.alloc(32, 3).toString('base64')}`), indexKeys);
    expect(() => other.decrypt(a, here)).toThrow(/does not decrypt/);
  });

  it('nonces from the pool never repeat, within a batch, across batches and across refills', () => {
    /** The 12-byte nonce at the head of a stored value's body. */
    const nonceOf = (stored: string) =>
      Buffer.from(stored.split('.')[2] as string, 'base64url')
        .subarray(0, 12)
        .toString('hex');
    const seen = new Set<string>();
    // Three batches of 1 000 values (a payout batch's accounts): four refills of 256 each and more.
    for (let batch = 0; batch < 3; batch++) {
      const values = Array.from({ length: 1000 }, (_, i) => {
        const binding = { table: 'payouts', column: 'bank_account_number', row: String(batch * 1000 + i) };
        const stored = crypto.encrypt('12345678903', binding);
        expect(crypto.decrypt(stored, binding)).toBe('12345678903');
        return stored;
      });
      for (const stored of values) seen.add(nonceOf(stored));
    }
    // A second instance (another process, or the same keys configured again) draws its own.
    const other = createFieldCrypto(keys, indexKeys);
    for (let i = 0; i < 300; i++) seen.add(nonceOf(other.encrypt('x', here)));
    expect(seen.size).toBe(3300);
  });

  it('a pool hands out each of its bytes once and refills with fresh ones; a nonce given out stays as it was', () => {
    const pool = new NoncePool(4);
    const first = pool.next();
    const kept = Buffer.from(first);
    const drawn = [first, ...Array.from({ length: 99 }, () => pool.next())];
    // 25 refills later, the first nonce is unchanged: it is a copy, not a view of the pool.
    expect(first.equals(kept)).toBe(true);
    expect(drawn.every((nonce) => nonce.length === 12)).toBe(true);
    expect(new Set(drawn.map((nonce) => nonce.toString('hex'))).size).toBe(100);
  });

  it('bytes read back as they were given, a value of several MiB too (a payment file)', () => {
    const file = { table: 'bank_files', column: 'content', row: '7' };
    for (const bytes of [Buffer.alloc(0), randomBytes(1), randomBytes(1000), randomBytes(5_800_001)]) {
      const sealed = crypto.encrypt(bytes, file);
      expect(isSealed(sealed), `${bytes.length}`).toBe(true);
      expect(crypto.decryptBytes(sealed, file).equals(bytes), `${bytes.length}`).toBe(true);
      expect(() => crypto.decryptBytes(sealed, { ...file, row: '8' })).toThrow(/does not decrypt/);
    }
    const text = 'Åse Bjørg Sæther <Nm>'.repeat(300_000);
    expect(crypto.decrypt(crypto.encrypt(Buffer.from(text, 'utf8'), file), file) === text).toBe(true);
  });
});
