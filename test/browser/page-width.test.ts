/**
 * No page scrolls sideways, on a phone (390 px) or a desktop (1280 px): every GET route that
 * answers HTML, taken from the routes the app registered, is opened in headless Chromium with real
 * data behind it, chosen to be hard to fit: a partner, an employee, products and a payout
 * description named with long unbroken words, a long e-mail address, mail with long links. The
 * page may not get there by hiding overflow on html or body. Run with `npm run test:browser`.
 */
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../../src/platform/openapi-doc.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { DESKTOP, launchChromium, PHONE, SCREENSHOTS } from '../helpers/browser.js';
import { RETURN_URL, ensureApprovedReturnUrl, uniquePhone, verifyIdentity } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { createPayouts } from '../helpers/payouts.js';
import { createUser, NO_ACCOUNT, putProfile } from '../helpers/users.js';

const STEP_TIMEOUT = 15_000;

// Long words as real data has them: Norwegian compounds, an unbroken product code, a long address.
const PARTNER = 'Nordlandsbaneeiendomsforvaltningsselskapet AS';
const FIRST_NAME = 'Karianneeleonorafredrikkemargrethe';
const EMAIL = `kari.nordmann.med.en.veldig.lang.adresse.${Date.now()}@lagerarbeidernes-fagforening-i-nordland.example`;
const DESCRIPTION = 'Nattskiftpåsentrallageretiindustriområdetvedjernbanestasjonen, uke 11';
const PRODUCT = 'Kveldsskiftstillegg-LAGER-NORD-2026-03-15-KODE-000000000000000000000042';

/** GET routes outside the API that answer something other than HTML, checked to be so. */
const NOT_HTML = new Set([
  '/healthz',
  '/readyz',
  '/metrics',
  '/favicon.ico',
  '/favicon.svg',
  '/docs/json',
  '/docs/static/swagger-ui-bundle.js',
  '/docs/static/swagger-ui.css',
  '/docs/static/onpay-reference.css',
  '/docs/static/onpay-reference.js',
  '/docs/client/index.ts',
  '/docs/client/schema.d.ts',
  '/docs/examples/onboard-employee.ts',
  '/docs/examples/webhook-receiver.ts',
  // The console's lists as CSV files (text/csv for a signed-in operator: test/exports/console-exports.test.ts).
  '/console/employees.csv',
  '/console/payouts.csv',
]);

/**
 * GET routes that answer a PDF to whoever may have it (test/invoices/invoice-pages.test.ts and
 * test/browser/console-invoices.test.ts read them back): a browser downloads them, there is no page.
 */
const PDF_ROUTES = new Set(['/console/invoices/:id/pdf', '/me/payouts/:id/statement.pdf']);

interface Visit {
  /** The registered route the URL is an instance of. */
  route: string;
  url: string;
  /** The page needs JavaScript to show its content (the API reference): wait for this selector. */
  ready?: string;
}

describe(`no page scrolls sideways, at 390 px and 1280 px, in headless Chromium (${testEngine})`, () => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let acme: TestPartner;
  let employeeId: string;
  let payoutId: number;
  /** Pages anyone can open, with the data above behind them; the signed-in and flow pages come per browser. */
  let visits: Visit[];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port) },
      onRoute: (route) => routes.push(route),
    });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();

    acme = await t.partner(PARTNER);
    const user = await createUser(t, acme, { email: EMAIL, bank_account_number: NO_ACCOUNT });
    employeeId = user.id;
    await putProfile(t, acme, employeeId, {
      first_name: FIRST_NAME,
      last_name: 'Nordmann-Kristiansen-Haugland',
      phone: uniquePhone(),
    });
    const terms = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${employeeId}/terms`,
      payload: { approved: true },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    await verifyIdentity(t, acme, employeeId);
    const created = await createPayouts(t, acme, {
      due_date: '2026-04-01',
      payouts: [
        {
          user_id: Number(employeeId),
          date: '2026-03-15',
          hours: 9999.25,
          description: DESCRIPTION,
          // A month's hours at a high rate: the widest amounts an employee's page shows in practice.
          products: [
            { quantity: 162.5, price: 1234.56, description: PRODUCT },
            { quantity: 1234.5678, price: 0.01, description: `${PRODUCT}-TILLEGG` },
          ],
        },
      ],
    });
    payoutId = created.payout_ids[0]!;
    // Mail in the sandbox mailbox: a login link to the long address, with its long URL.
    const mailed = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/payouts/${payoutId}/login-link`,
      payload: { send_email: true },
    });
    expect(mailed.statusCode, mailed.body).toBe(200);
    const mailbox = (await t.as(acme, { method: 'GET', url: '/api/v1/test-helpers/mailbox' })).json() as {
      mailbox_url: string;
      messages: Array<{ page_url: string }>;
    };
    expect(mailbox.messages.length).toBeGreaterThan(0);

    // Verification links in the states a person can find them in.
    const finished = await startFlow();
    const done = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/test-helpers/verification/${finished.verification_id}/complete`,
      payload: { status: 'declined' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const other = await createUser(t, acme);
    const replaced = await startFlow(other.id);
    await startFlow(other.id);

    const path = (url: string) => new URL(url).pathname;
    visits = [
      { route: '/', url: '/' },
      { route: '/docs', url: '/docs', ready: '.opblock' },
      { route: '/docs/guides', url: '/docs/guides' },
      ...GUIDES.map((g) => ({ route: '/docs/guides/:slug', url: `/docs/guides/${g.slug}` })),
      { route: '/docs/guides/:slug', url: '/docs/guides/no-such-guide' },
      { route: '/login', url: '/login' },
      { route: '/login/*', url: path((await loginLink()).login_url) },
      { route: '/login/*', url: '/login/not-a-valid-link' },
      { route: '/me', url: '/me' },
      { route: '/me/payouts/:id', url: `/me/payouts/${payoutId}` },
      { route: '/verify/:token', url: path((await startFlow()).verification_url) },
      { route: '/verify/:token', url: path(finished.verification_url) },
      { route: '/verify/:token', url: path(replaced.verification_url) },
      { route: '/verify/:token', url: '/verify/no-such-link' },
      { route: '/verify/callback/:provider', url: '/verify/callback/provider_eid?state=no-such-session&code=x' },
      { route: '/verify/callback/:provider', url: '/verify/callback/no-such-provider' },
      { route: '/sandbox/provider/:token', url: '/sandbox/provider/no-such-session' },
      { route: '/sandbox/mailbox/:token', url: path(mailbox.mailbox_url) },
      { route: '/sandbox/mailbox/:token/:id', url: path(mailbox.messages[0]!.page_url) },
      { route: '/sandbox/mailbox/:token', url: '/sandbox/mailbox/no-such-mailbox' },
      // The console's doors (its signed-in pages are measured by test/browser/console-admin.test.ts).
      { route: '/console', url: '/console' },
      { route: '/console/login', url: '/console/login' },
      {
        route: '/console/setup/:token',
        url: path(
          (await t.services.operators.create('width.operator.with.a.long.address@operations.onpay.example', 'admin'))
            .setupUrl,
        ),
      },
      { route: '/console/setup/:token', url: '/console/setup/no-such-link' },
      // Signed out, the administration pages go to sign-in (signed in, test/browser/console-admin.test.ts measures them).
      ...[
        '/console/partners',
        '/console/partners/:id',
        // Signed in, test/browser/console-partner.test.ts measures it.
        '/console/partners/:id/requests',
        '/console/return-urls',
        '/console/terms',
        '/console/audit',
        '/console/mail',
      ].map((route) => ({ route, url: route.replace(':id', '1') })),
      // Signed out, the money pages send the browser to sign-in; signed in, test/browser/console-money.test.ts measures them.
      { route: '/console/employees', url: '/console/employees' },
      { route: '/console/employees/identity-review', url: '/console/employees/identity-review' },
      { route: '/console/employees/:id', url: `/console/employees/${employeeId}` },
      // Signed in, test/browser/console-stuck.test.ts measures these two.
      { route: '/console/employees/stuck', url: '/console/employees/stuck' },
      { route: '/console/employees/:id/mail', url: `/console/employees/${employeeId}/mail` },
      { route: '/console/payouts', url: '/console/payouts' },
      { route: '/console/payouts/:id', url: '/console/payouts/1' },
      { route: '/console/invoices', url: '/console/invoices' },
      { route: '/console/invoices/:id', url: '/console/invoices/1' },
      { route: '/console/bank/files', url: '/console/bank/files' },
      { route: '/console/bank/files/:id', url: '/console/bank/files/1' },
      { route: '/console/bank/files/:id/download', url: '/console/bank/files/1/download' },
      { route: '/console/bank/import', url: '/console/bank/import' },
      { route: '/console/bank/payouts/:id', url: '/console/bank/payouts/1' },
      // Signed out, the webhook pages send the browser to sign-in; signed in, test/browser/console-webhooks.test.ts measures them.
      { route: '/console/webhooks', url: '/console/webhooks' },
      { route: '/console/webhooks/:id', url: '/console/webhooks/1' },
      { route: '/console/webhooks/:id/deliveries/:deliveryId', url: '/console/webhooks/1/deliveries/1' },
    ];
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  async function startFlow(userId = employeeId): Promise<{ verification_id: string; verification_url: string }> {
    await ensureApprovedReturnUrl(t, acme);
    const res = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${userId}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: `${RETURN_URL}/${'ordre'.repeat(20)}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { verification_id: string; verification_url: string };
  }

  async function loginLink(): Promise<{ login_url: string }> {
    const res = await t.as(acme, { method: 'POST', url: `/api/v1/payouts/${payoutId}/login-link`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { login_url: string };
  }

  /** The GET routes outside /api/v1 that answer HTML: every other one is in NOT_HTML. */
  function htmlRoutes(): Set<string> {
    const pages = routes.filter(
      (r) => (Array.isArray(r.method) ? r.method.includes('GET') : r.method === 'GET') && !r.url.startsWith('/api/'),
    );
    return new Set(pages.map((r) => r.url).filter((url) => !NOT_HTML.has(url) && !PDF_ROUTES.has(url)));
  }

  async function withBrowser<T>(
    viewport: { width: number; height: number },
    work: (page: Page) => Promise<T>,
  ): Promise<T> {
    const context: BrowserContext = await browser.newContext({
      viewport,
      isMobile: viewport === PHONE,
      hasTouch: viewport === PHONE,
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT);
      page.setDefaultNavigationTimeout(STEP_TIMEOUT);
      return await work(page);
    } finally {
      await context.close();
    }
  }

  /** The page as laid out: its width against the viewport's, and how html and body treat overflow. */
  async function measure(
    page: Page,
  ): Promise<{ scrollWidth: number; innerWidth: number; overflow: string[]; sticking: string[] }> {
    const width = page.viewportSize()!.width;
    // A string: the tests compile without the DOM's types.
    return page.evaluate(`({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      overflow: [document.documentElement, document.body].map((element) => getComputedStyle(element).overflowX),
      sticking: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > ${width} + 0.5)
        .slice(0, 5)
        .map((element) => element.tagName.toLowerCase() + ' "' + (element.textContent || '').trim().slice(0, 30) + '"'),
    })`);
  }

  /** Soft expectations: one run reports every page that does not fit, each with what sticks out. */
  async function checkFits(page: Page, label: string) {
    const { scrollWidth, innerWidth, overflow, sticking } = await measure(page);
    const width = page.viewportSize()?.width;
    // A phone browser zooms out a page wider than the screen, widening innerWidth: a failure too.
    expect
      .soft(innerWidth, `${label}: the viewport was widened to ${innerWidth} px by ${sticking.join(', ')}`)
      .toBe(width);
    expect
      .soft(scrollWidth, `${label}: ${scrollWidth} px wide in a ${innerWidth} px viewport: ${sticking.join(', ')}`)
      .toBeLessThanOrEqual(innerWidth);
    for (const value of overflow)
      expect.soft(['hidden', 'clip'], `${label}: overflow-x on html or body`).not.toContain(value);
  }

  it('every GET route outside the API either answers HTML and is visited below, or answers something else', async () => {
    expect(new Set(visits.map((v) => v.route))).toEqual(htmlRoutes());
    for (const url of NOT_HTML) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-type'] ?? ''), url).not.toMatch(/text\/html/);
    }
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${name} (${viewport.width} px): every page fits its width`, async () => {
      await withBrowser(viewport, async (page) => {
        for (const [index, visit] of visits.entries()) {
          if (visit.route.startsWith('/me')) continue;
          const res = await page.goto(`${base}${visit.url}`);
          expect(res?.headers()['content-type'], visit.url).toMatch(/^text\/html/);
          if (visit.ready) await page.waitForSelector(visit.ready);
          await checkFits(page, visit.url);
          if (name === 'phone')
            await page.screenshot({
              path: join(SCREENSHOTS, `onpay-width-${index}${visit.route.replace(/[^a-z]+/g, '-')}.png`),
              fullPage: !visit.ready,
            });
        }

        // The sandbox provider page, reached from a start page in this browser.
        await page.goto((await startFlow()).verification_url);
        await Promise.all([
          page.waitForURL(/\/sandbox\/provider\//),
          page.getByRole('button', { name: 'Continue' }).click(),
        ]);
        await checkFits(page, 'the sandbox provider page');

        // Signed in through a payout login link: the payout page, then the employee's home page.
        for (const visit of visits.filter((v) => v.route.startsWith('/me'))) {
          const signedOut = await page.goto(`${base}${visit.url}`);
          expect(signedOut?.status()).toBe(401);
          await checkFits(page, `${visit.url}, signed out`);
        }
        await page.goto((await loginLink()).login_url);
        await checkFits(page, 'a login link');
        await Promise.all([
          page.waitForURL(`**/me/payouts/${payoutId}`),
          page.getByRole('button', { name: 'Continue' }).click(),
        ]);
        for (const visit of visits.filter((v) => v.route.startsWith('/me'))) {
          const res = await page.goto(`${base}${visit.url}`);
          expect(res?.status(), visit.url).toBe(200);
          await checkFits(page, visit.url);
          if (name === 'phone')
            await page.screenshot({
              path: join(SCREENSHOTS, `onpay-width${visit.route.replace(/[^a-z]+/g, '-')}.png`),
              fullPage: true,
            });
        }
        expect(await page.textContent('main')).toContain(PARTNER);
      });
    });
  }

  it('the API reference fits a phone with an operation and a schema open, too', async () => {
    await withBrowser(PHONE, async (page) => {
      await page.goto(`${base}/docs`);
      await page.waitForSelector('.opblock');
      await page.locator('.opblock-summary').filter({ hasText: '/api/v1/payouts' }).first().click();
      await page.waitForSelector('.opblock.is-open .responses-table');
      await checkFits(page, '/docs with POST /payouts open');
      await page.locator('section.models .models-control').click();
      await page.locator('section.models .json-schema-2020-12-expand-deep-button').first().click();
      await page.waitForSelector('section.models .json-schema-2020-12-body:not(.json-schema-2020-12-body--collapsed)');
      await checkFits(page, '/docs with a schema open');
    });
  });
});
