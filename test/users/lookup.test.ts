import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectUserPayload, type UserBody } from '../helpers/payload.js';
import { createUser, expect404, expect422, norwegianId, putProfile } from '../helpers/users.js';

describe('POST /users/lookup', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let ola: UserBody;
  const olaId = norwegianId('010190');

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    ola = await createUser(t, acme);
    await putProfile(t, acme, ola.id, { phone: '41000001' });
    const identity = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${ola.id}/identity`,
      payload: { identification: olaId, country_code: 'NO', birthday: '1990-01-01' },
    });
    expect(identity.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const lookup = (partner: TestPartner, payload: Record<string, unknown>) =>
    t.as(partner, { method: 'POST', url: '/api/v1/users/lookup', payload });
  const found = async (partner: TestPartner, payload: Record<string, unknown>): Promise<UserBody> => {
    const res = await lookup(partner, payload);
    expect(res.statusCode, res.body).toBe(200);
    return expectUserPayload(res.json());
  };

  it('finds an employee by user_id, with the same payload as GET /users/{id}', async () => {
    const user = await found(acme, { user_id: Number(ola.id) });
    const get = await t.as(acme, { method: 'GET', url: `/api/v1/users/${ola.id}` });
    expect(user).toEqual(get.json());
  });

  it('finds an employee by phone (separators ignored)', async () => {
    expect((await found(acme, { phone: '41000001' })).id).toBe(ola.id);
    expect((await found(acme, { phone: '410 00 001' })).id).toBe(ola.id);
  });

  it('finds an employee by ssn, in any accepted spelling', async () => {
    expect((await found(acme, { ssn: olaId })).id).toBe(ola.id);
    expect((await found(acme, { ssn: `${olaId.slice(0, 6)} ${olaId.slice(6)}` })).id).toBe(ola.id);
  });

  it('finds a Swedish personnummer by its 10- and 12-digit forms', async () => {
    const sven = await createUser(t, acme);
    await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${sven.id}/identity`,
      payload: { identification: '811218-9876', country_code: 'SE', birthday: '1981-12-18' },
    });
    for (const ssn of ['8112189876', '811218-9876', '198112189876', '19811218-9876'])
      expect((await found(acme, { ssn })).id).toBe(sven.id);
  });

  it('finds a Finnish henkilötunnus in either letter case', async () => {
    const aino = await createUser(t, acme);
    await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${aino.id}/identity`,
      payload: { identification: '131052-308T', country_code: 'FI', birthday: '1952-10-13' },
    });
    expect((await found(acme, { ssn: '131052-308t' })).id).toBe(aino.id);
  });

  it.each([
    ['nothing', {}],
    ['two keys', { user_id: 1, phone: '41000001' }],
    ['all three keys', { user_id: 1, phone: '41000001', ssn: '01019012345' }],
  ])('sending %s is a 422', async (_name, body) => {
    expect422(await lookup(acme, body));
  });

  it.each([
    ['user_id as a string (bodies are strictly typed)', { user_id: '1' }, 'user_id'],
    ['user_id 0', { user_id: 0 }, 'user_id'],
    ['an empty phone', { phone: '' }, 'phone'],
    ['an empty ssn', { ssn: '' }, 'ssn'],
  ])('%s is a 422 naming the field', async (_name, body, field) => {
    expect422(await lookup(acme, body), field);
  });

  it('no match is a 404 {error}', async () => {
    expect404(await lookup(acme, { user_id: 999_999 }));
    expect404(await lookup(acme, { user_id: 2_147_483_648 }));
    expect404(await lookup(acme, { user_id: Number.MAX_SAFE_INTEGER }));
    expect404(await lookup(acme, { phone: '49999999' }));
    expect404(await lookup(acme, { ssn: norwegianId('020290') }));
  });

  it("two of the partner's employees with one phone is a 422 (ambiguous): look them up by user_id", async () => {
    const a = await createUser(t, acme);
    const b = await createUser(t, acme);
    await putProfile(t, acme, a.id, { phone: '41000002' });
    await putProfile(t, acme, b.id, { phone: '41000002' });
    expect422(await lookup(acme, { phone: '41000002' }), 'phone');
    expect((await found(acme, { user_id: Number(b.id) })).id).toBe(b.id);
  });

  it('two employees with one identity number is a 422 naming ssn', async () => {
    const id = norwegianId('030390');
    for (let i = 0; i < 2; i++) {
      const user = await createUser(t, acme);
      await t.as(acme, {
        method: 'PUT',
        url: `/api/v1/users/${user.id}/identity`,
        payload: { identification: id, country_code: 'NO', birthday: '1990-03-03' },
      });
    }
    expect422(await lookup(acme, { ssn: id }), 'ssn');
  });

  describe('never crosses partners', () => {
    it("another partner's employee is not found by user_id, phone or ssn", async () => {
      expect404(await lookup(globex, { user_id: Number(ola.id) }));
      expect404(await lookup(globex, { phone: '41000001' }));
      expect404(await lookup(globex, { ssn: olaId }));
    });

    it("a phone shared with another partner's employee is not ambiguous", async () => {
      const theirs = await createUser(t, globex);
      await putProfile(t, globex, theirs.id, { phone: '41000003' });
      const ours = await createUser(t, acme);
      await putProfile(t, acme, ours.id, { phone: '41000003' });
      expect((await found(acme, { phone: '41000003' })).id).toBe(ours.id);
      expect((await found(globex, { phone: '41000003' })).id).toBe(theirs.id);
    });

    it('once linked, each partner finds the employee by what it entered itself, with its own internal_id', async () => {
      const linked = await t.as(globex, {
        method: 'POST',
        url: '/api/v1/users',
        payload: { email: ola.email, internal_id: 77 },
      });
      expect(linked.statusCode).toBe(200);
      expect((await found(globex, { user_id: Number(ola.id) })).internal_id).toBe('77');
      // Acme's phone and registered (unverified) number are Acme's: Globex does not find the employee by them.
      expect404(await lookup(globex, { phone: '41000001' }));
      expect404(await lookup(globex, { ssn: olaId }));
      // Once Globex registers the number itself, it finds the employee by it.
      const identity = await t.as(globex, {
        method: 'PUT',
        url: `/api/v1/users/${ola.id}/identity`,
        payload: { identification: olaId, country_code: 'NO', birthday: '1990-01-01' },
      });
      expect(identity.statusCode, identity.body).toBe(200);
      expect(await found(globex, { ssn: olaId })).toMatchObject({ id: ola.id, internal_id: '77' });
      expect((await found(acme, { ssn: olaId })).internal_id).toBe('');
    });
  });
});
