import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnpayClient, retryingFetch } from '../../client/index.js';
import { onboardEmployee } from '../../examples/onboard-employee.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe('the typed client and the example integration', () => {
  let t: TestApp;
  let partner: TestPartner;
  let baseUrl: string;

  beforeAll(async () => {
    t = await buildTestApp();
    partner = await t.partner('Client Co');
    baseUrl = await listening(t);
  });
  afterAll(() => t.close());

  it('runs the example end to end: onboarded, verified, paid, with a payout login link', async () => {
    const returnUrl = 'https://partner.example/onpay/return';
    const registered = await t.as(partner, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: returnUrl },
    });
    await t.services.verification.returnUrls.decide(Number(registered.json().id), 'approved');

    const result = await onboardEmployee({
      baseUrl,
      token: partner.token,
      apiKey: partner.apiKey,
      email: 'example@example.com',
      returnUrl,
      pollIntervalMs: 1,
    });
    expect(result.verification).toBe('approved');
    expect(result.payout).toMatchObject({
      salary: '1875.00',
      net_salary: '937.50',
      net_vacation: '112.50',
      status: 'pending',
    });
    expect(result.loginUrl).toMatch(/^http:\/\/onpay\.test\/login\/\S+$/);
    expect(result.employees).toContain(result.userId);

    // The client added an Idempotency-key to POST /payouts on its own.
    const keys = await t.db.db
      .selectFrom('idempotency_keys')
      .select(['path', 'method'])
      .where('partner_id', '=', partner.partnerId)
      .execute();
    expect(keys).toContainEqual({ path: '/api/v1/payouts', method: 'POST' });
  });

  it('walks every page of a list', async () => {
    for (let i = 0; i < 7; i++)
      await t.as(partner, { method: 'POST', url: '/api/v1/users', payload: { email: `walk${i}@example.com` } });
    const client = createOnpayClient({ baseUrl, token: partner.token, apiKey: partner.apiKey });
    const ids: string[] = [];
    for await (const user of client.walk('/api/v1/users')) ids.push(user.id);
    const total = (await t.as(partner, { method: 'GET', url: '/api/v1/users?per_page=1' })).json().total;
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });
});

describe('retries', () => {
  it('waits out a 429 for Retry-After seconds, then succeeds', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const partner = await t.partner();
      const baseUrl = await listening(t);
      const waited: number[] = [];
      // The clock moves instead of the test waiting.
      const sleep = async (ms: number) => {
        waited.push(ms);
        t.clock.advance(ms);
      };
      const client = createOnpayClient({ baseUrl, token: partner.token, apiKey: partner.apiKey, sleep });
      for (let i = 0; i < 3; i++) {
        const { response } = await client.api.GET('/api/v1/terms');
        expect(response.status).toBe(200);
      }
      expect(waited).toEqual([60_000]);
    } finally {
      await t.close();
    }
  });

  it('retries network errors on idempotent calls only', async () => {
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls++;
      throw new TypeError('fetch failed');
    };
    const sleep = async () => undefined;
    const get = retryingFetch({ fetch: failing, sleep, maxAttempts: 3 });
    await expect(get('http://127.0.0.1:9/api/v1/terms')).rejects.toThrow('fetch failed');
    expect(calls).toBe(3);

    calls = 0;
    await expect(get('http://127.0.0.1:9/api/v1/payouts', { method: 'POST', body: '{}' })).rejects.toThrow(
      'fetch failed',
    );
    expect(calls).toBe(1);
  });
});
