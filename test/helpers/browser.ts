import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { PASSWORD, totp, type ReadyOperator } from './console.js';

/** Debian's Chromium (installed by .ci/run); never a browser downloaded by playwright. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
export const SCREENSHOTS = process.env.ONPAY_SCREENSHOT_DIR ?? '/tmp';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Launches headless Chromium, failing with a clear message when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
}

/** How long one step (a click, a navigation) may take in the console's page tests. */
export const STEP_TIMEOUT = 15_000;

/**
 * Runs `work` on a page of a fresh context: JavaScript off (the pages need none) unless axe-core
 * is to run, which also needs the page's CSP bypassed; a phone viewport is a touch device.
 */
export async function withPage<T>(
  browser: Browser,
  viewport: { width: number; height: number },
  work: (page: Page) => Promise<T>,
  colorScheme: 'light' | 'dark' = 'light',
  forAxe = false,
): Promise<T> {
  const context = await browser.newContext({
    viewport,
    isMobile: viewport === PHONE,
    hasTouch: viewport === PHONE,
    javaScriptEnabled: forAxe,
    bypassCSP: forAxe,
    colorScheme,
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

/**
 * `withPage` bound to a suite's browser, which its `beforeAll` launches: the suite calls
 * `const withPage = pagesOf(() => browser)` once and then `withPage(viewport, work, …)`.
 */
export function pagesOf(browser: () => Browser) {
  return <T>(
    viewport: { width: number; height: number },
    work: (page: Page) => Promise<T>,
    colorScheme: 'light' | 'dark' = 'light',
    forAxe = false,
  ): Promise<T> => withPage(browser(), viewport, work, colorScheme, forAxe);
}

/** Signs the operator in at /console/login with password and code (the test clock moved past the sign-in window and to the next code). */
export async function signInToConsole(page: Page, t: TestApp, base: string, operator: ReadyOperator): Promise<void> {
  // Past the per-account sign-in window (5 attempts in 15 minutes, successful ones too).
  t.clock.advance(16 * 60_000);
  await page.goto(`${base}/console/login`);
  await page.getByLabel('E-mail address').fill(operator.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel(/Code from your authenticator/).fill(await totp(t, operator.secret));
  await Promise.all([page.waitForURL(`${base}/console`), page.getByRole('button', { name: 'Sign in' }).click()]);
  // Each code signs in once: the next sign-in needs the next time step.
  t.clock.advance(30_000);
}

/** axe-core over the page as shown: no serious or critical violation. */
export async function accessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      bad.map(
        (v) =>
          `${v.id} (${v.nodes[0]?.failureSummary ?? ''}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
      label,
    )
    .toEqual([]);
}

/** Nothing scrolls sideways, and the page did not widen a phone's viewport (a phone zooms out a page wider than the screen). */
export async function fits(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = (await page.evaluate(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  )) as { scrollWidth: number; innerWidth: number };
  expect.soft(innerWidth, `${label}: the viewport was widened`).toBe(page.viewportSize()?.width);
  expect.soft(scrollWidth, `${label}: ${scrollWidth} px wide in ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}
