import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testRedisUrl } from '../helpers/engine.js';
import { FreezableProxy } from '../helpers/faults.js';

function testRoutes(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>('/test-only/things/:id', async (request) => ({ id: request.params.id }));
}

/** The value of one sample in the Prometheus text format, or 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.indexOf('}'));
    const present = labelText.split(',');
    if (wanted.every((pair) => present.includes(pair)) && present.length === wanted.length) {
      return Number(line.slice(line.indexOf('}') + 1).trim());
    }
  }
  return 0;
}

describe('operational endpoints', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({
      apiRoutes: testRoutes,
      env: { RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '3' },
    });
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const metrics = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('answers /healthz with 200 and needs no credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured' } });
  });

  it('serves /metrics in the Prometheus text format without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE onpay_http_requests_total counter');
    expect(res.body).toContain('# TYPE onpay_http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE onpay_rate_limit_rejections_total counter');
    // Default process metrics are collected too.
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('counts requests by route template and status', async () => {
    t.clock.advance(60_000);
    const labels = { method: 'GET', route: '/api/v1/users', status: '200' };
    const before = sample(await metrics(), 'onpay_http_requests_total', labels);
    expect((await t.as(acme, { method: 'GET', url: '/api/v1/users' })).statusCode).toBe(200);
    expect((await t.as(acme, { method: 'GET', url: '/api/v1/users?page=2' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
    const text = await metrics();
    expect(sample(text, 'onpay_http_requests_total', labels)).toBe(before + 2);
    expect(sample(text, 'onpay_http_requests_total', { ...labels, status: '401' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('page=2');
  });

  it('labels a route with an id by its template, never by the raw id', async () => {
    t.clock.advance(60_000);
    expect((await t.as(acme, { method: 'GET', url: '/api/v1/test-only/things/987654321' })).statusCode).toBe(200);
    expect((await t.as(acme, { method: 'GET', url: '/api/v1/no-such-route-123456789' })).statusCode).toBe(404);
    const text = await metrics();
    expect(
      sample(text, 'onpay_http_requests_total', {
        method: 'GET',
        route: '/api/v1/test-only/things/:id',
        status: '200',
      }),
    ).toBe(1);
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('123456789');
    expect(
      sample(text, 'onpay_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('records latency in a histogram per route template', async () => {
    t.clock.advance(60_000);
    const labels = { method: 'GET', route: '/api/v1/test-only/things/:id', status: '200' };
    const before = sample(await metrics(), 'onpay_http_request_duration_seconds_count', labels);
    await t.as(acme, { method: 'GET', url: '/api/v1/test-only/things/1' });
    const text = await metrics();
    expect(sample(text, 'onpay_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(sample(text, 'onpay_http_request_duration_seconds_bucket', { le: '+Inf', ...labels })).toBe(before + 1);
    expect(sample(text, 'onpay_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('counts rate-limit rejections by what was limited', async () => {
    t.clock.advance(60_000);
    const before = await metrics();
    const tokenBefore = sample(before, 'onpay_rate_limit_rejections_total', { kind: 'token' });
    const addressBefore = sample(before, 'onpay_rate_limit_rejections_total', { kind: 'address' });

    for (let i = 0; i < 3; i++)
      expect((await t.as(acme, { method: 'GET', url: '/api/v1/terms' })).statusCode).toBe(200);
    expect((await t.as(acme, { method: 'GET', url: '/api/v1/terms' })).statusCode).toBe(429);
    expect((await t.as(acme, { method: 'GET', url: '/api/v1/terms' })).statusCode).toBe(429);
    let text = await metrics();
    expect(sample(text, 'onpay_rate_limit_rejections_total', { kind: 'token' })).toBe(tokenBefore + 2);
    expect(
      sample(text, 'onpay_http_requests_total', { method: 'GET', route: '/api/v1/terms', status: '429' }),
    ).toBeGreaterThanOrEqual(2);

    const from = { remoteAddress: '203.0.113.50' };
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/terms', ...from })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/terms', ...from })).statusCode).toBe(429);
    text = await metrics();
    expect(sample(text, 'onpay_rate_limit_rejections_total', { kind: 'address' })).toBe(addressBefore + 1);
    expect(sample(text, 'onpay_rate_limit_rejections_total', { kind: 'token' })).toBe(tokenBefore + 2);
  });

  it('keeps /metrics and the probes out of the partner rate limit', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    }
  });
});

describe('/readyz with its dependencies down', () => {
  it('answers 503 naming the database when it does not answer', async () => {
    const t = await buildTestApp();
    try {
      await t.db.close();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'unavailable', redis: 'not configured' },
      });
      // Liveness is not readiness: the process itself is fine.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close(); // closing the database a second time is harmless
    }
  });
});

describe('/readyz: what gates readiness', () => {
  it('stays ready while Redis is unreachable, and reports it (the limiter fails open, the API serves)', async () => {
    const t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'unavailable' } });
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/^onpay_dependency_up\{dependency="redis"\} 0$/m);
      expect(metrics).toMatch(/^onpay_dependency_up\{dependency="database"\} 1$/m);
    } finally {
      await t.close();
    }
  });

  it('answers 503 in the spec shape with Connection: close once the instance is shutting down', async () => {
    const t = await buildTestApp();
    try {
      expect(await t.app.drain.start({ idleGraceMs: 0, timeoutMs: 1000 })).toBe(true);
      for (const url of ['/readyz', '/healthz', '/api/v1/terms']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: 'Service Unavailable' });
        expect(res.headers.connection).toBe('close');
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
      }
    } finally {
      await t.close();
    }
  });
});

describe.runIf(testRedisUrl)('/readyz with Redis configured', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { REDIS_URL: testRedisUrl! } });
  });
  afterAll(() => t.close());

  it('checks Redis too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
  });
});

describe.runIf(testRedisUrl)('/readyz while the Redis client is still connecting', () => {
  let proxy: FreezableProxy;
  let t: TestApp;

  beforeAll(async () => {
    const target = new URL(testRedisUrl!);
    proxy = new FreezableProxy(target.hostname, Number(target.port || 6379));
    await proxy.listen();
    // Redis is fine, but the client's first answer is held back: it is still connecting.
    proxy.freeze();
    t = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('waits for the connection (within the check) instead of calling Redis unavailable at once', async () => {
    const pending = t.app.inject({ method: 'GET', url: '/readyz' });
    // The connection completes while the check waits (an instance's first moments).
    setTimeout(() => proxy.thaw(), 200);
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
  });
});
