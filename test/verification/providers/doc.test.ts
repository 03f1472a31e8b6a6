import { pick, verifiedIdentityOf } from '../../helpers/employees.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../../helpers/app.js';
import {
  decisionPayload,
  sendWebhook,
  startDocVendor,
  vendorSignature,
  type DocVendorStandIn,
  type VendorSession,
} from '../../helpers/doc-vendor.js';
import { expectUserPayload } from '../../helpers/payload.js';
import { norwegianId } from '../../helpers/users.js';
import {
  APP_ORIGIN,
  TestBrowser,
  continueToProvider,
  expectPartnerRedirect,
  partnerWithReturnUrl,
  pollStatus,
  startFlow,
  type StartedFlow,
} from './browser.js';

const CALLBACK = `${APP_ORIGIN}/verify/callback/provider_doc`;

describe('provider_doc against a local stand-in of the document vendor', () => {
  const nin = norwegianId('170590', 200);
  let vendor: DocVendorStandIn;
  let t: TestApp;
  let partner: TestPartner;

  beforeAll(async () => {
    vendor = await startDocVendor();
    t = await buildTestApp({ env: vendor.env({ DOC_COUNTRY: 'NO' }) });
    partner = await partnerWithReturnUrl(t);
  });

  afterAll(async () => {
    await t?.close();
    await vendor?.close();
  });

  /** A flow whose browser went through the start page to the vendor; the vendor's session for it. */
  async function begin(
    idType: 'local' | 'international' = 'local',
  ): Promise<{ flow: StartedFlow; browser: TestBrowser; session: VendorSession }> {
    const flow = await startFlow(t, partner, { provider: 'provider_doc', id_type: idType });
    const browser = new TestBrowser(t.app);
    const before = vendor.sessions.length;
    const location = await continueToProvider(browser, flow);
    expect(vendor.sessions.length).toBe(before + 1);
    const session = vendor.sessions.at(-1) as VendorSession;
    expect(location).toBe(session.url);
    return { flow, browser, session };
  }

  const send = (
    body: Record<string, unknown> | string,
    options: { signature?: string | null; authClient?: string | null } = {},
  ) => sendWebhook(t.app, body, { secret: vendor.webhookSecret, apiKey: vendor.apiKey, ...options });

  const approvedBody = (session: VendorSession) =>
    decisionPayload(session, 'approved', { person: { idNumber: nin, dateOfBirth: '1990-05-17' } });

  async function statusOf(flow: StartedFlow): Promise<string> {
    return (await pollStatus(t, partner, flow.verificationId)).status;
  }

  it('id_type local: the vendor is asked for national documents of DOC_COUNTRY, with our verification id and callback', async () => {
    const { flow, session } = await begin('local');
    expect(session.vendorData).toBe(flow.verificationId);
    expect(session.document).toEqual({ types: ['PASSPORT', 'ID_CARD', 'DRIVERS_LICENSE'], countries: ['NO'] });
    const callback = new URL(session.callback);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(callback.searchParams.get('ref')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('id_type international: passports and ID cards of other countries only', async () => {
    const { flow, session } = await begin('international');
    expect(session.vendorData).toBe(flow.verificationId);
    expect(session.document).toEqual({ types: ['PASSPORT', 'ID_CARD'], excludedCountries: ['NO'] });
  });

  it('the browser returns before the decision: redirect with status=pending; the signed decision then approves', async () => {
    const { flow, browser, session } = await begin();
    const back = await browser.request(session.callback);
    expectPartnerRedirect(back, flow, 'pending');
    expect(await statusOf(flow)).toBe('pending');

    const res = await send(approvedBody(session));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });

    const status = await pollStatus(t, partner, flow.verificationId);
    expect(status.status).toBe('approved');
    expect(status.next_action).toBe('redirect_to_partner');
    expect(status.onboarding?.steps.id_verification).toBe(true);
    const user = await t.as(partner, { method: 'GET', url: `/api/v1/users/${flow.userId}` });
    expect(expectUserPayload(user.json()).nationality).toBe('NO');
    const stored = pick(await verifiedIdentityOf(t, partner, flow.userId), [
      'identification',
      'birthday',
      'verified_name',
      'document_id',
    ] as const);
    expect(stored).toEqual({
      identification: nin,
      birthday: '1990-05-17',
      verified_name: 'Kari Nordmann',
      document_id: 'FH1234567',
    });

    // Returning once more after the decision lands on the partner with the final status.
    expectPartnerRedirect(await browser.request(session.callback), flow, 'approved');
  });

  it('the browser return needs the binding cookie and a known ref', async () => {
    const { flow, session } = await begin();
    const stranger = new TestBrowser(t.app);
    expect((await stranger.request(session.callback)).status).toBe(403);
    const unknownRef = new URL(session.callback);
    unknownRef.searchParams.set('ref', 'x'.repeat(32));
    expect((await stranger.request(unknownRef.href)).status).toBe(400);
    expect(await statusOf(flow)).toBe('pending');
  });

  it.each([
    ['declined', 'declined'],
    ['resubmission_requested', 'declined'],
    ['expired', 'cancelled'],
    ['abandoned', 'cancelled'],
  ] as const)('vendor decision %s → %s', async (decision, expected) => {
    const { flow, session } = await begin();
    const res = await send(decisionPayload(session, decision));
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(flow)).toBe(expected);
  });

  it('a decision that decides nothing yet (review) is acknowledged and leaves the session pending', async () => {
    const { flow, session } = await begin();
    expect((await send(decisionPayload(session, 'review'))).statusCode).toBe(200);
    expect(await statusOf(flow)).toBe('pending');
  });

  it('an approved document outside the id_type policy is declined (a Swedish passport for local)', async () => {
    const { flow, session } = await begin('local');
    const body = decisionPayload(session, 'approved', {
      person: { idNumber: '199005179876', dateOfBirth: '1990-05-17' },
      document: { country: 'SE' },
    });
    expect((await send(body)).statusCode).toBe(200);
    expect(await statusOf(flow)).toBe('declined');
  });

  it('international: a foreign passport without a personal number is identified by its document number', async () => {
    const { flow, session } = await begin('international');
    const body = decisionPayload(session, 'approved', {
      person: { dateOfBirth: '1988-02-29' },
      document: { country: 'DE', number: 'C01X00T47' },
    });
    expect((await send(body)).statusCode).toBe(200);
    expect(await statusOf(flow)).toBe('approved');
    const stored = pick(await verifiedIdentityOf(t, partner, flow.userId), [
      'identification',
      'identity_country_code',
      'birthday',
    ] as const);
    expect(stored).toEqual({ identification: 'C01X00T47', identity_country_code: 'DE', birthday: '1988-02-29' });
  });

  it('an approval without a birth date is an error, not an approval', async () => {
    const { flow, session } = await begin();
    expect((await send(decisionPayload(session, 'approved', { person: { idNumber: nin } }))).statusCode).toBe(200);
    const status = await pollStatus(t, partner, flow.verificationId);
    expect(status.status).toBe('error');
    expect(status.onboarding?.steps.id_verification).toBe(false);
  });

  describe('rejected deliveries leave the session as it was, and are logged without secrets', () => {
    it.each([
      ['a wrong signature', { signature: 'a'.repeat(64) }, 'bad X-HMAC-SIGNATURE'],
      ['a signature with another secret', { signature: 'other' }, 'bad X-HMAC-SIGNATURE'],
      ['no signature', { signature: null }, 'no X-HMAC-SIGNATURE'],
      ['a malformed signature', { signature: 'not-hex' }, 'bad X-HMAC-SIGNATURE'],
      ['a wrong X-AUTH-CLIENT', { authClient: 'someone-else' }, 'wrong X-AUTH-CLIENT'],
      ['no X-AUTH-CLIENT', { authClient: null }, 'no X-AUTH-CLIENT'],
    ] as const)('%s → 401', async (_label, override, reason) => {
      const { flow, session } = await begin();
      const body = approvedBody(session);
      const options =
        'signature' in override && override.signature === 'other'
          ? { signature: vendorSignature(JSON.stringify(body), 'another-shared-secret') }
          : override;
      const warn = vi.spyOn(t.app.log, 'warn');
      try {
        const res = await send(body, options);
        expect(res.statusCode, res.body).toBe(401);
        expect(await statusOf(flow)).toBe('pending');
        const logged = warn.mock.calls.find((call) => JSON.stringify(call).includes('webhook rejected'));
        expect(logged, 'the rejection is logged').toBeTruthy();
        const line = JSON.stringify(logged);
        expect(line).toContain(reason);
        expect(line).not.toContain(vendor.apiKey);
        expect(line).not.toContain(vendor.webhookSecret);
        expect(line).not.toContain(nin);
      } finally {
        warn.mockRestore();
      }
    });

    it('a body changed after signing → 401', async () => {
      const { flow, session } = await begin();
      const signed = JSON.stringify(decisionPayload(session, 'declined'));
      const forged = signed.replace('"declined"', '"approved"');
      const res = await send(forged, { signature: vendorSignature(signed, vendor.webhookSecret) });
      expect(res.statusCode).toBe(401);
      expect(await statusOf(flow)).toBe('pending');
    });

    it('a replay of an accepted delivery → 409, and nothing changes', async () => {
      const { flow, session } = await begin();
      const raw = JSON.stringify(decisionPayload(session, 'declined'));
      expect((await send(raw)).statusCode).toBe(200);
      expect(await statusOf(flow)).toBe('declined');
      const receipts = await t.db.db.selectFrom('webhook_receipts').select('digest').execute();
      const replay = await send(raw);
      expect(replay.statusCode, replay.body).toBe(409);
      expect(await statusOf(flow)).toBe('declined');
      expect(await t.db.db.selectFrom('webhook_receipts').select('digest').execute()).toHaveLength(receipts.length);
    });

    it('the same delivery twice at once: one is applied, the other refused as a replay', async () => {
      const { flow, session } = await begin();
      const raw = JSON.stringify(approvedBody(session));
      const statuses = (await Promise.all([send(raw), send(raw)])).map((res) => res.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      expect(await statusOf(flow)).toBe('approved');
    });

    it('a decision for an unknown session → 404 (unknown vendorData, or a vendor id we did not start)', async () => {
      const { flow, session } = await begin();
      const unknownSession = await send(
        approvedBody({ ...session, vendorData: '7d4a3c1e-0000-4000-8000-000000000000' }),
      );
      expect(unknownSession.statusCode, unknownSession.body).toBe(404);
      const otherVendorSession = await send(approvedBody({ ...session, id: '11111111-2222-4333-8444-555555555555' }));
      expect(otherVendorSession.statusCode, otherVendorSession.body).toBe(404);
      const notAnId = await send(approvedBody({ ...session, vendorData: 'not-a-uuid' }));
      expect(notAnId.statusCode).toBe(404);
      expect(await statusOf(flow)).toBe('pending');
    });

    it('a body that is not JSON, or neither a decision nor an event → 400', async () => {
      expect((await send('not json')).statusCode).toBe(400);
      expect((await send({ hello: 'world' })).statusCode).toBe(400);
    });
  });

  it('an event notification (started / submitted) is acknowledged and decides nothing', async () => {
    const { flow, session } = await begin();
    const res = await send({
      id: session.id,
      attemptId: 'a1',
      feature: 'selfid',
      code: 7002,
      action: 'submitted',
      vendorData: session.vendorData,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(flow)).toBe('pending');
  });

  it('a decision for an already finished session changes nothing and answers 200 (the vendor stops retrying)', async () => {
    const { flow, session } = await begin();
    expect((await send(decisionPayload(session, 'declined'))).statusCode).toBe(200);
    const before = await pollStatus(t, partner, flow.verificationId);
    expect(before.status).toBe('declined');
    const late = await send(approvedBody(session));
    expect(late.statusCode, late.body).toBe(200);
    const after = await pollStatus(t, partner, flow.verificationId);
    expect(after.status).toBe('declined');
    expect(after.verified_at).toBe(before.verified_at);
    expect(after.onboarding?.steps.id_verification).toBe(false);
  });

  it('a vendor that refuses the session (wrong key) shows an error page and leaves the session pending', async () => {
    const broken = await buildTestApp({ env: vendor.env({ DOC_API_KEY: 'not-the-key' }) });
    try {
      const brokenPartner = await partnerWithReturnUrl(broken);
      const flow = await startFlow(broken, brokenPartner, { provider: 'provider_doc', id_type: 'local' });
      const refusedBefore = vendor.refused;
      const res = await new TestBrowser(broken.app).request(flow.verificationUrl, { method: 'POST', form: {} });
      expect(res.status).toBe(502);
      expect(vendor.refused).toBe(refusedBefore + 1);
      expect((await pollStatus(broken, brokenPartner, flow.verificationId)).status).toBe('pending');
    } finally {
      await broken.close();
    }
  });
});

describe('provider_doc webhooks without a configured vendor', () => {
  it('there is no webhook endpoint (404)', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webhooks/provider-doc',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
