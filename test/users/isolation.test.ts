import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectUserPayload, type UserBody } from '../helpers/payload.js';
import { createUser, expect404, NO_ACCOUNT, norwegianId, PROFILE, putProfile } from '../helpers/users.js';
import { readLinksOf } from '../helpers/sealed.js';

type Route = [name: string, request: (id: string) => InjectOptions];

const PHONE = '41999999';
const IDENTITY = { identification: norwegianId('010190'), country_code: 'NO', birthday: '1990-01-01' };

/** Every route that takes an employee id in its path, with a body that would succeed for its owner. */
const ROUTES: Route[] = [
  ['GET /users/{id}', (id) => ({ method: 'GET', url: `/api/v1/users/${id}` })],
  [
    'PUT /users/{id}',
    (id) => ({
      method: 'PUT',
      url: `/api/v1/users/${id}`,
      payload: { note: 'changed', bank_account_number: NO_ACCOUNT },
    }),
  ],
  ['PATCH /users/{id}', (id) => ({ method: 'PATCH', url: `/api/v1/users/${id}`, payload: { note: 'changed' } })],
  [
    'PUT /users/{id}/profile',
    (id) => ({
      method: 'PUT',
      url: `/api/v1/users/${id}/profile`,
      payload: { ...PROFILE, first_name: 'Kari', phone: PHONE },
    }),
  ],
  [
    'PATCH /users/{id}/profile',
    (id) => ({
      method: 'PATCH',
      url: `/api/v1/users/${id}/profile`,
      payload: { ...PROFILE, first_name: 'Kari', phone: PHONE },
    }),
  ],
  ['PUT /users/{id}/identity', (id) => ({ method: 'PUT', url: `/api/v1/users/${id}/identity`, payload: IDENTITY })],
  ['GET /users/{id}/terms', (id) => ({ method: 'GET', url: `/api/v1/users/${id}/terms` })],
  [
    'POST /users/{id}/terms',
    (id) => ({ method: 'POST', url: `/api/v1/users/${id}/terms`, payload: { approved: true } }),
  ],
];

describe('partner isolation on every employee route', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let ola: UserBody;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    ola = await createUser(t, acme, { note: 'Acme only', internal_id: 1 });
    await putProfile(t, acme, ola.id, { phone: PHONE });
    expect(
      (await t.as(acme, { method: 'PUT', url: `/api/v1/users/${ola.id}/identity`, payload: IDENTITY })).statusCode,
    ).toBe(200);
    await createUser(t, globex);
  });
  afterAll(() => t.close());

  const snapshot = async () => ({
    user: await t.db.db.selectFrom('users').selectAll().where('id', '=', Number(ola.id)).executeTakeFirstOrThrow(),
    links: await readLinksOf(t, Number(ola.id)),
    approvals: await t.db.db.selectFrom('terms_approvals').selectAll().where('user_id', '=', Number(ola.id)).execute(),
  });

  it.each(ROUTES)("%s: another partner's employee is a 404 {error}, and nothing changes", async (_name, request) => {
    const before = await snapshot();
    expect404(await t.as(globex, request(ola.id)));
    expect(await snapshot()).toEqual(before);
  });

  it.each(ROUTES)('%s: the owner gets 200 (the same request is otherwise valid)', async (name, request) => {
    const res = await t.as(acme, request(ola.id));
    expect(res.statusCode, res.body).toBe(200);
    if (name.endsWith('/terms')) expect(res.json().user_id).toBe(ola.id);
    else expect(expectUserPayload(res.json()).id).toBe(ola.id);
  });

  it.each(ROUTES)('%s: an id that is not a positive integer, or unknown, is a 404 {error}', async (_name, request) => {
    // 2147483648 and up cannot be a user id (a 32-bit serial on PostgreSQL) and must not reach the query.
    for (const id of [
      'abc',
      '0',
      '-1',
      '1.5',
      '01',
      '1e3',
      ' 1',
      '999999',
      '2147483648',
      '9999999999',
      '9007199254740991',
      '99999999999999999999',
    ]) {
      expect404(await t.as(acme, request(encodeURIComponent(id))));
    }
  });

  it.each(ROUTES)('%s: without credentials is a 401 {message}', async (_name, request) => {
    const res = await t.app.inject(request(ola.id));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it("GET /users never lists another partner's employees", async () => {
    const page = (await t.as(globex, { method: 'GET', url: '/api/v1/users' })).json() as {
      total: number;
      results: UserBody[];
    };
    expect(page.total).toBe(1);
    expect(page.results.map((u) => u.id)).not.toContain(ola.id);
  });

  it('POST /users/lookup never crosses partners', async () => {
    for (const payload of [{ user_id: Number(ola.id) }, { phone: PHONE }, { ssn: IDENTITY.identification }]) {
      expect404(await t.as(globex, { method: 'POST', url: '/api/v1/users/lookup', payload }));
      expect((await t.as(acme, { method: 'POST', url: '/api/v1/users/lookup', payload })).statusCode).toBe(200);
    }
  });

  it('a linked employee is visible to both partners, each seeing only what it entered itself', async () => {
    const initech = await t.partner('Initech');
    expect(
      (await t.as(acme, { method: 'PUT', url: `/api/v1/users/${ola.id}`, payload: { note: 'Acme only' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.as(initech, { method: 'POST', url: '/api/v1/users', payload: { email: ola.email, internal_id: 1 } }))
        .statusCode,
    ).toBe(200);
    const theirs = expectUserPayload((await t.as(initech, { method: 'GET', url: `/api/v1/users/${ola.id}` })).json());
    const ours = expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${ola.id}` })).json());
    expect(theirs).toMatchObject({ id: ola.id, email: ola.email, internal_id: '1', note: '' });
    expect(ours).toMatchObject({ id: ola.id, email: ola.email, internal_id: '1', note: 'Acme only' });
    // Profile, bank and the registered identity belong to Acme's link: Initech sees none of them.
    expect(ours).toMatchObject({ phone: PHONE, name: 'Kari Nordmann', nationality: 'NO' });
    expect(theirs).toMatchObject({
      name: '',
      phone: '',
      address: '',
      postal_code: '',
      city: '',
      nationality: '',
      bank_account_number: null,
      bank_iban_number: null,
      bank_bic_number: null,
    });
  });
});
