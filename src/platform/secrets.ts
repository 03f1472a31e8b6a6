import crypto, { randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  // The one-shot form (Node >= 20.12) skips the Hash object: it runs on every authenticated request.
  return crypto.hash('sha256', value, 'hex');
}

/** URL-safe random string carrying `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Constant-time string comparison (lengths are not secret here: both sides are fixed-size digests). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
