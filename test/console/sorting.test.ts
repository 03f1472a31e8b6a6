/**
 * The console's sortable columns (issue 25 item 7, docs/decisions.md §29 "Tables") through HTTP on
 * the engine under test: each list in each order it offers (the rows' order asserted), `aria-sort`
 * on the sorted heading only, heading and pager links that keep the filter, a review's way back
 * that keeps the order, any other `sort` refused (422, the field named, nothing listed), and a
 * partner's filter over an employee two partners linked by the same e-mail listing that partner's
 * rows only, whatever the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { linkEmployee, onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let kari: Employee;
let ola: Employee;
let op: Browser;
/** Acme's payouts: 26 due 2026-04-01 (invoice `april`), then 2 due 2026-03-01 (invoice `march`). */
let ofAcme: number[];
/** Globex's 3 payouts of the shared employee (invoice `may`, due 2026-05-01): by amount, march < may < april. */
let ofGlobex: number[];
let april: number;
let march: number;
let may: number;

const idsIn = (body: string, label: string, path: string) =>
  [...body.matchAll(new RegExp(`data-label="${label}"><a href="/console/${path}/(\\d+)">`, 'g'))].map((m) =>
    Number(m[1]),
  );
const payoutIds = (body: string) => idsIn(body, 'Payout', 'payouts');
const invoiceIds = (body: string) => idsIn(body, 'Invoice', 'invoices');
const personIds = (body: string) => idsIn(body, 'Id', 'employees');
const partnerIds = (body: string) =>
  [...body.matchAll(/<td class="num" data-label="Id">(\d+)<\/td>/g)].map((m) => Number(m[1]));
/** Every heading that says how the list is sorted: [its aria-sort, its text]. */
const sortedHeadings = (body: string) =>
  [...body.matchAll(/<th scope="col"(?: class="num")? aria-sort="(\w+)"><a href="[^"]*">([^<]+)</g)].map((m) => [
    m[1],
    m[2],
  ]);
/** The link of the heading named `label`, decoded. */
const headingLink = (body: string, label: string) => {
  const match = new RegExp(`<th scope="col"[^>]*><a href="([^"]*)">${label}<`).exec(body);
  return match ? match[1]!.replaceAll('&amp;', '&') : null;
};
const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);
const descending = (ids: number[]) => [...ids].sort((a, b) => b - a);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.partner('Acme AS');
  globex = await t.partner('Globex AS');
  kari = await onboardedEmployee(t, acme);
  ola = await onboardedEmployee(t, acme);
  // Kari is Globex's employee too: the same person, linked by the same e-mail (docs/decisions.md §14).
  await linkEmployee(t, globex, kari);
  const a = await createPayouts(
    t,
    acme,
    batch(
      Array.from({ length: 26 }, () => item(kari)),
      '2026-04-01',
    ),
  );
  const m = await createPayouts(t, acme, batch([item(ola), item(kari)], '2026-03-01'));
  const g = await createPayouts(t, globex, batch([item(kari), item(kari), item(kari)], '2026-05-01'));
  ofAcme = [...a.payout_ids, ...m.payout_ids];
  ofGlobex = g.payout_ids;
  april = a.invoice_id;
  march = m.invoice_id;
  may = g.invoice_id;
  op = await signedIn(t, await readyOperator(t, 'operator', 'sorting.op@onpay.example'));
});

afterAll(async () => {
  await t?.close();
});

describe(`the console's sortable columns (${testEngine})`, () => {
  it('lists payouts newest first by default and oldest first with sort=id, the heading saying which', async () => {
    const newest = await op.get('/console/payouts?per_page=100');
    expect(newest.statusCode).toBe(200);
    expect(payoutIds(newest.body)).toEqual(descending([...ofAcme, ...ofGlobex]));
    expect(sortedHeadings(newest.body)).toEqual([['descending', 'Payout']]);
    expect(headingLink(newest.body, 'Payout')).toBe('/console/payouts?per_page=100&sort=id');

    const oldest = await op.get('/console/payouts?per_page=100&sort=id');
    expect(oldest.statusCode).toBe(200);
    expect(payoutIds(oldest.body)).toEqual(ascending([...ofAcme, ...ofGlobex]));
    expect(sortedHeadings(oldest.body)).toEqual([['ascending', 'Payout']]);
    expect(headingLink(oldest.body, 'Payout')).toBe('/console/payouts?per_page=100&sort=-id');
    // The total does not depend on the order.
    expect(oldest.body).toContain(`<strong>${ofAcme.length + ofGlobex.length}</strong> payouts match`);
    expect(oldest.body).toContain('<option value="id" selected>Oldest first</option>');
  });

  it("sorts a partner's filtered payouts of a shared employee both ways, that partner's only; links keep the filter", async () => {
    const filter = `partner=${acme.partnerId}&status=pending&per_page=25`;
    const first = await op.get(`/console/payouts?${filter}&sort=id`);
    expect(first.statusCode).toBe(200);
    expect(payoutIds(first.body)).toEqual(ascending(ofAcme).slice(0, 25));
    // The heading starts again on page 1 with the filter and page size; the pager keeps the order.
    expect(headingLink(first.body, 'Payout')).toBe(
      `/console/payouts?status=pending&partner=${acme.partnerId}&per_page=25&sort=-id`,
    );
    expect(first.body).toContain(
      `href="/console/payouts?status=pending&amp;partner=${acme.partnerId}&amp;per_page=25&amp;sort=id&amp;page=2" rel="next"`,
    );
    // The review's way back returns to the same order.
    expect(first.body).toContain(
      `name="back" value="/console/payouts?status=pending&amp;partner=${acme.partnerId}&amp;per_page=25&amp;sort=id"`,
    );
    const second = await op.get(`/console/payouts?${filter}&sort=id&page=2`);
    expect(payoutIds(second.body)).toEqual(ascending(ofAcme).slice(25));
    expect(headingLink(second.body, 'Payout')).not.toMatch(/[?&]page=/);

    const theirs = await op.get(`/console/payouts?partner=${globex.partnerId}&sort=-id`);
    expect(payoutIds(theirs.body)).toEqual(descending(ofGlobex));
    expect(sortedHeadings(theirs.body)).toEqual([['descending', 'Payout']]);
    const theirsOldest = await op.get(`/console/payouts?partner=${globex.partnerId}&sort=id`);
    expect(payoutIds(theirsOldest.body)).toEqual(ascending(ofGlobex));
  });

  it("sorts invoices by due date and by id, both ways; a partner filter lists that partner's only", async () => {
    const byDue = await op.get('/console/invoices?sort=due_date');
    expect(byDue.statusCode).toBe(200);
    expect(invoiceIds(byDue.body)).toEqual([march, april, may]);
    expect(sortedHeadings(byDue.body)).toEqual([['ascending', 'Due']]);
    expect(headingLink(byDue.body, 'Due')).toBe('/console/invoices?sort=-due_date');
    expect(headingLink(byDue.body, 'Invoice')).toBe('/console/invoices?sort=-id');

    const latest = await op.get('/console/invoices?sort=-due_date');
    expect(invoiceIds(latest.body)).toEqual([may, april, march]);
    expect(sortedHeadings(latest.body)).toEqual([['descending', 'Due']]);

    const newest = await op.get('/console/invoices');
    expect(invoiceIds(newest.body)).toEqual(descending([april, march, may]));
    expect(sortedHeadings(newest.body)).toEqual([['descending', 'Invoice']]);
    const oldest = await op.get('/console/invoices?sort=id');
    expect(invoiceIds(oldest.body)).toEqual(ascending([april, march, may]));
    expect(sortedHeadings(oldest.body)).toEqual([['ascending', 'Invoice']]);

    const acmes = await op.get(`/console/invoices?partner=${acme.partnerId}&due_from=2026-01-01&sort=-due_date`);
    expect(invoiceIds(acmes.body)).toEqual([april, march]);
    expect(acmes.body).toContain('<p>2 invoices.</p>');
    expect(headingLink(acmes.body, 'Due')).toBe(
      `/console/invoices?partner=${acme.partnerId}&due_from=2026-01-01&sort=due_date`,
    );
    const globexes = await op.get(`/console/invoices?partner=${globex.partnerId}&sort=due_date`);
    expect(invoiceIds(globexes.body)).toEqual([may]);
  });

  it('sorts invoices by amount (incl. VAT), largest or smallest first, under a partner filter too', async () => {
    const largest = await op.get('/console/invoices?sort=-amount');
    expect(largest.statusCode).toBe(200);
    expect(invoiceIds(largest.body)).toEqual([april, may, march]);
    expect(sortedHeadings(largest.body)).toEqual([['descending', 'Incl. VAT']]);
    expect(headingLink(largest.body, 'Incl. VAT')).toBe('/console/invoices?sort=amount');
    // The other sortable headings ask for their own first order.
    expect(headingLink(largest.body, 'Due')).toBe('/console/invoices?sort=due_date');
    const smallest = await op.get('/console/invoices?sort=amount');
    expect(invoiceIds(smallest.body)).toEqual([march, may, april]);
    expect(sortedHeadings(smallest.body)).toEqual([['ascending', 'Incl. VAT']]);
    const acmes = await op.get(`/console/invoices?partner=${acme.partnerId}&sort=amount`);
    expect(invoiceIds(acmes.body)).toEqual([march, april]);
    const inRange = await op.get('/console/invoices?due_from=2026-03-01&due_to=2026-04-30&sort=-amount');
    expect(invoiceIds(inRange.body)).toEqual([april, march]);
  });

  it("sorts an invoice's lines both ways", async () => {
    const lines = ofAcme.slice(0, 26);
    const newest = await op.get(`/console/invoices/${april}`);
    expect(newest.statusCode).toBe(200);
    expect(payoutIds(newest.body)).toEqual(descending(lines));
    expect(sortedHeadings(newest.body)).toEqual([['descending', 'Payout']]);
    expect(headingLink(newest.body, 'Payout')).toBe(`/console/invoices/${april}?sort=id`);
    const oldest = await op.get(`/console/invoices/${april}?sort=id`);
    expect(payoutIds(oldest.body)).toEqual(ascending(lines));
    expect(sortedHeadings(oldest.body)).toEqual([['ascending', 'Payout']]);
    expect(headingLink(oldest.body, 'Payout')).toBe(`/console/invoices/${april}?sort=-id`);
    // A phone's cards have no headings: the choice above the lines keeps the order.
    expect(oldest.body).toContain('<option value="id" selected>Oldest first</option>');
    // Another partner's invoice of the same employee lists its own lines only.
    expect(payoutIds((await op.get(`/console/invoices/${may}?sort=id`)).body)).toEqual(ascending(ofGlobex));
  });

  it('sorts people newest or oldest first, with and without a search; links keep the search and page size', async () => {
    const everyone = [Number(kari.id), Number(ola.id)];
    const newest = await op.get('/console/employees');
    expect(personIds(newest.body)).toEqual(descending(everyone));
    expect(sortedHeadings(newest.body)).toEqual([['descending', 'Id']]);
    const oldest = await op.get('/console/employees?sort=id');
    expect(personIds(oldest.body)).toEqual(ascending(everyone));
    expect(sortedHeadings(oldest.body)).toEqual([['ascending', 'Id']]);

    // Both were made by the helper with an e-mail at the same domain: the search finds both, in the order asked.
    const domain = kari.email.split('@')[1]!;
    expect(ola.email.endsWith(`@${domain}`)).toBe(true);
    const found = await op.get(`/console/employees?q=${encodeURIComponent(domain)}&per_page=25&sort=id`);
    expect(found.statusCode).toBe(200);
    expect(personIds(found.body)).toEqual(ascending(everyone));
    expect(headingLink(found.body, 'Id')).toBe(
      `/console/employees?q=${encodeURIComponent(domain)}&per_page=25&sort=-id`,
    );
    const back = await op.get(`/console/employees?q=${encodeURIComponent(domain)}&sort=-id`);
    expect(personIds(back.body)).toEqual(descending(everyone));
  });

  it('sorts partners oldest or newest first', async () => {
    const oldest = await op.get('/console/partners');
    expect(oldest.statusCode).toBe(200);
    const ids = partnerIds(oldest.body);
    expect(ids).toEqual(expect.arrayContaining([acme.partnerId, globex.partnerId]));
    expect(ids).toEqual(ascending(ids));
    expect(sortedHeadings(oldest.body)).toEqual([['ascending', 'Id']]);
    expect(headingLink(oldest.body, 'Id')).toBe('/console/partners?sort=-id');
    const newest = await op.get('/console/partners?sort=-id');
    expect(partnerIds(newest.body)).toEqual(descending(ids));
    expect(sortedHeadings(newest.body)).toEqual([['descending', 'Id']]);
    const searched = await op.get('/console/partners?q=AS&sort=-id');
    expect(headingLink(searched.body, 'Id')).toBe('/console/partners?q=AS&sort=id');
  });

  it('refuses an order a list does not offer: 422, the field named, nothing listed', async () => {
    const cases: Array<[string, string, (body: string) => number[]]> = [
      ['/console/payouts?sort=amount', 'Order: must be one of -id, id.', payoutIds],
      [`/console/payouts?partner=${acme.partnerId}&sort=due_date`, 'Order: must be one of -id, id.', payoutIds],
      [
        '/console/invoices?sort=total',
        'Order: must be one of -id, id, due_date, -due_date, amount, -amount.',
        invoiceIds,
      ],
      [`/console/invoices/${april}?sort=due_date`, 'Order: must be one of -id, id.', payoutIds],
      ['/console/employees?sort=email', 'Order: must be one of -id, id.', personIds],
      ['/console/partners?sort=name', 'Order: must be one of id, -id.', partnerIds],
    ];
    for (const [url, words, rows] of cases) {
      const res = await op.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.body, url).toContain(words);
      expect(rows(res.body), url).toEqual([]);
    }
  });
});
