import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createServices } from '../../src/services.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { ensureApprovedReturnUrl, onboardedEmployee, RETURN_URL } from '../helpers/employees.js';
import { freshDatabase, testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
const METHODS: Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Operation {
  method: Method;
  /** The document's path template, e.g. `/api/v1/users/{id}`. */
  template: string;
  /** The template with real ids of the partner's own objects. */
  path: string;
}

/** A percent-encoding of every character but `/` (upper- and lower-case hex by turns). */
function encodeAll(path: string): string {
  let i = 0;
  return path.replace(/[^/]/g, (c) => {
    const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
    return `%${i++ % 2 ? hex.toUpperCase() : hex}`;
  });
}

/** The same path as a client, a proxy or an attacker might spell it. */
function spellings(path: string): Array<[string, string]> {
  const [, , , ...rest] = path.split('/'); // '', 'api', 'v1', ...
  const tail = rest.join('/');
  return [
    ['prefix percent-encoded', path.replace(/^\/api/, '/%61pi')],
    ['every character percent-encoded', encodeAll(path)],
    ['a segment percent-encoded', `/api/v1/${rest.map((s, n) => (n === 0 ? encodeAll(s) : s)).join('/')}`],
    ['double slash in front', `/${path}`],
    ['double slash after the prefix', `/api/v1//${tail}`],
    ['double slash inside the prefix', `/api//v1/${tail}`],
    ['trailing slash', `${path}/`],
    ['; parameter on the last segment', `${path};jsessionid=1`],
    ['; parameter on the prefix', `/api;x=1/v1/${tail}`],
    ['upper-case prefix', `/API/V1/${tail}`],
    ['mixed case throughout', path.replace(/[a-z]/g, (c, n: number) => (n % 2 ? c.toUpperCase() : c))],
    ['encoded slash in the prefix', `/api%2Fv1/${tail}`],
    ['dot segment', `/api/v1/./${tail}`],
    ['dot-dot segment', `/api/x/../v1/${tail}`],
  ];
}

/** An answer that serves nothing: 401, 404 or 405 in one of the spec's shapes. */
function expectRefused(res: LightMyRequestResponse, what: string): void {
  expect([401, 404, 405], `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  if (res.statusCode === 401) expect(res.json(), what).toEqual({ message: 'Unauthenticated.' });
  else expect(Object.keys(res.json() as object), what).toEqual(['error']);
}

describe(`one guard for the whole partner API, on the routed path (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let operations: Operation[];

  beforeAll(async () => {
    // Thousands of requests without credentials from one address: its budget is not what is tested here.
    t = await buildTestApp({
      env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    acme = await t.partner('Acme');
    const employee = await onboardedEmployee(t, acme);
    const usedKey = randomUUID();
    const created = await createPayouts(t, acme, batch([item(employee)]), usedKey);
    await ensureApprovedReturnUrl(t, acme);
    const flow = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${employee.id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
    });
    expect(flow.statusCode, flow.body).toBe(201);
    // Real objects of the partner: a route the guard skipped would have something to serve.
    const fixtures: Record<string, string> = {
      id: employee.id,
      payout: String(created.payout_ids[0]),
      invoice: String(created.invoice_id),
      verificationSession: (flow.json() as { verification_id: string }).verification_id,
      key: usedKey,
    };

    const document = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(document.statusCode).toBe(200);
    const paths = (document.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    operations = Object.entries(paths).flatMap(([template, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m.toUpperCase() as Method))
        .map((m) => ({
          method: m.toUpperCase() as Method,
          template,
          path: template.replace(/\{(\w+)\}/g, (_, name: string) => {
            const value = fixtures[name];
            if (value === undefined) throw new Error(`no fixture for {${name}} in ${template}: add one above`);
            return value;
          }),
        })),
    );
  });
  afterAll(() => t?.close());

  it('covers every operation of the document (a new route joins by itself)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(operations.map((o) => `${o.method} ${o.template}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/terms',
        'GET /api/v1/users/{id}',
        'POST /api/v1/payouts',
        'POST /api/v1/test-helpers/verification/{verificationSession}/complete',
      ]),
    );
  });

  it('answers every operation without credentials with 401, as sent and percent-encoded alike', async () => {
    for (const { method, path } of operations) {
      for (const url of [path, path.replace(/^\/api/, '/%61pi'), encodeAll(path)]) {
        const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });

  it('never serves an operation without credentials, however its path is spelled', async () => {
    for (const { method, path } of operations) {
      for (const [spelling, url] of spellings(path)) {
        const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
        expectRefused(res, `${method} ${url} (${spelling})`);
      }
    }
  });

  it('applies the rate limit and the Idempotency-key check to a percent-encoded path too', async () => {
    const used = randomUUID();
    const first = await t.as(acme, { method: 'GET', url: '/api/v1/terms', headers: { 'idempotency-key': used } });
    expect(first.statusCode).toBe(200);
    await t.services.idempotency.storeAfterSuccess(
      { partnerId: acme.partnerId, key: used, method: 'POST', path: '/x', stored: false },
      { status: 200, resource: {} },
    );

    const encoded = await t.as(acme, { method: 'GET', url: '/%61pi/v1/%74erms', headers: { 'idempotency-key': used } });
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json()).toEqual({ error: 'Idempotency-key has already been used.' });
    expect(Number(encoded.headers['ratelimit-remaining'])).toBe(Number(first.headers['ratelimit-remaining']) - 1);
    const badKey = await t.as(acme, { method: 'GET', url: '/%61pi/v1/terms', headers: { 'idempotency-key': 'nope' } });
    expect(badKey.statusCode).toBe(400);
  });

  it('answers a method a path does not have with 405 {error} and Allow listing the methods it has', async () => {
    const byTemplate = new Map<string, Operation[]>();
    for (const operation of operations)
      byTemplate.set(operation.template, [...(byTemplate.get(operation.template) ?? []), operation]);
    for (const [template, ops] of byTemplate) {
      const own = new Set<string>(ops.map((o) => o.method));
      if (own.has('GET')) own.add('HEAD');
      const allow = [...own].sort().join(', ');
      const path = ops[0]!.path;
      for (const method of METHODS.filter((m) => !own.has(m))) {
        const res = await t.as(acme, { method, url: path });
        expect(res.statusCode, `${method} ${template}: ${res.body.slice(0, 200)}`).toBe(405);
        expect(res.headers.allow, `${method} ${template}`).toBe(allow);
        if (method === 'HEAD') expect(res.body).toBe('');
        else expect(res.json()).toEqual({ error: 'Method not allowed.' });
        // Behind the guard like everything else.
        expect(
          (await t.app.inject({ method, url: path })).statusCode,
          `${method} ${template} without credentials`,
        ).toBe(401);
      }
    }
  });

  it('answers 405 before reading a body it would not take', async () => {
    const res = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/terms',
      headers: { 'content-type': 'text/plain' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('answers HEAD on a readable path like GET, without a body', async () => {
    const res = await t.as(acme, { method: 'HEAD', url: '/api/v1/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('keeps an unknown path a 404 {error}, behind the guard', async () => {
    for (const method of ['GET', 'DELETE', 'POST'] as const) {
      const res = await t.as(acme, { method, url: '/api/v1/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(Object.keys(res.json() as object)).toEqual(['error']);
      expect((await t.app.inject({ method, url: '/api/v1/no-such-thing' })).statusCode).toBe(401);
    }
    const outside = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(outside.statusCode).toBe(404);
    expect(Object.keys(outside.json() as object)).toEqual(['error']);
  });

  it.each([
    ['a truncated percent-encoding in an id', '/api/v1/users/%E0%A4%A'],
    ['an invalid percent-encoding in the prefix', '/%zzpi/v1/terms'],
    ['a truncated percent-encoding on a page', '/verify/%E0%A4%A'],
  ])('answers a URL with %s with 400 {error} and a request id', async (_name, url) => {
    const res = await t.as(acme, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: 'The URL is not valid: it holds a malformed percent-encoding.' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['an API id', `/api/v1/users/${'1'.repeat(101)}`],
    ['a verification start token', `/verify/${'a'.repeat(101)}`],
  ])('answers a path parameter over 100 characters (%s) with 414 {error}', async (_name, url) => {
    const res = await t.as(acme, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(414);
    expect(res.json()).toEqual({ error: 'A segment of the URL is too long.' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a partner route registered outside the API plugin', () => {
  it('fails registration instead of being served without the guard', async () => {
    const database = await freshDatabase();
    const config = loadConfig({
      ONPAY_ENV: 'sandbox',
      DATABASE_URL: database.url,
      PUBLIC_BASE_URL: 'http://onpay.test',
      LOG_LEVEL: 'silent',
    });
    const db = createDb(config.database);
    try {
      await migrateToLatest(db.db);
      const services = await createServices({ config, db });
      const app = await buildApp(services, { logger: false });
      try {
        expect(() => app.get('/api/v1/sneaky', async () => ({ served: true }))).toThrow(
          /outside the partner API plugin/,
        );
        expect(() => app.get('/api/v1', async () => ({ served: true }))).toThrow(/outside the partner API plugin/);
        // Elsewhere is fine.
        expect(() => app.get('/api/v1x', async () => ({}))).not.toThrow();
      } finally {
        await app.close();
        await services.close();
      }
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
