/**
 * A frozen Redis (SIGSTOP: connections stay open, nothing answers) must not hold requests: the
 * limiter's calls time out (RATE_LIMIT_REDIS_TIMEOUT_MS) and the request is let through uncounted,
 * counted as a store error and logged. Runs with `npm run test:pg` (Redis tests), against a
 * redis-server this test starts itself: the shared one is never paused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testRedisUrl } from '../helpers/engine.js';
import { captureLog, type CapturedLog } from '../helpers/log.js';
import { redisServerAvailable, startOwnRedis, type OwnRedis } from '../helpers/redis-server.js';

const TERMS = { method: 'GET', url: '/api/v1/terms' } as const;

function storeErrors(metrics: string): number {
  return Number(/^onpay_rate_limit_store_errors_total (\d+)$/m.exec(metrics)?.[1] ?? Number.NaN);
}

describe.runIf(testRedisUrl && redisServerAvailable())('a frozen Redis under the rate limiter', () => {
  let redis: OwnRedis;
  let t: TestApp;
  let acme: TestPartner;
  let log: CapturedLog;

  const errors = async () => storeErrors((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
  const warnings = () => log.lines().filter((line) => line.msg === 'rate-limit store unavailable; request not counted');

  beforeAll(async () => {
    redis = await startOwnRedis();
    log = captureLog();
    // The production client and its default command timeout, built by the app from REDIS_URL.
    t = await buildTestApp({
      env: { REDIS_URL: redis.url },
      rateLimitStore: 'config',
      logger: { ...(loggerOptions({ logLevel: 'warn' }) as object), stream: log.stream },
    });
    acme = await t.partner('Acme');
    // The app's connection is up once /readyz says so (the limiter does not queue offline commands).
    for (let attempt = 0; ; attempt++) {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      if (ready.statusCode === 200) break;
      if (attempt > 100) throw new Error(`Redis never became ready: ${ready.body}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  afterAll(async () => {
    redis?.thaw();
    await t?.close();
    await redis?.stop();
  });

  it('counts requests in Redis while it answers', async () => {
    const res = await t.as(acme, TERMS);
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe('499');
    expect(await errors()).toBe(0);
  });

  it('lets API requests and pages through uncounted while it is frozen, counting and logging each', async () => {
    const before = await errors();
    redis.freeze();
    try {
      // One at a time and several at once: each waits for one command timeout, not for Redis.
      const sequential = [];
      for (let i = 0; i < 3; i++) sequential.push(await t.as(acme, TERMS));
      const concurrent = await Promise.all([
        t.as(acme, TERMS),
        t.app.inject(TERMS),
        t.as(acme, { method: 'GET', url: '/api/v1/users' }),
        t.app.inject({ method: 'GET', url: '/verify/unknown-token-unknown-token' }),
      ]);
      for (const res of [...sequential, concurrent[0]!, concurrent[2]!]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
      expect(concurrent[1]!.statusCode).toBe(401);
      expect(concurrent[3]!.statusCode).toBe(404);

      // One store error per request: a store that failed is not asked again within the request.
      expect(await errors()).toBe(before + 7);
      expect(warnings().length).toBeGreaterThanOrEqual(7);
      expect(warnings().at(-1)).toMatchObject({ level: 40, err: { message: 'Command timed out' } });
    } finally {
      redis.thaw();
    }
  });

  it('counts again once Redis answers again', async () => {
    let res = await t.as(acme, TERMS);
    for (let attempt = 0; res.headers['ratelimit-limit'] === undefined && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await t.as(acme, TERMS);
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBe('500');
  });
});
