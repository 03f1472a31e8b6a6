/**
 * A payout login link in a real browser (headless Debian Chromium driven by playwright-core, with
 * JavaScript off: the pages need none). The service listens on a real port; the browser opens the
 * link, presses Continue, reads the payout page, and finds the link used up when it comes back.
 * Phone-sized screenshots go to ONPAY_SCREENSHOT_DIR (default /tmp). Run with `npm run test:browser`.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { freePort } from '../helpers/net.js';
import { launchChromium, PHONE, SCREENSHOTS } from '../helpers/browser.js';

const STEP_TIMEOUT = 15_000;

/** Text as read on screen: no-break spaces (which keep amounts and dates on one line) as spaces. */
function readable(text: string | null): string {
  return (text ?? '').replace(/[\s\u00a0]+/g, ' ').trim();
}

describe(`a payout login link in headless Chromium (${testEngine})`, () => {
  let t: TestApp;
  let browser: Browser;
  let acme: TestPartner;
  let employee: Employee;

  beforeAll(async () => {
    const port = await freePort();
    t = await buildTestApp({
      env: { PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, HOST: '127.0.0.1', PORT: String(port) },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    acme = await t.partner('Acme Staffing AS');
    employee = await onboardedEmployee(t, acme);
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  async function withPhone<T>(work: (page: Page) => Promise<T>): Promise<T> {
    const context: BrowserContext = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
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

  async function payoutLoginUrl(payoutId: number): Promise<string> {
    const res = await t.as(acme, { method: 'POST', url: `/api/v1/payouts/${payoutId}/login-link`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const { login_url } = res.json() as { login_url: string };
    expect(login_url.startsWith(`${t.config.publicBaseUrl}/login/`)).toBe(true);
    return login_url;
  }

  /**
   * Every amount in a table (a cell ending in "kr") and the header of
   * its column, as Chromium lays them out: right-aligned, so the digits line up.
   */
  async function moneyAlignment(page: Page): Promise<{ amounts: number; misaligned: string[] }> {
    // A string: the test files are compiled without the DOM's types.
    return page.evaluate(`(() => {
      const misaligned = [];
      let amounts = 0;
      for (const cell of document.querySelectorAll('td')) {
        if (!/kr$/.test(cell.innerText.trim())) continue;
        amounts += 1;
        if (getComputedStyle(cell).textAlign !== 'right') misaligned.push('cell ' + cell.innerText);
        const header = cell.closest('table')?.querySelector('thead tr')?.children[cell.cellIndex];
        if (header && getComputedStyle(header).textAlign !== 'right') misaligned.push('header ' + header.innerText);
      }
      return { amounts, misaligned };
    })()`);
  }

  it('open the link, press Continue, see the payout with its net amount; reopening shows "already used"', async () => {
    const created = await createPayouts(
      t,
      acme,
      batch([item(employee, { description: 'March, week 11 – evening shifts at the Storgata warehouse' })]),
    );
    const payoutId = created.payout_ids[0] as number;
    const loginUrl = await payoutLoginUrl(payoutId);

    await withPhone(async (page) => {
      const landing = await page.goto(loginUrl);
      expect(landing?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('See your payout');
      await page.screenshot({ path: join(SCREENSHOTS, 'onpay-login-landing.png'), fullPage: true });

      await Promise.all([
        page.waitForURL(`**/me/payouts/${payoutId}`),
        page.getByRole('button', { name: 'Continue' }).click(),
      ]);
      expect(new URL(page.url()).pathname).toBe(`/me/payouts/${payoutId}`);
      expect(readable(await page.getByRole('heading', { level: 1 }).textContent())).toBe('Payout for 15 Mar 2026');
      // net_salary 937.50 + net_vacation 112.50 for 7.5 × 250.00 at 50 % withholding.
      expect(readable(await page.getByRole('row', { name: /You receive/ }).innerText())).toBe(
        'You receive 1 050,00 kr',
      );
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'onpay_session')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(await moneyAlignment(page)).toEqual({ amounts: 9, misaligned: [] });
      await page.screenshot({ path: join(SCREENSHOTS, 'onpay-payout.png'), fullPage: true });

      await Promise.all([page.waitForURL('**/me'), page.getByRole('link', { name: /Your account/ }).click()]);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Hello, /);
      expect(readable(await page.getByRole('row', { name: /15\sMar\s2026/ }).innerText())).toContain('1 050,00 kr');
      expect(await moneyAlignment(page)).toEqual({ amounts: 1, misaligned: [] });
      await page.screenshot({ path: join(SCREENSHOTS, 'onpay-home.png'), fullPage: true });

      const again = await page.goto(loginUrl);
      expect(again?.status()).toBe(410);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'This link has already been used',
      );
      await page.screenshot({ path: join(SCREENSHOTS, 'onpay-login-used.png'), fullPage: true });

      // Signing out ends the session: the payout page then asks to sign in.
      await page.goto(`${t.config.publicBaseUrl}/me`);
      await Promise.all([page.waitForURL('**/me/logout'), page.getByRole('button', { name: 'Sign out' }).click()]);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Signed out');
      const after = await page.goto(`${t.config.publicBaseUrl}/me/payouts/${payoutId}`);
      expect(after?.status()).toBe(401);
    });
  });

  it('a second browser (another tab or device) cannot use a link the first has used', async () => {
    const payoutId = (await createPayouts(t, acme, batch([item(employee, { date: '2026-03-22' })])))
      .payout_ids[0] as number;
    const loginUrl = await payoutLoginUrl(payoutId);
    await withPhone(async (first) => {
      await withPhone(async (second) => {
        // Both open the landing page (a mail scanner would do the same); only the first presses Continue.
        await first.goto(loginUrl);
        await second.goto(loginUrl);
        await Promise.all([
          first.waitForURL(`**/me/payouts/${payoutId}`),
          first.getByRole('button', { name: 'Continue' }).click(),
        ]);
        await second.getByRole('button', { name: 'Continue' }).click();
        await expect(second.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
          'This link has already been used',
        );
        expect((await second.context().cookies()).find((c) => c.name === 'onpay_session')).toBeUndefined();
      });
    });
  });
});
