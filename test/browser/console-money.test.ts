/**
 * The console's money pages in headless Chromium, JavaScript off (they need none): sign in with a
 * password and a TOTP code, find an employee, reveal an identity number with a reason, mark 50
 * payouts paid in one action through the confirm step, do a task with the keyboard alone, and
 * check every page with axe-core (no serious or critical violation) in light and dark, at 390 px
 * and 1280 px, where no page may scroll sideways. Screenshots go to ONPAY_SCREENSHOT_DIR (default
 * /tmp). Run with `npm run test:browser`.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  accessible,
  DESKTOP,
  fits,
  launchChromium,
  PHONE,
  SCREENSHOTS,
  signInToConsole,
  pagesOf,
} from '../helpers/browser.js';
import { readyOperator, type ReadyOperator } from '../helpers/console.js';
import { onboardedEmployee, uniqueNorwegianId, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

describe(`the console's employees, payouts and invoices in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let partner: TestPartner;
  let employee: Employee;
  let operator: ReadyOperator;
  let fifty: { invoice_id: number; payout_ids: number[] };
  let few: { invoice_id: number; payout_ids: number[] };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port) } });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    partner = await t.partner('Nordlandsbaneeiendomsforvaltningsselskapet AS');
    employee = await onboardedEmployee(t, partner, { identification: uniqueNorwegianId() });
    fifty = await createPayouts(
      t,
      partner,
      batch(
        Array.from({ length: 50 }, () => item(employee)),
        '2026-04-01',
      ),
    );
    few = await createPayouts(
      t,
      partner,
      batch(
        Array.from({ length: 3 }, () => item(employee)),
        '2026-05-01',
      ),
    );
    operator = await readyOperator(t, 'operator', 'kari.operator.med.en.lang.adresse@operations.onpay.example');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  /**
   * A fresh browser. JavaScript is off for the tasks (the pages need none); axe-core runs as a
   * script in the page, so the audit passes use a context with it on (the pages carry no script of
   * their own, so they look and behave the same).
   */
  const withPage = pagesOf(() => browser);

  const signIn = (page: Page) => signInToConsole(page, t, base, operator);

  it('signs in, finds an employee, reveals the identity number with a reason, marks 50 payouts paid through the confirm step', async () => {
    await withPage(DESKTOP, async (page) => {
      await signIn(page);
      await page.getByRole('link', { name: 'Employees' }).click();
      await page.getByLabel('E-mail, name, phone or internal id').fill(employee.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => page.textContent('main')).toContain('1 person');
      await page.getByRole('link', { name: employee.id, exact: true }).click();
      await page.waitForURL(`**/console/employees/${employee.id}`);
      expect(await page.content()).not.toContain(employee.identification);

      // The identity number the partner's verification confirmed: open "Reveal", give a reason, send.
      const person = page
        .locator('form', { has: page.locator('input[name=field][value=verified_identification]') })
        .filter({ has: page.locator(`input[name=partner][value="${partner.partnerId}"]`) });
      await page.locator('details', { has: person }).locator('summary').click();
      await person.getByLabel(/Reason/).fill('The employee called about a tax card');
      await person.getByRole('button').click();
      // The confirmation is the sealed flash the page shows once after the redirect.
      await page.getByText(/Revealed for 5 minutes/).waitFor();
      expect(await page.textContent('main')).toContain(employee.identification);
      const revealed = await t.db.db
        .selectFrom('audit_log')
        .select(['reason'])
        .where('action', '=', 'pii.revealed')
        .execute();
      expect(revealed).toEqual([{ reason: 'The employee called about a tax card' }]);

      // 50 payouts, all matching the filter, marked paid in one action.
      await page.goto(`${base}/console/payouts?invoice=${fifty.invoice_id}`);
      expect(await page.textContent('#matching')).toContain('50 payouts match');
      await page.getByLabel(/Select all 50 payouts matching the filter/).check();
      await page.getByRole('radio', { name: 'Mark paid' }).check();
      await page.getByRole('button', { name: 'Review the selection' }).click();
      await expect.poll(() => page.textContent('h1')).toBe('Mark paid: 50 payouts?');
      expect(await page.textContent('#selection-totals')).toContain('50');
      // The review repeats the filter and names the employees the payouts pay.
      expect(await page.textContent('#selection-filter')).toBe(
        `All 50 payouts matching the filter: invoice ${fifty.invoice_id}.`,
      );
      expect(await page.textContent('#selection-employees')).toBe(
        `They pay 1 employee: Ola Nordmann (${employee.id}).`,
      );
      await page.screenshot({ path: join(SCREENSHOTS, 'onpay-console-money-confirm-1280.png'), fullPage: true });
      await page.getByRole('button', { name: 'Mark paid: 50 payouts' }).click();
      await page.waitForURL(`**/console/payouts?invoice=${fifty.invoice_id}`);
      expect(await page.textContent('main')).toContain('50 payouts marked paid.');
      const statuses = await t.db.db
        .selectFrom('payouts')
        .select('status')
        .where('invoice_id', '=', fifty.invoice_id)
        .execute();
      expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['paid']));
    });
  }, 120_000);

  it('an invoice filter the console cannot read (#9) lists nothing, says which and why, and offers nothing to select', async () => {
    await withPage(DESKTOP, async (page) => {
      await signIn(page);
      await page.goto(`${base}/console/payouts?status=pending`);
      expect(await page.locator('input[name=id]').count()).toBeGreaterThan(0);
      await page.getByLabel('Invoice').fill('#9');
      const [answer] = await Promise.all([
        page.waitForResponse((res) => res.url().includes('/console/payouts?')),
        page.getByRole('button', { name: 'Filter' }).click(),
      ]);
      expect(answer.status()).toBe(422);
      await page.waitForLoadState('load');
      const problem = page.getByRole('alert');
      expect(await problem.textContent()).toContain('Nothing is shown: fix the filter first.');
      expect(await problem.textContent()).toContain('Invoice: “#9” is not an invoice number');
      expect(await page.locator('input[name=id]').count()).toBe(0);
      expect(await page.getByLabel(/Select all/).count()).toBe(0);
      expect(await page.locator('#matching').count()).toBe(0);
      expect(await page.getByRole('link', { name: /Ola Nordmann/ }).count()).toBe(0);
      // What was typed stays in the field, to be corrected.
      expect(await page.getByLabel('Invoice').inputValue()).toBe('#9');
    });
  }, 120_000);

  it('keyboard alone: search for the employee, open them and reveal the bank account', async () => {
    await withPage(DESKTOP, async (page) => {
      await signIn(page);
      await page.goto(`${base}/console/employees`);
      /** Tabs until the focused element matches (at most 80 presses). */
      async function tabTo(test: string): Promise<void> {
        for (let i = 0; i < 80; i++) {
          await page.keyboard.press('Tab');
          if (await page.evaluate(`(() => { const e = document.activeElement; return Boolean(e && (${test})); })()`))
            return;
        }
        throw new Error(`never focused: ${test}`);
      }
      await tabTo(`e.id === 'q'`);
      await page.keyboard.type(employee.phone);
      await Promise.all([page.waitForURL(/\?q=/), page.keyboard.press('Enter')]);
      await tabTo(`e.getAttribute('href') === '/console/employees/${employee.id}'`);
      await Promise.all([page.waitForURL(`**/console/employees/${employee.id}`), page.keyboard.press('Enter')]);
      await tabTo(`e.tagName === 'SUMMARY' && e.parentElement.querySelector('input[value=bank_account_number]')`);
      await page.keyboard.press('Enter');
      await tabTo(`e.id === 'reveal-bank_account_number-${partner.partnerId}'`);
      await page.keyboard.type('A payout came back from the bank');
      await page.keyboard.press('Enter');
      await page.getByText(/Revealed for 5 minutes/).waitFor();
      expect(await page.textContent('main')).toContain('12345678903');
    });
  }, 120_000);

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`every money page at ${name} px, ${scheme}: axe-core finds nothing serious, nothing scrolls sideways; screenshots`, async () => {
        await withPage(
          viewport,
          async (page) => {
            await signIn(page);
            const pages: Array<[string, string]> = [
              ['dashboard', '/console'],
              ['employees', `/console/employees?q=${encodeURIComponent('nordmann')}`],
              ['employee', `/console/employees/${employee.id}`],
              ['identity-review', '/console/employees/identity-review'],
              ['payouts', `/console/payouts?partner=${partner.partnerId}`],
              ['invoices', '/console/invoices'],
              ['invoice', `/console/invoices/${fifty.invoice_id}`],
              ['payouts-unreadable-filter', '/console/payouts?status=pending&invoice=%239'],
            ];
            for (const [label, url] of pages) {
              const res = await page.goto(`${base}${url}`);
              expect(res?.status(), url).toBe(label === 'payouts-unreadable-filter' ? 422 : 200);
              await fits(page, `${url} at ${name}`);
              await accessible(page, `${url} at ${name}, ${scheme}`);
              await page.screenshot({
                path: join(SCREENSHOTS, `onpay-console-money-${label}-${name}-${scheme}.png`),
                fullPage: true,
              });
            }
            // The confirm step (a POST answer), from a few selected payouts.
            await page.goto(`${base}/console/payouts?invoice=${few.invoice_id}`);
            for (const id of few.payout_ids.slice(0, 2)) await page.getByLabel(`Select payout ${id}`).check();
            await page.getByRole('radio', { name: 'Cancel' }).check();
            await page.getByRole('button', { name: 'Review the selection' }).click();
            await expect.poll(() => page.textContent('h1')).toBe('Cancel: 2 payouts?');
            expect(await page.textContent('#selection-filter')).toBe(
              `The 2 payouts you ticked, on the list filtered by invoice ${few.invoice_id}.`,
            );
            expect(await page.textContent('#selection-employees')).toContain('Ola Nordmann');
            await fits(page, `the confirm page at ${name}`);
            await accessible(page, `the confirm page at ${name}, ${scheme}`);
            await page.screenshot({
              path: join(SCREENSHOTS, `onpay-console-money-confirm-${name}-${scheme}.png`),
              fullPage: true,
            });
          },
          scheme,
          true,
        );
      }, 180_000);
    }
  }
});
