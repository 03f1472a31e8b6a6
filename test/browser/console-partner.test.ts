/**
 * A partner's page and its request log in headless Chromium with JavaScript off, as support uses
 * them (docs/decisions.md §25): a viewer opens the partner, follows the link to the request log and
 * asks "what did you send us at 10:02?" with the time filter. axe-core checks both pages, light and
 * dark, at 390 and 1280 px (no serious or critical problem); nothing scrolls sideways. Screenshots
 * go to ONPAY_SCREENSHOT_DIR (default /tmp). Run with `npm run test:browser`.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  accessible,
  DESKTOP,
  fits,
  launchChromium,
  pagesOf,
  PHONE,
  SCREENSHOTS,
  signInToConsole,
} from '../helpers/browser.js';
import { readyOperator, type ReadyOperator } from '../helpers/console.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

describe(`a partner's page and request log in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let viewer: ReadyOperator;
  let acme: TestPartner;
  let userId: number;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT_PAGES_PER_MINUTE: '100000' },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    acme = await t.partner('Nordlandsbaneeiendomsforvaltningsselskapet AS');
    const other = await t.partner('Lagerarbeidernes bemanningsbyrå i Nord-Trøndelag');
    viewer = await readyOperator(t, 'viewer', 'kari.support.med.en.lang.adresse@operations.onpay.example');
    const employee = await onboardedEmployee(t, acme);
    userId = employee.userId;
    await createPayouts(t, acme, batch([item(employee, { date: '2026-10-15' })]));
    t.clock.set('2026-11-26T10:02:35.000Z');
    await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${userId}/login-link`,
      headers: { 'idempotency-key': '8a4c1f7e-3b2d-4e5f-9a8b-7c6d5e4f3a2b' },
      payload: {},
    });
    t.clock.set('2026-11-26T10:02:50.000Z');
    await t.as(other, { method: 'GET', url: '/api/v1/users/777777' });
    t.clock.set('2026-11-26T10:07:30.000Z');
    await t.as(acme, { method: 'GET', url: `/api/v1/users/${userId}` });
    await t.services.requestLog.flush();
  }, 120_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  const withPage = pagesOf(() => browser);

  it('from the partner to its request log, and what it sent at 10:02', async () => {
    await withPage(DESKTOP, async (page) => {
      await signInToConsole(page, t, base, viewer);
      await page.goto(`${base}/console/partners/${acme.partnerId}`);
      expect(await page.locator('#last-api-request').textContent()).toContain('2026-11-26 10:07');
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('link', { name: "The partner's request log" }).click(),
      ]);
      expect(await page.textContent('h1')).toBe('Request log of Nordlandsbaneeiendomsforvaltningsselskapet AS');
      await page.getByLabel('From (UTC)').fill('2026-11-26T10:02');
      await page.getByLabel('Until (UTC)').fill('2026-11-26T10:03');
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Show' }).click()]);
      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBe(1);
      const row = (await rows.first().textContent()) ?? '';
      // Arrived: the clock's time less the request's duration.
      expect(row).toContain('2026-11-26 10:02:3');
      expect(row).toContain('/api/v1/users/:id/login-link');
      expect(row).toContain(`id ${userId}`);
      expect(row).toContain('8a4c1f7e-3b2d-4e5f-9a8b-7c6d5e4f3a2b');
      expect((await page.textContent('main')) ?? '').not.toContain('777777');
    });
  }, 120_000);

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`the partner's page and its request log at ${name} px, ${scheme}: axe-core finds nothing serious, nothing scrolls sideways`, async () => {
        await withPage(
          viewport,
          async (page) => {
            await signInToConsole(page, t, base, viewer);
            for (const [label, path] of [
              ['partner', `/console/partners/${acme.partnerId}`],
              ['request-log', `/console/partners/${acme.partnerId}/requests`],
            ] as const) {
              await page.goto(`${base}${path}`);
              await fits(page, `${label} at ${name}`);
              await accessible(page, `${label} at ${name}, ${scheme}`);
              await page.screenshot({
                path: join(SCREENSHOTS, `onpay-console-${label}-${name}-${scheme}.png`),
                fullPage: true,
              });
            }
          },
          scheme,
          true,
        );
      }, 180_000);
    }
  }
});
