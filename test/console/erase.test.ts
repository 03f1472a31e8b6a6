/**
 * Erasing a person in the console (docs/data-protection.md, "Export and erasure"): admin only,
 * through a review page that states the impact and changes nothing; only its button erases, with a
 * reason; a person with a payout not yet settled is not erased, and the page names the payout.
 * The same door as `onpay user erase`, so the partners are told and the audit entry has the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { snapshot } from '../helpers/db-snapshot.js';
import { linkEmployee, onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { createUser } from '../helpers/users.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let admin: Browser;
let operator: Browser;
let viewer: Browser;
let kari: Employee;
let payoutId: number;

/** The database without the operators' sessions (reading a page refreshes their last use). */
async function state() {
  const all = await snapshot(t);
  delete all.operator_sessions;
  return all;
}

async function pay(employee: Employee): Promise<number> {
  const res = await t.as(acme, {
    method: 'POST',
    url: '/api/v1/payouts',
    payload: {
      due_date: '2026-12-01',
      payouts: [
        { user_id: employee.userId, date: '2026-11-20', products: [{ quantity: 1, price: 800, description: 'Shift' }] },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { payout_ids: number[] })[`payout_ids`][0]!;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_PAGES_PER_MINUTE: '1000000' } });
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('Globex Bemanning');
  kari = await onboardedEmployee(t, acme);
  await linkEmployee(t, globex, kari);
  payoutId = await pay(kari);
  admin = await signedIn(t, await readyOperator(t, 'admin'));
  operator = await signedIn(t, await readyOperator(t, 'operator'));
  viewer = await signedIn(t, await readyOperator(t, 'viewer'));
}, 60_000);
afterAll(() => t?.close());

describe(`erasing a person in the console (${testEngine})`, () => {
  const page = () => `/console/employees/${kari.id}`;

  it('only an admin is offered the erasure; an operator or a viewer is refused (403) and nothing changes', async () => {
    expect((await admin.get(page())).body).toContain(
      `<form method="post" action="/console/employees/${kari.id}/erase/review">`,
    );
    for (const role of [operator, viewer]) {
      expect((await role.get(page())).body).not.toContain('/erase/review');
      const before = await state();
      const review = await role.post(`${page()}/erase/review`, {}, { from: page() });
      expect(review.statusCode).toBe(403);
      const erase = await role.post(`${page()}/erase`, { confirmed: '1', reason: 'GDPR request 4' }, { from: page() });
      expect(erase.statusCode).toBe(403);
      expect(await state()).toEqual(before);
    }
  });

  it('with a payout not settled, the review names it and the erasure is refused (409), changing nothing', async () => {
    const before = await state();
    const review = await admin.post(`${page()}/erase/review`, {}, { from: page() });
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain(`<h1>Employee ${kari.id} cannot be erased yet</h1>`);
    expect(review.body).toContain(`<li>Payout ${payoutId} (pending)</li>`);
    expect(review.body).not.toContain('name="confirmed"');
    const forced = await admin.post(`${page()}/erase`, { confirmed: '1', reason: 'GDPR request 4' }, { from: page() });
    expect(forced.statusCode).toBe(409);
    expect(forced.body).toContain(`${payoutId} (pending)`);
    expect(await state()).toEqual(before);
  });

  it('the review states the impact and changes nothing; a form that skips it gets it; a missing reason is named', async () => {
    const paid = await t.services.payouts.payouts.transition(payoutId, 'paid');
    expect(paid.status).toBe('paid');
    const before = await state();
    const review = await admin.post(`${page()}/erase/review`, {}, { from: page() });
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain(`<h1>Erase employee ${kari.id}?</h1>`);
    const impact = /<div class="notice bad" role="alert" id="erase-impact">([\s\S]*?)<\/div>/.exec(review.body)![1]!;
    expect(impact).toContain('These 2 partners lose the employee');
    expect(impact).toContain(`<li>Acme Staffing (partner ${acme.partnerId})</li>`);
    expect(impact).toContain(`<li>Globex Bemanning (partner ${globex.partnerId})</li>`);
    expect(impact).toContain('1 payout stays for bookkeeping');
    expect(review.body).toContain('<input type="hidden" name="confirmed" value="1">');
    expect(await state()).toEqual(before);

    const skipped = await admin.post(`${page()}/erase`, { reason: 'GDPR request 4' }, { from: page() });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.body).toContain(`<h1>Erase employee ${kari.id}?</h1>`);
    const noReason = await admin.post(`${page()}/erase`, { confirmed: '1', reason: ' ' }, { from: page() });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.body).toContain('at least 3 characters');
    expect(await state()).toEqual(before);
  });

  it('its button erases: the partners are told, the audit entry has the reason and the console actor, the page says so', async () => {
    const erased = await admin.post(`${page()}/erase`, { confirmed: '1', reason: 'GDPR request 4' }, { from: page() });
    expect(erased.statusCode, erased.body.slice(0, 500)).toBe(303);
    expect(erased.headers.location).toBe(page());
    const shown = await admin.get(page());
    expect(shown.body).toContain('The person is erased; their partners were told');
    expect(shown.body).toContain(`<h1>Erased employee ${kari.id}</h1>`);
    expect(shown.body).not.toContain(kari.email);
    expect(shown.body).not.toContain('/erase/review');
    const [entry] = await t.services.audit.list({ object: `user:${kari.id}`, action: 'user.erased' });
    expect(entry).toMatchObject({ reason: 'GDPR request 4', actor: { type: 'operator' } });
    for (const partner of [acme, globex]) {
      expect((await t.as(partner, { method: 'GET', url: `/api/v1/users/${kari.id}` })).statusCode).toBe(404);
      const feed = (await t.as(partner, { method: 'GET', url: '/api/v1/events?type=user.erased' })).json() as {
        results: Array<{ data: { object: unknown } }>;
      };
      expect(feed.results.map((e) => e.data.object)).toEqual([{ id: kari.id, erased_at: expect.any(String) }]);
    }
    // The payout stays, and the payouts list names the person as erased.
    expect((await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${payoutId}` })).statusCode).toBe(200);
    const list = await admin.get(
      `/console/payouts?invoice=${String(
        (await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${payoutId}` })).json<{ invoice_id: number }>()
          .invoice_id,
      )}`,
    );
    expect(list.body).toContain('Erased employee');
  });
});

describe(`erasing a person in live (${testEngine})`, () => {
  let live: TestApp;
  let partner: TestPartner;
  let liveAdmin: Browser;
  let person: Employee;

  beforeAll(async () => {
    // The notice of `user.erased` runs out at midnight in Oslo on 2026-12-25 (docs/decisions.md §19).
    live = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_BASE_URL: 'https://onpay.test',
        RATE_LIMIT_PAGES_PER_MINUTE: '1000000',
      },
    });
    live.clock.set('2026-12-24T22:55:00.000Z');
    partner = await live.partner('Acme Staffing');
    const created = await createUser(live, partner);
    person = { id: created.id } as Employee;
    liveAdmin = await signedIn(live, await readyOperator(live, 'admin'));
    live.clock.set('2026-12-24T22:59:59.000Z');
  }, 60_000);
  afterAll(() => live?.close());

  it('is refused before 2026-12-25 (Oslo), changing nothing, and works from that moment', async () => {
    const page = `/console/employees/${person.id}`;
    const before = await snapshot(live);
    delete before.operator_sessions;
    const early = await liveAdmin.post(`${page}/erase`, { confirmed: '1', reason: 'GDPR request 7' }, { from: page });
    expect(early.statusCode, String(early.headers.location)).toBe(409);
    expect(early.body).toContain('Erasure in live starts on 2026-12-25');
    const after = await snapshot(live);
    delete after.operator_sessions;
    expect(after).toEqual(before);
    live.clock.advance(1000);
    const erased = await liveAdmin.post(`${page}/erase`, { confirmed: '1', reason: 'GDPR request 7' }, { from: page });
    expect(erased.statusCode, erased.body.slice(0, 500)).toBe(303);
    expect((await live.as(partner, { method: 'GET', url: `/api/v1/users/${person.id}` })).statusCode).toBe(404);
  });
});
