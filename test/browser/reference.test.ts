/**
 * The API reference at /docs in headless Chromium: onpay's title and icon, no framework branding,
 * the document's public address on show, and every request the page makes (scripts, styles,
 * fonts, images, the document, the icon) to the service itself: nothing from another origin, and
 * nothing the page's CSP had to block. Run with `npm run test:browser`.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { DESKTOP, launchChromium } from '../helpers/browser.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';

const STEP_TIMEOUT = 15_000;

describe(`the API reference in headless Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port) } });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  it('is branded onpay, shows /api/v1/openapi.json, and requests nothing from another origin, fonts included', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).reduce((n, path) => n + Object.keys(path).length, 0);

    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT);
      const requests: string[] = [];
      const problems: string[] = [];
      context.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
          problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // What a CSP blocked never reaches the network: count those too.
      await page.addInitScript(
        `document.addEventListener('securitypolicyviolation', (e) => { (window.__violations ||= []).push(e.blockedURI + ' ' + e.violatedDirective); });`,
      );

      const res = await page.goto(`${base}/docs`);
      expect(res?.status()).toBe(200);
      await page.waitForSelector('.opblock');
      expect(await page.locator('.opblock').count()).toBe(operations);
      // Open an operation and the schemas, so their parts load too.
      await page.locator('.opblock-summary').first().click();
      await page.waitForSelector('.opblock.is-open .responses-table');
      await page.locator('section.models .models-control').click();
      await page.locator('section.models.is-open .json-schema-2020-12-accordion').first().click();
      await page.waitForSelector('section.models .json-schema-2020-12-body:not(.json-schema-2020-12-body--collapsed)');
      await page.waitForLoadState('networkidle');

      expect(await page.title()).toBe('API reference · onpay');
      expect(await page.textContent('header.site')).toContain('onpay API reference');
      expect(await page.locator('.topbar, .topbar-wrapper, img[src*="logo"], a[href*="swagger.io"]').count()).toBe(0);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
      const address = page.locator('.info a[href="/api/v1/openapi.json"]');
      expect((await address.textContent())?.trim()).toBe('/api/v1/openapi.json');

      // Every request, and every resource the page loaded, was the service's own.
      expect(requests).toContain(`${base}/api/v1/openapi.json`);
      expect(requests).toContain(`${base}/docs/static/swagger-ui-bundle.js`);
      for (const url of requests) expect(new URL(url).origin, url).toBe(base);
      const resources = await page.evaluate(`performance.getEntriesByType('resource').map((entry) => entry.name)`);
      for (const url of resources as string[]) expect(new URL(url).origin, url).toBe(base);
      // No web fonts at all: text is set in the system's fonts.
      expect(await page.evaluate('document.fonts.size')).toBe(0);
      expect(await page.evaluate('window.__violations || []')).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
