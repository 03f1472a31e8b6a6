/**
 * GET /verification/status/{verificationSession} (docs/specification.md, Verification session, docs/decisions.md §8): every
 * field in every state, next_action, polling and lazy expiry with an injected clock, onboarding,
 * 403/404, and the sandbox test helper that ends sessions for partners' automated tests.
 */
import { pick, verifiedIdentityOf } from '../helpers/employees.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { expectOnboarding, expectUserPayload } from '../helpers/payload.js';
import { NO_ACCOUNT, createUser, expect422, putProfile } from '../helpers/users.js';
import { POLL_RECORD_INTERVAL_MS } from '../../src/modules/verification/sessions.service.js';
import { RETURN, approvedReturnUrl, complete, poll, startFlow } from './helpers.js';

const STATUS_FIELDS = [
  'expires_at',
  'id_type',
  'last_polled_at',
  'next_action',
  'onboarding',
  'provider',
  'status',
  'user_id',
  'verification_id',
  'verified_at',
].sort();

const NEXT_ACTION = {
  pending: 'continue_verification',
  approved: 'redirect_to_partner',
  declined: 'show_error',
  cancelled: 'retry',
  expired: 'retry',
  error: 'retry',
} as const;
type Status = keyof typeof NEXT_ACTION;
const TERMINAL = ['approved', 'declined', 'cancelled', 'expired', 'error'] as const;

interface StatusBody {
  verification_id: string;
  user_id: number;
  provider: string;
  id_type: string | null;
  status: Status;
  verified_at: string | null;
  expires_at: string;
  next_action: string;
  last_polled_at: string;
  onboarding: ReturnType<typeof expectOnboarding> | null;
}

/** Asserts the exact field set and types of a status response and returns it typed. */
function expectStatusBody(raw: unknown): StatusBody {
  const body = raw as StatusBody;
  expect(Object.keys(body).sort()).toEqual(STATUS_FIELDS);
  expect(body.user_id).toBeTypeOf('number');
  expect(body.next_action).toBe(NEXT_ACTION[body.status]);
  if (body.status === 'pending') expect(body.verified_at).toBeNull();
  else expect(body.verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  if (body.onboarding !== null) expectOnboarding(body.onboarding);
  return body;
}

const ERROR_BODY = { error: expect.any(String) };

describe(`GET /verification/status/{verificationSession} (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    await approvedReturnUrl(t, acme, RETURN);
  });
  afterAll(() => t.close());

  it('a pending session: every field, verified_at null, next_action continue_verification', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id, {
      provider: 'provider_doc',
      id_type: 'international',
      partner_return_url: RETURN,
    });
    t.clock.advance(2_000);
    const res = await poll(t, acme, flow.verification_id);
    expect(res.statusCode, res.body).toBe(200);
    const body = expectStatusBody(res.json());
    expect(body).toEqual({
      verification_id: flow.verification_id,
      user_id: Number(user.id),
      provider: 'provider_doc',
      id_type: 'international',
      status: 'pending',
      verified_at: null,
      expires_at: flow.expires_at,
      next_action: 'continue_verification',
      last_polled_at: t.clock.now().toISOString(),
      onboarding: expect.any(Object),
    });
    // The same onboarding object as the user payload, evaluated now.
    expect(body.onboarding).toEqual({ ...user.onboarding, evaluated_at: t.clock.now().toISOString() });
  });

  it.each(TERMINAL)('%s: every field, verified_at set, next_action per docs/decisions.md §8', async (status) => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    t.clock.advance(90_000);
    const completedAt = t.clock.now().toISOString();
    const done = await complete(t, acme, flow.verification_id, status);
    expect(done.statusCode, done.body).toBe(200);
    expect(expectStatusBody(done.json())).toMatchObject({ status, verified_at: completedAt });

    t.clock.advance(3_000);
    const body = expectStatusBody((await poll(t, acme, flow.verification_id)).json());
    expect(body).toMatchObject({
      verification_id: flow.verification_id,
      user_id: Number(user.id),
      provider: 'provider_eid',
      id_type: null,
      status,
      verified_at: completedAt,
      expires_at: flow.expires_at,
      next_action: NEXT_ACTION[status],
      last_polled_at: t.clock.now().toISOString(),
    });
    expect(body.onboarding?.steps.id_verification).toBe(status === 'approved');
  });

  it('last_polled_at answers the time of every poll; the stored one is written at most once per POLL_RECORD_INTERVAL_MS', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    const stored = async () =>
      (
        await t.db.db
          .selectFrom('verification_sessions')
          .select('last_polled_at')
          .where('id', '=', flow.verification_id)
          .executeTakeFirstOrThrow()
      ).last_polled_at;
    expect(await stored()).toBeNull();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(3_000);
      const body = expectStatusBody((await poll(t, acme, flow.verification_id)).json());
      expect(body.last_polled_at).toBe(t.clock.now().toISOString());
      expect(body.status).toBe('pending');
      seen.push(body.last_polled_at);
    }
    expect(new Set(seen).size).toBe(3);
    // The first poll is recorded; the next two came within the interval and did not write.
    expect(await stored()).toBe(seen[0]);
    t.clock.advance(POLL_RECORD_INTERVAL_MS - 6_000);
    await poll(t, acme, flow.verification_id);
    expect(await stored()).toBe(seen[0]);
    t.clock.advance(1);
    const later = expectStatusBody((await poll(t, acme, flow.verification_id)).json());
    expect(await stored()).toBe(later.last_polled_at);
  });

  it('expires lazily: pending until expires_at, then expired with verified_at = expires_at', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    expect(Date.parse(flow.expires_at) - t.clock.now().getTime()).toBe(60 * 60_000);

    t.clock.advance(60 * 60_000 - 1);
    expect(expectStatusBody((await poll(t, acme, flow.verification_id)).json()).status).toBe('pending');

    t.clock.advance(1);
    const expired = expectStatusBody((await poll(t, acme, flow.verification_id)).json());
    expect(expired).toMatchObject({
      status: 'expired',
      next_action: 'retry',
      verified_at: flow.expires_at,
      last_polled_at: t.clock.now().toISOString(),
    });

    // Stored, and final: the helper cannot end it any more.
    const row = await t.db.db
      .selectFrom('verification_sessions')
      .select(['status', 'verified_at'])
      .where('id', '=', flow.verification_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', verified_at: flow.expires_at });
    t.clock.advance(60_000);
    expect((await complete(t, acme, flow.verification_id, 'approved')).statusCode).toBe(409);
    expect(expectStatusBody((await poll(t, acme, flow.verification_id)).json())).toMatchObject({
      status: 'expired',
      verified_at: flow.expires_at,
    });
  });

  it('the test helper cannot approve a session whose time ran out without a poll', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    t.clock.advance(61 * 60_000);
    const res = await complete(t, acme, flow.verification_id, 'approved');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(ERROR_BODY);
    expect(expectStatusBody((await poll(t, acme, flow.verification_id)).json()).status).toBe('expired');
  });

  it.each(TERMINAL)(
    'terminal states are final: a second complete after %s answers 409 and changes nothing',
    async (status) => {
      const user = await createUser(t, acme);
      const flow = await startFlow(t, acme, user.id);
      const first = expectStatusBody((await complete(t, acme, flow.verification_id, status)).json());
      t.clock.advance(10_000);
      for (const next of TERMINAL) {
        const again = await complete(t, acme, flow.verification_id, next);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual(ERROR_BODY);
      }
      const after = expectStatusBody((await poll(t, acme, flow.verification_id)).json());
      expect(after).toMatchObject({ status, verified_at: first.verified_at, next_action: NEXT_ACTION[status] });
    },
  );

  it('approval completes id_verification and stores the test identity; the other steps stay as they were', async () => {
    const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
    await t.as(acme, { method: 'POST', url: `/api/v1/users/${user.id}/terms`, payload: { approved: true } });
    await putProfile(t, acme, user.id);

    const flow = await startFlow(t, acme, user.id);
    const before = expectStatusBody((await poll(t, acme, flow.verification_id)).json());
    expect(before.onboarding?.missing_steps).toEqual(['id_verification']);
    expect(before.onboarding?.is_onboarded).toBe(false);

    const approved = expectStatusBody((await complete(t, acme, flow.verification_id, 'approved')).json());
    expect(approved.onboarding).toMatchObject({
      is_onboarded: true,
      missing_steps: [],
      steps: { id_verification: true },
    });

    const payload = expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${user.id}` })).json());
    expect(payload.nationality).toBe('NO');
    expect(payload.onboarding.is_onboarded).toBe(true);

    const stored = await verifiedIdentityOf(t, acme, user.id);
    expect(stored.identification).toMatch(/^\d{11}$/);
    expect(stored).toMatchObject({ identity_country_code: 'NO', identity_verified_at: t.clock.now().toISOString() });
    // The sandbox identity is the employee's own synthetic number: its birthday is the one the number encodes.
    expect(stored.birthday).toMatch(/^199\d-\d{2}-\d{2}$/);
    expect(stored.identification!.slice(0, 2)).toBe(stored.birthday!.slice(8, 10));

    // The identity is the employee's now: lookup by national identity number finds them.
    const lookup = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/users/lookup',
      payload: { ssn: stored.identification },
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(expectUserPayload(lookup.json()).id).toBe(user.id);
  });

  it('approval on a fresh employee shrinks missing_steps by id_verification only', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    const before = expectStatusBody((await poll(t, acme, flow.verification_id)).json()).onboarding!;
    const after = expectStatusBody((await complete(t, acme, flow.verification_id, 'approved')).json()).onboarding!;
    expect(before.missing_steps).toContain('id_verification');
    expect(after.missing_steps).toEqual(before.missing_steps.filter((step) => step !== 'id_verification'));
  });

  it.each(['declined', 'cancelled', 'expired', 'error'] as const)(
    '%s leaves id_verification false and stores no identity',
    async (status) => {
      const user = await createUser(t, acme);
      const flow = await startFlow(t, acme, user.id);
      const body = expectStatusBody((await complete(t, acme, flow.verification_id, status)).json());
      expect(body.onboarding?.steps.id_verification).toBe(false);
      const stored = pick(await verifiedIdentityOf(t, acme, user.id), [
        'identification',
        'identity_verified_at',
      ] as const);
      expect(stored).toEqual({ identification: null, identity_verified_at: null });
    },
  );

  it('a new flow after a failed one can still be approved', async () => {
    const user = await createUser(t, acme);
    const failed = await startFlow(t, acme, user.id);
    await complete(t, acme, failed.verification_id, 'error');
    const retry = await startFlow(t, acme, user.id);
    expect(
      expectStatusBody((await complete(t, acme, retry.verification_id, 'approved')).json()).onboarding?.steps
        .id_verification,
    ).toBe(true);
    expect(expectStatusBody((await poll(t, acme, failed.verification_id)).json()).status).toBe('error');
  });

  it('onboarding is null when the employee record is gone', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    // Gone from under the session, with what refers to it (the console's search text).
    await t.db.db.deleteFrom('people_search').where('user_id', '=', Number(user.id)).execute();
    await t.db.db.deleteFrom('users').where('id', '=', Number(user.id)).execute();
    const body = expectStatusBody((await poll(t, acme, flow.verification_id)).json());
    expect(body).toMatchObject({ status: 'pending', user_id: Number(user.id), onboarding: null });
    const approved = expectStatusBody((await complete(t, acme, flow.verification_id, 'approved')).json());
    expect(approved).toMatchObject({ status: 'approved', onboarding: null });
  });

  it("answers 403 {error} for another partner's session, and the poll is not recorded", async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    const res = await poll(t, globex, flow.verification_id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(ERROR_BODY);
    const helper = await complete(t, globex, flow.verification_id, 'approved');
    expect(helper.statusCode).toBe(403);
    expect(helper.json()).toEqual(ERROR_BODY);
    const row = await t.db.db
      .selectFrom('verification_sessions')
      .select(['status', 'last_polled_at'])
      .where('id', '=', flow.verification_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', last_polled_at: null });
  });

  it.each([
    ['an unknown UUID', '3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e'],
    ['a malformed id', 'not-a-session'],
    ['a number', '12345'],
    ['a UUID with extra characters', '3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e0'],
  ])('answers 404 {error} for %s (poll and helper)', async (_name, id) => {
    const res = await poll(t, acme, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(ERROR_BODY);
    const helper = await complete(t, acme, id, 'approved');
    expect(helper.statusCode).toBe(404);
    expect(helper.json()).toEqual(ERROR_BODY);
  });

  it('accepts the verification id in upper case', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    const body = expectStatusBody((await poll(t, acme, flow.verification_id.toUpperCase())).json());
    expect(body.verification_id).toBe(flow.verification_id);
  });

  it('needs credentials', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/verification/status/3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('the test helper rejects a status that is not terminal with 422', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id);
    for (const status of ['pending', 'done', '', null])
      expect422(await complete(t, acme, flow.verification_id, status as string), 'status');
    expect(expectStatusBody((await poll(t, acme, flow.verification_id)).json()).status).toBe('pending');
  });
});

describe('live environment', () => {
  it('has no test helper (404), and the status route answers as usual', async () => {
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
      const res = await complete(t, partner, '3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e', 'approved');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(ERROR_BODY);
      const openapi = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: partner.headers });
      if (openapi.statusCode === 200) expect(openapi.body).not.toContain('test-helpers');
      const page = await t.app.inject({ method: 'GET', url: '/sandbox/provider/abcdefghijklmnopqrstuvwxyz' });
      expect(page.statusCode).toBe(404);
      const status = await poll(t, partner, '3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e');
      expect(status.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
