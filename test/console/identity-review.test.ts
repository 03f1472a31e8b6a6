/**
 * Two partners' verifications that confirmed different identities for one person are an operator
 * matter (docs/decisions.md §14): the dashboard counts them, a list shows them, and the person's
 * page shows each partner's verified identity masked, revealed only with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { ensureApprovedReturnUrl, RETURN_URL } from '../helpers/employees.js';
import { createUser, norwegianId } from '../helpers/users.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let viewer: Browser;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('Globex Crew');
  await ensureApprovedReturnUrl(t, acme);
  await ensureApprovedReturnUrl(t, globex);
  viewer = await signedIn(t, await readyOperator(t, 'viewer'));
});
afterAll(() => t.close());

async function verify(partner: TestPartner, userId: string, identification: string, birthday: string) {
  const put = await t.as(partner, {
    method: 'PUT',
    url: `/api/v1/users/${userId}/identity`,
    payload: { identification, country_code: 'NO', birthday },
  });
  expect(put.statusCode, put.body).toBe(200);
  const flow = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/users/${userId}/verification/flows`,
    payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
  });
  expect(flow.statusCode, flow.body).toBe(201);
  const done = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/test-helpers/verification/${(flow.json() as { verification_id: string }).verification_id}/complete`,
    payload: { status: 'approved' },
  });
  expect(done.json()).toMatchObject({ status: 'approved' });
}

const dashboardCount = async () => {
  const body = (await viewer.get('/console')).body;
  const match = /<div class="count">(\d+)<\/div><a href="\/console\/employees\/identity-review">/.exec(body);
  return Number(match?.[1]);
};

describe('identities to review', () => {
  it('lists a person once two partners verified different identities, not when they verified the same one', async () => {
    expect(await dashboardCount()).toBe(0);
    const same = await createUser(t, acme);
    const differ = await createUser(t, acme);
    for (const user of [same, differ])
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } })).statusCode,
      ).toBe(200);
    const shared = norwegianId('010190', 701);
    await verify(acme, same.id, shared, '1990-01-01');
    await verify(globex, same.id, shared, '1990-01-01');
    const acmeNumber = norwegianId('020290', 702);
    const globexNumber = norwegianId('030390', 703);
    await verify(acme, differ.id, acmeNumber, '1990-02-02');
    expect(await dashboardCount()).toBe(0);
    await verify(globex, differ.id, globexNumber, '1990-03-03');
    expect(await dashboardCount()).toBe(1);

    const list = await viewer.get('/console/employees/identity-review');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/console/employees/${differ.id}"`);
    expect(list.body).not.toContain(`href="/console/employees/${same.id}"`);
    expect(list.body).toContain('Acme Staffing: verified');
    expect(list.body).toContain('Globex Crew: verified');

    // The person's page: "2 different", each partner's verified number masked (a viewer may not reveal).
    const page = await viewer.get(`/console/employees/${differ.id}`);
    expect(page.body).toContain('2 different');
    for (const number of [acmeNumber, globexNumber]) {
      expect(page.body).not.toContain(number);
      expect(page.body).toContain(`•••••••${number.slice(-4)}`);
    }
    const search = await viewer.get(`/console/employees?q=${encodeURIComponent(differ.email)}`);
    expect(search.body).toContain('identities differ');
  });
});
