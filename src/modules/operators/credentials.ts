/**
 * Operators' credentials: argon2id passwords (Node's own implementation), TOTP codes (otplib), and
 * the TOTP secret encrypted at rest with a key derived from the service secret.
 */
import { argon2, createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const argon2Async = promisify(argon2);

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 30 ms on this service's machines. */
export const PASSWORD_HASHING = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/** A PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (base64 without padding). */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await argon2Async('argon2id', { message: password, nonce, ...PASSWORD_HASHING });
  const { memory, passes, parallelism } = PASSWORD_HASHING;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${nonce.toString('base64url')}$${tag.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!match) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  const tag = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(match[4]!, 'base64url'),
    memory: Number(match[1]),
    passes: Number(match[2]),
    parallelism: Number(match[3]),
    tagLength: expected.length,
  });
  return timingSafeEqual(tag, expected);
}

/** A password for a hash that matches nothing: unknown accounts cost the same time as known ones. */
export const DECOY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// address an authenticator app reads, and a QR code of it as inline SVG. */
export async function totpEnrolment(secret: string, email: string): Promise<{ uri: string; svg: string }> {
  const uri = generateURI({ issuer: 'onpay console', label: email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { uri, svg };
}

/**
 * Checks a 6-digit code at `nowMs` (one 30-second step of tolerance either way). Returns the time
 * step it matched, or null; a step at or before `lastStep` is refused (a code works once).
 */
export async function checkTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: 30,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

function key(serviceSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serviceSecret, 'onpay', 'operator totp secret', 32));
}

/** AES-256-GCM: `v1.<iv>.<ciphertext>.<tag>`. */
export function sealSecret(secret: string, serviceSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(serviceSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
    '.',
  );
}

export function openSecret(sealed: string, serviceSecret: string): string | null {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !data || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(serviceSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Ten one-time recovery codes (`xxxx-xxxx-xxxx`), shown once. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}
