/**
 * Following a payout from creation to paid in headless Chromium (docs/console.md, "A payout's
 * page"): payouts created through the API, a payment file exported in the console, the bank's
 * answer imported there, then from the file's page to the payout's page, whose timeline tells it
 * all. The payout's page (paid, and failed with the bank's message) checked with axe-core at
 * 390 px and 1280 px, where it may not scroll sideways.
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

describe(`a payout's story in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let operator: ReadyOperator;
  let paidId: number;
  let failedId: number;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port) } });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    const partner = await t.partner('Nordlandsbaneeiendomsforvaltningsselskapet AS');
    const employee = await onboardedEmployee(t, partner);
    [paidId, failedId] = (await createPayouts(t, partner, batch([item(employee), item(employee)]))).payout_ids as [
      number,
      number,
    ];
    operator = await readyOperator(t, 'operator', 'kari.operator.med.en.lang.adresse@operations.onpay.example');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  const withPage = pagesOf(() => browser);

  it('follows a payout from creation to paid: export, the bank’s answer, the file’s page, the payout’s timeline', async () => {
    await withPage(DESKTOP, async (page: Page) => {
      await signInToConsole(page, t, base, operator);
      // Export the pending payouts into a payment file, through its review step.
      await page.goto(`${base}/console/bank/files`);
      await page.getByRole('button', { name: 'Export pending payouts…' }).click();
      await page.getByRole('button', { name: 'Export the file' }).click();
      await page.waitForURL(/\/console\/bank\/files\/\d+$/);
      const fileId = Number(/(\d+)$/.exec(page.url())![1]);

      // The bank's answer to that file: one accepted, one rejected.
      const { xml } = await t.services.bank.files.download(fileId);
      const doc = parsePain001(xml);
      const attempts = await t.services.bank.files.attempts(fileId);
      const trace = (id: number) => attempts.find((a) => a.payoutId === id)!.traceId;
      const report = pain002({
        version: '03',
        msgId: 'BANK-STS-STORY-1',
        orgnlMsgId: doc.GrpHdr.MsgId,
        infos: doc.PmtInf.map((info) => ({
          pmtInfId: info.PmtInfId,
          txs: info.CdtTrfTxInf.map((tx) =>
            tx.PmtId.EndToEndId === trace(paidId)
              ? { trace: trace(paidId), sts: 'ACSC', accepted: '2026-11-27T09:00:00' }
              : { trace: trace(failedId), sts: 'RJCT', reason: { code: 'AC04', text: 'Kontoen er avsluttet' } },
          ),
        })),
      });
      await page.goto(`${base}/console/bank/import`);
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
      expect(await page.textContent('main')).toContain('2 applied');

      // From the file's page, the payout's number leads to its story.
      await page.goto(`${base}/console/bank/files/${fileId}`);
      expect(await page.textContent('main')).toContain('Ola Nordmann');
      await page.getByRole('link', { name: String(paidId), exact: true }).click();
      await page.waitForURL(`**/console/payouts/${paidId}`);
      expect(await page.textContent('h1')).toBe(`Payout ${paidId}`);
      const timeline = await page.locator('#payout-timeline li').allTextContents();
      const steps = ['Created', `In payment file ${fileId}`, 'The bank said ACSC: paid', 'Paid'];
      const at = steps.map((step) => timeline.findIndex((line) => line.includes(step)));
      expect(
        at.every((i) => i >= 0),
        timeline.join('\n'),
      ).toBe(true);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(await page.locator('#payout-facts').textContent()).toContain('paid');

      // The rejected one says why.
      await page.goto(`${base}/console/payouts/${failedId}`);
      expect(await page.locator('#payout-failure').textContent()).toBe('AC04: Kontoen er avsluttet');
    });
  }, 180_000);

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`the payout's page at ${name} px: axe-core finds nothing serious, nothing scrolls sideways`, async () => {
      await withPage(
        viewport,
        async (page) => {
          await signInToConsole(page, t, base, operator);
          for (const id of [paidId, failedId]) {
            const res = await page.goto(`${base}/console/payouts/${id}`);
            expect(res?.status()).toBe(200);
            await fits(page, `payout ${id} at ${name}`);
            await accessible(page, `payout ${id} at ${name}`);
            await page.screenshot({
              path: join(SCREENSHOTS, `onpay-console-payout-${id}-${name}.png`),
              fullPage: true,
            });
          }
        },
        'light',
        true,
      );
    }, 180_000);
  }
});
