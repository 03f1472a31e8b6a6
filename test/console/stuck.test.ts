/**
 * What is stuck (docs/decisions.md §28): the employees' partner links by onboarding state, partner
 * and last change, each with that partner's onboarding; a state of a link for partner A never shows
 * under partner B; the dashboard's card counts what the list it links to lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, stuckList, type Browser } from '../helpers/console.js';
import {
  ensureApprovedReturnUrl,
  linkEmployee,
  onboardedEmployee,
  RETURN_URL,
  type Employee,
} from '../helpers/employees.js';
import { createUser } from '../helpers/users.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let initech: TestPartner;
let viewer: Browser;
/** Onboarded for Acme; linked to Globex, which did nothing yet. */
let both: Employee;
/** Acme's, with a profile, terms and a verification but no bank account. */
let noBank: Employee;
/** Acme's, whose verification ended in an error (yesterday and today). */
let failed: { id: string };
/** Initech's, waiting for the person to verify. */
let waiting: { id: string };
const DAY = 24 * 3600_000;

async function startFlow(partner: TestPartner, userId: string): Promise<string> {
  await ensureApprovedReturnUrl(t, partner);
  const flow = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/users/${userId}/verification/flows`,
    payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
  });
  expect(flow.statusCode, flow.body).toBe(201);
  return (flow.json() as { verification_id: string }).verification_id;
}

async function endInError(partner: TestPartner, userId: string): Promise<void> {
  const id = await startFlow(partner, userId);
  const done = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/test-helpers/verification/${id}/complete`,
    payload: { status: 'error' },
  });
  expect(done.json()).toMatchObject({ status: 'error' });
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-11-20T09:00:00.000Z');
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('Globex Crew');
  initech = await t.partner('Initech Temps');
  both = await onboardedEmployee(t, acme);
  noBank = await onboardedEmployee(t, acme, { skip: ['bank'] });
  failed = await createUser(t, acme, { bank_account_number: '12345678903' });
  await endInError(acme, failed.id);
  waiting = await createUser(t, initech);
  await startFlow(initech, waiting.id);
  t.clock.set('2026-11-21T10:00:00.000Z');
  await linkEmployee(t, globex, both, { onboard: false });
  await endInError(acme, failed.id);
  viewer = await signedIn(t, await readyOperator(t, 'viewer'));
});
afterAll(() => t.close());

/** The stuck list's rows ([employee id, partner id]), total and body, as the viewer sees them. */
const listed = (query: string) => stuckList(viewer, query);

describe('what is stuck', () => {
  it('lists the links with no bank account per partner: a person onboarded for Acme shows under Globex only', async () => {
    const all = await listed('state=missing_bank_account');
    expect(all.status).toBe(200);
    expect(all.rows).toContainEqual([both.id, globex.partnerId]);
    expect(all.rows).not.toContainEqual([both.id, acme.partnerId]);
    expect(all.rows).toContainEqual([noBank.id, acme.partnerId]);
    expect(all.total).toBe(all.rows.length);

    const ofAcme = await listed(`state=missing_bank_account&partner=${acme.partnerId}`);
    expect(ofAcme.rows.map(([id]) => id)).toContain(noBank.id);
    expect(ofAcme.rows.map(([id]) => id)).not.toContain(both.id);
    expect(ofAcme.rows.every(([, partner]) => partner === acme.partnerId)).toBe(true);

    const ofGlobex = await listed(`state=missing_bank_account&partner=${globex.partnerId}`);
    expect(ofGlobex.rows).toEqual([[both.id, globex.partnerId]]);
    expect(ofGlobex.total).toBe(1);
    // Globex's onboarding of the person, not Acme's (which is complete).
    expect(ofGlobex.body).toContain('not onboarded');
    expect(ofGlobex.body).toContain('missing: terms, profile, identity verification, bank account');
  });

  it('lists the invited only: linked, nothing of the link done', async () => {
    const invited = await listed('state=invited_only');
    expect(invited.rows).toContainEqual([both.id, globex.partnerId]);
    expect(invited.rows).toContainEqual([waiting.id, initech.partnerId]);
    expect(invited.rows.map(([id]) => id)).not.toContain(noBank.id);
    expect(invited.rows).not.toContainEqual([both.id, acme.partnerId]);
    expect((await listed(`state=invited_only&partner=${acme.partnerId}`)).rows).toEqual([]);
  });

  it('lists the verifications that ended in an error with the provider reason, and those waiting', async () => {
    const errors = await listed('state=verification_error');
    expect(errors.rows).toEqual([
      [failed.id, acme.partnerId],
      [failed.id, acme.partnerId],
    ]);
    expect(errors.body).toContain('completed by the sandbox test helper');
    expect(errors.body).toContain("Provider's reason");
    expect((await listed(`state=verification_error&partner=${globex.partnerId}`)).rows).toEqual([]);

    const pending = await listed('state=verification_pending');
    expect(pending.rows).toEqual([[waiting.id, initech.partnerId]]);
    expect((await listed(`state=verification_pending&partner=${acme.partnerId}`)).total).toBe(0);
  });

  it('filters by last change, both ends included', async () => {
    const today = await listed('state=verification_error&changed_from=2026-11-21');
    expect(today.total).toBe(1);
    const yesterday = await listed('state=verification_error&changed_from=2026-11-20&changed_to=2026-11-20');
    expect(yesterday.total).toBe(1);
    expect((await listed('state=missing_bank_account&changed_to=2026-11-20')).rows).not.toContainEqual([
      both.id,
      globex.partnerId,
    ]);
    expect((await listed('state=missing_bank_account&changed_from=2026-11-21')).rows).toEqual([
      [both.id, globex.partnerId],
    ]);
  });

  it('says which filter it cannot read and lists nothing', async () => {
    const bad = await listed('state=stuck&partner=x');
    expect(bad.status).toBe(422);
    expect(bad.body).toContain('State: “stuck” is not one of');
    expect(bad.body).toContain('Partner: “x” is not a partner id');
    expect(bad.rows).toEqual([]);
    const swapped = await listed('state=invited_only&changed_from=2026-11-21&changed_to=2026-11-20');
    expect(swapped.status).toBe(422);
    expect(swapped.body).toContain('is after changed to');
  });

  it('a query that does not fit its schema names the field, answers 422 and lists nothing', async () => {
    const good = await listed('state=missing_bank_account');
    expect(good.rows.length).toBeGreaterThan(0);
    const cases: Array<[string, string]> = [
      [
        'state=missing_bank_account&partnr=1',
        '“partnr” is not a field of this page (did you mean “partner”?): remove it.',
      ],
      [
        `state=missing_bank_account&changed_from=${'2'.repeat(21)}`,
        'Changed from: at most 20 characters (this one has 21).',
      ],
    ];
    for (const [query, problem] of cases) {
      const res = await listed(query);
      expect(res.status, query).toBe(422);
      expect(res.body, query).toContain('Nothing is shown: fix the filter first.');
      expect(res.body, query).toContain(problem);
      expect(res.rows, query).toEqual([]);
      expect(res.total, query).toBeNull();
    }
  });

  it("the dashboard's card of errors today counts what the list it links to lists", async () => {
    const board = (await viewer.get('/console')).body;
    const card = /<div class="count">(\d+)<\/div><a href="([^"]+)">Verifications ending in an error today/.exec(board);
    expect(card).not.toBeNull();
    const href = card![2]!.replace(/&amp;/g, '&');
    expect(href).toBe('/console/employees/stuck?state=verification_error&changed_from=2026-11-21');
    const list = await listed(href.split('?')[1]!);
    expect(Number(card![1])).toBe(1);
    expect(list.total).toBe(Number(card![1]));
    expect(list.rows).toHaveLength(Number(card![1]));
    // Tomorrow the card counts none, and so does its list.
    t.clock.advance(DAY);
    const tomorrow = await signedIn(t, await readyOperator(t, 'viewer'));
    const next = (await tomorrow.get('/console')).body;
    const nextCard = /<div class="count">(\d+)<\/div><a href="([^"]+)">Verifications ending in an error today/.exec(
      next,
    )!;
    expect(Number(nextCard[1])).toBe(0);
    const nextList = await tomorrow.get(nextCard[2]!.replace(/&amp;/g, '&'));
    expect(nextList.body).toContain('<p role="status">0 verifications');
    t.clock.advance(-DAY);
  });
});
