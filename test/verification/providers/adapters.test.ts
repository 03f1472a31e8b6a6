import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type EidConfig } from '../../../src/config.js';
import type { VerificationSessionRow } from '../../../src/db/database.js';
import {
  approvedOutcome,
  signWebhookBody,
  validWebhookSignature,
} from '../../../src/modules/verification/providers/doc-webhook.js';
import { documentOutsidePolicy, documentPolicy } from '../../../src/modules/verification/providers/doc.js';
import {
  createEidProvider,
  identityFromClaims,
  isLocalIssuer,
} from '../../../src/modules/verification/providers/eid.js';
import { normaliseBirthdate } from '../../../src/modules/verification/providers/identity.js';

const EID: EidConfig = {
  // Nothing listens here: the cases below must be decided before any request to the broker.
  issuer: 'http://127.0.0.1:9',
  clientId: 'client',
  clientSecret: 'secret',
  scopes: 'openid',
  acrValues: null,
  claims: { identification: 'socialno', birthdate: 'birthdate', name: 'name' },
  countryCode: 'NO',
};

function session(values: Partial<VerificationSessionRow>): VerificationSessionRow {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    provider: 'provider_eid',
    id_type: null,
    provider_ref: 'the-state',
    provider_state: JSON.stringify({ code_verifier: 'v', nonce: 'n' }),
    ...values,
  } as VerificationSessionRow;
}

describe('eID adapter: answers decided without the broker', () => {
  const adapter = createEidProvider(EID);
  const context = { callbackUrl: 'http://onpay.test/verify/callback/provider_eid' };

  it.each([
    ['another state', { state: 'other', code: 'c' }, 'error', 'state mismatch'],
    ['no state', { code: 'c' }, 'error', 'state mismatch'],
    ['access_denied', { state: 'the-state', error: 'access_denied' }, 'cancelled', 'access_denied'],
    [
      'another error',
      { state: 'the-state', error: 'server_error', error_description: 'x'.repeat(400) },
      'error',
      'server_error',
    ],
    ['no code', { state: 'the-state' }, 'error', 'without an authorization code'],
  ] as const)('%s → %s', async (_label, params, status, reason) => {
    const outcome = await adapter.complete(session({}), params, context);
    expect(outcome.status).toBe(status);
    expect('reason' in outcome && outcome.reason).toContain(reason);
    if ('reason' in outcome) expect(outcome.reason.length).toBeLessThanOrEqual(250);
  });

  it('a state that matches but a stored session without verifier/nonce → error', async () => {
    const outcome = await adapter.complete(
      session({ provider_state: null }),
      { state: 'the-state', code: 'c' },
      context,
    );
    expect(outcome).toMatchObject({ status: 'error' });
  });

  it('an unreachable broker at the callback → error outcome, not an exception', async () => {
    const outcome = await adapter.complete(session({}), { state: 'the-state', code: 'c' }, context);
    expect(outcome).toMatchObject({ status: 'error' });
    expect('reason' in outcome && outcome.reason).toContain('could not be reached');
  });

  it('http issuers only on this machine', () => {
    expect(isLocalIssuer('http://127.0.0.1:4000')).toBe(true);
    expect(isLocalIssuer('http://localhost:4000')).toBe(true);
    expect(isLocalIssuer('http://broker.example')).toBe(false);
    expect(() => createEidProvider({ ...EID, issuer: 'http://broker.example' })).toThrow();
  });
});

describe('claims → identity', () => {
  it('reads the configured claim names, falls back to given_name + family_name', () => {
    expect(
      identityFromClaims(EID, {
        socialno: '17059012345',
        birthdate: '1990-05-17',
        given_name: 'Kari',
        family_name: 'Nordmann',
      }),
    ).toEqual({
      identification: '17059012345',
      birthday: '1990-05-17',
      countryCode: 'NO',
      name: 'Kari Nordmann',
      documentId: null,
    });
    expect(identityFromClaims(EID, { nin: '17059012345', birthdate: '1990-05-17' })).toBeNull();
    expect(identityFromClaims(EID, { socialno: '17059012345' })).toBeNull();
    expect(identityFromClaims(EID, { socialno: '  ', birthdate: '1990-05-17' })).toBeNull();
  });

  it.each([
    ['1990-05-17', '1990-05-17'],
    ['19900517', '1990-05-17'],
    [' 1990-05-17 ', '1990-05-17'],
    ['1990', null],
    ['0000-05-17', null],
    ['1990-02-30', null],
    ['17.05.1990', null],
    ['', null],
  ])('birth date %j → %j', (raw, expected) => {
    expect(normaliseBirthdate(raw)).toBe(expected);
  });
});

describe('document vendor: policy and signatures', () => {
  it('maps id_type to accepted documents', () => {
    const local = documentPolicy('local', 'NO');
    const international = documentPolicy('international', 'NO');
    expect(documentOutsidePolicy(local, { type: 'PASSPORT', country: 'NO' })).toBeNull();
    expect(documentOutsidePolicy(local, { type: 'DRIVERS_LICENSE', country: 'no' })).toBeNull();
    expect(documentOutsidePolicy(local, { type: 'PASSPORT', country: 'SE' })).toContain('not a national document');
    expect(documentOutsidePolicy(local, { type: 'PASSPORT', country: null })).toContain('unknown country');
    expect(documentOutsidePolicy(international, { type: 'PASSPORT', country: 'DE' })).toBeNull();
    expect(documentOutsidePolicy(international, { type: 'PASSPORT', country: 'NO' })).toContain(
      'national, not international',
    );
    expect(documentOutsidePolicy(international, { type: 'DRIVERS_LICENSE', country: 'DE' })).toContain('not accepted');
  });

  it('local approvals need the national identity number; international falls back to the document number', () => {
    const person = { dateOfBirth: '1990-05-17', firstName: 'Kari', lastName: 'Nordmann' };
    expect(
      approvedOutcome({ id_type: 'local' }, { person, document: { country: 'NO', number: 'X1' } }, 'NO'),
    ).toMatchObject({ status: 'error' });
    expect(
      approvedOutcome(
        { id_type: 'international' },
        { person, document: { country: 'DE', number: 'X1', type: 'PASSPORT' } },
        'NO',
      ),
    ).toEqual({
      status: 'approved',
      identity: {
        identification: 'X1',
        birthday: '1990-05-17',
        countryCode: 'DE',
        name: 'Kari Nordmann',
        documentId: 'X1',
      },
    });
  });

  it('checks X-HMAC-SIGNATURE over the exact bytes', () => {
    const body = Buffer.from('{"a":1}');
    const signature = signWebhookBody(body, 'shared-secret-123456');
    expect(validWebhookSignature(body, signature, 'shared-secret-123456')).toBe(true);
    expect(validWebhookSignature(body, signature.toUpperCase(), 'shared-secret-123456')).toBe(true);
    expect(validWebhookSignature(Buffer.from('{"a": 1}'), signature, 'shared-secret-123456')).toBe(false);
    expect(validWebhookSignature(body, signature, 'another-secret-123456')).toBe(false);
    expect(validWebhookSignature(body, signature.slice(2), 'shared-secret-123456')).toBe(false);
    expect(validWebhookSignature(body, undefined, 'shared-secret-123456')).toBe(false);
  });
});

describe('provider configuration (EID_*, DOC_*)', () => {
  const base = { DATABASE_URL: 'sqlite::memory:' };
  const eid = { EID_ISSUER: 'https://broker.example/auth/open/', EID_CLIENT_ID: 'c', EID_CLIENT_SECRET: 's' };

  it('keeps the issuer exactly (a trailing slash is part of the identifier) and always requests openid', () => {
    const config = loadConfig({ ...base, ...eid, EID_SCOPES: 'profile nin' });
    expect(config.eid?.issuer).toBe('https://broker.example/auth/open/');
    expect(config.eid?.scopes).toBe('openid profile nin');
    expect(config.eid?.claims).toEqual({ identification: 'nin', birthdate: 'birthdate', name: 'name' });
    expect(config.eid?.countryCode).toBe('NO');
  });

  it('refuses plain http for a broker that is not on this machine', () => {
    expect(() => loadConfig({ ...base, ...eid, EID_ISSUER: 'http://broker.example' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, ...eid, EID_ISSUER: 'http://127.0.0.1:4000' }).eid?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('DOC_COUNTRY defaults to NO and must be a country code', () => {
    const doc = { DOC_API_URL: 'https://vendor.example', DOC_API_KEY: 'k', DOC_WEBHOOK_SECRET: 'a-long-enough-secret' };
    expect(loadConfig({ ...base, ...doc }).docVendor?.countryCode).toBe('NO');
    expect(loadConfig({ ...base, ...doc, DOC_COUNTRY: 'se' }).docVendor?.countryCode).toBe('SE');
    expect(() => loadConfig({ ...base, ...doc, DOC_COUNTRY: 'Norway' })).toThrow(/DOC_COUNTRY/);
  });

  it("DOC_PAGE_ORIGIN defaults to DOC_API_URL's origin and must be an origin (https in live)", () => {
    const doc = {
      DOC_API_URL: 'https://api.vendor.example/v2',
      DOC_API_KEY: 'k',
      DOC_WEBHOOK_SECRET: 'a-long-enough-secret',
    };
    expect(loadConfig({ ...base, ...doc }).docVendor?.pageOrigin).toBe('https://api.vendor.example');
    expect(
      loadConfig({ ...base, ...doc, DOC_PAGE_ORIGIN: 'https://pages.vendor.example/' }).docVendor?.pageOrigin,
    ).toBe('https://pages.vendor.example');
    expect(() => loadConfig({ ...base, ...doc, DOC_PAGE_ORIGIN: 'https://pages.vendor.example/v' })).toThrow(
      /^DOC_PAGE_ORIGIN must be an origin only/,
    );
    expect(() => loadConfig({ ...base, ...doc, DOC_PAGE_ORIGIN: 'pages.vendor.example' })).toThrow(/^DOC_PAGE_ORIGIN /);
    const live = {
      ONPAY_ENV: 'live',
      ONPAY_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtp://mail.example:25',
      PUBLIC_BASE_URL: 'https://onpay.example',
    };
    expect(() => loadConfig({ ...base, ...live, ...doc, DOC_PAGE_ORIGIN: 'http://pages.vendor.example' })).toThrow(
      /^DOC_PAGE_ORIGIN must be an https/,
    );
  });
});
