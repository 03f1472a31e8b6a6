import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';

describe('authentication on /api/v1', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/terms', headers });

  it('accepts a live token with the API key of the same partner', async () => {
    const res = await get(acme.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().terms.code).toBeTypeOf('string');
  });

  it('accepts the API key in any letter case and the scheme in any case', async () => {
    const res = await get({ authorization: `bearer ${acme.token}`, 'api-key': acme.apiKey.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  const cases: Array<[string, () => Record<string, string>]> = [
    ['no headers', () => ({})],
    ['only Authorization', () => ({ authorization: acme.headers.authorization! })],
    ['only API-key', () => ({ 'api-key': acme.apiKey })],
    ['a wrong token', () => ({ ...acme.headers, authorization: 'Bearer onp_test_notarealtoken' })],
    ['a wrong API key', () => ({ ...acme.headers, 'api-key': '2b1d4f52-4a8a-4c1e-9a55-0f8f6c1d2e3f' })],
    [
      'a token of one partner with the key of another',
      () => ({ authorization: acme.headers.authorization!, 'api-key': globex.apiKey }),
    ],
    ['a token without the Bearer scheme', () => ({ authorization: acme.token, 'api-key': acme.apiKey })],
    ['an empty bearer', () => ({ authorization: 'Bearer ', 'api-key': acme.apiKey })],
  ];

  it.each(cases)('rejects %s with 401 {message}', async (_name, headers) => {
    const res = await get(headers());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('rejects a revoked token at once, and a second token keeps working', async () => {
    const partner = await t.partner('Initech');
    const second = await t.services.partners.createToken(partner.partnerId);
    const secondHeaders = { authorization: `Bearer ${second.access_token}`, 'api-key': partner.apiKey };
    expect((await get(partner.headers)).statusCode).toBe(200);

    const first = await t.db.db
      .selectFrom('access_tokens')
      .select('id')
      .where('partner_id', '=', partner.partnerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.services.partners.revokeToken(first.id);

    expect((await get(partner.headers)).statusCode).toBe(401);
    expect((await get(secondHeaders)).statusCode).toBe(200);
  });

  it('stores neither the token nor the API key, only their SHA-256 digests', async () => {
    const tokens = await t.db.db.selectFrom('access_tokens').selectAll().execute();
    const keys = await t.db.db.selectFrom('api_keys').selectAll().execute();
    const stored = JSON.stringify([tokens, keys]);
    expect(stored).not.toContain(acme.token);
    expect(stored).not.toContain(acme.apiKey);
    expect(tokens.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('issues tokens with the sandbox prefix', () => {
    expect(acme.token).toMatch(/^onp_test_[A-Za-z0-9_-]{43}$/);
    expect(acme.apiKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves the operational endpoints open', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('live environment', () => {
  it('issues onp_live_ tokens', async () => {
    const t = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_BASE_URL: 'https://onpay.test',
      },
    });
    try {
      const partner = await t.partner();
      expect(partner.token).toMatch(/^onp_live_/);
      expect((await t.as(partner, { method: 'GET', url: '/api/v1/terms' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
