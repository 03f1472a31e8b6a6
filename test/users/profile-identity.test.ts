import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectUserPayload, type UserBody } from '../helpers/payload.js';
import { createUser, expect422, norwegianId, PROFILE, putProfile, withWrongCheckDigit } from '../helpers/users.js';
import { readLink } from '../helpers/sealed.js';

describe('PUT and PATCH /users/{id}/profile', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const send = (id: string, payload: Record<string, unknown>, method: 'PUT' | 'PATCH' = 'PUT') =>
    t.as(acme, { method, url: `/api/v1/users/${id}/profile`, payload });

  it('registers the full profile and completes the profile step', async () => {
    const user = await createUser(t, acme);
    const updated = await putProfile(t, acme, user.id);
    expect(updated).toMatchObject({
      name: 'Ola Nordmann',
      address: 'Storgata 1',
      postal_code: '0155',
      city: 'Oslo',
      phone: '41234567',
      main_work: 'true',
    });
    expect(updated.onboarding.steps.profile).toBe(true);
    expect(updated.onboarding.missing_steps).toEqual(['terms_approved', 'id_verification', 'bank_account']);
  });

  it('PATCH is the same operation: every field is required', async () => {
    const user = await createUser(t, acme);
    expect422(
      await send(user.id, { city: 'Bergen' }, 'PATCH'),
      'first_name',
      'last_name',
      'address',
      'postal_code',
      'dial_code',
      'phone',
      'main_work',
    );
    const res = await send(user.id, { ...PROFILE, main_work: false }, 'PATCH');
    expect(res.statusCode).toBe(200);
    expect(expectUserPayload(res.json())).toMatchObject({
      main_work: 'false',
      onboarding: { steps: { profile: true } },
    });
  });

  it('an empty body is a 422 naming every profile field', async () => {
    const user = await createUser(t, acme);
    const errors = expect422(await send(user.id, {}));
    expect(Object.keys(errors).sort()).toEqual(Object.keys(PROFILE).sort());
  });

  it.each(['first_name', 'last_name', 'address', 'postal_code', 'city', 'dial_code'])(
    '%s empty or blank is a 422',
    async (field) => {
      const user = await createUser(t, acme);
      expect422(await send(user.id, { ...PROFILE, [field]: '' }), field);
      expect422(await send(user.id, { ...PROFILE, [field]: '   ' }), field);
    },
  );

  it.each([
    ['first_name', 254],
    ['last_name', 254],
    ['address', 255],
    ['city', 255],
    ['postal_code', 10],
  ])('%s: %i characters pass, one more is a 422', async (field, max) => {
    const user = await createUser(t, acme);
    await putProfile(t, acme, user.id, { [field]: 'å'.repeat(max) });
    expect422(await send(user.id, { ...PROFILE, [field]: 'å'.repeat(max + 1) }), field);
  });

  it.each([
    ['dial_code', '4'.repeat(255)],
    ['dial_code', '+999'],
    ['phone', '123'],
    ['phone', '+4712345678'],
    ['main_work', 'maybe'],
    ['main_work', null],
  ])('%s %j is a 422', async (field, value) => {
    const user = await createUser(t, acme);
    expect422(await send(user.id, { ...PROFILE, [field]: value }), field);
  });

  it('replacing an existing profile replaces every field and keeps the step', async () => {
    const user = await createUser(t, acme);
    await putProfile(t, acme, user.id);
    const replaced = await putProfile(t, acme, user.id, {
      first_name: 'Kari',
      last_name: 'Hansen',
      city: 'Bergen',
      postal_code: '5003',
      main_work: 'false',
    });
    expect(replaced).toMatchObject({ name: 'Kari Hansen', city: 'Bergen', postal_code: '5003', main_work: 'false' });
    expect(replaced.onboarding.steps.profile).toBe(true);
  });
});

describe('PUT /users/{id}/identity', () => {
  let t: TestApp;
  let acme: TestPartner;
  const fnr = norwegianId('150885');

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const send = (id: string, payload: Record<string, unknown>) =>
    t.as(acme, { method: 'PUT', url: `/api/v1/users/${id}/identity`, payload });
  const ok = async (id: string, payload: Record<string, unknown>): Promise<UserBody> => {
    const res = await send(id, payload);
    expect(res.statusCode, res.body).toBe(200);
    return expectUserPayload(res.json());
  };
  /** What acme entered about the employee: its link (another partner's link holds its own). */
  const stored = (id: string) => readLink(t, acme.partnerId, Number(id));
  const norwegian = { identification: fnr, country_code: 'NO', birthday: '1985-08-15' };

  it('stores the identity; nationality shows the country code; id_verification stays false', async () => {
    const user = await createUser(t, acme);
    const updated = await ok(user.id, { ...norwegian, document_id: 'PA1234567' });
    expect(updated.nationality).toBe('NO');
    // Storing an identity is not verifying it: that takes an approved verification session.
    expect(updated.onboarding.steps.id_verification).toBe(false);
    const row = await stored(user.id);
    expect(row).toMatchObject({
      identification: fnr,
      identity_country_code: 'NO',
      birthday: '1985-08-15',
      document_id: 'PA1234567',
    });
    // Nothing is verified: only a provider, in this partner's own flow, sets that.
    expect(row).toMatchObject({ verified_identification: null, identity_verified_at: null });
  });

  it('identification, country_code and birthday are required; document_id is optional', async () => {
    const user = await createUser(t, acme);
    const errors = expect422(await send(user.id, {}), 'identification', 'country_code', 'birthday');
    expect(errors).not.toHaveProperty('document_id');
    await ok(user.id, { ...norwegian, document_id: null });
  });

  it('a Norwegian number with a wrong check digit is a 422 naming identification', async () => {
    const user = await createUser(t, acme);
    expect422(await send(user.id, { ...norwegian, identification: withWrongCheckDigit(fnr) }), 'identification');
    expect((await stored(user.id)).identification).toBeNull();
  });

  it('a Norwegian d-number passes', async () => {
    const user = await createUser(t, acme);
    expect((await ok(user.id, { ...norwegian, identification: norwegianId('550885') })).nationality).toBe('NO');
  });

  it('Sweden: a personnummer passes Luhn (12 digits stored as 10); a bad check digit is a 422', async () => {
    const user = await createUser(t, acme);
    expect(
      (await ok(user.id, { identification: '19811218-9876', country_code: 'SE', birthday: '1981-12-18' })).nationality,
    ).toBe('SE');
    expect((await stored(user.id)).identification).toBe('8112189876');
    expect422(
      await send(user.id, { identification: '811218-9875', country_code: 'SE', birthday: '1981-12-18' }),
      'identification',
    );
  });

  it('Finland: a henkilötunnus with its check character passes; a wrong one is a 422', async () => {
    const user = await createUser(t, acme);
    expect(
      (await ok(user.id, { identification: '131052-308t', country_code: 'fi', birthday: '1952-10-13' })).nationality,
    ).toBe('FI');
    expect((await stored(user.id)).identification).toBe('131052-308T');
    expect422(
      await send(user.id, { identification: '131052-308U', country_code: 'FI', birthday: '1952-10-13' }),
      'identification',
    );
  });

  it('Denmark: a CPR number starting with a real date passes', async () => {
    const user = await createUser(t, acme);
    expect(
      (await ok(user.id, { identification: '150885-1234', country_code: 'DK', birthday: '1985-08-15' })).nationality,
    ).toBe('DK');
  });

  it('a country without a rule accepts any non-empty value of at most 64 characters', async () => {
    const user = await createUser(t, acme);
    expect(
      (await ok(user.id, { identification: 'x'.repeat(64), country_code: 'DE', birthday: '1985-08-15' })).nationality,
    ).toBe('DE');
    expect422(
      await send(user.id, { identification: 'x'.repeat(65), country_code: 'DE', birthday: '1985-08-15' }),
      'identification',
    );
    expect422(
      await send(user.id, { identification: '', country_code: 'DE', birthday: '1985-08-15' }),
      'identification',
    );
    expect422(
      await send(user.id, { identification: '   ', country_code: 'DE', birthday: '1985-08-15' }),
      'identification',
    );
  });

  it.each(['PN', 'AQ', 'de'])(
    'country_code %j (ISO 3166-1, with or without a telephone plan) is accepted',
    async (country) => {
      const user = await createUser(t, acme);
      expect(
        (await ok(user.id, { identification: 'P1', country_code: country, birthday: '1985-08-15' })).nationality,
      ).toBe(country.toUpperCase());
    },
  );

  it.each(['XX', 'NOR', 'N', '47', ''])('country_code %j is a 422', async (country) => {
    const user = await createUser(t, acme);
    expect422(await send(user.id, { ...norwegian, country_code: country }), 'country_code');
  });

  it('birthday: today passes; tomorrow, an impossible date, other formats and dates before 1900 are a 422', async () => {
    const user = await createUser(t, acme);
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    await ok(user.id, { identification: 'P1', country_code: 'DE', birthday: today });
    for (const birthday of [tomorrow, '2023-02-30', '1985-13-01', '15.08.1985', '1985-8-15', '1899-12-31', '']) {
      expect422(await send(user.id, { ...norwegian, birthday }), 'birthday');
    }
  });

  it('document_id: 64 characters pass, 65 are a 422', async () => {
    const user = await createUser(t, acme);
    await ok(user.id, { ...norwegian, document_id: 'D'.repeat(64) });
    expect422(await send(user.id, { ...norwegian, document_id: 'D'.repeat(65) }), 'document_id');
  });

  it('a second identity replaces the first', async () => {
    const user = await createUser(t, acme);
    await ok(user.id, norwegian);
    const replaced = await ok(user.id, { identification: '811218-9876', country_code: 'SE', birthday: '1981-12-18' });
    expect(replaced.nationality).toBe('SE');
    expect((await stored(user.id)).identification).toBe('8112189876');
  });
});
