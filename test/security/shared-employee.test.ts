/**
 * One person, many partners: each partner sees and changes only what it entered itself, plus the
 * person's own e-mail; a verification counts for the partner that ran it, or for another partner
 * only when it confirmed exactly the identity that partner registered. The rules a cross-partner matrix cannot show on its
 * own: identity conflicts, pending sessions per partner, terms per link, the bank account a payout
 * is paid to, and the verification status as the session's partner sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  ensureApprovedReturnUrl,
  linkEmployee,
  onboardedEmployee,
  RETURN_URL,
  type Employee,
} from '../helpers/employees.js';
import { expectUserPayload } from '../helpers/payload.js';
import { batch, createPayouts, item, postPayouts } from '../helpers/payouts.js';
import { createUser, NO_ACCOUNT, NO_IBAN, DNB_BIC, norwegianId } from '../helpers/users.js';
import { payoutAccount, readLink } from '../helpers/sealed.js';

const FAST = { RATE_LIMIT_PER_MINUTE: '100000' };

describe('a person shared by two partners', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({ env: FAST });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    await ensureApprovedReturnUrl(t, acme);
    await ensureApprovedReturnUrl(t, globex);
  });
  afterAll(() => t.close());

  const get = async (partner: TestPartner, id: string) => {
    const res = await t.as(partner, { method: 'GET', url: `/api/v1/users/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return expectUserPayload(res.json());
  };
  const identity = (partner: TestPartner, id: string, payload: Record<string, unknown>) =>
    t.as(partner, { method: 'PUT', url: `/api/v1/users/${id}/identity`, payload });
  const start = async (partner: TestPartner, id: string) => {
    const res = await t.as(partner, {
      method: 'POST',
      url: `/api/v1/users/${id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { verification_id: string }).verification_id;
  };
  const complete = async (
    partner: TestPartner,
    session: string,
    body: Record<string, unknown> = { status: 'approved' },
  ) => {
    const res = await t.as(partner, {
      method: 'POST',
      url: `/api/v1/test-helpers/verification/${session}/complete`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; next_action: string; onboarding: { steps: Record<string, boolean> } };
  };
  const poll = async (partner: TestPartner, session: string) => {
    const res = await t.as(partner, { method: 'GET', url: `/api/v1/verification/status/${session}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      status: string;
      onboarding: { steps: Record<string, boolean>; is_onboarded: boolean } | null;
    };
  };

  describe('identity (docs/decisions.md §14: a verification counts for the partner that ran it)', () => {
    const link = (partner: TestPartner, id: string) => readLink(t, partner.partnerId, Number(id));

    it("the sandbox confirms the identity the partner registered, for that partner only: another partner's step stays open", async () => {
      const user = await createUser(t, acme);
      const number = norwegianId('170590', 201);
      expect(
        (await identity(acme, user.id, { identification: number, country_code: 'NO', birthday: '1990-05-17' }))
          .statusCode,
      ).toBe(200);
      await complete(acme, await start(acme, user.id));
      expect(await link(acme, user.id)).toMatchObject({
        verified_identification: number,
        verified_country_code: 'NO',
        verified_birthday: '1990-05-17',
        identity_verified_at: expect.any(String),
      });
      expect((await get(acme, user.id)).onboarding.steps.id_verification).toBe(true);
      // Globex links the person: Acme's verification is not Globex's, and tells Globex nothing.
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } })).statusCode,
      ).toBe(200);
      const globexView = await get(globex, user.id);
      expect(globexView.onboarding.steps.id_verification).toBe(false);
      expect(globexView.nationality).toBe('');
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users/lookup', payload: { ssn: number } })).statusCode,
      ).toBe(404);
      // Registering exactly the identity a verification confirmed satisfies Globex's step (and finds them).
      expect(
        (await identity(globex, user.id, { identification: number, country_code: 'NO', birthday: '1990-05-17' }))
          .statusCode,
      ).toBe(200);
      expect((await get(globex, user.id)).onboarding.steps.id_verification).toBe(true);
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users/lookup', payload: { ssn: number } })).statusCode,
      ).toBe(200);
      // The same number with another birthday is another identity: not satisfied.
      expect(
        (await identity(globex, user.id, { identification: number, country_code: 'NO', birthday: '1990-05-18' }))
          .statusCode,
      ).toBe(200);
      expect((await get(globex, user.id)).onboarding.steps.id_verification).toBe(false);
    });

    it("another partner verifying first, with an identity of its choosing, changes nothing of this partner's and never blocks its flow", async () => {
      // The outside testers' attack: Acme registers the real number; Globex, knowing only the
      // e-mail, links the person, registers a Swedish identity of its choosing and verifies it.
      const user = await createUser(t, acme);
      const acmeNumber = norwegianId('010190', 301);
      await identity(acme, user.id, { identification: acmeNumber, country_code: 'NO', birthday: '1990-01-01' });
      const acmeBefore = await get(acme, user.id);
      const acmeLinkBefore = await link(acme, user.id);
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } })).statusCode,
      ).toBe(200);
      expect(
        (await identity(globex, user.id, { identification: '9002022383', country_code: 'SE', birthday: '1990-02-02' }))
          .statusCode,
      ).toBe(200);
      expect((await complete(globex, await start(globex, user.id))).status).toBe('approved');
      expect((await get(globex, user.id)).onboarding.steps.id_verification).toBe(true);
      expect((await get(globex, user.id)).nationality).toBe('SE');

      // Acme's view is exactly as before: not verified, its own nationality.
      const acmeAfter = await get(acme, user.id);
      expect(acmeAfter.onboarding.steps.id_verification).toBe(false);
      expect(acmeAfter.nationality).toBe('NO');
      expect({ ...acmeAfter, onboarding: null }).toEqual({ ...acmeBefore, onboarding: null });
      expect(await link(acme, user.id)).toEqual(acmeLinkBefore);
      // Acme may still change what it registered (Globex's verification is not Acme's): no 409.
      expect(
        (await identity(acme, user.id, { identification: acmeNumber, country_code: 'NO', birthday: '1990-01-01' }))
          .statusCode,
      ).toBe(200);
      // Globex's number does not find the person for Acme.
      expect(
        (await t.as(acme, { method: 'POST', url: '/api/v1/users/lookup', payload: { ssn: '9002022383' } })).statusCode,
      ).toBe(404);

      // Acme's own flow is approved with the real identity; Globex's stays Globex's.
      const acmeFlow = await complete(acme, await start(acme, user.id));
      expect(acmeFlow.status).toBe('approved');
      expect(acmeFlow.onboarding.steps.id_verification).toBe(true);
      expect((await link(acme, user.id)).verified_identification).toBe(acmeNumber);
      expect((await link(globex, user.id)).verified_identification).toBe('9002022383');
      expect((await get(globex, user.id)).nationality).toBe('SE');
      expect((await get(acme, user.id)).nationality).toBe('NO');
      // Two different verified identities for one person: an operator matter, listed for review.
      const person = await t.db.db
        .selectFrom('users')
        .select('identity_review_since')
        .where('id', '=', Number(user.id))
        .executeTakeFirstOrThrow();
      expect(person.identity_review_since).toEqual(expect.any(String));
    });

    it("a partner's own verification is fixed: a different identity from its next flow ends in error, a PUT of one is a 409", async () => {
      const user = await createUser(t, acme);
      const acmeNumber = norwegianId('040490', 401);
      const otherNumber = norwegianId('050590', 402);
      await identity(acme, user.id, { identification: acmeNumber, country_code: 'NO', birthday: '1990-04-04' });
      await complete(acme, await start(acme, user.id));
      const verified = await link(acme, user.id);
      const ended = await complete(acme, await start(acme, user.id), {
        status: 'approved',
        identity: { identification: otherNumber, country_code: 'NO', birthday: '1990-05-05' },
      });
      expect(ended.status).toBe('error');
      expect(ended.next_action).toBe('retry');
      expect(await link(acme, user.id)).toEqual(verified);
      // Confirming the same identity again is fine: the session is approved, nothing changes.
      const same = await complete(acme, await start(acme, user.id), {
        status: 'approved',
        identity: { identification: acmeNumber, country_code: 'NO', birthday: '1990-04-04' },
      });
      expect(same.status).toBe('approved');
      expect(await link(acme, user.id)).toEqual(verified);
      const res = await identity(acme, user.id, {
        identification: otherNumber,
        country_code: 'NO',
        birthday: '1990-05-05',
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(Object.keys(res.json())).toEqual(['error']);
      expect(
        (await identity(acme, user.id, { identification: acmeNumber, country_code: 'NO', birthday: '1990-04-04' }))
          .statusCode,
      ).toBe(200);
      expect(await link(acme, user.id)).toEqual(verified);

      // Globex, linked afterwards, may register and verify another identity: no 409, no error.
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } })).statusCode,
      ).toBe(200);
      expect(
        (await identity(globex, user.id, { identification: otherNumber, country_code: 'NO', birthday: '1990-05-05' }))
          .statusCode,
      ).toBe(200);
      expect((await complete(globex, await start(globex, user.id))).status).toBe('approved');
      expect(await link(acme, user.id)).toEqual(verified);
    });

    it("a partner's registered identity stays its own: the other partner neither sees nor finds it", async () => {
      const user = await createUser(t, acme);
      const number = 'C01X00T47';
      expect(
        (await identity(acme, user.id, { identification: number, country_code: 'DE', birthday: '1990-04-04' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } })).statusCode,
      ).toBe(200);
      expect((await get(acme, user.id)).nationality).toBe('DE');
      expect((await get(globex, user.id)).nationality).toBe('');
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users/lookup', payload: { ssn: number } })).statusCode,
      ).toBe(404);
    });
  });

  describe('verification sessions', () => {
    it("a new flow cancels only the caller's own pending session", async () => {
      const user = await createUser(t, acme);
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } })).statusCode,
      ).toBe(200);
      const acmeSession = await start(acme, user.id);
      const globexFirst = await start(globex, user.id);
      expect((await poll(acme, acmeSession)).status).toBe('pending');
      const globexSecond = await start(globex, user.id);
      expect((await poll(globex, globexFirst)).status).toBe('cancelled');
      expect((await poll(globex, globexSecond)).status).toBe('pending');
      expect((await poll(acme, acmeSession)).status).toBe('pending');
      // And the other way round.
      await start(acme, user.id);
      expect((await poll(acme, acmeSession)).status).toBe('cancelled');
      expect((await poll(globex, globexSecond)).status).toBe('pending');
      // Neither polls the other's session.
      expect((await t.as(acme, { method: 'GET', url: `/api/v1/verification/status/${globexSecond}` })).statusCode).toBe(
        403,
      );
    });

    it("the status poll's onboarding is the session partner's view of the person", async () => {
      const employee = await onboardedEmployee(t, acme);
      await linkEmployee(t, globex, employee, { onboard: false });
      const session = await start(globex, employee.id);
      const polled = await poll(globex, session);
      // Acme's verification is Acme's: Globex has not verified anyone yet.
      expect(polled.onboarding?.steps).toEqual({
        email_verified: true,
        terms_approved: false,
        profile: false,
        id_verification: false,
        bank_account: false,
      });
      expect((await get(acme, employee.id)).onboarding.is_onboarded).toBe(true);
    });
  });

  describe('terms', () => {
    it("each partner records and withdraws its own approval; the other's stays", async () => {
      const employee = await onboardedEmployee(t, acme);
      await linkEmployee(t, globex, employee);
      const withdraw = await t.as(globex, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/terms`,
        payload: { approved: false },
      });
      expect(withdraw.json()).toMatchObject({ terms_approved: false, changed: true });
      expect((await t.as(acme, { method: 'GET', url: `/api/v1/users/${employee.id}/terms` })).json()).toMatchObject({
        terms_approved: true,
      });
      expect((await get(acme, employee.id)).onboarding.is_onboarded).toBe(true);
      expect((await get(globex, employee.id)).onboarding.missing_steps).toEqual(['terms_approved']);
    });
  });

  describe('payouts', () => {
    let employee: Employee;
    const bankOf = async (payoutId: number) => payoutAccount(t, payoutId);

    beforeAll(async () => {
      employee = await onboardedEmployee(t, acme);
      await linkEmployee(t, globex, employee, { bank: { bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC } });
    });

    it("are found by ssn only through the paying partner's own identity: registered, or verified in its own flow", async () => {
      const number = norwegianId('121290', 501);
      const shared = await onboardedEmployee(t, acme, { identification: number });
      // Globex verifies the person itself: the sandbox confirms a synthetic identity, not Acme's number.
      await linkEmployee(t, globex, shared);
      const globexNumber = (await readLink(t, globex.partnerId, shared.userId)).verified_identification as string;
      expect(globexNumber).not.toBe(number);
      const bySsn = (ssn: string) => batch([{ ...item(shared), user_id: undefined, ssn }]);
      expect((await postPayouts(t, acme, bySsn(number))).statusCode).toBe(201);
      // Acme's verified number names nobody for Globex.
      const refused = await postPayouts(t, globex, bySsn(number));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(JSON.stringify(refused.json())).not.toContain(shared.email);
      expect((await postPayouts(t, globex, bySsn(globexNumber))).statusCode).toBe(201);
      expect((await postPayouts(t, acme, bySsn(globexNumber))).statusCode).toBe(422);
    });

    it("are paid to the paying partner's account, copied when they are created", async () => {
      const acmePayout = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0] as number;
      const globexPayout = (await createPayouts(t, globex, batch([item(employee)]))).payout_ids[0] as number;
      expect(await bankOf(acmePayout)).toEqual({
        bank_account_number: NO_ACCOUNT,
        bank_iban_number: null,
        bank_bic_number: null,
      });
      expect(await bankOf(globexPayout)).toEqual({
        bank_account_number: null,
        bank_iban_number: NO_IBAN,
        bank_bic_number: DNB_BIC,
      });

      // Acme changes the account: money already on its way stays where it was going; new payouts follow.
      const changed = await t.as(acme, {
        method: 'PUT',
        url: `/api/v1/users/${employee.id}`,
        payload: { bank_account_number: '86011117947' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await bankOf(acmePayout)).toEqual({
        bank_account_number: NO_ACCOUNT,
        bank_iban_number: null,
        bank_bic_number: null,
      });
      const next = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0] as number;
      expect((await bankOf(next)).bank_account_number).toBe('86011117947');
      expect(await bankOf(globexPayout)).toEqual({
        bank_account_number: null,
        bank_iban_number: NO_IBAN,
        bank_bic_number: DNB_BIC,
      });
    });

    it('are listed only to the partner that made them, also for the shared employee', async () => {
      const acmePayouts = (
        await t.as(acme, { method: 'GET', url: `/api/v1/users/${employee.id}/payouts?per_page=100` })
      ).json() as { results: Array<{ id: number }> };
      const globexPayouts = (
        await t.as(globex, { method: 'GET', url: `/api/v1/users/${employee.id}/payouts?per_page=100` })
      ).json() as { results: Array<{ id: number }> };
      const acmeIds = new Set(acmePayouts.results.map((p) => p.id));
      expect(acmePayouts.results.length).toBeGreaterThan(0);
      expect(globexPayouts.results.length).toBeGreaterThan(0);
      for (const p of globexPayouts.results) expect(acmeIds.has(p.id)).toBe(false);
      for (const p of acmePayouts.results)
        expect((await t.as(globex, { method: 'GET', url: `/api/v1/payouts/${p.id}` })).statusCode).toBe(404);
    });
  });
});
