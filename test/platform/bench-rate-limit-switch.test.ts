import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildTestApp, LIVE_KEYS, type TestApp, type TestPartner } from '../helpers/app.js';

const LIVE_OK = {
  ONPAY_ENV: 'live',
  ONPAY_SECRET: 's'.repeat(32),
  SMTP_URL: 'smtp://mail.example:25',
  PUBLIC_BASE_URL: 'https://onpay.example',
  PAYER_NAME: 'Onpay Test AS',
  PAYER_ORG_NUMBER: '987654325',
  PAYER_ACCOUNT: '8601.11.17947',
  PAYER_BIC: 'DNBANOKK',
  PAYER_ADDRESS: 'Testveien 1, 0150 Oslo',
  ...LIVE_KEYS,
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('ONPAY_BENCH_DISABLE_RATE_LIMIT (benchmarks only)', () => {
  it('is off unless set to 1', () => {
    expect(loadConfig({}).benchDisableRateLimit).toBe(false);
    expect(loadConfig({ ONPAY_BENCH_DISABLE_RATE_LIMIT: '0' }).benchDisableRateLimit).toBe(false);
    expect(loadConfig({ ONPAY_BENCH_DISABLE_RATE_LIMIT: ' ' }).benchDisableRateLimit).toBe(false);
    expect(loadConfig({ ONPAY_BENCH_DISABLE_RATE_LIMIT: '1' }).benchDisableRateLimit).toBe(true);
  });

  it('refuses anything but 1 or 0 with one line naming the variable', () => {
    const error = configError({ ONPAY_BENCH_DISABLE_RATE_LIMIT: 'yes' });
    expect(error.variable).toBe('ONPAY_BENCH_DISABLE_RATE_LIMIT');
    expect(error.message).toMatch(/^ONPAY_BENCH_DISABLE_RATE_LIMIT must be 1 or 0/);
  });

  it('is refused in live: production always counts requests', () => {
    const error = configError({ ...LIVE_OK, ONPAY_BENCH_DISABLE_RATE_LIMIT: '1' });
    expect(error.variable).toBe('ONPAY_BENCH_DISABLE_RATE_LIMIT');
    expect(error.message).toContain('ONPAY_ENV=live');
    expect(error.message).not.toContain('\n');
    expect(loadConfig({ ...LIVE_OK, ONPAY_BENCH_DISABLE_RATE_LIMIT: '0' }).benchDisableRateLimit).toBe(false);
  });

  describe('in a sandbox service', () => {
    let t: TestApp;
    let partner: TestPartner;
    beforeAll(async () => {
      t = await buildTestApp({ env: { ONPAY_BENCH_DISABLE_RATE_LIMIT: '1', RATE_LIMIT_PER_MINUTE: '1' } });
      partner = await t.partner();
    });
    afterAll(() => t.close());

    it('counts nothing and sends no RateLimit headers, even over the budget', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await t.as(partner, { method: 'GET', url: '/api/v1/terms' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
        expect(res.headers['ratelimit-remaining']).toBeUndefined();
      }
    });

    it('still refuses bad credentials', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/terms',
        headers: { authorization: 'Bearer onp_test_nope', 'api-key': partner.apiKey },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
