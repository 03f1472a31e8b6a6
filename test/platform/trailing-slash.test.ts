/** A trailing slash is a slip, not another resource: the same route answers, behind the same guard. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { createUser, email } from '../helpers/users.js';

describe('trailing slashes', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  it('GET /api/v1/users/ is GET /api/v1/users; a path parameter may end with a slash too', async () => {
    const user = await createUser(t, acme);
    const plain = await t.as(acme, { method: 'GET', url: '/api/v1/users' });
    const slashed = await t.as(acme, { method: 'GET', url: '/api/v1/users/' });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
    const one = await t.as(acme, { method: 'GET', url: `/api/v1/users/${user.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: user.id });
  });

  it('writes too, and the guard is the same: credentials, then the body', async () => {
    const created = await t.as(acme, { method: 'POST', url: '/api/v1/users/', payload: { email: email('slash') } });
    expect(created.statusCode, created.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/users/', payload: { email: email('slash') } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/terms/' })).statusCode).toBe(401);
  });

  it('/docs/guides/ lists the guides', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/guides/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/docs/guides/employees');
  });

  it('/login/ is the sign-in page, /login/x/ still a link that is not valid', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in to onpay');
    const rubbish = await t.app.inject({ method: 'GET', url: '/login/x/' });
    expect(rubbish.statusCode).toBe(404);
    expect(rubbish.body).toContain('not valid');
  });
});
