/**
 * Invoices in the console in headless Chromium (docs/decisions.md §24): download an invoice's PDF
 * from its page and read its totals back; the invoice page and the partner page with its invoice
 * details form pass axe-core (nothing serious or critical) and fit at 390 px and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { accessible, DESKTOP, fits, launchChromium, PHONE, pagesOf, signInToConsole } from '../helpers/browser.js';
import { readyOperator, type ReadyOperator } from '../helpers/console.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { nok, pdfText } from '../helpers/pdf.js';

describe(`invoices in the console in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let partner: TestPartner;
  let operator: ReadyOperator;
  let admin: ReadyOperator;
  let invoiceId: number;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port) } });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    partner = await t.partner('Fjellstøtte AS');
    await t.services.partners.setInvoiceDetails(partner.partnerId, {
      legal_name: 'Fjellstøtte Bemanning AS',
      org_number: '987654325',
      address: 'Åsveien 3\n7030 Trondheim',
    });
    const employee = await onboardedEmployee(t, partner);
    invoiceId = (await createPayouts(t, partner, batch([item(employee), item(employee)]))).invoice_id;
    operator = await readyOperator(t, 'viewer');
    admin = await readyOperator(t, 'admin');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  const withPage = pagesOf(() => browser);
  const signIn = (page: Page) => signInToConsole(page, t, base, operator);

  it('a viewer downloads the invoice PDF from its page; its totals read back as the API gives them', async () => {
    const invoice = (await t.as(partner, { method: 'GET', url: `/api/v1/invoices/${invoiceId}` })).json();
    await withPage(DESKTOP, async (page) => {
      await signIn(page);
      await page.goto(`${base}/console/invoices/${invoiceId}`);
      expect(await page.locator('#invoice-facts').textContent()).toContain(String(invoice.number));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download the invoice as PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`invoice-${invoice.number}.pdf`);
      const text = await pdfText(await readFile((await download.path()) as string));
      expect(text).toContain(`Invoice ${invoice.number}`);
      expect(text).toContain('Fjellstøtte Bemanning AS');
      expect(text).toContain('Åsveien 3');
      expect(text).toMatch(/MVA/);
      for (const amount of [invoice.total_excl, invoice.vat, invoice.total_incl])
        expect(text).toContain(`${nok(amount)} NOK`);
    });
  }, 180_000);

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`the invoice page and the partner page at ${name} px: axe-core finds nothing serious, nothing scrolls sideways`, async () => {
      await withPage(
        viewport,
        async (page) => {
          await signInToConsole(page, t, base, admin);
          for (const url of [`/console/invoices/${invoiceId}`, `/console/partners/${partner.partnerId}`]) {
            const res = await page.goto(`${base}${url}`);
            expect(res?.status(), url).toBe(200);
            await fits(page, `${url} at ${name}`);
            await accessible(page, `${url} at ${name}`);
          }
        },
        'light',
        true,
      );
    }, 180_000);
  }
});
