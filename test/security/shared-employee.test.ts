/**
 * One person, many partners: each partner sees and changes only what it entered itself, plus the
 * person's own e-mail and verified identity. The rules a cross-partner matrix cannot show on its
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
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { createUser, NO_ACCOUNT, NO_IBAN, DNB_BIC, norwegianId } from '../helpers/users.js';

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
  const person = (id: string) =>
    t.db.db.selectFrom('users').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

  describe('identity', () => {
    it('the sandbox confirms the identity the partner registered; the person is then verified for every partner', async () => {
      const user = await createUser(t, acme);
      const number = norwegianId('170590', 201);
      expect(
        (await identity(acme, user.id, { identification: number, country_code: 'NO', birthday: '1990-05-17' }))
          .statusCode,
      ).toBe(200);
      await complete(acme, await start(acme, user.id));
      expect(await person(user.id)).toMatchObject({
        identification: number,
        identity_country_code: 'NO',
        birthday: '1990-05-17',
        identity_verified_at: expect.any(String),
      });
      // Globex links the person: the verified identity is the person's, so its id_verification step is done.
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } })).statusCode,
      ).toBe(200);
      const globexView = await get(globex, user.id);
      expect(globexView.onboarding.steps.id_verification).toBe(true);
      expect(globexView.nationality).toBe('NO');
      // And finds them by the verified number, though it registered nothing itself.
      const found = await t.as(globex, { method: 'POST', url: '/api/v1/users/lookup', payload: { ssn: number } });
      expect(found.statusCode, found.body).toBe(200);
    });

    it("another partner's approved flow confirming a different identity ends in error and changes nothing", async () => {
      const user = await createUser(t, acme);
      const acmeNumber = norwegianId('010190', 301);
      const globexNumber = norwegianId('020290', 302);
      await identity(acme, user.id, { identification: acmeNumber, country_code: 'NO', birthday: '1990-01-01' });
      expect(
        (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } })).statusCode,
      ).toBe(200);
      // Before any verification, Globex registers a different number on its own link.
      expect(
        (await identity(globex, user.id, { identification: globexNumber, country_code: 'NO', birthday: '1990-02-02' }))
          .statusCode,
      ).toBe(200);
      // Globex's flow starts before Acme's finishes; Acme's approval comes first.
      const globexSession = await start(globex, user.id);
      await complete(acme, await start(acme, user.id));
      const verified = await person(user.id);
      expect(verified.identification).toBe(acmeNumber);

      const ended = await complete(globex, globexSession);
      expect(ended.status).toBe('error');
      expect(ended.next_action).toBe('retry');
      expect(await person(user.id)).toEqual(verified);
      // The same through the test helper's chosen identity.
      const explicit = await complete(globex, await start(globex, user.id), {
        status: 'approved',
        identity: { identification: norwegianId('030390', 303), country_code: 'NO', birthday: '1990-03-03' },
      });
      expect(explicit.status).toBe('error');
      expect(await person(user.id)).toEqual(verified);
      // Confirming the same identity again is fine: the session is approved, nothing changes.
      const same = await complete(globex, await start(globex, user.id), {
        status: 'approved',
        identity: { identification: acmeNumber, country_code: 'NO', birthday: '1990-01-01' },
      });
      expect(same.status).toBe('approved');
      expect(await person(user.id)).toEqual(verified);
      // Neither partner can overwrite the verified identity; re-sending it is accepted.
      for (const partner of [acme, globex]) {
        const res = await identity(partner, user.id, {
          identification: globexNumber,
          country_code: 'NO',
          birthday: '1990-02-02',
        });
        expect(res.statusCode, res.body).toBe(409);
        expect(Object.keys(res.json())).toEqual(['error']);
        expect(
          (await identity(partner, user.id, { identification: acmeNumber, country_code: 'NO', birthday: '1990-01-01' }))
            .statusCode,
        ).toBe(200);
      }
      expect(await person(user.id)).toEqual(verified);
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
      expect(polled.onboarding?.steps).toEqual({
        email_verified: true,
        terms_approved: false,
        profile: false,
        id_verification: true,
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
    const bankOf = async (payoutId: number) =>
      t.db.db
        .selectFrom('payouts')
        .select(['bank_account_number', 'bank_iban_number', 'bank_bic_number'])
        .where('id', '=', payoutId)
        .executeTakeFirstOrThrow();

    beforeAll(async () => {
      employee = await onboardedEmployee(t, acme);
      await linkEmployee(t, globex, employee, { bank: { bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC } });
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
