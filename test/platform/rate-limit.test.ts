import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from '../../src/platform/rate-limit.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { ManualClock } from '../helpers/clock.js';
import { freshDatabase, testEngine, testRedisUrl, uniqueName, type TestDatabase } from '../helpers/engine.js';

const LIMIT = 500;
/** Per client address, for requests without valid credentials. */
const ADDRESS_LIMIT = 40;
const WINDOW_MS = 60_000;
const TERMS: InjectOptions = { method: 'GET', url: '/api/v1/terms' };

function testRoutes(app: FastifyInstance): void {
  app.post('/test-only/validated', { schema: { body: Type.Object({ name: Type.String() }) } }, async () => ({
    ok: true,
  }));
}

/** Sends `count` requests one after another; returns their status codes. */
async function sendMany(count: number, send: () => Promise<LightMyRequestResponse>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send()).statusCode);
  return statuses;
}

function headersOf(res: LightMyRequestResponse) {
  return {
    limit: Number(res.headers['ratelimit-limit']),
    remaining: Number(res.headers['ratelimit-remaining']),
    reset: Number(res.headers['ratelimit-reset']),
  };
}

function expectTooManyRequests(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: 'Too Many Requests' });
  const retryAfter = res.headers['retry-after'];
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  return Number(retryAfter);
}

describe('rate limit on /api/v1', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeEach(async () => {
    t = await buildTestApp({
      apiRoutes: testRoutes,
      env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(ADDRESS_LIMIT) },
    });
    acme = await t.partner('Acme');
  });
  afterEach(() => t.close());

  const terms = (partner: TestPartner = acme) => t.as(partner, TERMS);

  it('allows 500 requests a minute and answers the 501st with 429, Retry-After and the spec body', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await terms();
      expect(res.statusCode).toBe(200);
      expect(headersOf(res)).toEqual({ limit: LIMIT, remaining: LIMIT - 1 - i, reset: 60 });
    }
    const refused = await terms();
    expect(expectTooManyRequests(refused)).toBe(60);
    expect(headersOf(refused)).toEqual({ limit: LIMIT, remaining: 0, reset: 60 });

    // Still refused a moment later; refused requests do not use budget, so a minute after the
    // first 500 the whole budget is back.
    t.clock.advance(WINDOW_MS - 1);
    expect(expectTooManyRequests(await terms())).toBe(1);
    t.clock.advance(1);
    const again = await terms();
    expect(again.statusCode).toBe(200);
    expect(headersOf(again).remaining).toBe(LIMIT - 1);
  });

  it('carries RateLimit-Limit, -Remaining and -Reset on every API response', async () => {
    const first = await terms();
    expect(headersOf(first)).toEqual({ limit: LIMIT, remaining: LIMIT - 1, reset: 60 });

    t.clock.advance(15_000);
    // Reset counts down to when the oldest counted request leaves the window.
    const second = await t.as(acme, { method: 'GET', url: '/api/v1/nope' });
    expect(second.statusCode).toBe(404);
    expect(headersOf(second)).toEqual({ limit: LIMIT, remaining: LIMIT - 2, reset: 45 });

    // Without credentials, the address's budget.
    const unauthenticated = await t.app.inject(TERMS);
    expect(unauthenticated.statusCode).toBe(401);
    expect(headersOf(unauthenticated)).toEqual({ limit: ADDRESS_LIMIT, remaining: ADDRESS_LIMIT - 1, reset: 60 });

    // Operational endpoints are outside the partner budget.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['ratelimit-limit']).toBeUndefined();
  });

  it('rolls: each request frees its slot 60 s after it was made, not at a window boundary', async () => {
    // One request every 100 ms: 500 requests over the first 50 s of the window.
    for (let i = 0; i < LIMIT; i++) {
      expect((await terms()).statusCode).toBe(200);
      t.clock.advance(100);
    }
    // t = 50 s: the budget is spent; the oldest request (t = 0) frees a slot in 10 s.
    expect(expectTooManyRequests(await terms())).toBe(10);
    t.clock.advance(WINDOW_MS - 50_000 - 1); // t = 59.999 s
    expect(expectTooManyRequests(await terms())).toBe(1);

    // t = 60 s: exactly the request made at t = 0 has expired. A fixed 60 s window (the clock starts
    // on a minute boundary, with the first request) would now allow 500 requests at once.
    t.clock.advance(1);
    const freed = await terms();
    expect(freed.statusCode).toBe(200);
    expect(headersOf(freed).remaining).toBe(0);
    expectTooManyRequests(await terms());

    // The next slot frees when the request made at t = 0.1 s is 60 s old, and not a millisecond sooner.
    t.clock.advance(99);
    expectTooManyRequests(await terms());
    t.clock.advance(1);
    expect((await terms()).statusCode).toBe(200);
    expectTooManyRequests(await terms());

    // t = 70.1 s: the requests of t = 0 .. 10.1 s (102) have expired; 2 of those slots are in use again.
    t.clock.advance(10_000);
    const statuses = await sendMany(101, () => terms());
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('gives every access token its own budget', async () => {
    const second = await t.services.partners.createToken(acme.partnerId);
    const acmeSecond: TestPartner = {
      ...acme,
      headers: { ...acme.headers, authorization: `Bearer ${second.access_token}` },
    };
    const globex = await t.partner('Globex');

    expect((await sendMany(LIMIT, () => terms())).every((s) => s === 200)).toBe(true);
    expectTooManyRequests(await terms());

    const samePartner = await terms(acmeSecond);
    expect(samePartner.statusCode).toBe(200);
    expect(headersOf(samePartner).remaining).toBe(LIMIT - 1);
    const otherPartner = await terms(globex);
    expect(otherPartner.statusCode).toBe(200);
    expect(headersOf(otherPartner).remaining).toBe(LIMIT - 1);
    expectTooManyRequests(await terms());
  });

  it('limits requests without valid credentials per client address', async () => {
    const attacker = '203.0.113.7';
    const badRequests: Array<() => Promise<LightMyRequestResponse>> = [
      () => t.app.inject({ ...TERMS, remoteAddress: attacker }),
      () =>
        t.app.inject({
          ...TERMS,
          remoteAddress: attacker,
          headers: { authorization: 'Bearer onp_test_guess', 'api-key': acme.apiKey },
        }),
      () =>
        t.app.inject({
          ...TERMS,
          remoteAddress: attacker,
          headers: { authorization: acme.headers.authorization!, 'api-key': randomUUID() },
        }),
    ];
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      const res = await badRequests[i % badRequests.length]!();
      expect(res.statusCode).toBe(401);
      expect(headersOf(res)).toEqual({ limit: ADDRESS_LIMIT, remaining: ADDRESS_LIMIT - 1 - i, reset: 60 });
    }
    expectTooManyRequests(await badRequests[0]!());
    expectTooManyRequests(await badRequests[1]!());
    // A forwarded-for header does not move the request to another address (the proxy is not trusted).
    expectTooManyRequests(
      await t.app.inject({ ...TERMS, remoteAddress: attacker, headers: { 'x-forwarded-for': '198.51.100.1' } }),
    );
    // Another address is not affected.
    expect((await t.app.inject({ ...TERMS, remoteAddress: '203.0.113.8' })).statusCode).toBe(401);

    // The address's budget frees up as its requests age, like any other.
    t.clock.advance(WINDOW_MS);
    expect((await badRequests[0]!()).statusCode).toBe(401);
  });

  it('takes the client address from X-Forwarded-For only when the peer is a proxy named in TRUST_PROXY', async () => {
    const proxied = await buildTestApp({
      env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.1' },
    });
    try {
      const through = (client: string, peer = '10.0.0.1') =>
        proxied.app.inject({ ...TERMS, remoteAddress: peer, headers: { 'x-forwarded-for': client } });
      expect(new Set(await sendMany(2, () => through('203.0.113.20')))).toEqual(new Set([401]));
      expectTooManyRequests(await through('203.0.113.20'));
      // Another client behind the same proxy has a budget of its own.
      expect((await through('203.0.113.21')).statusCode).toBe(401);
      // A peer that is not the proxy cannot pick its address.
      expect(new Set(await sendMany(2, () => through('203.0.113.22', '198.51.100.5')))).toEqual(new Set([401]));
      expectTooManyRequests(await through('203.0.113.23', '198.51.100.5'));
    } finally {
      await proxied.close();
    }
  });

  it('refuses an address over its budget before looking at any credentials, even valid ones', async () => {
    const lookups: string[] = [];
    const partners = t.services.partners;
    const authenticate = partners.authenticate.bind(partners);
    partners.authenticate = async (token, key) => {
      lookups.push(token);
      return authenticate(token, key);
    };
    const attacker = '203.0.113.9';
    const guesses = await sendMany(ADDRESS_LIMIT, () =>
      t.app.inject({
        ...TERMS,
        remoteAddress: attacker,
        headers: { authorization: 'Bearer onp_test_guess', 'api-key': acme.apiKey },
      }),
    );
    expect(new Set(guesses)).toEqual(new Set([401]));
    expect(lookups).toHaveLength(ADDRESS_LIMIT);

    const retryAfter = expectTooManyRequests(
      await t.app.inject({
        ...TERMS,
        remoteAddress: attacker,
        headers: { authorization: 'Bearer onp_test_guess2', 'api-key': acme.apiKey },
      }),
    );
    expect(retryAfter).toBe(60);
    // Valid credentials from that address are refused too, unread: the address is refused as a whole.
    const valid = await t.app.inject({ ...TERMS, remoteAddress: attacker, headers: acme.headers });
    expectTooManyRequests(valid);
    expect(headersOf(valid)).toEqual({ limit: ADDRESS_LIMIT, remaining: 0, reset: 60 });
    expect(lookups).toHaveLength(ADDRESS_LIMIT);
    // The token's own budget was not touched by the refused request.
    const elsewhere = await t.app.inject({ ...TERMS, remoteAddress: '203.0.113.10', headers: acme.headers });
    expect(elsewhere.statusCode).toBe(200);
    expect(headersOf(elsewhere).remaining).toBe(LIMIT - 1);
    expect(lookups).toHaveLength(ADDRESS_LIMIT + 1);
  });

  it('never counts authenticated requests against their address: partners behind one address keep their budgets', async () => {
    const office = '198.51.100.77';
    const globex = await t.partner('Globex');
    for (const partner of [acme, globex]) {
      const statuses = await sendMany(ADDRESS_LIMIT * 2, () =>
        t.app.inject({ ...TERMS, remoteAddress: office, headers: partner.headers }),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
    }
    // The address's budget is whole: the first request without credentials from there is its first.
    const unauthenticated = await t.app.inject({ ...TERMS, remoteAddress: office });
    expect(unauthenticated.statusCode).toBe(401);
    expect(headersOf(unauthenticated)).toEqual({ limit: ADDRESS_LIMIT, remaining: ADDRESS_LIMIT - 1, reset: 60 });
  });

  it('limits the public OpenAPI document per address, without credentials', async () => {
    const reader = '198.51.100.90';
    const document = { method: 'GET' as const, url: '/api/v1/openapi.json', remoteAddress: reader };
    const first = await t.app.inject(document);
    expect(first.statusCode).toBe(200);
    expect(headersOf(first)).toEqual({ limit: ADDRESS_LIMIT, remaining: ADDRESS_LIMIT - 1, reset: 60 });
    expect(new Set(await sendMany(ADDRESS_LIMIT - 1, () => t.app.inject(document)))).toEqual(new Set([200]));
    expectTooManyRequests(await t.app.inject(document));
  });

  it('counts a request before validating it: 404, 422 and 400 answers use budget too', async () => {
    const invalid = () => t.as(acme, { method: 'POST', url: '/api/v1/test-only/validated', payload: {} });
    const unknown = () => t.as(acme, { method: 'GET', url: '/api/v1/no-such-route' });
    const badKey = () => t.as(acme, { ...TERMS, headers: { 'idempotency-key': 'not-a-uuid' } });

    expect(new Set(await sendMany(200, invalid))).toEqual(new Set([422]));
    expect(new Set(await sendMany(200, unknown))).toEqual(new Set([404]));
    expect(new Set(await sendMany(99, badKey))).toEqual(new Set([400]));
    const last = await terms();
    expect(last.statusCode).toBe(200);
    expect(headersOf(last).remaining).toBe(0);

    // Once the budget is spent, the limit answers first: no validation work is done.
    expectTooManyRequests(await invalid());
    expectTooManyRequests(await unknown());
    expectTooManyRequests(await badKey());
  });

  it('applies only to /api/v1: operational endpoints stay open', async () => {
    await sendMany(LIMIT, () => terms());
    await sendMany(LIMIT, () => t.app.inject(TERMS));
    expectTooManyRequests(await terms());
    expectTooManyRequests(await t.app.inject(TERMS));
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

/** A database two app instances can share (in-memory SQLite is private to its connection). */
async function sharedDatabase(): Promise<TestDatabase> {
  if (testEngine === 'postgres') return freshDatabase('postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-rl-'));
  return {
    url: `sqlite:${path.join(dir, 'onpay.db')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

describe.runIf(testRedisUrl)('rate limit shared through Redis', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await sharedDatabase();
    const clock = new ManualClock();
    const redisPrefix = uniqueName('onpay_test_rl_shared');
    const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(ADDRESS_LIMIT) };
    a = await buildTestApp({ database, clock, redisPrefix, env });
    b = await buildTestApp({ database, clock, redisPrefix, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('shares one budget per token between two instances: 250 on each, then 429 on either', async () => {
    const acme = await a.partner('Acme');
    expect((await sendMany(LIMIT / 2, () => a.as(acme, TERMS))).every((s) => s === 200)).toBe(true);
    expect((await sendMany(LIMIT / 2, () => b.as(acme, TERMS))).every((s) => s === 200)).toBe(true);
    expectTooManyRequests(await a.as(acme, TERMS));
    expectTooManyRequests(await b.as(acme, TERMS));

    a.clock.advance(WINDOW_MS);
    const after = await b.as(acme, TERMS);
    expect(after.statusCode).toBe(200);
    expect(headersOf(after).remaining).toBe(LIMIT - 1);
  });

  it('shares the per-address budget for bad credentials too', async () => {
    a.clock.advance(WINDOW_MS);
    const from = { remoteAddress: '198.51.100.23' };
    expect(new Set(await sendMany(ADDRESS_LIMIT / 2, () => a.app.inject({ ...TERMS, ...from })))).toEqual(
      new Set([401]),
    );
    expect(new Set(await sendMany(ADDRESS_LIMIT / 2, () => b.app.inject({ ...TERMS, ...from })))).toEqual(
      new Set([401]),
    );
    expectTooManyRequests(await a.app.inject({ ...TERMS, ...from }));
    expectTooManyRequests(await b.app.inject({ ...TERMS, ...from }));
  });
});

// ---------------------------------------------------------------------------------------------
// The stores themselves, through the same table of cases.

type Step = [atMs: number, key: string, allowed: boolean, remaining: number, resetMs: number];

interface StoreCase {
  name: string;
  limit: number;
  steps: Step[];
}

const STORE_CASES: StoreCase[] = [
  {
    name: 'allows up to the limit, then refuses',
    limit: 3,
    steps: [
      [0, 'a', true, 2, 60_000],
      [10, 'a', true, 1, 59_990],
      [20, 'a', true, 0, 59_980],
      [30, 'a', false, 0, 59_970],
    ],
  },
  {
    name: 'frees a slot exactly when the oldest counted hit is one window old',
    limit: 2,
    steps: [
      [0, 'a', true, 1, 60_000],
      [30_000, 'a', true, 0, 30_000],
      [59_999, 'a', false, 0, 1],
      [60_000, 'a', true, 0, 30_000],
      [60_001, 'a', false, 0, 29_999],
      [90_000, 'a', true, 0, 30_000],
    ],
  },
  {
    name: 'does not count refused hits',
    limit: 1,
    steps: [
      [0, 'a', true, 0, 60_000],
      [100, 'a', false, 0, 59_900],
      [200, 'a', false, 0, 59_800],
      [60_000, 'a', true, 0, 60_000],
      [119_999, 'a', false, 0, 1],
    ],
  },
  {
    name: 'rolls instead of resetting at fixed minute boundaries',
    limit: 2,
    steps: [
      [50_000, 'a', true, 1, 60_000],
      [55_000, 'a', true, 0, 55_000],
      [60_000, 'a', false, 0, 50_000], // a fixed window would start afresh here
      [70_000, 'a', false, 0, 40_000],
      [110_000, 'a', true, 0, 5_000],
      [114_999, 'a', false, 0, 1],
      [115_000, 'a', true, 0, 55_000],
    ],
  },
  {
    name: 'keeps keys apart',
    limit: 1,
    steps: [
      [0, 'token:1', true, 0, 60_000],
      [0, 'token:2', true, 0, 60_000],
      [0, 'addr:127.0.0.1', true, 0, 60_000],
      [1, 'token:1', false, 0, 59_999],
      [1, 'token:2', false, 0, 59_999],
    ],
  },
  {
    name: 'counts several hits in the same millisecond',
    limit: 3,
    steps: [
      [5, 'a', true, 2, 60_000],
      [5, 'a', true, 1, 60_000],
      [5, 'a', true, 0, 60_000],
      [5, 'a', false, 0, 60_000],
    ],
  },
  {
    name: 'starts afresh after a quiet window',
    limit: 2,
    steps: [
      [0, 'a', true, 1, 60_000],
      [0, 'a', true, 0, 60_000],
      [600_000, 'a', true, 1, 60_000],
    ],
  },
];

/** Peeks between hits: a peek tells what a hit would decide and changes nothing. */
type PeekStep = [atMs: number, op: 'hit' | 'peek', allowed: boolean, remaining: number, resetMs: number];

const PEEK_CASES: Array<{ name: string; limit: number; steps: PeekStep[] }> = [
  {
    name: 'an unknown key has the whole budget',
    limit: 2,
    steps: [
      [0, 'peek', true, 2, 60_000],
      [0, 'peek', true, 2, 60_000],
      [0, 'hit', true, 1, 60_000],
    ],
  },
  {
    name: 'peeks count nothing, however many',
    limit: 2,
    steps: [
      [0, 'hit', true, 1, 60_000],
      ...Array.from({ length: 5 }, (_, i): PeekStep => [10 + i, 'peek', true, 1, 59_990 - i]),
      [20, 'hit', true, 0, 59_980],
      [30, 'peek', false, 0, 59_970],
      [40, 'hit', false, 0, 59_960],
    ],
  },
  {
    name: 'sees a slot free up exactly when the oldest hit is one window old',
    limit: 1,
    steps: [
      [0, 'hit', true, 0, 60_000],
      [59_999, 'peek', false, 0, 1],
      [60_000, 'peek', true, 1, 60_000],
      [60_000, 'hit', true, 0, 60_000],
    ],
  },
];

const EPOCH = Date.parse('2026-11-21T10:00:00.000Z');

async function runSteps(store: RateLimitStore, limit: number, steps: Step[]): Promise<void> {
  for (const [index, [at, key, allowed, remaining, resetMs]] of steps.entries()) {
    const decision = await store.hit(key, EPOCH + at, limit, WINDOW_MS);
    expect(decision, `step ${index} (t=${at}, ${key})`).toEqual({ allowed, limit, remaining, resetMs });
  }
}

async function runPeekSteps(store: RateLimitStore, limit: number, steps: PeekStep[]): Promise<void> {
  for (const [index, [at, op, allowed, remaining, resetMs]] of steps.entries()) {
    const decision = await store[op]('k', EPOCH + at, limit, WINDOW_MS);
    expect(decision, `step ${index} (t=${at}, ${op})`).toEqual({ allowed, limit, remaining, resetMs });
  }
}

describe('createMemoryRateLimitStore', () => {
  it.each(STORE_CASES)('$name', async ({ limit, steps }) => {
    const store = createMemoryRateLimitStore();
    await runSteps(store, limit, steps);
    await store.close();
  });

  it.each(PEEK_CASES)('peek: $name', async ({ limit, steps }) => {
    const store = createMemoryRateLimitStore();
    await runPeekSteps(store, limit, steps);
    await store.close();
  });

  it('stays exact after many hits on many keys (log compaction and sweeping)', async () => {
    const store = createMemoryRateLimitStore();
    // 12 000 hits: past the sweep threshold and past log compaction on the busy key.
    for (let i = 0; i < 11_000; i++) await store.hit(`k${i % 1000}`, EPOCH + i, 1_000_000, WINDOW_MS);
    for (let i = 0; i < 1000; i++) await store.hit('busy', EPOCH + 100_000 + i * 100, 600, WINDOW_MS);
    // 'busy' hits are at 100 s + 0.1 s·i; at 200 s the window holds those after 140 s: i = 401..999.
    const decision = await store.hit('busy', EPOCH + 200_000, 600, WINDOW_MS);
    expect(decision).toEqual({ allowed: true, limit: 600, remaining: 0, resetMs: 100 });
    expect((await store.hit('busy', EPOCH + 200_000, 600, WINDOW_MS)).allowed).toBe(false);
    await store.close();
  });
});

describe.runIf(testRedisUrl)('createRedisRateLimitStore', () => {
  const clients: Redis[] = [];
  const prefix = `${uniqueName('onpay_test_rl_unit')}:`;

  function client(): Redis {
    const redis = new Redis(testRedisUrl!, { maxRetriesPerRequest: 2 });
    clients.push(redis);
    return redis;
  }

  afterAll(async () => {
    const redis = clients[0];
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
  });

  it.each(STORE_CASES)('$name', async ({ name, limit, steps }) => {
    const store = createRedisRateLimitStore(client(), `${prefix}${name.replace(/\W+/g, '_')}:`);
    await runSteps(store, limit, steps);
  });

  it.each(PEEK_CASES)('peek: $name', async ({ name, limit, steps }) => {
    const store = createRedisRateLimitStore(client(), `${prefix}peek_${name.replace(/\W+/g, '_')}:`);
    await runPeekSteps(store, limit, steps);
  });

  it('shares one log between instances, even for hits in the same millisecond', async () => {
    const shared = `${prefix}shared:`;
    const one = createRedisRateLimitStore(client(), shared);
    const two = createRedisRateLimitStore(client(), shared);
    expect(await one.hit('token:1', EPOCH, 3, WINDOW_MS)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await two.hit('token:1', EPOCH, 3, WINDOW_MS)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await one.hit('token:1', EPOCH, 3, WINDOW_MS)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await two.hit('token:1', EPOCH, 3, WINDOW_MS)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('keeps one budget exact under concurrent hits from several instances', async () => {
    const shared = `${prefix}concurrent:`;
    const stores = [client(), client(), client()].map((c) => createRedisRateLimitStore(c, shared));
    const decisions = await Promise.all(
      Array.from({ length: 90 }, (_, i) => stores[i % stores.length]!.hit('token:9', EPOCH + (i % 7), 50, WINDOW_MS)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
  });

  it('lets its keys expire from Redis once their window has passed', async () => {
    const redis = client();
    const store = createRedisRateLimitStore(redis, `${prefix}ttl:`);
    await store.hit('token:1', EPOCH, 5, WINDOW_MS);
    const ttl = await redis.pttl(`${prefix}ttl:token:1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
  });
});

describe('when the Redis store does not answer', () => {
  it('lets requests through uncounted (fails open) and counts the store errors', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    const t = await buildTestApp({ rateLimitStore: createRedisRateLimitStore(unreachable, 'unreachable:') });
    try {
      const partner = await t.partner();
      const res = await t.as(partner, { method: 'GET', url: '/api/v1/terms' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/onpay_rate_limit_store_errors_total 1\b/);
    } finally {
      await t.close();
      unreachable.disconnect();
    }
  });
});
