/**
 * What is stuck and the mail of an employee (docs/decisions.md §28), in headless Chromium with
 * JavaScript off: from the dashboard's card "Verifications ending in an error today" to the
 * employees behind it (with the provider's reason), to one of them and their mail and login links,
 * and a body read (sandbox, operator). Each page is checked with axe-core (no serious or critical
 * violation) at 390 px and 1280 px, where no page may scroll sideways.
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
  PHONE,
  SCREENSHOTS,
  signInToConsole,
  pagesOf,
} from '../helpers/browser.js';
import { readyOperator, type ReadyOperator } from '../helpers/console.js';
import { ensureApprovedReturnUrl, RETURN_URL } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { createUser } from '../helpers/users.js';

describe(`what is stuck, in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let operator: ReadyOperator;
  let acme: TestPartner;
  let failed: { id: string; email: string };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT_PAGES_PER_MINUTE: '100000' },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    acme = await t.partner('Nordlandsbaneeiendomsforvaltningsselskapet AS');
    await ensureApprovedReturnUrl(t, acme);
    failed = await createUser(t, acme);
    const flow = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${failed.id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
    });
    const id = (flow.json() as { verification_id: string }).verification_id;
    await t.as(acme, {
      method: 'POST',
      url: `/api/v1/test-helpers/verification/${id}/complete`,
      payload: { status: 'error' },
    });
    const link = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${failed.id}/login-link`,
      payload: { send_email: true },
    });
    expect(link.statusCode).toBe(200);
    operator = await readyOperator(t, 'operator', 'kari.operator.med.en.lang.adresse@operations.onpay.example');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  const withPage = pagesOf(() => browser);

  it('from the dashboard card to the employees behind it, to one of them and the mail sent to them', async () => {
    await withPage(DESKTOP, async (page) => {
      await signInToConsole(page, t, base, operator);
      const card = page.getByRole('link', { name: 'Verifications ending in an error today' });
      const count = await page.locator('.card', { has: card }).locator('.count').textContent();
      await Promise.all([page.waitForNavigation(), card.click()]);
      expect(await page.textContent('h1')).toBe('What is stuck');
      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBe(Number(count));
      expect(await rows.first().textContent()).toContain('completed by the sandbox test helper');
      expect(await page.locator('[role=status]').textContent()).toContain(`${count} verification`);
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: failed.id, exact: true }).click()]);
      expect(await page.textContent('h1')).toBe(failed.email);
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('link', { name: 'Mail and login links sent to this person' }).click(),
      ]);
      expect(await page.textContent('h1')).toBe('Mail and login links');
      expect(await page.textContent('main')).toContain('it sends nothing');
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /^Read/ }).click()]);
      expect(await page.locator('pre.mail-body').textContent()).toContain(`${base}/login/`);
    });
  }, 120_000);

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`the list, the mail page and a body at ${name} px: axe-core finds nothing serious, nothing scrolls sideways`, async () => {
      await withPage(
        viewport,
        async (page) => {
          await signInToConsole(page, t, base, operator);
          for (const [label, path] of [
            ['stuck', '/console/employees/stuck?state=verification_error'],
            ['invited', '/console/employees/stuck?state=invited_only'],
            ['unreadable filter', '/console/employees/stuck?state=nope&changed_from=2026-02-30'],
            ['mail', `/console/employees/${failed.id}/mail`],
          ] as const) {
            await page.goto(`${base}${path}`);
            await fits(page, `${label} at ${name}`);
            await accessible(page, `${label} at ${name}`);
            await page.screenshot({
              path: join(SCREENSHOTS, `onpay-console-${label.replace(/ /g, '-')}-${name}.png`),
              fullPage: true,
            });
          }
          await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /^Read/ }).click()]);
          await fits(page, `a body at ${name}`);
          await accessible(page, `a body at ${name}`);
        },
        'light',
        true,
      );
    }, 180_000);
  }
});
