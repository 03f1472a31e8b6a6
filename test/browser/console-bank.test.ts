/**
 * The console's bank report import in headless Chromium, JavaScript off (the pages need none): from
 * the payment files page to the import page, upload a pain.002 and read the report, then a
 * payout's bank history; every page checked with axe-core (no serious or critical violation) in
 * light and dark, at 390 px and 1280 px, where no page may scroll sideways. Screenshots go to
 * ONPAY_SCREENSHOT_DIR (default /tmp). Run with `npm run test:browser`.
 */
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { pain002, parsePain001 } from '../helpers/bank.js';
import { DESKTOP, launchChromium, PHONE, SCREENSHOTS } from '../helpers/browser.js';
import { PASSWORD, readyOperator, totp, type ReadyOperator } from '../helpers/console.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

const STEP_TIMEOUT = 15_000;

describe(`the console's bank report import in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let operator: ReadyOperator;
  let report: string;
  let rejectedPayout: number;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port) } });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    const partner = await t.partner('Nordlandsbaneeiendomsforvaltningsselskapet AS');
    const employee = await onboardedEmployee(t, partner);
    await createPayouts(t, partner, batch([item(employee), item(employee)]));
    const exported = await t.services.bank.files.exportFile({});
    const doc = parsePain001(exported.xml as string);
    const info = doc.PmtInf[0]!;
    const [first, second] = info.CdtTrfTxInf.map((tx) => tx.PmtId.EndToEndId) as [string, string];
    rejectedPayout = (await t.services.bank.files.attempts(exported.fileId as number)).find(
      (a) => a.traceId === first,
    )!.payoutId;
    report = pain002({
      version: '03',
      msgId: 'BANK-STS-CHROMIUM-WITH-A-LONG-ID-1',
      orgnlMsgId: doc.GrpHdr.MsgId,
      grpSts: 'PART',
      infos: [
        {
          pmtInfId: info.PmtInfId,
          txs: [
            {
              trace: first,
              sts: 'RJCT',
              reason: { code: 'AC04', text: 'Kontoen er avsluttet, kontakt mottakeren for et nytt kontonummer' },
            },
            { trace: second, sts: 'ACSC', accepted: '2026-11-27T09:00:00' },
            { trace: 'OP-999999-999999', sts: 'ACSC' },
          ],
        },
      ],
    });
    operator = await readyOperator(t, 'operator', 'kari.operator.med.en.lang.adresse@operations.onpay.example');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  async function withPage<T>(
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

  async function signIn(page: Page): Promise<void> {
    // Past the per-account sign-in window (5 attempts in 15 minutes, successful ones too).
    t.clock.advance(16 * 60_000);
    await page.goto(`${base}/console/login`);
    await page.getByLabel('E-mail address').fill(operator.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel(/Code from your authenticator/).fill(await totp(t, operator.secret));
    await Promise.all([page.waitForURL(`${base}/console`), page.getByRole('button', { name: 'Sign in' }).click()]);
    t.clock.advance(30_000);
  }

  async function accessible(page: Page, label: string): Promise<void> {
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect
      .soft(
        bad.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
        label,
      )
      .toEqual([]);
  }

  async function fits(page: Page, label: string): Promise<void> {
    const { scrollWidth, innerWidth } = (await page.evaluate(
      '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
    )) as { scrollWidth: number; innerWidth: number };
    expect.soft(innerWidth, `${label}: the viewport was widened`).toBe(page.viewportSize()?.width);
    expect.soft(scrollWidth, `${label}: ${scrollWidth} px wide in ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
  }

  /** From the payment files page to the import page, the file chosen and sent: the report page. */
  async function importFrom(page: Page): Promise<void> {
    await page.goto(`${base}/console/bank/files`);
    await page.getByRole('link', { name: 'import what the bank sends back' }).click();
    await page.waitForURL('**/console/bank/import');
    await page.getByLabel('Bank report (XML)').setInputFiles({
      name: 'status-report.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(report),
    });
    await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/console/bank/import') && res.request().method() === 'POST'),
      page.getByRole('button', { name: 'Import the report' }).click(),
    ]);
    await page.waitForLoadState('load');
  }

  it('uploads a pain.002 and shows its report: applied, unchanged, the problem with its reference', async () => {
    await withPage(DESKTOP, async (page) => {
      await signIn(page);
      await importFrom(page);
      expect(await page.textContent('h1')).toBe('Bank report imported');
      const main = (await page.textContent('main')) ?? '';
      expect(main).toContain('BANK-STS-CHROMIUM-WITH-A-LONG-ID-1: 2 applied, 0 unchanged, 1 problem.');
      expect(main).toContain('OP-999999-999999');
      const status = await t.db.db
        .selectFrom('payouts')
        .select('status')
        .where('id', '=', rejectedPayout)
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('failed');
    });
  }, 120_000);

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`the import, its report and a payout's bank history at ${name} px, ${scheme}: axe-core finds nothing serious, nothing scrolls sideways`, async () => {
        await withPage(
          viewport,
          async (page) => {
            await signIn(page);
            await importFrom(page);
            expect(await page.textContent('h1')).toBe('Bank report imported');
            await fits(page, `the report at ${name}`);
            await accessible(page, `the report at ${name}, ${scheme}`);
            await page.screenshot({
              path: join(SCREENSHOTS, `onpay-console-bank-import-report-${name}-${scheme}.png`),
              fullPage: true,
            });
            for (const [label, url] of [
              ['import', '/console/bank/import'],
              ['history', `/console/bank/payouts/${rejectedPayout}`],
            ] as const) {
              const res = await page.goto(`${base}${url}`);
              expect(res?.status(), url).toBe(200);
              await fits(page, `${url} at ${name}`);
              await accessible(page, `${url} at ${name}, ${scheme}`);
              await page.screenshot({
                path: join(SCREENSHOTS, `onpay-console-bank-${label}-${name}-${scheme}.png`),
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
