import type { VerificationProvider } from '../../../db/database.js';
import type { ProviderAdapter, VerifiedIdentity } from './types.js';

/** The outcomes a person can pick on the sandbox provider page. */
export const SANDBOX_OUTCOMES = ['approved', 'declined', 'cancelled', 'error'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/**
 * A complete, valid test identity: a Norwegian synthetic fødselsnummer (month + 80, as in the
 * Norwegian test population) born 1990-05-17, so no real person's number is ever produced.
 */
export function sandboxIdentity(userId: number): VerifiedIdentity {
  const w1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
  const w2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const check = (digits: string, weights: number[]) =>
    (11 - (weights.reduce((a, w, i) => a + w * Number(digits[i]), 0) % 11)) % 11;
  // Each user gets a birth date of their own (3 360 dates in 1990-1999), then the k-th individual
  // number with valid check digits on that date: distinct identities for the first ~500 000 users.
  const day = 1 + (userId % 28);
  const month = 1 + (Math.floor(userId / 28) % 12);
  const year = 1990 + (Math.floor(userId / 336) % 10);
  const wanted = Math.floor(userId / 3360);
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  const yy = String(year % 100).padStart(2, '0');
  let found = 0;
  // Individual numbers 000-499 belong to people born 1900-1999; about 1 in 3 has no valid check digits.
  for (let i = 0; i < 500; i++) {
    const nine = `${dd}${String(month + 80)}${yy}${String(i).padStart(3, '0')}`;
    const k1 = check(nine, w1);
    if (k1 === 10) continue;
    const k2 = check(`${nine}${k1}`, w2);
    if (k2 === 10) continue;
    if (found++ < wanted % 150) continue;
    return {
      identification: `${nine}${k1}${k2}`,
      countryCode: 'NO',
      birthday: `${year}-${mm}-${dd}`,
      name: 'Test Testesen',
      documentId: null,
    };
  }
  throw new Error('unreachable: every date has more than 150 valid individual numbers');
}

/**
 * Both providers in sandbox: the browser goes to the service's own page, where a person picks the
 * outcome; that page completes the session itself (web/verification.pages.ts).
 */
export function createSandboxProvider(
  provider: VerificationProvider,
  pageUrl: (startToken: string) => string,
): ProviderAdapter {
  return {
    provider,
    simulated: true,
    async startOrigin() {
      return new URL(pageUrl('token')).origin;
    },
    async start(_session, context) {
      return { redirectUrl: pageUrl(context.startToken), providerRef: null, providerState: null };
    },
    async complete() {
      return { status: 'pending' };
    },
  };
}
