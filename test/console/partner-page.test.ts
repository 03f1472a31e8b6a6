/**
 * A partner's page (issue 25 item 4): payouts by month, the last API activity, links to the
 * employees by onboarding state, and the request log page with its filters — each partner's own
 * only. The viewer reads them (no personal data in them; docs/decisions.md §25).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, getPayout, item } from '../helpers/payouts.js';

let t: TestApp;
let a: TestPartner;
let b: TestPartner;
let asViewer: Browser;
let requestIdOfB: string;
let userOfA: number;
let feeOfA: number;

const kroner = (amount: number) =>
  new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' }).format(amount);

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_PAGES_PER_MINUTE: '100000' } });
  a = await t.partner('Alpha Staffing');
  b = await t.partner('Bravo Shifts');
  const employeeOfA = await onboardedEmployee(t, a);
  userOfA = employeeOfA.userId;
  const createdA = await createPayouts(
    t,
    a,
    batch([
      item(employeeOfA, { date: '2026-03-15' }),
      item(employeeOfA, { date: '2026-04-10' }),
      item(employeeOfA, { date: '2026-04-20' }),
    ]),
  );
  feeOfA = Number((await getPayout(t, a, createdA.payout_ids[0]!)).service_fee);
  const employeeOfB = await onboardedEmployee(t, b);
  await createPayouts(t, b, batch([item(employeeOfB, { date: '2026-05-20' })]));

  t.clock.set('2026-11-26T10:02:30.000Z');
  await t.as(a, { method: 'GET', url: `/api/v1/users/${userOfA}` });
  t.clock.set('2026-11-26T10:05:00.000Z');
  await t.as(a, { method: 'GET', url: '/api/v1/users/999999' });
  t.clock.set('2026-11-26T10:06:00.000Z');
  const ofB = await t.as(b, { method: 'GET', url: '/api/v1/terms' });
  requestIdOfB = ofB.headers['x-request-id'] as string;
  await t.services.requestLog.flush();
  // Signed in at the clock's time now: a session from before the jump would have expired.
  asViewer = await signedIn(t, await readyOperator(t, 'viewer'));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe(`a partner's page (${testEngine})`, () => {
  it('shows payouts by month, the last API request and links to the employees by onboarding state', async () => {
    const page = await asViewer.get(`/console/partners/${a.partnerId}`);
    expect(page.statusCode).toBe(200);
    const months = /<h2>Payouts by month<\/h2>([\s\S]*?)<h2>/.exec(page.body)![1]!;
    expect([...months.matchAll(/data-label="Month">(\d{4}-\d{2})</g)].map((m) => m[1])).toEqual(['2026-04', '2026-03']);
    expect(months).toContain(`data-label="Payouts">2<`);
    // B's May payout is B's.
    expect(months).not.toContain('2026-05');
    // Three equal payouts: April's fees are two of them, March's one.
    expect(months).toContain(`data-label="Service fees">${kroner(feeOfA * 2)}<`);
    expect(months).toContain(`data-label="Service fees">${kroner(feeOfA)}<`);
    expect(page.body).toMatch(/id="last-api-request">Last request: <time datetime="2026-11-26T10:0[45]/);
    expect(page.body).toContain('<code>/api/v1/users/:id</code> answered <span class="status-bad">404</span>');
    // Each state links to "what is stuck" for this partner, with the same index-only count the list totals.
    const stuck = await asViewer.get(`/console/employees/stuck?partner=${a.partnerId}&state=missing_bank_account`);
    const listed = /(\d+) (?:link|links|employee|employees|row|rows)/.exec(stuck.body);
    expect(page.body).toContain(
      `href="/console/employees/stuck?partner=${a.partnerId}&amp;state=missing_bank_account"`,
    );
    expect(page.body).toMatch(/state=missing_bank_account">Missing a bank account<\/a>: \d+</);
    expect(listed, 'the stuck list says how many').not.toBeNull();
    expect(page.body).toContain(`state=missing_bank_account">Missing a bank account</a>: ${listed![1]}<`);
    expect(page.body).toContain(`href="/console/partners/${a.partnerId}/requests"`);
  });

  it('the request log lists the partner’s own requests, newest first, with route templates and path ids', async () => {
    const page = await asViewer.get(`/console/partners/${a.partnerId}/requests`);
    expect(page.statusCode).toBe(200);
    const routes = [...page.body.matchAll(/data-label="Route"><code>([^<]+)</g)].map((m) => m[1]);
    expect(routes.slice(0, 2)).toEqual(['/api/v1/users/:id', '/api/v1/users/:id']);
    expect(page.body).toContain(`data-label="Ids in the path">id ${userOfA}<`);
    expect(page.body).toContain('data-label="Ids in the path">id 999999<');
    expect(page.body).not.toContain(requestIdOfB);
    const ofB = await asViewer.get(`/console/partners/${b.partnerId}/requests`);
    expect(ofB.body).toContain(requestIdOfB);
    expect(ofB.body).not.toContain(`id ${userOfA}<`);
    expect(ofB.body).not.toContain('id 999999<');
  });

  it('answers "what did we send you at 10:02?" with a time filter, and filters by status class and route', async () => {
    const at = await asViewer.get(
      `/console/partners/${a.partnerId}/requests?from=2026-11-26T10:02&until=2026-11-26T10:03`,
    );
    expect(at.statusCode).toBe(200);
    expect([...at.body.matchAll(/<time datetime="([^"]+)"/g)].map((m) => m[1]!.slice(0, 16))).toEqual([
      '2026-11-26T10:02',
    ]);
    expect(at.body).toContain('value="2026-11-26T10:02"');
    const errors = await asViewer.get(`/console/partners/${a.partnerId}/requests?status=4xx`);
    expect([...errors.body.matchAll(/data-label="Status"><span class="status-bad">(\d+)</g)].map((m) => m[1])).toEqual([
      '404',
    ]);
    const route = await asViewer.get(
      `/console/partners/${a.partnerId}/requests?route=${encodeURIComponent('/api/v1/terms')}`,
    );
    expect(route.body).toContain('No request matches.');
  });

  it('pages older entries from an entry of the partner’s own', async () => {
    const first = await asViewer.get(`/console/partners/${a.partnerId}/requests`);
    const ids = [...first.body.matchAll(/data-label="Request id"><code>([^<]+)</g)].length;
    expect(ids).toBeGreaterThan(2);
    const [ofB] = await t.services.requestLog.list(b.partnerId, { limit: 1 });
    const foreign = await asViewer.get(`/console/partners/${a.partnerId}/requests?after=${ofB!.id}`);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.body).toContain('id="filter-problem"');
    expect(foreign.body).not.toContain(requestIdOfB);
  });

  it('says which filter cannot be read and lists nothing', async () => {
    const res = await asViewer.get(`/console/partners/${a.partnerId}/requests?from=10:02&status=6xx`);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('From: “10:02” is not a time');
    expect(res.body).toContain('Status: “6xx” is not one of 2xx, 3xx, 4xx, 5xx.');
    expect(res.body).not.toContain('data-label="Route"');
  });

  it('a query that does not fit its schema names the field, answers 422 and lists nothing', async () => {
    const path = `/console/partners/${a.partnerId}/requests`;
    const cases: Array<[string, string]> = [
      [`${path}?stauts=2xx`, '“stauts” is not a field of this page (did you mean “status”?): remove it.'],
      [`${path}?route=/${'a'.repeat(255)}`, 'Route: at most 255 characters (this one has 256).'],
    ];
    for (const [url, problem] of cases) {
      const res = await asViewer.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.body, url).toContain('Nothing is shown: fix the filter first.');
      expect(res.body, url).toContain(problem);
      expect(res.body, url).not.toContain('data-label="Route"');
    }
  });

  it('an unknown partner is a 404 page', async () => {
    const res = await asViewer.get('/console/partners/999999/requests');
    expect(res.statusCode).toBe(404);
  });
});
