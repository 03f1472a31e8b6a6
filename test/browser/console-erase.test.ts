/**
 * Erasing a person in the console, in headless Chromium with JavaScript off (the pages need none):
 * from the employee's page to the review page (the impact: the partners told, the payouts kept),
 * the reason typed, the erasure confirmed, and the employee's page afterwards. The review page and
 * the erased person's page are checked with axe-core (no serious or critical violation) in light
 * and dark, at 390 px and 1280 px, where no page may scroll sideways. Screenshots go to
 * ONPAY_SCREENSHOT_DIR (default /tmp). Run with `npm run test:browser`.
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
import { linkEmployee, onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

describe(`erasing a person in the console, in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let admin: ReadyOperator;
  let acme: TestPartner;
  let globex: TestPartner;

  /** An employee of both partners with one paid payout: erasable. */
  async function erasable(): Promise<Employee> {
    const employee = await onboardedEmployee(t, acme);
    await linkEmployee(t, globex, employee);
    const created = await createPayouts(t, acme, batch([item(employee)]));
    await t.services.payouts.payouts.transition(created.payout_ids[0]!, 'paid');
    return employee;
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT_PAGES_PER_MINUTE: '100000' },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    acme = await t.partner('Nordlandsbaneeiendomsforvaltningsselskapet AS');
    globex = await t.partner('Lagerarbeidernes bemanningsbyrå i Nord-Trøndelag');
    admin = await readyOperator(t, 'admin', 'kari.administrator.med.en.lang.adresse@operations.onpay.example');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  const withPage = pagesOf(() => browser);

  /** From the employee's page, the button that leads to the review page. */
  async function review(page: Page, employee: Employee): Promise<void> {
    await page.goto(`${base}/console/employees/${employee.id}`);
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Erase this person…' }).click()]);
    expect(await page.textContent('h1')).toBe(`Erase employee ${employee.id}?`);
  }

  it('the employee page, the review (impact, reason), the confirmation, and the employee page afterwards', async () => {
    const kari = await erasable();
    await withPage(DESKTOP, async (page) => {
      await signInToConsole(page, t, base, admin);
      await review(page, kari);
      const impact = (await page.locator('#erase-impact').textContent()) ?? '';
      expect(impact).toContain('These 2 partners lose the employee');
      expect(impact).toContain('Nordlandsbaneeiendomsforvaltningsselskapet AS');
      expect(impact).toContain('1 payout stays for bookkeeping');
      // Nothing is erased by the review.
      expect((await t.as(acme, { method: 'GET', url: `/api/v1/users/${kari.id}` })).statusCode).toBe(200);
      await page.getByLabel(/Reason/).fill('GDPR request 2026-118');
      await Promise.all([
        page.waitForURL(`**/console/employees/${kari.id}`),
        page.getByRole('button', { name: `Erase employee ${kari.id}` }).click(),
      ]);
      expect(await page.textContent('h1')).toBe(`Erased employee ${kari.id}`);
      expect(await page.locator('[role=status]').first().textContent()).toContain('The person is erased');
      expect((await page.textContent('main')) ?? '').not.toContain(kari.email);
    });
    expect((await t.as(acme, { method: 'GET', url: `/api/v1/users/${kari.id}` })).statusCode).toBe(404);
    const [entry] = await t.services.audit.list({ object: `user:${kari.id}`, action: 'user.erased' });
    expect(entry).toMatchObject({ reason: 'GDPR request 2026-118', actor: { type: 'operator' } });
  }, 120_000);

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`the review page and an erased person's page at ${name} px, ${scheme}: axe-core finds nothing serious, nothing scrolls sideways`, async () => {
        const kari = await erasable();
        await withPage(
          viewport,
          async (page) => {
            await signInToConsole(page, t, base, admin);
            await review(page, kari);
            await fits(page, `the review at ${name}`);
            await accessible(page, `the review at ${name}, ${scheme}`);
            await page.screenshot({
              path: join(SCREENSHOTS, `onpay-console-erase-review-${name}-${scheme}.png`),
              fullPage: true,
            });
            await t.services.privacy.erase(kari.userId, 'GDPR request 2026-119');
            await page.goto(`${base}/console/employees/${kari.id}`);
            expect(await page.textContent('h1')).toBe(`Erased employee ${kari.id}`);
            await fits(page, `the erased person at ${name}`);
            await accessible(page, `the erased person at ${name}, ${scheme}`);
          },
          scheme,
          true,
        );
      }, 180_000);
    }
  }
});
