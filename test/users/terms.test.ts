import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectUserPayload } from '../helpers/payload.js';
import { createUser, expect422 } from '../helpers/users.js';

const INITIAL_TERMS = {
  code: 'onpay-2026-01',
  title: 'onpay terms of service',
  url: 'https://onpay.example/terms/2026-01',
};
const NEW_TERMS = {
  code: 'onpay-2027-01',
  title: 'onpay terms of service 2027',
  url: 'https://onpay.example/terms/2027-01',
};

describe('GET and POST /users/{id}/terms', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const get = (id: string) => t.as(acme, { method: 'GET', url: `/api/v1/users/${id}/terms` });
  const post = (id: string, payload: unknown) =>
    t.as(acme, { method: 'POST', url: `/api/v1/users/${id}/terms`, payload: payload as Record<string, unknown> });

  it('GET: not approved yet: approved_at null, the current terms, and no `changed`', async () => {
    const user = await createUser(t, acme);
    const res = await get(user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user_id: user.id, terms_approved: false, approved_at: null, terms: INITIAL_TERMS });
  });

  it('POST approved:true records the approval (changed:true); again changes nothing (changed:false)', async () => {
    const user = await createUser(t, acme);
    const approvedAt = t.clock.now().toISOString();
    const first = await post(user.id, { approved: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      user_id: user.id,
      terms_approved: true,
      approved_at: approvedAt,
      terms: INITIAL_TERMS,
      changed: true,
    });

    t.clock.advance(60_000);
    const second = await post(user.id, { approved: true });
    expect(second.json()).toEqual({
      user_id: user.id,
      terms_approved: true,
      approved_at: approvedAt,
      terms: INITIAL_TERMS,
      changed: false,
    });

    const read = await get(user.id);
    expect(read.json()).toEqual({
      user_id: user.id,
      terms_approved: true,
      approved_at: approvedAt,
      terms: INITIAL_TERMS,
    });
    const payload = expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${user.id}` })).json());
    expect(payload.onboarding.steps.terms_approved).toBe(true);
  });

  it('POST approved:false withdraws (changed:true); again is changed:false', async () => {
    const user = await createUser(t, acme);
    await post(user.id, { approved: true });
    const withdrawn = await post(user.id, { approved: false });
    expect(withdrawn.json()).toEqual({
      user_id: user.id,
      terms_approved: false,
      approved_at: null,
      terms: INITIAL_TERMS,
      changed: true,
    });
    const again = await post(user.id, { approved: false });
    expect(again.json()).toMatchObject({ terms_approved: false, approved_at: null, changed: false });
    const payload = expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${user.id}` })).json());
    expect(payload.onboarding.steps.terms_approved).toBe(false);
  });

  it('withdrawing what was never approved is changed:false', async () => {
    const user = await createUser(t, acme);
    expect((await post(user.id, { approved: false })).json()).toMatchObject({ terms_approved: false, changed: false });
  });

  it.each([
    ['an empty body', {}],
    ['the string "true" (bodies are strictly typed)', { approved: 'true' }],
    ['1', { approved: 1 }],
    ['null', { approved: null }],
  ])('%s is a 422 naming approved', async (_name, body) => {
    const user = await createUser(t, acme);
    expect422(await post(user.id, body), 'approved');
  });

  it('concurrent approvals: all answer 200 and exactly one reports changed:true', async () => {
    const user = await createUser(t, acme);
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(user.id, { approved: true })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.json().changed === true)).toHaveLength(1);
  });
});

describe('publishing new terms', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  it('an approval is for one terms code: new terms need a new approval; republishing the old code restores the old one', async () => {
    const user = await createUser(t, acme);
    const url = `/api/v1/users/${user.id}/terms`;
    const firstApproval = t.clock.now().toISOString();
    await t.as(acme, { method: 'POST', url, payload: { approved: true } });

    t.clock.advance(3_600_000);
    await t.services.terms.service.publish(NEW_TERMS);
    expect((await t.as(acme, { method: 'GET', url })).json()).toEqual({
      user_id: user.id,
      terms_approved: false,
      approved_at: null,
      terms: NEW_TERMS,
    });

    t.clock.advance(60_000);
    const approved = await t.as(acme, { method: 'POST', url, payload: { approved: true } });
    expect(approved.json()).toEqual({
      user_id: user.id,
      terms_approved: true,
      approved_at: t.clock.now().toISOString(),
      terms: NEW_TERMS,
      changed: true,
    });

    t.clock.advance(60_000);
    await t.services.terms.service.publish(INITIAL_TERMS);
    expect((await t.as(acme, { method: 'GET', url })).json()).toEqual({
      user_id: user.id,
      terms_approved: true,
      approved_at: firstApproval,
      terms: INITIAL_TERMS,
    });
  });
});
