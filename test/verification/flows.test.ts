/**
 * POST /users/{id}/verification/flows (docs/specification.md, Verification; docs/decisions.md §8): the creation fields, the
 * return-URL guard, provider and id_type rules, one pending session per employee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { createUser, expect404, expect422 } from '../helpers/users.js';
import { RETURN, approvedReturnUrl, complete, poll, type FlowBody } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CREATION_FIELDS = [
  'expires_at',
  'id_type',
  'provider',
  'status',
  'status_check_url',
  'verification_id',
  'verification_url',
];

describe(`POST /users/{id}/verification/flows (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  const start = (
    partner: TestPartner,
    userId: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => t.as(partner, { method: 'POST', url: `/api/v1/users/${userId}/verification/flows`, payload, headers });

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    await approvedReturnUrl(t, acme, RETURN);
    await approvedReturnUrl(t, acme, 'https://acme.example/pending', null);
    await approvedReturnUrl(t, acme, 'https://acme.example/rejected', 'rejected');
    await approvedReturnUrl(t, globex, 'https://globex.example/cb');
  });
  afterAll(() => t.close());

  it('answers 201 with exactly the creation fields (provider_doc)', async () => {
    const user = await createUser(t, acme);
    const res = await start(acme, user.id, { provider: 'provider_doc', id_type: 'local', partner_return_url: RETURN });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as FlowBody;
    expect(Object.keys(body).sort()).toEqual(CREATION_FIELDS);
    expect(body.verification_id).toMatch(UUID);
    expect(body.provider).toBe('provider_doc');
    expect(body.status).toBe('pending');
    expect(body.id_type).toBe('local');
    expect(body.verification_url).toMatch(/^http:\/\/onpay\.test\/verify\/[A-Za-z0-9_-]{20,}$/);
    expect(body.verification_url).not.toContain(body.verification_id);
    expect(body.status_check_url).toBe(`http://onpay.test/api/v1/verification/status/${body.verification_id}`);
    expect(body.expires_at).toBe(new Date(t.clock.now().getTime() + 60 * 60_000).toISOString());

    const row = await t.db.db
      .selectFrom('verification_sessions')
      .selectAll()
      .where('id', '=', body.verification_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      partner_id: acme.partnerId,
      user_id: Number(user.id),
      status: 'pending',
      partner_return_url: RETURN,
    });
    // Only a digest of the start token is stored.
    expect(JSON.stringify(row)).not.toContain(body.verification_url.split('/').pop());
  });

  it('accepts id_type international for provider_doc', async () => {
    const user = await createUser(t, acme);
    const res = await start(acme, user.id, {
      provider: 'provider_doc',
      id_type: 'international',
      partner_return_url: RETURN,
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as FlowBody).id_type).toBe('international');
  });

  it('ignores id_type for provider_eid entirely, whatever its value, and returns null', async () => {
    const user = await createUser(t, acme);
    for (const id_type of [
      undefined,
      'local',
      'international',
      null,
      'passport',
      '',
      42,
      true,
      ['local'],
      { kind: 'local' },
    ]) {
      const payload = {
        provider: 'provider_eid',
        partner_return_url: RETURN,
        ...(id_type === undefined ? {} : { id_type }),
      };
      const res = await start(acme, user.id, payload);
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as FlowBody).id_type).toBeNull();
    }
  });

  it('keeps the supplied return URL (trimmed, with its query) for the final redirect', async () => {
    const user = await createUser(t, acme);
    const supplied = `${RETURN}/order17?lang=nb&x=a%20b`;
    const res = await start(acme, user.id, { provider: 'provider_eid', partner_return_url: `  ${supplied} ` });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as FlowBody).verification_id;
    const row = await t.db.db
      .selectFrom('verification_sessions')
      .select('partner_return_url')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.partner_return_url).toBe(supplied);
  });

  const notAllowed: Array<[string, string]> = [
    ['an unregistered URL', 'https://evil.example/onpay/return'],
    ['a pending URL', 'https://acme.example/pending'],
    ['a rejected URL', 'https://acme.example/rejected'],
    ["another partner's approved URL", 'https://globex.example/cb'],
    ['a prefix extension', `${RETURN}x`],
    ['a hyphen in the extra segment', `${RETURN}/order-17`],
    ['user-info', 'https://acme.example@evil.example/onpay/return'],
    ['a fragment', `${RETURN}#x`],
    ['http (an https base)', 'http://acme.example/onpay/return'],
    ['a dot-dot segment', `${RETURN}/../../evil`],
    ['empty', ''],
    ['2049 characters', `${RETURN}/${'a'.repeat(2049 - RETURN.length - 1)}`],
  ];

  it.each(notAllowed)('rejects %s with 422 naming partner_return_url', async (_name, url) => {
    const user = await createUser(t, acme);
    expect422(await start(acme, user.id, { provider: 'provider_eid', partner_return_url: url }), 'partner_return_url');
    const rows = await t.db.db
      .selectFrom('verification_sessions')
      .select('id')
      .where('user_id', '=', Number(user.id))
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('rejects a missing partner_return_url', async () => {
    const user = await createUser(t, acme);
    expect422(await start(acme, user.id, { provider: 'provider_eid' }), 'partner_return_url');
  });

  it.each([
    ['missing', undefined],
    ['unknown', 'provider_bankid'],
    ['wrong case', 'Provider_EID'],
    ['a number', 1],
  ])('rejects a %s provider with 422 naming provider', async (_name, provider) => {
    const user = await createUser(t, acme);
    expect422(await start(acme, user.id, { provider, partner_return_url: RETURN }), 'provider');
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['unknown', 'passport'],
    ['empty', ''],
    ['a number', 1],
    ['an object', { kind: 'local' }],
  ])('rejects a %s id_type for provider_doc with 422 naming id_type', async (_name, idType) => {
    const user = await createUser(t, acme);
    expect422(
      await start(acme, user.id, { provider: 'provider_doc', id_type: idType, partner_return_url: RETURN }),
      'id_type',
    );
  });

  it("answers 404 {error} for another partner's employee, an unknown one and a malformed id", async () => {
    const theirs = await createUser(t, globex);
    expect404(await start(acme, theirs.id, { provider: 'provider_eid', partner_return_url: RETURN }));
    expect404(await start(acme, '999999', { provider: 'provider_eid', partner_return_url: RETURN }));
    expect404(await start(acme, 'abc', { provider: 'provider_eid', partner_return_url: RETURN }));
    // The other partner cannot use its own URL for a user it does not have either.
    const mine = await createUser(t, acme);
    expect404(
      await start(globex, mine.id, { provider: 'provider_eid', partner_return_url: 'https://globex.example/cb' }),
    );
  });

  it('needs credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/1/verification/flows',
      payload: { provider: 'provider_eid', partner_return_url: RETURN },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a new flow cancels the pending one: old → cancelled with next_action retry', async () => {
    const user = await createUser(t, acme);
    const first = (
      await start(acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN })
    ).json() as FlowBody;
    t.clock.advance(60_000);
    const second = await start(acme, user.id, {
      provider: 'provider_doc',
      id_type: 'local',
      partner_return_url: RETURN,
    });
    expect(second.statusCode).toBe(201);
    const secondBody = second.json() as FlowBody;
    expect(secondBody.verification_id).not.toBe(first.verification_id);
    expect(secondBody.verification_url).not.toBe(first.verification_url);

    const old = (await poll(t, acme, first.verification_id)).json();
    expect(old).toMatchObject({ status: 'cancelled', next_action: 'retry', verified_at: t.clock.now().toISOString() });
    const current = (await poll(t, acme, secondBody.verification_id)).json();
    expect(current).toMatchObject({ status: 'pending', next_action: 'continue_verification' });

    const pending = await t.db.db
      .selectFrom('verification_sessions')
      .select('id')
      .where('user_id', '=', Number(user.id))
      .where('status', '=', 'pending')
      .execute();
    expect(pending.map((r) => r.id)).toEqual([secondBody.verification_id]);

    // The replaced session's link no longer leads to a provider, and says why.
    const page = await t.app.inject({ method: 'GET', url: new URL(first.verification_url).pathname });
    expect(page.body).toContain('This link was replaced');
  });

  it('a new flow after an expired one leaves the old one expired, not cancelled', async () => {
    const user = await createUser(t, acme);
    const first = (
      await start(acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN })
    ).json() as FlowBody;
    t.clock.advance(61 * 60_000);
    expect((await start(acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN })).statusCode).toBe(201);
    const old = (await poll(t, acme, first.verification_id)).json();
    expect(old).toMatchObject({ status: 'expired', next_action: 'retry', verified_at: first.expires_at });
  });

  it('a new flow after a terminal one leaves the old one as it was', async () => {
    const user = await createUser(t, acme);
    const first = (
      await start(acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN })
    ).json() as FlowBody;
    const done = await complete(t, acme, first.verification_id, 'declined');
    expect(done.statusCode, done.body).toBe(200);
    expect((await start(acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN })).statusCode).toBe(201);
    const old = (await poll(t, acme, first.verification_id)).json();
    expect(old).toMatchObject({ status: 'declined', next_action: 'show_error' });
  });

  it('concurrent starts for one employee leave exactly one pending session', async () => {
    const user = await createUser(t, acme);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => start(acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN })),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.db
      .selectFrom('verification_sessions')
      .select(['id', 'status'])
      .where('user_id', '=', Number(user.id))
      .execute();
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
  });

  it('stores an Idempotency-key: reuse answers 400 and starts nothing', async () => {
    const user = await createUser(t, acme);
    const key = '9b2e6a1c-7d4f-4e8a-b1c2-3d4e5f6a7b8c';
    const payload = { provider: 'provider_eid', partner_return_url: RETURN };
    expect((await start(acme, user.id, payload, { 'idempotency-key': key })).statusCode).toBe(201);
    const reused = await start(acme, user.id, payload, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(400);
    expect(Object.keys(reused.json())).toEqual(['error']);
    const malformed = await start(acme, user.id, payload, { 'idempotency-key': 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    const rows = await t.db.db
      .selectFrom('verification_sessions')
      .select('status')
      .where('user_id', '=', Number(user.id))
      .execute();
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('a key used by a request that failed validation is not stored', async () => {
    const user = await createUser(t, acme);
    const key = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    expect(
      (
        await start(
          acme,
          user.id,
          { provider: 'provider_eid', partner_return_url: 'https://evil.example/' },
          { 'idempotency-key': key },
        )
      ).statusCode,
    ).toBe(422);
    expect(
      (await start(acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN }, { 'idempotency-key': key }))
        .statusCode,
    ).toBe(201);
  });
});

describe('live environment without configured providers', () => {
  it('refuses both providers with 422 naming provider', async () => {
    const t = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_BASE_URL: 'https://onpay.test',
      },
    });
    try {
      const partner = await t.partner();
      await approvedReturnUrl(t, partner, RETURN);
      const user = await createUser(t, partner);
      const configured = new Set(t.services.verification.adapters.keys());
      for (const provider of ['provider_eid', 'provider_doc'] as const) {
        const res = await t.as(partner, {
          method: 'POST',
          url: `/api/v1/users/${user.id}/verification/flows`,
          payload: { provider, id_type: 'local', partner_return_url: RETURN },
        });
        if (configured.has(provider)) expect(res.statusCode).toBe(201);
        else expect422(res, 'provider');
      }
    } finally {
      await t.close();
    }
  });
});
