/**
 * The stored per-link onboarding (docs/decisions.md §28): `partner_users.onboarded` equals, after
 * every write, what `GET /users/{id}` computes for that partner (`onboarding.is_onboarded`), for
 * every partner linked to the person, through each step a link goes through, another partner's
 * verification of the identity a partner registered (and of another one), new terms published,
 * and erasure. The console's "not onboarded" list reads it: a person onboarded for one partner and
 * not another is listed under the other only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, stuckList, type Browser } from '../helpers/console.js';
import { verifyIdentity } from '../helpers/employees.js';
import { expectUserPayload } from '../helpers/payload.js';
import { createUser, email, NO_ACCOUNT, norwegianId, putProfile } from '../helpers/users.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let initech: TestPartner;
let viewer: Browser;

/** The identity Acme's verification confirms, which Globex registered; Initech registered another. */
const CONFIRMED = { identification: norwegianId('170590', 123), country_code: 'NO', birthday: '1990-05-17' };
const OTHER = { identification: norwegianId('010190', 456), country_code: 'NO', birthday: '1990-01-01' };
const INITIAL_TERMS = { code: 'terms-state-1', title: 'Terms 1', url: 'https://onpay.example.com/terms/1' };
const NEW_TERMS = { code: 'terms-state-2', title: 'Terms 2', url: 'https://onpay.example.com/terms/2' };

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-11-20T09:00:00.000Z');
  await t.services.terms.service.publish(INITIAL_TERMS);
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('Globex Crew');
  initech = await t.partner('Initech Temps');
  viewer = await signedIn(t, await readyOperator(t, 'viewer'));
});
afterAll(() => t.close());

/** What the partner's link stores (1 onboarded, 0 not), read from the table. */
async function stored(partner: TestPartner, userId: string): Promise<number | undefined> {
  const row = await t.db.db
    .selectFrom('partner_users')
    .select('onboarded')
    .where('partner_id', '=', partner.partnerId)
    .where('user_id', '=', Number(userId))
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.onboarded);
}

/** What the API computes for the partner. */
async function computed(partner: TestPartner, userId: string): Promise<boolean> {
  const res = await t.as(partner, { method: 'GET', url: `/api/v1/users/${userId}` });
  expect(res.statusCode, res.body).toBe(200);
  return expectUserPayload(res.json()).onboarding.is_onboarded;
}

/**
 * Each partner linked to the person: the stored state equals the computed one, and the computed
 * one is what this step should have made it (so a step that changed nothing would fail too).
 */
async function expectKept(userId: string, expected: Array<[TestPartner, boolean]>, step: string): Promise<void> {
  for (const [partner, onboarded] of expected) {
    const now = await computed(partner, userId);
    expect(now, `${step}: computed for partner ${partner.partnerId}`).toBe(onboarded);
    expect(await stored(partner, userId), `${step}: stored for partner ${partner.partnerId}`).toBe(now ? 1 : 0);
  }
}

/** Publishes the terms (the operator's command) a minute after the last change: they become current. */
async function publish(terms: typeof NEW_TERMS): Promise<void> {
  t.clock.advance(60_000);
  await t.services.terms.service.publish(terms);
}

async function approveTerms(partner: TestPartner, userId: string, approved = true): Promise<void> {
  const res = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/users/${userId}/terms`,
    payload: { approved },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setBank(partner: TestPartner, userId: string): Promise<void> {
  const res = await t.as(partner, {
    method: 'PUT',
    url: `/api/v1/users/${userId}`,
    payload: { bank_account_number: NO_ACCOUNT },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function registerIdentity(partner: TestPartner, userId: string, identity: typeof CONFIRMED): Promise<void> {
  const res = await t.as(partner, { method: 'PUT', url: `/api/v1/users/${userId}/identity`, payload: identity });
  expect(res.statusCode, res.body).toBe(200);
}

async function link(partner: TestPartner, address: string): Promise<void> {
  const res = await t.as(partner, { method: 'POST', url: '/api/v1/users', payload: { email: address } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A verification the partner runs, approved with this identity by the sandbox's test helper. */
async function verify(partner: TestPartner, userId: string, identity: typeof CONFIRMED): Promise<void> {
  await verifyIdentity(t, partner, userId, { ...identity, name: 'Kari Nordmann' });
}

/** The stuck list's rows ([employee id, partner id]), total and body, as the viewer sees them. */
const listed = (query: string) => stuckList(viewer, query);

describe('the stored onboarding of a link', () => {
  it('equals the computed onboarding after every step, for every partner of the person', async () => {
    const address = email('state');
    const { id } = await createUser(t, acme, { email: address });
    // Invited: the e-mail is verified when the person is created (no writer unverifies it but erasure).
    const invited = expectUserPayload(
      (await t.as(acme, { method: 'GET', url: `/api/v1/users/${id}` })).json(),
    ).onboarding;
    expect(invited.steps.email_verified).toBe(true);
    await expectKept(id, [[acme, false]], 'invited');

    await approveTerms(acme, id);
    await expectKept(id, [[acme, false]], 'terms');
    await setBank(acme, id);
    await expectKept(id, [[acme, false]], 'bank account');

    // Globex links the same person (same e-mail) and registers the identity Acme will verify;
    // Initech links them too and registers another identity.
    await link(globex, address);
    await expectKept(
      id,
      [
        [acme, false],
        [globex, false],
      ],
      'linked by Globex',
    );
    await approveTerms(globex, id);
    await putProfile(t, globex, id);
    await setBank(globex, id);
    await registerIdentity(globex, id, CONFIRMED);
    await expectKept(
      id,
      [
        [acme, false],
        [globex, false],
      ],
      'Globex: all but a verification',
    );
    await link(initech, address);
    await approveTerms(initech, id);
    await putProfile(t, initech, id);
    await setBank(initech, id);
    await registerIdentity(initech, id, OTHER);
    await expectKept(
      id,
      [
        [acme, false],
        [globex, false],
        [initech, false],
      ],
      'Initech: all but a verification',
    );

    // Acme's verification: Globex onboarded (it registered exactly that identity, and Acme's
    // transaction rewrote Globex's link); Initech not (another identity); Acme lacks a profile.
    await verify(acme, id, CONFIRMED);
    await expectKept(
      id,
      [
        [acme, false],
        [globex, true],
        [initech, false],
      ],
      'verified by Acme',
    );
    await putProfile(t, acme, id);
    await expectKept(id, [[acme, true]], 'profile, the last of Acme');

    // Initech changes its registered identity to the confirmed one, then back.
    await registerIdentity(initech, id, CONFIRMED);
    await expectKept(id, [[initech, true]], 'Initech registers the confirmed identity');
    await registerIdentity(initech, id, OTHER);
    await expectKept(id, [[initech, false]], 'Initech registers another identity again');

    // Initech's own verification of the other identity: Initech onboarded, nobody else changes.
    await verify(initech, id, OTHER);
    await expectKept(
      id,
      [
        [acme, true],
        [globex, true],
        [initech, true],
      ],
      'verified by Initech (another identity)',
    );

    // Terms withdrawn by Globex: Globex's link only.
    await approveTerms(globex, id, false);
    await expectKept(
      id,
      [
        [acme, true],
        [globex, false],
        [initech, true],
      ],
      'Globex withdraws',
    );
    await approveTerms(globex, id);
    await expectKept(id, [[globex, true]], 'Globex approves again');

    // New terms published: nobody approved them, every link is rewritten. (A version is current
    // by its publication time: the clock moves on before each.)
    await publish(NEW_TERMS);
    await expectKept(
      id,
      [
        [acme, false],
        [globex, false],
        [initech, false],
      ],
      'new terms published',
    );
    await approveTerms(acme, id);
    await expectKept(
      id,
      [
        [acme, true],
        [globex, false],
      ],
      'Acme approves the new terms',
    );
    // The old version made current again: the approvals of it count again, Acme's of the new one not.
    await publish(INITIAL_TERMS);
    await expectKept(
      id,
      [
        [acme, true],
        [globex, true],
        [initech, true],
      ],
      'old terms current again',
    );
    await publish(NEW_TERMS);
    await expectKept(
      id,
      [
        [acme, true],
        [globex, false],
        [initech, false],
      ],
      'new terms current again',
    );

    // Erased: the links are gone, and so is their state.
    await t.services.privacy.erase(Number(id), 'ticket 28');
    for (const partner of [acme, globex, initech]) expect(await stored(partner, id)).toBeUndefined();
  });
});

describe('the console lists the links not onboarded', () => {
  it('a person onboarded for Acme and not for Globex is listed under Globex only, with an exact total', async () => {
    // Partners of their own: the list by partner holds this person only.
    const acme = await t.partner('Acme Payroll');
    const globex = await t.partner('Globex Payroll');
    const address = email('stuck-state');
    const { id } = await createUser(t, acme, { email: address, bank_account_number: NO_ACCOUNT });
    await approveTerms(acme, id);
    await putProfile(t, acme, id);
    await verify(acme, id, { ...OTHER, identification: norwegianId('020290', 789), birthday: '1990-02-02' });
    await link(globex, address);
    await approveTerms(globex, id);
    await expectKept(
      id,
      [
        [acme, true],
        [globex, false],
      ],
      'shared employee',
    );

    const all = await listed('state=not_onboarded');
    expect(all.status).toBe(200);
    expect(all.rows).toContainEqual([id, globex.partnerId]);
    expect(all.rows).not.toContainEqual([id, acme.partnerId]);
    // Exact: one row per link whose stored state is 0, every partner.
    const notOnboarded = await t.db.db
      .selectFrom('partner_users')
      .select(['user_id', 'partner_id'])
      .where('onboarded', '=', 0)
      .execute();
    expect(all.total).toBe(notOnboarded.length);
    expect(all.rows).toHaveLength(notOnboarded.length);
    expect(all.body).toContain('links whose onboarding with that partner is not complete');

    const ofGlobex = await listed(`state=not_onboarded&partner=${globex.partnerId}`);
    expect(ofGlobex.rows).toEqual([[id, globex.partnerId]]);
    expect(ofGlobex.total).toBe(1);
    // Globex's onboarding of the person, not Acme's.
    expect(ofGlobex.body).toContain('missing: profile, identity verification, bank account');

    const ofAcme = await listed(`state=not_onboarded&partner=${acme.partnerId}`);
    expect(ofAcme.rows.map(([user]) => user)).not.toContain(id);
    expect(ofAcme.rows.every(([, partner]) => partner === acme.partnerId)).toBe(true);
    expect(ofAcme.total).toBe(notOnboarded.filter((row) => row.partner_id === acme.partnerId).length);

    // Globex completes its steps, the bank account last: the person leaves Globex's list, and its
    // total drops by one.
    await putProfile(t, globex, id);
    await verify(globex, id, { ...OTHER, identification: norwegianId('020290', 789), birthday: '1990-02-02' });
    expect((await listed(`state=not_onboarded&partner=${globex.partnerId}`)).total).toBe(1);
    await setBank(globex, id);
    await expectKept(id, [[globex, true]], 'bank account, the last of Globex');
    const after = await listed(`state=not_onboarded&partner=${globex.partnerId}`);
    expect(after.rows).toEqual([]);
    expect(after.total).toBe(0);
    expect((await listed('state=not_onboarded')).total).toBe(notOnboarded.length - 1);
  });

  it("the partner's page counts its links not onboarded, linked to the list", async () => {
    const page = await viewer.get(`/console/partners/${initech.partnerId}`);
    expect(page.statusCode).toBe(200);
    const href = `/console/employees/stuck?partner=${initech.partnerId}&amp;state=not_onboarded`;
    const count = await t.db.db
      .selectFrom('partner_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('partner_id', '=', initech.partnerId)
      .where('onboarded', '=', 0)
      .executeTakeFirstOrThrow();
    expect(page.body).toContain(`<a href="${href}">Not onboarded</a>: ${Number(count.n)}`);
  });
});
