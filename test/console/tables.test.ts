/**
 * The console's tables (issue 25, item 7) through HTTP on the engine under test: the payouts and
 * employees lists take a page size of 25, 50 or 100 (`per_page`), kept by the pager and the way
 * back from a review; any other size lists nothing and names the field (422).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { csrfOf, readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

let t: TestApp;
let acme: TestPartner;
let kari: Employee;
let op: Browser;
let created: { invoice_id: number; payout_ids: number[] };

const payoutRows = (body: string) => [...body.matchAll(/<td class="nowrap" data-label="Payout"><a href/g)].length;
const personRows = (body: string) => [...body.matchAll(/<td class="nowrap" data-label="Id"><a href/g)].length;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.partner('Acme AS');
  kari = await onboardedEmployee(t, acme);
  created = await createPayouts(
    t,
    acme,
    batch(
      Array.from({ length: 60 }, () => item(kari)),
      '2026-04-01',
    ),
  );
  for (let i = 0; i < 27; i++) await onboardedEmployee(t, acme);
  op = await signedIn(t, await readyOperator(t, 'operator', 'tables.op@onpay.example'));
});

afterAll(async () => {
  await t?.close();
});

describe(`the console's page sizes (${testEngine})`, () => {
  it('lists 50 payouts by default, 25 or 100 when chosen, and the pager keeps the choice', async () => {
    expect(payoutRows((await op.get('/console/payouts')).body)).toBe(50);
    const small = await op.get('/console/payouts?per_page=25');
    expect(small.statusCode).toBe(200);
    expect(payoutRows(small.body)).toBe(25);
    expect(small.body).toContain('Page 1 of 3');
    expect(small.body).toContain('href="/console/payouts?per_page=25&amp;page=2"');
    expect(small.body).toContain('<option value="25" selected>25</option>');
    // The review's way back returns to the same page size.
    expect(small.body).toContain('name="back" value="/console/payouts?per_page=25"');
    const third = await op.get('/console/payouts?per_page=25&page=3');
    expect(payoutRows(third.body)).toBe(10);
    const big = await op.get('/console/payouts?per_page=100');
    expect(payoutRows(big.body)).toBe(60);
    expect(big.body).not.toContain('rel="next"');
  });

  it('lists 25 people when chosen, and the pager keeps the choice', async () => {
    const small = await op.get('/console/employees?per_page=25');
    expect(small.statusCode).toBe(200);
    expect(personRows(small.body)).toBe(25);
    expect(small.body).toContain('href="/console/employees?per_page=25&amp;page=2"');
    expect(personRows((await op.get('/console/employees?per_page=25&page=2')).body)).toBe(3);
    expect(personRows((await op.get('/console/employees')).body)).toBe(28);
  });

  it('refuses any other page size: 422, the field named, nothing listed', async () => {
    for (const url of [
      '/console/payouts?per_page=30',
      '/console/payouts?per_page=abc',
      '/console/employees?per_page=1000',
    ]) {
      const res = await op.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.body, url).toContain('Rows per page: must be one of 25, 50, 100.');
      expect(payoutRows(res.body) + personRows(res.body), url).toBe(0);
    }
    expect(created.payout_ids).toHaveLength(60);
  });

  it('"select every payout on this page" reviews exactly the page\'s payouts; the page\'s ids alone select nothing', async () => {
    const list = await op.get('/console/payouts?per_page=25');
    const pageIds = [...list.body.matchAll(/<input type="hidden" name="page_id" value="(\d+)">/g)].map((m) => m[1]!);
    expect(pageIds).toHaveLength(25);
    const post = (form: Array<[string, string]>) =>
      t.app.inject({
        method: 'POST',
        url: '/console/payouts/confirm',
        cookies: { ...op.cookies },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams([...form, ['csrf', csrfOf(list)]]).toString(),
      });
    const form: Array<[string, string]> = [
      ['move', 'paid'],
      ['back', '/console/payouts?per_page=25'],
      ...pageIds.map((id): [string, string] => ['page_id', id]),
    ];
    const review = await post([...form, ['all_on_page', '1']]);
    expect(review.statusCode, review.body.slice(0, 2000)).toBe(200);
    expect(/<main[\s\S]*<\/main>/.exec(review.body)?.[0]).toContain('Mark paid: 25 payouts?');
    const reviewed = [...review.body.matchAll(/<input type="hidden" name="id" value="(\d+)">/g)].map((m) => m[1]);
    expect(reviewed.sort()).toEqual([...pageIds].sort());
    // Without the box ticked, the page's ids are not a selection.
    const none = await post(form);
    expect(none.body).not.toContain('Mark paid: 25 payouts?');
    expect([...none.body.matchAll(/<input type="hidden" name="id" value="/g)]).toHaveLength(0);
    const paid = await t.db.db.selectFrom('payouts').select('id').where('status', '=', 'paid').execute();
    expect(paid).toEqual([]);
  });
});
