import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectUserPayload, type OnboardingBody } from '../helpers/payload.js';
import { createUser, DE_IBAN, DEUTSCHE_BIC, NO_ACCOUNT, putProfile } from '../helpers/users.js';

describe('onboarding status v2', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const onboardingOf = async (id: string): Promise<OnboardingBody> => {
    const res = await t.as(acme, { method: 'GET', url: `/api/v1/users/${id}` });
    expect(res.statusCode).toBe(200);
    return expectUserPayload(res.json()).onboarding;
  };
  const approveTerms = async (id: string, approved = true) => {
    const res = await t.as(acme, { method: 'POST', url: `/api/v1/users/${id}/terms`, payload: { approved } });
    expect(res.statusCode).toBe(200);
    return res.json() as { changed: boolean };
  };
  const setBank = async (id: string, bank: Record<string, unknown> = { bank_account_number: NO_ACCOUNT }) => {
    const res = await t.as(acme, { method: 'PUT', url: `/api/v1/users/${id}`, payload: bank });
    expect(res.statusCode).toBe(200);
    return expectUserPayload(res.json()).onboarding;
  };
  /**
   * Identity verification is not part of the employees module (it is not built here), so this
   * suite stands in for an approved verification session by setting the fact such a session
   * stores on the partner's link, `identity_verified_at`, directly in the database.
   */
  const markIdentityVerified = (id: string) =>
    t.db.db
      .updateTable('partner_users')
      .set({ identity_verified_at: t.clock.now().toISOString() })
      .where('partner_id', '=', acme.partnerId)
      .where('user_id', '=', Number(id))
      .execute();

  it("follows the spec's recommended order: create → terms → profile → bank → (verification)", async () => {
    // 2. POST /users
    const created = await createUser(t, acme);
    expect(created.onboarding).toMatchObject({
      is_onboarded: false,
      missing_steps: ['terms_approved', 'profile', 'id_verification', 'bank_account'],
      steps: {
        email_verified: true,
        terms_approved: false,
        profile: false,
        id_verification: false,
        bank_account: false,
      },
    });
    // 3. GET /users/{id}
    expect((await onboardingOf(created.id)).missing_steps).toEqual([
      'terms_approved',
      'profile',
      'id_verification',
      'bank_account',
    ]);
    // 4. POST /users/{id}/terms
    await approveTerms(created.id);
    expect((await onboardingOf(created.id)).missing_steps).toEqual(['profile', 'id_verification', 'bank_account']);
    // 5. PUT /users/{id}/profile
    const profiled = await putProfile(t, acme, created.id);
    expect(profiled.onboarding.missing_steps).toEqual(['id_verification', 'bank_account']);
    // 6. PUT /users/{id} with bank fields
    expect((await setBank(created.id)).missing_steps).toEqual(['id_verification']);
    // Storing an identity does not verify it.
    const identity = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${created.id}/identity`,
      payload: { identification: 'P1', country_code: 'DE', birthday: '1990-01-01' },
    });
    expect(expectUserPayload(identity.json()).onboarding.missing_steps).toEqual(['id_verification']);
    // 7–9. Verification is not part of this module: set the fact an approved session stores.
    await markIdentityVerified(created.id);
    // 10. GET /users/{id} until is_onboarded
    const done = await onboardingOf(created.id);
    expect(done).toMatchObject({ is_onboarded: true, missing_steps: [], status_version: 'v2' });
    expect(Object.values(done.steps).every(Boolean)).toBe(true);
  });

  it('profile and bank may come in either order', async () => {
    const user = await createUser(t, acme);
    await approveTerms(user.id);
    expect((await setBank(user.id)).missing_steps).toEqual(['profile', 'id_verification']);
    expect((await putProfile(t, acme, user.id)).onboarding.missing_steps).toEqual(['id_verification']);
  });

  it('a bank account given at creation already completes the bank step', async () => {
    const user = await createUser(t, acme, { bank_iban_number: DE_IBAN, bank_bic_number: DEUTSCHE_BIC });
    expect(user.onboarding.missing_steps).toEqual(['terms_approved', 'profile', 'id_verification']);
  });

  it('the verification fact alone does not onboard: every step is needed', async () => {
    const user = await createUser(t, acme);
    await markIdentityVerified(user.id);
    expect((await onboardingOf(user.id)).missing_steps).toEqual(['terms_approved', 'profile', 'bank_account']);
  });

  it('lists missing steps in the order email_verified, terms_approved, profile, id_verification, bank_account', async () => {
    const user = await createUser(t, acme);
    // POST /users verifies the e-mail at once; clear the fact to see the first step listed.
    await t.db.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', Number(user.id)).execute();
    expect((await onboardingOf(user.id)).missing_steps).toEqual([
      'email_verified',
      'terms_approved',
      'profile',
      'id_verification',
      'bank_account',
    ]);
  });

  it('withdrawing terms makes an onboarded employee not onboarded again, until approved again', async () => {
    const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
    await approveTerms(user.id);
    await putProfile(t, acme, user.id);
    await markIdentityVerified(user.id);
    expect((await onboardingOf(user.id)).is_onboarded).toBe(true);

    expect((await approveTerms(user.id, false)).changed).toBe(true);
    expect(await onboardingOf(user.id)).toMatchObject({ is_onboarded: false, missing_steps: ['terms_approved'] });
    expect((await approveTerms(user.id, false)).changed).toBe(false);
    expect(await onboardingOf(user.id)).toMatchObject({ is_onboarded: false, missing_steps: ['terms_approved'] });

    await approveTerms(user.id);
    expect((await onboardingOf(user.id)).is_onboarded).toBe(true);
  });

  it('switching the bank account style keeps the bank step', async () => {
    const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
    expect(
      (await setBank(user.id, { bank_iban_number: DE_IBAN, bank_bic_number: DEUTSCHE_BIC })).steps.bank_account,
    ).toBe(true);
  });

  it('evaluated_at is the time of the request', async () => {
    const user = await createUser(t, acme);
    t.clock.advance(90_000);
    expect((await onboardingOf(user.id)).evaluated_at).toBe(t.clock.now().toISOString());
  });

  it('every element of GET /users carries the same onboarding object as GET /users/{id}', async () => {
    const user = await createUser(t, acme);
    await approveTerms(user.id);
    const list = await t.as(acme, { method: 'GET', url: '/api/v1/users?per_page=100' });
    const fromList = (list.json() as { results: Array<{ id: string; onboarding: OnboardingBody }> }).results.find(
      (u) => u.id === user.id,
    );
    expect(fromList?.onboarding).toEqual(await onboardingOf(user.id));
  });
});

describe('publishing new terms', () => {
  it('makes every onboarded employee not onboarded until they approve the new code', async () => {
    const t = await buildTestApp();
    try {
      const acme = await t.partner('Acme');
      const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
      await t.as(acme, { method: 'POST', url: `/api/v1/users/${user.id}/terms`, payload: { approved: true } });
      await putProfile(t, acme, user.id);
      // Verification is not part of this module: set the fact an approved session stores, directly.
      await t.db.db
        .updateTable('partner_users')
        .set({ identity_verified_at: t.clock.now().toISOString() })
        .where('partner_id', '=', acme.partnerId)
        .where('user_id', '=', Number(user.id))
        .execute();
      const get = async () =>
        expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${user.id}` })).json()).onboarding;
      expect((await get()).is_onboarded).toBe(true);

      t.clock.advance(60_000);
      await t.services.terms.service.publish({
        code: 'onpay-2027-01',
        title: 'onpay terms 2027',
        url: 'https://onpay.example/terms/2027-01',
      });
      expect(await get()).toMatchObject({ is_onboarded: false, missing_steps: ['terms_approved'] });

      const approved = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${user.id}/terms`,
        payload: { approved: true },
      });
      expect(approved.json()).toMatchObject({ changed: true, terms: { code: 'onpay-2027-01' } });
      expect((await get()).is_onboarded).toBe(true);
    } finally {
      await t.close();
    }
  });
});
