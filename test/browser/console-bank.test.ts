/**
 * The console's bank report import in headless Chromium, JavaScript off (the pages need none): from
 * the payment files page to the import page, upload a pain.002 and read the report, then a
 * payout's bank history; every page checked with axe-core (no serious or critical violation) in
 * light and dark, at 390 px and 1280 px, where no page may scroll sideways. Screenshots go to
 * ONPAY_SCREENSHOT_DIR (default /tmp). Run with `npm run test:browser`.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { pain002, parsePain001 } from '../helpers/bank.js';
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
import { onboardedEmployee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

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
    const doc = parsePain001(exported.xml!.toString('utf8'));
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

  const withPage = pagesOf(() => browser);

  const signIn = (page: Page) => signInToConsole(page, t, base, operator);

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
