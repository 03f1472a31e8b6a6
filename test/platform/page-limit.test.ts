import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { vendorSignature } from '../helpers/doc-vendor.js';
import { testEngine } from '../helpers/engine.js';

const PAGE_LIMIT = 3;
const TOKEN = 'a'.repeat(43);

/** One request of every kind of page: each is limited per client address. */
const PAGES: Array<[string, InjectOptions]> = [
  ['login link landing', { method: 'GET', url: `/login/${TOKEN}` }],
  ['login link Continue', { method: 'POST', url: `/login/${TOKEN}`, payload: '' }],
  ['verification start page', { method: 'GET', url: `/verify/${TOKEN}` }],
  ['verification Continue', { method: 'POST', url: `/verify/${TOKEN}` }],
  ['provider return', { method: 'GET', url: '/verify/callback/provider_eid?state=x&code=y' }],
  ['sandbox provider page', { method: 'GET', url: `/sandbox/provider/${TOKEN}` }],
  [
    'sandbox provider choice',
    {
      method: 'POST',
      url: `/sandbox/provider/${TOKEN}`,
      payload: 'outcome=approved',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  ],
  ['employee home', { method: 'GET', url: '/me' }],
  ['employee payout', { method: 'GET', url: '/me/payouts/1' }],
  [
    'sign-out',
    {
      method: 'POST',
      url: '/me/logout',
      payload: 'csrf=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  ],
  ['sandbox mailbox', { method: 'GET', url: `/sandbox/mailbox/1.${TOKEN}` }],
  ['sign-in form', { method: 'GET', url: '/login' }],
  [
    'sign-in request',
    {
      method: 'POST',
      url: '/login',
      payload: 'email=someone%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  ],
];

let addressCounter = 0;
/** A client address no other test used. */
function freshAddress(): string {
  addressCounter += 1;
  return `192.0.2.${addressCounter}`;
}

function expectPageRefused(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(429);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.body).toContain('Too many requests');
}

describe(`per-address limit on the web pages (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        RATE_LIMIT_PAGES_PER_MINUTE: String(PAGE_LIMIT),
        RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(PAGE_LIMIT),
      },
    });
    acme = await t.partner('Acme');
  });
  afterAll(() => t?.close());

  it.each(PAGES)('limits the %s per client address, answering 429 as a page', async (name, request) => {
    const address = freshAddress();
    for (let i = 0; i < PAGE_LIMIT; i++) {
      const res = await t.app.inject({ ...request, remoteAddress: address });
      expect(res.statusCode, `${name} #${i + 1}: ${res.body.slice(0, 200)}`).not.toBe(429);
    }
    const refused = await t.app.inject({ ...request, remoteAddress: address });
    expectPageRefused(refused, name);
    expect(refused.headers['retry-after']).toBe('60');
    // Another address is not affected.
    expect((await t.app.inject({ ...request, remoteAddress: freshAddress() })).statusCode).not.toBe(429);
  });

  it('shares one budget across all pages of an address, and frees it as requests age', async () => {
    const address = freshAddress();
    for (const [, request] of PAGES.slice(0, PAGE_LIMIT))
      expect((await t.app.inject({ ...request, remoteAddress: address })).statusCode).not.toBe(429);
    expectPageRefused(await t.app.inject({ ...PAGES[PAGES.length - 1]![1], remoteAddress: address }), 'another page');
    t.clock.advance(60_000);
    expect((await t.app.inject({ ...PAGES[0]![1], remoteAddress: address })).statusCode).not.toBe(429);
  });

  it('keeps the pages and the partner API on budgets of their own', async () => {
    const address = freshAddress();
    for (let i = 0; i < PAGE_LIMIT + 1; i++) await t.app.inject({ ...PAGES[0]![1], remoteAddress: address });
    // The pages are spent; the API still answers, with and without credentials.
    expect((await t.as(acme, { method: 'GET', url: '/api/v1/terms', remoteAddress: address })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/terms', remoteAddress: address })).statusCode).toBe(401);

    const other = freshAddress();
    for (let i = 0; i < PAGE_LIMIT + 1; i++)
      await t.app.inject({ method: 'GET', url: '/api/v1/terms', remoteAddress: other });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/terms', remoteAddress: other })).statusCode).toBe(429);
    expect((await t.app.inject({ ...PAGES[0]![1], remoteAddress: other })).statusCode).not.toBe(429);
  });

  it('leaves the start page, the API reference, the guides, the favicon and the probes unlimited', async () => {
    const address = freshAddress();
    for (let i = 0; i < PAGE_LIMIT * 3; i++) {
      for (const url of ['/', '/docs', '/docs/guides', '/favicon.ico', '/healthz', '/readyz'])
        expect((await t.app.inject({ method: 'GET', url, remoteAddress: address })).statusCode).toBe(200);
    }
  });

  it('counts page refusals in the metrics as kind "page"', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const count = (text: string) =>
      Number(/onpay_rate_limit_rejections_total\{kind="page"\} (\d+)/.exec(text)?.[1] ?? 0);
    const address = freshAddress();
    for (let i = 0; i < PAGE_LIMIT + 2; i++) await t.app.inject({ ...PAGES[0]![1], remoteAddress: address });
    const after = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(count(after)).toBe(count(before) + 2);
  });
});

describe(`the document vendor's webhook and the address limit (${testEngine})`, () => {
  const apiKey = `key-${randomUUID()}`;
  const secret = `secret-${randomUUID()}`;
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        RATE_LIMIT_PAGES_PER_MINUTE: String(PAGE_LIMIT),
        DOC_API_URL: 'http://127.0.0.1:9',
        DOC_API_KEY: apiKey,
        DOC_WEBHOOK_SECRET: secret,
      },
    });
  });
  afterAll(() => t?.close());

  function deliver(
    address: string,
    body: string,
    headers: { authClient?: string; signature?: string },
  ): Promise<LightMyRequestResponse> {
    const sent: Record<string, string> = { 'content-type': 'application/json' };
    if (headers.authClient !== undefined) sent['x-auth-client'] = headers.authClient;
    if (headers.signature !== undefined) sent['x-hmac-signature'] = headers.signature;
    return t.app.inject({
      method: 'POST',
      url: '/webhooks/provider-doc',
      remoteAddress: address,
      headers: sent,
      payload: body,
    });
  }
  /** An event notification (no decision) the vendor signed: accepted with 200. */
  const signedEvent = (address: string) => {
    const body = JSON.stringify({ action: 'started', id: randomUUID() });
    return deliver(address, body, { authClient: apiKey, signature: vendorSignature(body, secret) });
  };
  const junk = (address: string) =>
    deliver(address, JSON.stringify({ action: 'started', id: randomUUID() }), {
      authClient: apiKey,
      signature: '0'.repeat(64),
    });

  it('counts unsigned deliveries against the address and refuses them past the budget with 429 {message}', async () => {
    const address = freshAddress();
    const unsigned = [
      () => deliver(address, '{}', {}),
      () => deliver(address, '{}', { authClient: 'wrong', signature: vendorSignature('{}', secret) }),
      () => junk(address),
    ];
    for (const send of unsigned) {
      const res = await send();
      expect(res.statusCode).toBe(401);
    }
    const refused = await junk(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too Many Requests' });
    expect(refused.headers['retry-after']).toBe('60');
    // The pages of that address share the budget.
    expectPageRefused(await t.app.inject({ ...PAGES[0]![1], remoteAddress: address }), 'a page after webhook junk');
  });

  it('never refuses a signed delivery for the address budget, and does not count it', async () => {
    const address = freshAddress();
    // Signed deliveries first: they use nothing.
    for (let i = 0; i < PAGE_LIMIT * 2; i++) {
      const res = await signedEvent(address);
      expect(res.statusCode, res.body).toBe(200);
    }
    for (let i = 0; i < PAGE_LIMIT; i++) expect((await junk(address)).statusCode).toBe(401);
    expect((await junk(address)).statusCode).toBe(429);
    // The address is over its budget, and the vendor's signed deliveries still get through.
    for (let i = 0; i < 3; i++) {
      const res = await signedEvent(address);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });
});
