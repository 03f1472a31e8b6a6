import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCrypto, hmacWithKey, isSealed, nextNonce, parseKeyList } from '../../src/platform/field-crypto.js';

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

  it('never gives a nonce twice, across the refills of its pool (1 024 nonces a draw)', () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const body = Buffer.from(crypto.encrypt('41234567', here).split('.')[2]!, 'base64url');
      nonces.add(body.subarray(0, 12).toString('hex'));
    }
    expect(nonces.size).toBe(3000);
    // A nonce handed out is a copy: drawing more does not change it.
    const first = nextNonce();
    const kept = Buffer.from(first);
    for (let i = 0; i < 2100; i++) nextNonce();
    expect(first.equals(kept)).toBe(true);
    expect(first).toHaveLength(12);
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
