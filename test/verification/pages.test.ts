/**
 * The end user's pages behind verification_url (docs/decisions.md §8), through app.inject: the start page,
 * the hand-off to the sandbox provider with a browser-binding cookie, each outcome's redirect to
 * the partner, and the clear pages for finished, expired and unknown links.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { createUser } from '../helpers/users.js';
import { RETURN, approvedReturnUrl, complete, pathOf, poll, startFlow, type FlowBody } from './helpers.js';

function expectPageHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

function expectHtml(res: LightMyRequestResponse): void {
  expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
  expect(res.body).toMatch(/^<!doctype html>/i);
  expect(res.body).toContain('<html lang="en">');
  expectPageHeaders(res);
}

interface Cookie {
  name: string;
  value: string;
  attributes: string[];
}

function bindingCookie(res: LightMyRequestResponse): Cookie {
  const raw = res.headers['set-cookie'];
  const header = (Array.isArray(raw) ? raw : [raw]).find(
    (c): c is string => typeof c === 'string' && c.startsWith('onpay_vb_'),
  );
  expect(header, 'a binding cookie').toBeDefined();
  const [pair, ...attributes] = header!.split(';').map((s) => s.trim());
  const [name, value] = pair!.split('=') as [string, string];
  return { name, value, attributes: attributes.map((a) => a.toLowerCase()) };
}

describe(`verification pages (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let sneaky: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme Staffing AS');
    sneaky = await t.partner('<script>alert("x")</script> & Co');
    await approvedReturnUrl(t, acme, RETURN);
    await approvedReturnUrl(t, sneaky, RETURN);
  });
  afterAll(() => t.close());

  async function newFlow(partner: TestPartner = acme, payload?: Record<string, unknown>): Promise<FlowBody> {
    const user = await createUser(t, partner);
    return startFlow(t, partner, user.id, payload);
  }

  /** Start page → Continue: returns the sandbox page path and the binding cookie. */
  async function continueFlow(flow: FlowBody): Promise<{ location: string; cookie: Cookie }> {
    const res = await t.app.inject({ method: 'POST', url: pathOf(flow.verification_url) });
    expect(res.statusCode, res.body).toBe(303);
    const location = res.headers.location as string;
    return { location, cookie: bindingCookie(res) };
  }

  it('the start page names the partner, says what will happen, and has a Continue form that works without JavaScript', async () => {
    const flow = await newFlow();
    const res = await t.app.inject({ method: 'GET', url: pathOf(flow.verification_url) });
    expect(res.statusCode).toBe(200);
    expectHtml(res);
    expect(res.body).toContain('Acme Staffing AS');
    expect(res.body).toContain('national electronic ID');
    expect(res.body).toContain(`<form method="post" action="${pathOf(flow.verification_url)}">`);
    expect(res.body).toMatch(/<button type="submit">Continue<\/button>/);
    expect(res.body).not.toContain('<script');
    // GET changes nothing: a mail scanner that prefetches the link does not start anything.
    const row = await t.db.db
      .selectFrom('verification_sessions')
      .select(['status', 'browser_binding_hash'])
      .where('id', '=', flow.verification_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', browser_binding_hash: null });
  });

  it('the start page for provider_doc speaks of an identity document', async () => {
    const flow = await newFlow(acme, { provider: 'provider_doc', id_type: 'local', partner_return_url: RETURN });
    const res = await t.app.inject({ method: 'GET', url: pathOf(flow.verification_url) });
    expect(res.body).toContain('identity document');
  });

  it('escapes a partner name in HTML', async () => {
    const flow = await newFlow(sneaky);
    const res = await t.app.inject({ method: 'GET', url: pathOf(flow.verification_url) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
  });

  it('Continue answers 303 to the sandbox provider page with an HttpOnly, SameSite=Lax binding cookie', async () => {
    const flow = await newFlow();
    const res = await t.app.inject({ method: 'POST', url: pathOf(flow.verification_url) });
    expect(res.statusCode).toBe(303);
    expectPageHeaders(res);
    const token = pathOf(flow.verification_url).split('/').pop();
    expect(res.headers.location).toBe(`http://onpay.test/sandbox/provider/${token}`);
    const cookie = bindingCookie(res);
    expect(cookie.name).toBe(`onpay_vb_${flow.verification_id.replace(/-/g, '')}`);
    expect(cookie.value.length).toBeGreaterThanOrEqual(20);
    expect(cookie.attributes).toContain('httponly');
    expect(cookie.attributes).toContain('samesite=lax');
    expect(cookie.attributes).toContain('path=/');
    // Sandbox runs on plain http; live sets Secure (checked below).
    expect(cookie.attributes).not.toContain('secure');
    const row = await t.db.db
      .selectFrom('verification_sessions')
      .select('browser_binding_hash')
      .where('id', '=', flow.verification_id)
      .executeTakeFirstOrThrow();
    expect(row.browser_binding_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.browser_binding_hash).not.toContain(cookie.value);
  });

  it('the sandbox page shows the four outcomes to a bound browser', async () => {
    const flow = await newFlow();
    const { location, cookie } = await continueFlow(flow);
    const res = await t.app.inject({ method: 'GET', url: pathOf(location), cookies: { [cookie.name]: cookie.value } });
    expect(res.statusCode).toBe(200);
    expectHtml(res);
    expect(res.body).toContain('Sandbox identity provider');
    for (const outcome of ['approved', 'declined', 'cancelled', 'error'])
      expect(res.body).toContain(`value="${outcome}"`);
    expect(res.body).toContain(`<form method="post" action="${pathOf(location)}">`);
  });

  it('the sandbox page refuses a browser without the cookie, or with a wrong one, with a 403 page', async () => {
    const flow = await newFlow();
    const { location, cookie } = await continueFlow(flow);
    for (const cookies of [{}, { [cookie.name]: 'forged-value-forged-value-1234' }]) {
      const get = await t.app.inject({ method: 'GET', url: pathOf(location), cookies });
      expect(get.statusCode).toBe(403);
      expectHtml(get);
      expect(get.body).toContain('Please start again');
      const post = await t.app.inject({
        method: 'POST',
        url: pathOf(location),
        cookies,
        payload: { outcome: 'approved' },
      });
      expect(post.statusCode).toBe(403);
    }
    expect((await poll(t, acme, flow.verification_id)).json()).toMatchObject({ status: 'pending' });
  });

  it.each([
    ['approved', 'redirect_to_partner'],
    ['declined', 'show_error'],
    ['cancelled', 'retry'],
    ['error', 'retry'],
  ])('choosing %s answers 303 to the partner URL with verification_id and status', async (outcome, nextAction) => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id, {
      provider: 'provider_eid',
      partner_return_url: `${RETURN}/order7?lang=nb`,
    });
    const { location, cookie } = await continueFlow(flow);
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(location),
      cookies: { [cookie.name]: cookie.value },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(
      `${RETURN}/order7?lang=nb&verification_id=${flow.verification_id}&status=${outcome}`,
    );
    const status = (await poll(t, acme, flow.verification_id)).json() as {
      status: string;
      next_action: string;
      onboarding: { steps: { id_verification: boolean } };
    };
    expect(status).toMatchObject({ status: outcome, next_action: nextAction });
    expect(status.onboarding.steps.id_verification).toBe(outcome === 'approved');
  });

  it('a missing or unknown outcome is a 400 page and changes nothing', async () => {
    const flow = await newFlow();
    const { location, cookie } = await continueFlow(flow);
    for (const payload of ['', 'outcome=expired', 'outcome=pending', 'outcome=<b>']) {
      const res = await t.app.inject({
        method: 'POST',
        url: pathOf(location),
        cookies: { [cookie.name]: cookie.value },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expectHtml(res);
    }
    expect((await poll(t, acme, flow.verification_id)).json()).toMatchObject({ status: 'pending' });
  });

  it('reopening a finished link shows a clear "finished" page with a way back to the partner', async () => {
    const flow = await newFlow();
    await complete(t, acme, flow.verification_id, 'declined');
    const res = await t.app.inject({ method: 'GET', url: pathOf(flow.verification_url) });
    expect(res.statusCode).toBe(200);
    expectHtml(res);
    expect(res.body).toContain('finished');
    expect(res.body).toContain('Acme Staffing AS');
    expect(res.body).toContain(`href="${RETURN}?verification_id=${flow.verification_id}&amp;status=declined"`);
    expect(res.body).not.toContain('<form');

    // Continue on a finished session goes straight back to the partner; no provider is involved.
    const post = await t.app.inject({ method: 'POST', url: pathOf(flow.verification_url) });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe(`${RETURN}?verification_id=${flow.verification_id}&status=declined`);
    expect(post.headers['set-cookie']).toBeUndefined();
  });

  it('the link of a session a newer flow replaced says so (410), not only "cancelled"', async () => {
    const flow = await newFlow();
    const user = (await poll(t, acme, flow.verification_id)).json() as { user_id: number };
    const newer = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${user.user_id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: RETURN },
    });
    expect(newer.statusCode, newer.body).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: pathOf(flow.verification_url) });
    expect(res.statusCode).toBe(410);
    expectHtml(res);
    expect(res.body).toContain('This link was replaced');
    expect(res.body).toContain('Acme Staffing AS started a newer verification');
    expect(res.body).not.toContain('<form');
    // A session cancelled for another reason keeps the plain "finished" page.
    const other = await newFlow();
    await complete(t, acme, other.verification_id, 'cancelled');
    const cancelled = await t.app.inject({ method: 'GET', url: pathOf(other.verification_url) });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('This verification is finished');
  });

  it('the sandbox page of a finished session sends the browser back to the partner', async () => {
    const flow = await newFlow();
    const { location, cookie } = await continueFlow(flow);
    await complete(t, acme, flow.verification_id, 'approved');
    const res = await t.app.inject({ method: 'GET', url: pathOf(location), cookies: { [cookie.name]: cookie.value } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${RETURN}?verification_id=${flow.verification_id}&status=approved`);
    // Choosing again changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: pathOf(location),
      cookies: { [cookie.name]: cookie.value },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=declined',
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('status=approved');
    expect((await poll(t, acme, flow.verification_id)).json()).toMatchObject({ status: 'approved' });
  });

  it('an expired link shows a 410 "expired" page', async () => {
    const flow = await newFlow();
    t.clock.advance(60 * 60_000 + 1);
    const res = await t.app.inject({ method: 'GET', url: pathOf(flow.verification_url) });
    expect(res.statusCode).toBe(410);
    expectHtml(res);
    expect(res.body).toContain('expired');
    expect(res.body).toContain('Acme Staffing AS');
    expect((await poll(t, acme, flow.verification_id)).json()).toMatchObject({
      status: 'expired',
      verified_at: flow.expires_at,
    });
  });

  it('a session that expires while the user is on the sandbox page cannot be approved', async () => {
    const flow = await newFlow();
    const { location, cookie } = await continueFlow(flow);
    t.clock.advance(60 * 60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(location),
      cookies: { [cookie.name]: cookie.value },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approved',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('status=expired');
    expect((await poll(t, acme, flow.verification_id)).json()).toMatchObject({ status: 'expired' });
  });

  it.each([
    ['an unknown token', '/verify/abcdefghijklmnopqrstuvwxyz0123456789ABCD'],
    ['a malformed token', '/verify/%3Cscript%3E'],
    ['a short token', '/verify/abc'],
  ])('%s shows a 404 page', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expectHtml(res);
    expect(res.body).toContain('Link not found');
    expect(res.body).not.toContain('<script>');
    const post = await t.app.inject({ method: 'POST', url });
    expect(post.statusCode).toBe(404);
    expectHtml(post);
  });

  it('an unknown sandbox token shows a 404 page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox/provider/abcdefghijklmnopqrstuvwxyz0123456789ABCD',
    });
    expect(res.statusCode).toBe(404);
    expectHtml(res);
  });

  it('the verification id is not a start token', async () => {
    const flow = await newFlow();
    const res = await t.app.inject({ method: 'GET', url: `/verify/${flow.verification_id}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('verification pages in live', () => {
  it('have no sandbox provider page', async () => {
    const t = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_BASE_URL: 'https://onpay.test',
      },
    });
    try {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: '/sandbox/provider/abcdefghijklmnopqrstuvwxyz0123456789ABCD' });
        expect(res.statusCode).toBe(404);
      }
      // The start page itself exists in live too.
      const start = await t.app.inject({ method: 'GET', url: '/verify/abcdefghijklmnopqrstuvwxyz0123456789ABCD' });
      expect(start.statusCode).toBe(404);
      expect(start.body).toContain('Link not found');
    } finally {
      await t.close();
    }
  });
});
