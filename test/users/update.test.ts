import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectUserPayload, type UserBody } from '../helpers/payload.js';
import {
  createUser,
  DE_IBAN,
  DEUTSCHE_BIC,
  DNB_BIC,
  expect422,
  NO_ACCOUNT,
  NO_IBAN,
  PROFILE,
  putProfile,
} from '../helpers/users.js';
import { readLink } from '../helpers/sealed.js';

const PROFILE_FIELDS = Object.keys(PROFILE);

describe('PUT and PATCH /users/{id}', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const put = (id: string, payload: Record<string, unknown>, method: 'PUT' | 'PATCH' = 'PUT') =>
    t.as(acme, { method, url: `/api/v1/users/${id}`, payload });
  const ok = async (
    id: string,
    payload: Record<string, unknown>,
    method: 'PUT' | 'PATCH' = 'PUT',
  ): Promise<UserBody> => {
    const res = await put(id, payload, method);
    expect(res.statusCode, res.body).toBe(200);
    return expectUserPayload(res.json());
  };
  /** What acme entered about the employee: its link (another partner's link holds its own). */
  const stored = (id: string) => readLink(t, acme.partnerId, Number(id));
  /** An employee with a full profile, so single profile fields may be sent. */
  const withProfile = async (body: Record<string, unknown> = {}) => {
    const user = await createUser(t, acme, body);
    return putProfile(t, acme, user.id);
  };

  describe('body limits (a profile exists, so fields may be sent one at a time)', () => {
    const LIMITS: Array<[string, number]> = [
      ['first_name', 254],
      ['last_name', 254],
      ['address', 255],
      ['city', 255],
      ['postal_code', 10],
      ['note', 4096],
    ];

    it.each(LIMITS)('%s: %i characters pass', async (field, max) => {
      const user = await withProfile();
      const value = 'ø'.repeat(max);
      const updated = await ok(user.id, { [field]: value });
      if (field === 'note') expect(updated.note).toBe(value);
      else expect((await stored(user.id))[field as 'city']).toBe(value);
    });

    it.each(LIMITS)('%s: one more character is a 422 naming it', async (field, max) => {
      const user = await withProfile();
      expect422(await put(user.id, { [field]: 'ø'.repeat(max + 1) }), field);
    });

    it('dial_code: 255 characters is a 422; a calling code is stored normalised; anything else is a 422', async () => {
      const user = await withProfile();
      expect422(await put(user.id, { dial_code: '4'.repeat(255) }), 'dial_code');
      expect422(await put(user.id, { dial_code: '+999' }), 'dial_code');
      await ok(user.id, { dial_code: '0046' });
      expect((await stored(user.id)).dial_code).toBe('+46');
    });

    it.each(['1234', '123456789012345'])('phone %j passes', async (phone) => {
      const user = await withProfile();
      expect((await ok(user.id, { phone })).phone).toBe(phone);
    });

    it.each(['123', '1234567890123456', '12a4', '+4712345678'])('phone %j is a 422 naming phone', async (phone) => {
      const user = await withProfile();
      expect422(await put(user.id, { phone }), 'phone');
    });

    it('main_work accepts "true", "false", true and false; "maybe" is a 422', async () => {
      const user = await withProfile();
      expect((await ok(user.id, { main_work: 'false' })).main_work).toBe('false');
      expect((await ok(user.id, { main_work: true })).main_work).toBe('true');
      expect((await ok(user.id, { main_work: false })).main_work).toBe('false');
      expect((await ok(user.id, { main_work: 'true' })).main_work).toBe('true');
      expect422(await put(user.id, { main_work: 'maybe' }), 'main_work');
    });

    it('internal_id must be an integer: the string "12" is a 422', async () => {
      const user = await createUser(t, acme);
      expect422(await put(user.id, { internal_id: '12' }), 'internal_id');
      expect((await ok(user.id, { internal_id: 12 })).internal_id).toBe('12');
    });

    it('PATCH applies the same rules', async () => {
      const user = await withProfile();
      expect((await ok(user.id, { city: 'Bergen' }, 'PATCH')).city).toBe('Bergen');
      expect422(await put(user.id, { city: 'x'.repeat(256) }, 'PATCH'), 'city');
      expect422(await put(user.id, { phone: '12a4' }, 'PATCH'), 'phone');
    });
  });

  describe('when no profile exists yet (docs/decisions.md §6)', () => {
    it('a request with some profile fields must send all of them: 422 naming each missing one', async () => {
      const user = await createUser(t, acme);
      const errors = expect422(
        await put(user.id, { first_name: 'Ola', city: 'Oslo' }),
        'last_name',
        'address',
        'postal_code',
        'dial_code',
        'phone',
        'main_work',
      );
      expect(Object.keys(errors).sort()).toEqual(
        PROFILE_FIELDS.filter((f) => f !== 'first_name' && f !== 'city').sort(),
      );
      const row = await stored(user.id);
      expect(row.first_name).toBeNull();
      expect(row.city).toBeNull();
    });

    it('fields given at creation do not count as a profile', async () => {
      const user = await createUser(t, acme, { first_name: 'Ola', last_name: 'Nordmann', phone: '41234567' });
      expect(user.onboarding.steps.profile).toBe(false);
      expect422(await put(user.id, { phone: '41234568' }), 'first_name', 'main_work');
    });

    it('with every profile field the update completes the profile step', async () => {
      const user = await createUser(t, acme);
      const updated = await ok(user.id, { ...PROFILE, main_work: false });
      expect(updated).toMatchObject({
        name: 'Ola Nordmann',
        address: 'Storgata 1',
        postal_code: '0155',
        city: 'Oslo',
        phone: '41234567',
        main_work: 'false',
      });
      expect(updated.onboarding.steps.profile).toBe(true);
    });

    it.each([
      ['bank-only', { bank_account_number: NO_ACCOUNT }],
      ['note-only', { note: 'Night shifts' }],
      ['internal_id-only', { internal_id: 3001 }],
      ['an empty body', {}],
      ['only nulls (null means not sent)', { first_name: null, phone: null, main_work: null }],
    ])('a %s update needs nothing else', async (_name, body) => {
      const user = await createUser(t, acme);
      const updated = await ok(user.id, body);
      expect(updated.onboarding.steps.profile).toBe(false);
    });
  });

  describe('when a profile exists', () => {
    it('a single field changes; every other field keeps its value', async () => {
      const user = await withProfile({ note: 'keep me', internal_id: 4001, bank_account_number: NO_ACCOUNT });
      const before = await stored(user.id);
      const updated = await ok(user.id, { city: 'Bergen' });
      expect(updated).toMatchObject({
        city: 'Bergen',
        name: 'Ola Nordmann',
        address: 'Storgata 1',
        postal_code: '0155',
        phone: '41234567',
        main_work: 'true',
        note: 'keep me',
        internal_id: '4001',
        bank_account_number: NO_ACCOUNT,
      });
      const after = await stored(user.id);
      expect({ ...after, city: before.city, updated_at: before.updated_at }).toEqual(before);
      expect(updated.onboarding.steps.profile).toBe(true);
    });

    it('null means "not sent": nothing is cleared', async () => {
      const user = await withProfile({ note: 'keep me', internal_id: 4002 });
      const updated = await ok(user.id, { first_name: null, note: null, internal_id: null, bank_account_number: null });
      expect(updated).toMatchObject({ name: 'Ola Nordmann', note: 'keep me', internal_id: '4002' });
    });

    it('an empty profile field is a 422; an empty note clears the note', async () => {
      const user = await withProfile({ note: 'something' });
      expect422(await put(user.id, { first_name: '' }), 'first_name');
      expect422(await put(user.id, { city: '   ' }), 'city');
      expect((await ok(user.id, { note: '' })).note).toBe('');
    });

    it('a note is trimmed, as on POST /users', async () => {
      const user = await createUser(t, acme, { note: '  from create  ' });
      expect(user.note).toBe('from create');
      expect((await ok(user.id, { note: '  from update\n' })).note).toBe('from update');
      expect((await ok(user.id, { note: '   ' })).note).toBe('');
    });

    it('a failing request changes nothing, not even its valid fields', async () => {
      const user = await withProfile({ note: 'before' });
      expect422(
        await put(user.id, { note: 'after', city: 'Bergen', bank_account_number: '12345678904' }),
        'bank_account_number',
      );
      const view = expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${user.id}` })).json());
      expect(view).toMatchObject({ note: 'before', city: 'Oslo', bank_account_number: null });
    });
  });

  describe('bank account', () => {
    it('a domestic account with spaces or dots is stored as digits and completes the bank step', async () => {
      const user = await createUser(t, acme);
      const updated = await ok(user.id, { bank_account_number: '1234.56.78903' });
      expect(updated.bank_account_number).toBe(NO_ACCOUNT);
      expect(updated.onboarding.steps.bank_account).toBe(true);
    });

    it('switching domestic → international clears the domestic column, and back again', async () => {
      const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
      const international = await ok(user.id, { bank_iban_number: DE_IBAN, bank_bic_number: DEUTSCHE_BIC });
      expect(international).toMatchObject({
        bank_account_number: null,
        bank_iban_number: DE_IBAN,
        bank_bic_number: DEUTSCHE_BIC,
      });
      expect(international.onboarding.steps.bank_account).toBe(true);

      const domestic = await ok(user.id, { bank_account_number: '1234 56 78903' });
      expect(domestic).toMatchObject({
        bank_account_number: NO_ACCOUNT,
        bank_iban_number: null,
        bank_bic_number: null,
      });
      const row = await stored(user.id);
      expect([row.bank_account_number, row.bank_iban_number, row.bank_bic_number]).toEqual([NO_ACCOUNT, null, null]);
    });

    it('replacing one international account by another replaces both columns', async () => {
      const user = await createUser(t, acme, { bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC });
      expect(await ok(user.id, { bank_iban_number: DE_IBAN, bank_bic_number: DEUTSCHE_BIC })).toMatchObject({
        bank_iban_number: DE_IBAN,
        bank_bic_number: DEUTSCHE_BIC,
      });
    });

    it('blank bank fields count as not sent: the stored account stays', async () => {
      const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
      expect((await ok(user.id, { bank_account_number: '' })).bank_account_number).toBe(NO_ACCOUNT);
      const switched = await ok(user.id, {
        bank_account_number: '  ',
        bank_iban_number: DE_IBAN,
        bank_bic_number: DEUTSCHE_BIC,
      });
      expect(switched).toMatchObject({ bank_account_number: null, bank_iban_number: DE_IBAN });
    });

    it.each([
      [
        'mixed styles',
        { bank_account_number: NO_ACCOUNT, bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC },
        'bank_account_number',
      ],
      ['an IBAN without a BIC', { bank_iban_number: DE_IBAN }, 'bank_bic_number'],
      ['a BIC without an IBAN', { bank_bic_number: DEUTSCHE_BIC }, 'bank_iban_number'],
      [
        'a bad IBAN checksum',
        { bank_iban_number: 'DE88370400440532013000', bank_bic_number: DEUTSCHE_BIC },
        'bank_iban_number',
      ],
      ['a bad BIC shape', { bank_iban_number: DE_IBAN, bank_bic_number: 'DEUT-DEFF' }, 'bank_bic_number'],
      ['a bad MOD11 account', { bank_account_number: '12345678904' }, 'bank_account_number'],
    ])('%s is a 422 naming %s; the stored account is unchanged', async (_name, bank, field) => {
      const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
      expect422(await put(user.id, bank), field);
      const row = await stored(user.id);
      expect([row.bank_account_number, row.bank_iban_number, row.bank_bic_number]).toEqual([NO_ACCOUNT, null, null]);
    });
  });

  describe('internal_id', () => {
    it("is unique per partner: taking another employee's internal_id is a 422; keeping your own is fine", async () => {
      const first = await createUser(t, acme, { internal_id: 5001 });
      const second = await createUser(t, acme);
      expect422(await put(second.id, { internal_id: 5001 }), 'internal_id');
      expect((await ok(first.id, { internal_id: 5001 })).internal_id).toBe('5001');
      expect((await ok(second.id, { internal_id: 5002 })).internal_id).toBe('5002');
    });
  });
});
