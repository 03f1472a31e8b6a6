/**
 * The sandbox verification round trip in a real browser (headless Debian Chromium driven by
 * playwright-core): the service listens on a real port, a tiny local HTTP server plays the
 * partner's return URL, and the browser goes verification_url → Continue → sandbox provider →
 * partner, landing with verification_id and status in the query. Run with `npm run test:browser`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { createUser } from '../helpers/users.js';
import { freePort } from '../helpers/net.js';
import { launchChromium, PHONE, SCREENSHOTS, DESKTOP } from '../helpers/browser.js';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.js';
import { norwegianId } from '../helpers/users.js';

const STEP_TIMEOUT = 15_000;

interface PartnerSite {
  server: Server;
  base: string;
  /** Every request the partner's site received. */
  requests: Array<{ method: string; url: string }>;
}

/** The partner's own web site: records what arrives at its return URL and says thank you. */
async function startPartnerSite(): Promise<PartnerSite> {
  const requests: PartnerSite['requests'] = [];
  const server = createServer((req: IncomingMessage, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Partner</title><h1>Thanks, back at the partner</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, requests };
}

describe(`sandbox verification in headless Chromium (${testEngine})`, () => {
  let t: TestApp;
  let site: PartnerSite;
  let browser: Browser;
  let acme: TestPartner;
  let returnUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    const publicBaseUrl = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: publicBaseUrl, HOST: '127.0.0.1', PORT: String(port) } });
    await t.app.listen({ host: '127.0.0.1', port });
    site = await startPartnerSite();
    browser = await launchChromium();

    acme = await t.partner('Acme Staffing AS');
    returnUrl = `${site.base}/onpay/return`;
    const registered = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: returnUrl },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await t.services.verification.returnUrls.decide(Number((registered.json() as { id: string }).id), 'approved');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    if (site) {
      const closed = new Promise<void>((resolve) => site.server.close(() => resolve()));
      site.server.closeAllConnections();
      await closed;
    }
    await t?.close();
  });

  async function newFlow(
    supplied = `${returnUrl}/order42?lang=nb`,
  ): Promise<{ verification_id: string; verification_url: string }> {
    const user = await createUser(t, acme);
    const res = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${user.id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: supplied },
    });
    expect(res.statusCode, res.body).toBe(201);
    const flow = res.json() as { verification_id: string; verification_url: string };
    expect(flow.verification_url.startsWith(`${t.config.publicBaseUrl}/verify/`)).toBe(true);
    return flow;
  }

  async function withPage<T>(
    viewport: { width: number; height: number },
    work: (page: Page) => Promise<T>,
  ): Promise<T> {
    const context: BrowserContext = await browser.newContext({ viewport, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT);
      page.setDefaultNavigationTimeout(STEP_TIMEOUT);
      return await work(page);
    } finally {
      await context.close();
    }
  }

  /** verification_url → Continue → choose `outcome` → Finish; returns the URL the browser lands on. */
  async function roundTrip(
    page: Page,
    flow: { verification_url: string },
    outcome: string,
    screenshots?: string,
  ): Promise<URL> {
    const start = await page.goto(flow.verification_url);
    expect(start?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe('Verify your identity');
    expect(await page.textContent('main')).toContain('Acme Staffing AS');
    if (screenshots)
      await page.screenshot({ path: `${SCREENSHOTS}/onpay-verify-start-${screenshots}.png`, fullPage: true });

    await Promise.all([
      page.waitForURL(/\/sandbox\/provider\//),
      page.getByRole('button', { name: 'Continue' }).click(),
    ]);
    expect(await page.textContent('h1')).toBe('Sandbox identity provider');
    if (screenshots)
      await page.screenshot({ path: `${SCREENSHOTS}/onpay-verify-sandbox-${screenshots}.png`, fullPage: true });

    await page.check(`input[name="outcome"][value="${outcome}"]`);
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(returnUrl)),
      page.getByRole('button', { name: 'Finish verification' }).click(),
    ]);
    expect(await page.textContent('h1')).toBe('Thanks, back at the partner');
    return new URL(page.url());
  }

  async function statusOf(id: string): Promise<{ status: string; next_action: string }> {
    const res = await t.as(acme, { method: 'GET', url: `/api/v1/verification/status/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { status: string; next_action: string };
  }

  it('approved: the browser lands on the partner URL with verification_id and status=approved', async () => {
    const flow = await newFlow();
    const landed = await withPage(PHONE, (page) => roundTrip(page, flow, 'approved', 'phone'));
    expect(`${landed.origin}${landed.pathname}`).toBe(`${returnUrl}/order42`);
    expect(landed.searchParams.get('lang')).toBe('nb');
    expect(landed.searchParams.get('verification_id')).toBe(flow.verification_id);
    expect(landed.searchParams.get('status')).toBe('approved');
    expect(site.requests).toContainEqual({
      method: 'GET',
      url: `/onpay/return/order42?lang=nb&verification_id=${flow.verification_id}&status=approved`,
    });
    expect(await statusOf(flow.verification_id)).toMatchObject({
      status: 'approved',
      next_action: 'redirect_to_partner',
    });
  });

  it('declined: the browser lands on the partner URL with status=declined', async () => {
    const flow = await newFlow(returnUrl);
    const landed = await withPage(DESKTOP, (page) => roundTrip(page, flow, 'declined', 'desktop'));
    expect(`${landed.origin}${landed.pathname}`).toBe(returnUrl);
    expect(landed.searchParams.get('verification_id')).toBe(flow.verification_id);
    expect(landed.searchParams.get('status')).toBe('declined');
    expect(await statusOf(flow.verification_id)).toMatchObject({ status: 'declined', next_action: 'show_error' });
  });

  it('reopening the link afterwards shows the finished page, and its link leads back to the partner', async () => {
    const flow = await newFlow(returnUrl);
    await withPage(PHONE, async (page) => {
      await roundTrip(page, flow, 'cancelled');
      const again = await page.goto(flow.verification_url);
      expect(again?.status()).toBe(200);
      expect(await page.textContent('h1')).toBe('This verification is finished');
      await page.screenshot({ path: `${SCREENSHOTS}/onpay-verify-finished-phone.png`, fullPage: true });
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(returnUrl)),
        page.getByRole('link', { name: /Back to/ }).click(),
      ]);
      expect(new URL(page.url()).searchParams.get('status')).toBe('cancelled');
    });
  });

  it('another browser cannot use the sandbox page of a session started elsewhere', async () => {
    const flow = await newFlow(returnUrl);
    const sandboxUrl = await withPage(DESKTOP, async (page) => {
      await page.goto(flow.verification_url);
      await Promise.all([
        page.waitForURL(/\/sandbox\/provider\//),
        page.getByRole('button', { name: 'Continue' }).click(),
      ]);
      return page.url();
    });
    await withPage(DESKTOP, async (page) => {
      const res = await page.goto(sandboxUrl);
      expect(res?.status()).toBe(403);
      expect(await page.textContent('h1')).toBe('Please start again');
    });
    expect(await statusOf(flow.verification_id)).toMatchObject({ status: 'pending' });
  });

  it('the pages fit a phone screen: no horizontal scrolling, buttons large enough to tap', async () => {
    const flow = await newFlow(returnUrl);
    await withPage(PHONE, async (page) => {
      await page.goto(flow.verification_url);
      const check = async () => {
        const overflow = await page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect(overflow).toBe(0);
        for (const button of await page.getByRole('button').all()) {
          const box = await button.boundingBox();
          expect(box!.height).toBeGreaterThanOrEqual(40);
          expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
        }
      };
      await check();
      await Promise.all([
        page.waitForURL(/\/sandbox\/provider\//),
        page.getByRole('button', { name: 'Continue' }).click(),
      ]);
      await check();
    });
  });
});

/**
 * provider_eid through a real OpenID provider on another origin: the start page's Continue is
 * redirected there, which the page's form-action must allow (Chromium checks it on the redirect).
 */
describe(`eID verification through a real OpenID provider in headless Chromium (${testEngine})`, () => {
  let t: TestApp;
  let site: PartnerSite;
  let provider: TestOidcProvider;
  let browser: Browser;
  let acme: TestPartner;
  let returnUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    const publicBaseUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({
      redirectUri: `${publicBaseUrl}/verify/callback/provider_eid`,
      scopes: { profile: ['name', 'dateofbirth'], ssn: ['socialno'] },
      accounts: [
        {
          id: 'kari',
          claims: { socialno: norwegianId('170590', 321), dateofbirth: '1990-05-17', name: 'Kari Nordmann' },
        },
      ],
    });
    t = await buildTestApp({
      env: {
        PUBLIC_BASE_URL: publicBaseUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        ...provider.env({
          EID_SCOPES: 'openid profile ssn',
          EID_CLAIM_IDENTIFICATION: 'socialno',
          EID_CLAIM_BIRTHDATE: 'dateofbirth',
        }),
      },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    site = await startPartnerSite();
    browser = await launchChromium();
    acme = await t.partner('Acme Staffing AS');
    returnUrl = `${site.base}/onpay/return`;
    const registered = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: returnUrl },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await t.services.verification.returnUrls.decide(Number((registered.json() as { id: string }).id), 'approved');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    if (site) {
      const closed = new Promise<void>((resolve) => site.server.close(() => resolve()));
      site.server.closeAllConnections();
      await closed;
    }
    await t?.close();
    await provider?.close();
  });

  it('start page → the provider (another origin) → sign in → back → the partner with status=approved', async () => {
    const user = await createUser(t, acme);
    const res = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${user.id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: returnUrl },
    });
    expect(res.statusCode, res.body).toBe(201);
    const flow = res.json() as { verification_id: string; verification_url: string };

    const context: BrowserContext = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      const page: Page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT);
      page.setDefaultNavigationTimeout(STEP_TIMEOUT);
      const start = await page.goto(flow.verification_url);
      expect(start?.status()).toBe(200);
      expect(start?.headers()['content-security-policy']).toContain(
        `form-action 'self' ${provider.issuer} ${site.base};`,
      );

      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/interaction/`)),
        page.getByRole('button', { name: 'Continue' }).click(),
      ]);
      await page.fill('input[name="account"]', 'kari');
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(returnUrl)),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      expect(await page.textContent('h1')).toBe('Thanks, back at the partner');
      const landed = new URL(page.url());
      expect(landed.searchParams.get('verification_id')).toBe(flow.verification_id);
      expect(landed.searchParams.get('status')).toBe('approved');
    } finally {
      await context.close();
    }
  });
});
