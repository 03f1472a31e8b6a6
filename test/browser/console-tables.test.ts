/**
 * The console's tables people can use (issue 25, item 7), in headless Chromium: on a 390 px phone
 * the employees, payouts, invoice and invoice-line tables stack into cards instead of breaking
 * words, and the audit log's object column never wraps an id; at 1280 px nothing breaks either.
 * Run with `npm run test:browser`.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { accessible, DESKTOP, fits, launchChromium, pagesOf, PHONE, signInToConsole } from '../helpers/browser.js';
import { readyOperator, type ReadyOperator } from '../helpers/console.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

/**
 * The words (at most 24 characters: longer ones may be broken to fit) of a table's cells that the
 * page broke over two lines, as `cell text: word`, and on a phone the cells whose content is in
 * pieces; and whether the table is shown as cards.
 */
async function brokenWords(page: Page, selector: string): Promise<{ stacked: boolean; broken: string[] }> {
  return (await page.evaluate(`(() => {
    const table = document.querySelector(${JSON.stringify(selector)});
    if (!table) return { stacked: false, broken: ['no table ' + ${JSON.stringify(selector)}] };
    const broken = [];
    const stacked = getComputedStyle(table.querySelector('tbody tr')).display === 'block';
    // On a phone the headings are for screen readers only (each cell says its column).
    for (const cell of table.querySelectorAll(stacked ? 'td' : 'td, th')) {
      // A card's cell is a grid of its name and its content: content in pieces would be scattered over the grid.
      const pieces = [...cell.childNodes].filter((n) => n.nodeType === 1 ? !n.matches('.visually-hidden') : n.textContent.trim());
      if (stacked && pieces.length > 1) broken.push(cell.textContent.trim().slice(0, 40) + ': in ' + pieces.length + ' pieces');
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('.visually-hidden')) continue;
        const text = node.textContent;
        for (const match of text.matchAll(/\\S+/g)) {
          if (match[0].length > 24) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(cell.textContent.trim().slice(0, 40) + ': ' + match[0]);
        }
      }
    }
    return { stacked, broken };
  })()`)) as { stacked: boolean; broken: string[] };
}

/** The audit log's object cells that take more than one line. */
async function wrappedObjects(page: Page): Promise<{ cells: number; wrapped: string[] }> {
  return (await page.evaluate(`(() => {
    const cells = [...document.querySelectorAll('td[data-label="Object"]')];
    // The lines the cell's visible text takes (words for screen readers only are not drawn).
    const wraps = (cell) => {
      const rects = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('.visually-hidden') || !node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) rects.push(r);
      }
      // Two pieces of text one below the other: the cell took two lines.
      return rects.some((a) => rects.some((b) => b.top >= a.bottom - 2));
    };
    const wrapped = cells.filter(wraps).map((cell) => cell.textContent.trim());
    return { cells: cells.length, wrapped };
  })()`)) as { cells: number; wrapped: string[] };
}

describe(`the console's tables at 390 px and 1280 px, in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let partner: TestPartner;
  let employee: Employee;
  let operator: ReadyOperator;
  let invoiceId: number;
  const withPage = pagesOf(() => browser);

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port) } });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    partner = await t.partner('Nordlandsbaneeiendomsforvaltningsselskapet AS');
    employee = await onboardedEmployee(t, partner);
    await onboardedEmployee(t, partner);
    const created = await createPayouts(
      t,
      partner,
      batch(
        Array.from({ length: 30 }, () => item(employee)),
        '2026-04-01',
      ),
    );
    invoiceId = created.invoice_id;
    operator = await readyOperator(t, 'operator', 'tables.operator@operations.onpay.example');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await t?.close();
  });

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`at ${name} px the employees, payouts, invoices and invoice-line tables break no word, and stack on a phone`, async () => {
      await withPage(viewport, async (page) => {
        await signInToConsole(page, t, base, operator);
        const tables: Array<[string, string]> = [
          [`/console/employees?q=${encodeURIComponent(employee.email)}`, '#employees'],
          ['/console/payouts', '#payouts'],
          ['/console/invoices', '#invoices'],
          [`/console/invoices/${invoiceId}`, '#invoice-lines'],
        ];
        for (const [url, selector] of tables) {
          await page.goto(`${base}${url}`);
          const { stacked, broken } = await brokenWords(page, selector);
          expect.soft(broken, `${url} at ${name} px`).toEqual([]);
          expect.soft(stacked, `${url} at ${name} px is shown as cards`).toBe(viewport === PHONE);
          await fits(page, `${url} at ${name} px`);
        }
      });
    }, 120_000);

    it(`at ${name} px the audit log's object column keeps every id on one line`, async () => {
      await withPage(viewport, async (page) => {
        await signInToConsole(page, t, base, operator);
        await page.goto(`${base}/console/audit`);
        const { cells, wrapped } = await wrappedObjects(page);
        expect(cells).toBeGreaterThan(0);
        expect(wrapped).toEqual([]);
        await fits(page, `/console/audit at ${name} px`);
      });
    }, 120_000);
  }

  it('shows statuses as chips with their words: the colour is a second signal', async () => {
    await withPage(DESKTOP, async (page) => {
      await signInToConsole(page, t, base, operator);
      await page.goto(`${base}/console/payouts`);
      const chips = page.locator('#payouts td[data-label="Status"] .chip');
      expect(await chips.count()).toBe(30);
      expect(new Set(await chips.allTextContents())).toEqual(new Set(['pending']));
      expect(await chips.first().getAttribute('class')).toBe('chip chip-wait');
      await page.goto(`${base}/console/invoices/${invoiceId}`);
      expect(await page.locator('#invoice-lines .chip').first().textContent()).toBe('pending');
    });
  }, 120_000);

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`the list pages at ${name} px, ${scheme}: axe-core finds nothing serious`, async () => {
        await withPage(
          viewport,
          async (page) => {
            await signInToConsole(page, t, base, operator);
            for (const url of [
              '/console/payouts',
              `/console/invoices/${invoiceId}`,
              `/console/employees?q=${encodeURIComponent(employee.email)}`,
              `/console/employees/${employee.id}`,
              '/console/audit',
            ]) {
              await page.goto(`${base}${url}`);
              await accessible(page, `${url} at ${name} px, ${scheme}`);
            }
          },
          scheme,
          true,
        );
      }, 120_000);
    }
  }

  it('sorts the payouts oldest first by their heading; the next page keeps the order and the page size', async () => {
    await withPage(DESKTOP, async (page) => {
      await signInToConsole(page, t, base, operator);
      await page.goto(`${base}/console/payouts?per_page=25`);
      const ids = async () =>
        (await page.locator('#payouts td[data-label="Payout"] a').allTextContents()).map((text) => Number(text));
      const heading = page.locator('#payouts th', { hasText: 'Payout' });
      const newest = await ids();
      expect(newest).toHaveLength(25);
      expect(newest).toEqual([...newest].sort((a, b) => b - a));
      expect(await heading.getAttribute('aria-sort')).toBe('descending');
      await Promise.all([page.waitForURL(/[?&]sort=id(&|$)/), heading.getByRole('link').click()]);
      const oldest = await ids();
      expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
      // 30 payouts: the oldest first page starts below the newest page's last.
      expect(oldest[0]).toBeLessThan(newest.at(-1)!);
      expect(await heading.getAttribute('aria-sort')).toBe('ascending');
      expect(await page.locator('#payouts th[aria-sort]').count()).toBe(1);
      expect(page.url()).toContain('per_page=25');
      await Promise.all([page.waitForURL(/page=2/), page.getByRole('link', { name: 'Next page' }).click()]);
      expect(page.url()).toMatch(/[?&]sort=id(&|$)/);
      expect(await ids()).toEqual(newest.slice(0, 5).sort((a, b) => a - b));
    });
  }, 120_000);

  it('chooses 25 rows a page, selects every payout on the page and marks them paid through the review', async () => {
    await withPage(PHONE, async (page) => {
      await signInToConsole(page, t, base, operator);
      await page.goto(`${base}/console/payouts`);
      await page.getByLabel('Rows per page').selectOption('25');
      await Promise.all([page.waitForURL(/per_page=25/), page.getByRole('button', { name: 'Filter' }).click()]);
      expect(await page.locator('#payouts tbody tr').count()).toBe(25);
      await page.getByLabel(/Select every payout on this page/).check();
      await page.getByRole('radio', { name: 'Mark paid' }).check();
      await page.getByRole('button', { name: 'Review the selection' }).click();
      await expect.poll(() => page.textContent('h1')).toBe('Mark paid: 25 payouts?');
      await page.getByRole('button', { name: 'Mark paid: 25 payouts' }).click();
      await page.waitForURL(/\/console\/payouts\?per_page=25/);
      expect(await page.textContent('main')).toContain('25 payouts marked paid.');
      const paid = await t.db.db.selectFrom('payouts').select('id').where('status', '=', 'paid').execute();
      expect(paid).toHaveLength(25);
    });
  }, 120_000);
});
