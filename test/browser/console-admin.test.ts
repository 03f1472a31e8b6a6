/**
 * The console's administration pages in headless Chromium, as an administrator uses them: an
 * operator created at the command line sets up their account (password, then the authenticator's
 * code computed from the key the page shows), signs in, approves a return URL with a reason, creates
 * a partner and a token, publishes terms, and finds each in the audit log. The tasks run with
 * JavaScript off; one is done with the keyboard alone. axe-core checks every page built here, light
 * and dark, at 390 and 1280 px, for serious and critical problems; no page scrolls sideways.
 * Screenshots go to ONPAY_SCREENSHOT_DIR (default /tmp) under console-admin/. Run with
 * `npm run test:browser`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/modules/mail/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { DESKTOP, launchChromium, PHONE, SCREENSHOTS } from '../helpers/browser.js';
import { cliEnv, jsonLine, runCli, scratchDatabase } from '../helpers/cli.js';
import { PASSWORD, totp } from '../helpers/console.js';
import type { TestDatabase } from '../helpers/engine.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { createUser } from '../helpers/users.js';

const STEP_TIMEOUT = 15_000;
const SHOTS = join(SCREENSHOTS, 'console-admin');
const EMAIL = 'kari.administrator.med.lang.adresse@operations.onpay.example';
// Long unbroken words, as real data has them: the pages must still fit a phone.
const PARTNER = 'Nordlandsbaneeiendomsforvaltningsselskapet AS';

describe(`the console's administration pages in headless Chromium (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let acme: TestPartner;
  /** The signed-in administrator's cookies, for the checks that follow the tasks. */
  let signedInState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let returnUrlId: number;
  let createdPartnerId: number;

  beforeAll(async () => {
    database = await scratchDatabase('onpay-console-browser');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      database,
      env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT_PAGES_PER_MINUTE: '100000' },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });

    acme = await t.partner(PARTNER);
    const approved = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: 'https://lonn.nordlandsbane.example/tilbake' },
    });
    await t.services.verification.returnUrls.decide(Number((approved.json() as { id: string }).id), 'approved');
    const pending = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: {
        partner_return_url:
          'https://lonn.nordlandsbane.example:8443/onboarding/ferdig-med-verifiseringen-av-identiteten',
      },
    });
    expect(pending.statusCode, pending.body).toBe(201);
    returnUrlId = Number((pending.json() as { id: string }).id);
    // Two employees, neither of whom has approved terms not yet published.
    await createUser(t, acme);
    await createUser(t, acme);
    // Mail to show: one failed (with its error and a button to send it again), one sent.
    for (const status of ['failed', 'sent'] as const) {
      const id = await t.db.db.transaction().execute((trx) =>
        enqueueMail(
          trx,
          t.services.fieldCrypto,
          {
            partnerId: acme.partnerId,
            to: 'kari.nordmann.med.en.veldig.lang.adresse@lagerarbeidernes-fagforening.example',
            subject: 'Din lønnsslipp for november er klar',
            text: 'x',
            html: '<p>x</p>',
          },
          t.clock.now().toISOString(),
        ),
      );
      await t.db.db
        .updateTable('mail_outbox')
        .set({
          status,
          attempts: 5,
          last_error:
            status === 'failed'
              ? '451 4.7.1 Greylisted, please try again later (mx.lagerarbeidernes-fagforening.example)'
              : null,
        })
        .where('id', '=', id)
        .execute();
    }
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
    await database?.drop();
  });

  async function withPage<T>(
    options: { viewport?: typeof PHONE; javaScript?: boolean; dark?: boolean; signedIn?: boolean },
    work: (page: Page) => Promise<T>,
  ): Promise<T> {
    const viewport = options.viewport ?? DESKTOP;
    const context = await browser.newContext({
      viewport,
      isMobile: viewport === PHONE,
      hasTouch: viewport === PHONE,
      javaScriptEnabled: options.javaScript ?? false,
      colorScheme: options.dark ? 'dark' : 'light',
      ...(options.signedIn ? { storageState: signedInState } : {}),
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

  /** Submits the form the locator's button is in and waits for the page it leads to. */
  async function press(page: Page, button: ReturnType<Page['getByRole']>) {
    await Promise.all([page.waitForLoadState('load'), page.waitForNavigation(), button.click()]);
  }

  /** The confirmation shown after a form (post, redirect, get). */
  async function confirmation(page: Page): Promise<string> {
    return (await page.locator('[role=status]').first().textContent()) ?? '';
  }

  /** Tabs from the top of the page until the element matching `selector` has the focus. */
  async function tabTo(page: Page, selector: string) {
    for (let i = 0; i < 200; i++) {
      if (await page.evaluate(`document.activeElement && document.activeElement.matches(${JSON.stringify(selector)})`))
        return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`the keyboard never reached ${selector}`);
  }

  it('set-up from the command line’s link, with the code computed from the key on the page, then sign-in', async () => {
    const created = jsonLine(
      await runCli(
        ['operator', 'create', '--email', EMAIL, '--role', 'admin', '--json'],
        cliEnv({ DATABASE_URL: database.url, PUBLIC_BASE_URL: base }),
      ),
    ) as { setup_url: string };
    await withPage({}, async (page) => {
      await page.goto(created.setup_url);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('The same password again').fill(PASSWORD);
      await press(page, page.getByRole('button', { name: 'Continue' }));
      const secret = (await page.locator('[data-totp-secret]').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]+$/);
      await page.getByLabel('The 6-digit code the app shows now').fill(await totp(t, secret));
      await press(page, page.getByRole('button', { name: 'Finish' }));
      expect(await page.locator('[data-recovery-codes] li').count()).toBe(10);
      t.clock.advance(30_000);

      await page.goto(`${base}/console/login`);
      await page.getByLabel('E-mail address').fill(EMAIL);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByLabel(/Code from your authenticator app/).fill(await totp(t, secret));
      await press(page, page.getByRole('button', { name: 'Sign in' }));
      expect(page.url()).toBe(`${base}/console`);
      signedInState = await page.context().storageState();
    });
  });

  it('keyboard alone: approves a return URL with a reason, its parts and the partner’s approved URL beside it', async () => {
    await withPage({ signedIn: true }, async (page) => {
      await page.goto(`${base}/console/return-urls`);
      const section = page.locator(`section[aria-labelledby="url-${returnUrlId}"]`);
      await expect.poll(() => section.locator('dl').textContent()).toMatch(/Port\s*8443/);
      expect(await section.textContent()).toContain('https://lonn.nordlandsbane.example/tilbake');
      await tabTo(page, `#reason-${returnUrlId}`);
      await page.keyboard.type('The host is the partner’s payroll site (checked with their contact)');
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement.textContent')).toBe(`Approve return URL ${returnUrlId}`);
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
      expect(await confirmation(page)).toContain(`Return URL ${returnUrlId}`);
    });
    const [entry] = await t.services.audit.list({ object: `return_url:${returnUrlId}`, limit: 1 });
    expect(entry).toMatchObject({
      action: 'return_url.approved',
      reason: 'The host is the partner’s payroll site (checked with their contact)',
      actor: { type: 'operator' },
    });
  });

  it('creates a partner and a token (each shown once), publishes terms, and reads each in the audit log', async () => {
    await withPage({ signedIn: true }, async (page) => {
      await page.goto(`${base}/console/partners`);
      await page.getByLabel('Name', { exact: true }).fill('Helgelandskysten Bemanning AS');
      await press(page, page.getByRole('button', { name: 'Create partner' }));
      expect(await confirmation(page)).toContain('was created');
      expect(await page.locator('[data-secret="Access token"]').textContent()).toMatch(/^onp_test_/);
      createdPartnerId = Number(/\/console\/partners\/(\d+)$/.exec(page.url())![1]);

      await press(page, page.getByRole('button', { name: 'Create access token' }));
      const token = await page.locator('[data-secret="Access token"]').textContent();
      expect(token).toMatch(/^onp_test_/);
      await page.reload();
      expect(await page.locator('[data-secret]').count()).toBe(0);

      await page.goto(`${base}/console/terms`);
      await page.getByLabel('Code').fill('2026-12-browser');
      await page.getByLabel('Title').fill('Vilkår for lønnsutbetaling, desember 2026');
      await page.getByLabel(/Where the terms can be read/).fill('https://onpay.example/vilkar/2026-12');
      // The review states the impact; nothing is published until its button is pressed.
      await press(page, page.getByRole('button', { name: 'Review the new terms' }));
      const impact = await page.locator('#terms-impact').textContent();
      expect(impact).toContain('2 employees will need to approve the new terms');
      expect(impact).toContain('payouts to them are refused');
      expect((await t.services.terms.service.currentMetadata()).code).not.toBe('2026-12-browser');
      await press(page, page.getByRole('button', { name: 'Publish terms 2026-12-browser' }));
      expect(await confirmation(page)).toContain('Terms 2026-12-browser are now current.');

      // Revoking a token: the review names whose integration stops and the token's last request.
      const [acmeToken] = await t.services.partners.listTokens(acme.partnerId);
      await t.services.partners.settleTokenUses();
      const used = (await t.services.partners.listTokens(acme.partnerId))[0]!.last_used_at!;
      t.clock.set(new Date(Date.parse(used) + 3 * 60_000 + 10_000));
      await page.goto(`${base}/console/partners/${acme.partnerId}`);
      await press(page, page.getByRole('button', { name: `Revoke token ${acmeToken!.token_id}` }));
      const stops = await page.locator('#revoke-impact').textContent();
      expect(stops).toContain(`${PARTNER}'s integration stops at once for this token`);
      expect(stops).toContain(`${PARTNER}'s last request with this token was 3 minutes ago`);
      expect(stops).toContain(`It is ${PARTNER}'s only active token`);
      expect(await t.services.partners.listTokens(acme.partnerId)).toMatchObject([{ revoked_at: null }]);
      await press(page, page.getByRole('button', { name: `Revoke token ${acmeToken!.token_id}` }));
      expect(await confirmation(page)).toContain(`Access token ${acmeToken!.token_id} was revoked.`);

      for (const [query, action] of [
        [`object=return_url:${returnUrlId}`, 'return_url.approved'],
        [`object=partner:${createdPartnerId}`, 'partner.created'],
        [`action=token.created&since=2000-01-01`, 'token.created'],
        ['object=terms:2026-12-browser', 'terms.published'],
      ] as const) {
        await page.goto(`${base}/console/audit?${query}`);
        const rows = page.locator('tbody tr');
        expect(await rows.count(), query).toBeGreaterThan(0);
        expect(await rows.first().textContent(), query).toContain(action);
        expect(await rows.first().textContent(), query).toContain(EMAIL);
      }
      // The filters work from the form too.
      await page.goto(`${base}/console/audit`);
      await page.getByLabel('Action').fill('terms.published');
      await press(page, page.getByRole('button', { name: 'Filter' }));
      expect(page.url()).toContain('action=terms.published');
      expect(await page.locator('tbody tr').first().textContent()).toContain('terms:2026-12-browser');
    });
  });

  const pages = () => [
    { name: 'partners', url: '/console/partners' },
    { name: 'partner', url: `/console/partners/${acme.partnerId}` },
    { name: 'return-urls', url: '/console/return-urls?status=all' },
    { name: 'terms', url: '/console/terms' },
    { name: 'audit', url: '/console/audit' },
    { name: 'mail', url: '/console/mail' },
    { name: 'audit-bad-filter', url: '/console/audit?object=nonsense' },
    { name: 'mail-bad-filter', url: '/console/mail?status=bounced' },
  ];

  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const dark of [false, true]) {
      it(`${size} px, ${dark ? 'dark' : 'light'}: axe finds nothing serious or critical, nothing scrolls sideways; screenshots`, async () => {
        await withPage({ signedIn: true, viewport, dark, javaScript: true }, async (page) => {
          /** axe-core, the width and a screenshot of the page as shown. */
          async function check(visit: { name: string; url: string }) {
            const results = await new AxeBuilder({ page })
              .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
              .analyze();
            const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
            expect
              .soft(
                bad.map(
                  (v) =>
                    `${v.id}: ${v.help} (${v.nodes
                      .map((n) => n.target.join(' '))
                      .slice(0, 3)
                      .join('; ')})`,
                ),
                `${visit.url} at ${size} px, ${dark ? 'dark' : 'light'}`,
              )
              .toEqual([]);
            // A phone browser zooms out a page wider than the screen, widening innerWidth: a failure too.
            const [scrollWidth, innerWidth] = (await page.evaluate(
              '[document.documentElement.scrollWidth, window.innerWidth]',
            )) as [number, number];
            expect.soft(innerWidth, `${visit.url} at ${size} px widened the viewport`).toBe(viewport.width);
            expect.soft(scrollWidth, `${visit.url} at ${size} px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
            await page.screenshot({
              path: join(SHOTS, `${visit.name}-${size}${dark ? '-dark' : ''}.png`),
              fullPage: true,
            });
          }
          for (const visit of pages()) {
            const res = await page.goto(`${base}${visit.url}`);
            expect(res?.status(), visit.url).toBeLessThan(visit.name.endsWith('-bad-filter') ? 500 : 400);
            await check(visit);
          }
          // The review steps (answers to a form): publishing terms and revoking a token.
          await page.goto(`${base}/console/terms`);
          await page.getByLabel('Code').fill('2027-01-review');
          await page.getByLabel('Title').fill('Vilkår for lønnsutbetaling, januar 2027');
          await page.getByLabel(/Where the terms can be read/).fill('https://onpay.example/vilkar/2027-01');
          await press(page, page.getByRole('button', { name: 'Review the new terms' }));
          await check({ name: 'terms-review', url: 'the terms review' });
          const token = await t.services.partners.createToken(acme.partnerId);
          await page.goto(`${base}/console/partners/${acme.partnerId}`);
          await press(page, page.getByRole('button', { name: `Revoke token ${token.token_id}` }));
          await check({ name: 'token-review', url: 'the token review' });
        });
      });
    }
  }
});
