/**
 * The console's page sizes and "select every payout on this page" under a partner's filter, with an
 * employee two partners linked by the same e-mail: the filtered page, its pager and its selection
 * hold that partner's payouts only (issue 25, item 7; partner isolation in the console).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { csrfOf, readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { linkEmployee, onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let kari: Employee;
let op: Browser;
let ofAcme: string[];
let ofGlobex: string[];

const payoutIds = (body: string) =>
  [...body.matchAll(/<td class="nowrap" data-label="Payout"><a href="\/console\/payouts\/(\d+)">/g)].map((m) => m[1]!);
const pageIds = (body: string) =>
  [...body.matchAll(/<input type="hidden" name="page_id" value="(\d+)">/g)].map((m) => m[1]!);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.partner('Acme AS');
  globex = await t.partner('Globex AS');
  kari = await onboardedEmployee(t, acme);
  await linkEmployee(t, globex, kari);
  const a = await createPayouts(
    t,
    acme,
    batch(
      Array.from({ length: 30 }, () => item(kari)),
      '2026-04-01',
    ),
  );
  const g = await createPayouts(
    t,
    globex,
    batch(
      Array.from({ length: 5 }, () => item(kari)),
      '2026-04-01',
    ),
  );
  ofAcme = a.payout_ids.map(String);
  ofGlobex = g.payout_ids.map(String);
  op = await signedIn(t, await readyOperator(t, 'operator', 'tables.partners@onpay.example'));
});

afterAll(async () => {
  await t?.close();
});

describe(`a partner's payouts page, sized and selected (${testEngine})`, () => {
  it("lists, pages and offers to select only the filtered partner's payouts of a shared employee", async () => {
    const first = await op.get(`/console/payouts?partner=${acme.partnerId}&per_page=25`);
    expect(first.statusCode).toBe(200);
    expect(payoutIds(first.body)).toHaveLength(25);
    expect(payoutIds(first.body).every((id) => ofAcme.includes(id))).toBe(true);
    expect(pageIds(first.body).sort()).toEqual(payoutIds(first.body).sort());
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain(`href="/console/payouts?partner=${acme.partnerId}&amp;per_page=25&amp;page=2"`);
    const second = await op.get(`/console/payouts?partner=${acme.partnerId}&per_page=25&page=2`);
    expect(payoutIds(second.body)).toHaveLength(5);
    expect(payoutIds(second.body).every((id) => ofAcme.includes(id))).toBe(true);

    const theirs = await op.get(`/console/payouts?partner=${globex.partnerId}&per_page=25`);
    expect(payoutIds(theirs.body).sort()).toEqual([...ofGlobex].sort());
    expect(pageIds(theirs.body).sort()).toEqual([...ofGlobex].sort());
  });

  it('"every payout on this page" under one partner\'s filter reviews that partner\'s payouts only', async () => {
    const list = await op.get(`/console/payouts?partner=${globex.partnerId}&per_page=25`);
    const review = await t.app.inject({
      method: 'POST',
      url: '/console/payouts/confirm',
      cookies: { ...op.cookies },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['move', 'paid'],
        ['back', `/console/payouts?partner=${globex.partnerId}&per_page=25`],
        ['partner', String(globex.partnerId)],
        ['all_on_page', '1'],
        ...pageIds(list.body).map((id): [string, string] => ['page_id', id]),
        ['csrf', csrfOf(list)],
      ]).toString(),
    });
    expect(review.statusCode, review.body.slice(0, 2000)).toBe(200);
    const reviewed = [...review.body.matchAll(/<input type="hidden" name="id" value="(\d+)">/g)].map((m) => m[1]!);
    expect(reviewed.sort()).toEqual([...ofGlobex].sort());
    expect(review.body).toContain('Mark paid: 5 payouts?');
    const paid = await t.db.db.selectFrom('payouts').select('id').where('status', '=', 'paid').execute();
    expect(paid).toEqual([]);
  });
});
