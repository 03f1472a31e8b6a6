import { createHmac } from 'node:crypto';
import { randomToken, safeEqual } from '../../platform/secrets.js';

/**
 * Login-link tokens: `<link id>.<nonce>.<signature>`, the signature an HMAC-SHA256 of
 * `<link id>.<nonce>` under ONPAY_SECRET. Verification also accepts the previous secret, so a key
 * rotation does not break links already sent.
 */
export interface SigningKeys {
  current: string;
  previous: string | null;
}

function sign(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload, 'utf8').digest('base64url');
}

export function newNonce(): string {
  return randomToken(24);
}

/** The token for a stored link and its nonce, signed with the current key. */
export function signToken(linkId: number, nonce: string, keys: SigningKeys): string {
  const payload = `${linkId}.${nonce}`;
  return `${payload}.${sign(payload, keys.current)}`;
}

/** The link id and nonce of a well-formed, correctly signed token; null for anything else. */
export function verifyToken(token: string, keys: SigningKeys): { linkId: number; nonce: string } | null {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, nonce, signature] = match as unknown as [string, string, string, string];
  const payload = `${id}.${nonce}`;
  const valid = [keys.current, keys.previous].some((key) => key !== null && safeEqual(sign(payload, key), signature));
  return valid ? { linkId: Number(id), nonce } : null;
}
