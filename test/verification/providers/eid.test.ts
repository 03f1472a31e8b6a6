import { pick, verifiedIdentityOf } from '../../helpers/employees.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindingCookieName } from '../../../src/modules/verification/browser-flow.service.js';
import { buildTestApp, type TestApp, type TestPartner } from '../../helpers/app.js';
import { startOidcProvider, type TestOidcProvider } from '../../helpers/oidc-provider.js';
import { expectUserPayload } from '../../helpers/payload.js';
import { sessionSealed } from '../../helpers/sealed.js';
import { norwegianId, swedishId } from '../../helpers/users.js';
import {
  APP_ORIGIN,
  TestBrowser,
  continueToProvider,
  expectPartnerRedirect,
  partnerWithReturnUrl,
  pollStatus,
  startFlow,
  type Response,
  type StartedFlow,
} from './browser.js';

const CALLBACK = `${APP_ORIGIN}/verify/callback/provider_eid`;
const isCallback = (url: URL) => url.href.startsWith(CALLBACK);

/** Signs in at the test provider as `account` (or answers with `error`); returns the redirect to our callback. */
async function signIn(
  browser: TestBrowser,
  authorizationUrl: string,
  form: { account: string } | { error: string },
): Promise<Response> {
  const toLogin = await browser.follow(
    authorizationUrl,
    (url) => url.pathname.startsWith('/interaction/') || isCallback(url),
  );
  expect(toLogin.status, toLogin.body).toBeGreaterThanOrEqual(300);
  const loginUrl = toLogin.location as string;
  expect(new URL(loginUrl).pathname).toMatch(/^\/interaction\//);
  const page = await browser.request(loginUrl);
  expect(page.status, page.body).toBe(200);
  const submitted = await browser.request(loginUrl, { method: 'POST', form });
  expect(submitted.status, submitted.body).toBe(303);
  const back = await browser.follow(submitted.location as string, isCallback);
  expect(back.location, back.body).toMatch(/^http:\/\/onpay\.test\/verify\/callback\/provider_eid\?/);
  return back;
}

async function userPayload(t: TestApp, partner: TestPartner, userId: string) {
  const res = await t.as(partner, { method: 'GET', url: `/api/v1/users/${userId}` });
  expect(res.statusCode, res.body).toBe(200);
  return expectUserPayload(res.json());
}

describe('provider_eid against a real OpenID provider (claims in the ID token, Idura style)', () => {
  const nin = norwegianId('170590');
  let provider: TestOidcProvider;
  let t: TestApp;
  let partner: TestPartner;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUri: CALLBACK,
      scopes: { profile: ['name', 'given_name', 'family_name', 'dateofbirth'], ssn: ['socialno'] },
      accounts: [
        {
          id: 'kari',
          claims: {
            socialno: nin,
            dateofbirth: '1990-05-17',
            name: 'Kari Nordmann',
            given_name: 'Kari',
            family_name: 'Nordmann',
          },
        },
        { id: 'no-number', claims: { dateofbirth: '1990-05-17', name: 'Nils Utennummer' } },
      ],
    });
    t = await buildTestApp({
      env: provider.env({
        EID_SCOPES: 'openid profile ssn',
        EID_CLAIM_IDENTIFICATION: 'socialno',
        EID_CLAIM_BIRTHDATE: 'dateofbirth',
        EID_COUNTRY: 'NO',
      }),
    });
    partner = await partnerWithReturnUrl(t);
  });

  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  async function begin(): Promise<{ flow: StartedFlow; browser: TestBrowser; authorizationUrl: string }> {
    const flow = await startFlow(t, partner, { provider: 'provider_eid' });
    const browser = new TestBrowser(t.app);
    const authorizationUrl = await continueToProvider(browser, flow);
    return { flow, browser, authorizationUrl };
  }

  it('round trip: start page → provider → callback → partner with status=approved, identity stored', async () => {
    const { flow, browser, authorizationUrl } = await begin();
    const auth = new URL(authorizationUrl);
    expect(auth.origin).toBe(provider.issuer);
    expect(auth.searchParams.get('response_type')).toBe('code');
    expect(auth.searchParams.get('client_id')).toBe(provider.clientId);
    expect(auth.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(auth.searchParams.get('scope')).toBe('openid profile ssn');
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(browser.appCookies()[bindingCookieName(flow.verificationId)]).toBeTruthy();

    const back = await signIn(browser, authorizationUrl, { account: 'kari' });
    expect(new URL(back.location as string).searchParams.get('state')).toBe(auth.searchParams.get('state'));
    const final = await browser.request(back.location as string);
    expectPartnerRedirect(final, flow, 'approved');

    const status = await pollStatus(t, partner, flow.verificationId);
    expect(status.status).toBe('approved');
    expect(status.next_action).toBe('redirect_to_partner');
    expect(status.verified_at).not.toBeNull();
    expect(status.onboarding?.steps.id_verification).toBe(true);
    const user = await userPayload(t, partner, flow.userId);
    expect(user.nationality).toBe('NO');
    expect(user.onboarding.steps.id_verification).toBe(true);
    const stored = pick(await verifiedIdentityOf(t, partner, flow.userId), [
      'identification',
      'birthday',
      'verified_name',
    ] as const);
    expect(stored).toEqual({ identification: nin, birthday: '1990-05-17', verified_name: 'Kari Nordmann' });

    // The same answer again (a reload, or a replay) changes nothing: the session is final.
    const again = await browser.request(back.location as string);
    expectPartnerRedirect(again, flow, 'approved');
  });

  it('a tampered state finds no verification ("not found" page) and leaves the session pending', async () => {
    const { flow, browser, authorizationUrl } = await begin();
    const back = new URL((await signIn(browser, authorizationUrl, { account: 'kari' })).location as string);
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const refused = await browser.request(tampered.href);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Verification not found');
    expect((await pollStatus(t, partner, flow.verificationId)).status).toBe('pending');

    // The untampered answer still completes the verification.
    expectPartnerRedirect(await browser.request(back.href), flow, 'approved');
  });

  it('an ID token with another nonce is rejected: status=error, no identity', async () => {
    const { flow, browser, authorizationUrl } = await begin();
    // An attacker (or a broken broker) changes the nonce: the provider signs the ID token with it.
    const tampered = new URL(authorizationUrl);
    tampered.searchParams.set('nonce', 'not-the-nonce-onpay-sent');
    const back = await signIn(browser, tampered.href, { account: 'kari' });
    expectPartnerRedirect(await browser.request(back.location as string), flow, 'error');
    const status = await pollStatus(t, partner, flow.verificationId);
    expect(status.status).toBe('error');
    expect(status.next_action).toBe('retry');
    expect(status.onboarding?.steps.id_verification).toBe(false);
    const session = await sessionSealed(t, flow.verificationId);
    expect(session.outcome_reason).toContain('nonce');
  });

  it('a code issued to another session (code injection) fails PKCE at the token endpoint: status=error', async () => {
    const victim = await begin();
    const attacker = await begin();
    const attackerBack = new URL(
      (await signIn(attacker.browser, attacker.authorizationUrl, { account: 'kari' })).location as string,
    );
    const victimBack = new URL(
      (await signIn(victim.browser, victim.authorizationUrl, { account: 'kari' })).location as string,
    );
    victimBack.searchParams.set('code', attackerBack.searchParams.get('code') as string);
    expectPartnerRedirect(await victim.browser.request(victimBack.href), victim.flow, 'error');
    const session = await sessionSealed(t, victim.flow.verificationId);
    expect(session.outcome_reason).toContain('invalid_grant');
  });

  it('the person cancels at the provider (error=access_denied): status=cancelled', async () => {
    const { flow, browser, authorizationUrl } = await begin();
    const back = await signIn(browser, authorizationUrl, { error: 'access_denied' });
    expect(new URL(back.location as string).searchParams.get('error')).toBe('access_denied');
    expectPartnerRedirect(await browser.request(back.location as string), flow, 'cancelled');
    const status = await pollStatus(t, partner, flow.verificationId);
    expect(status.status).toBe('cancelled');
    expect(status.next_action).toBe('retry');
  });

  it('another provider error (temporarily_unavailable): status=error', async () => {
    const { flow, browser, authorizationUrl } = await begin();
    const back = await signIn(browser, authorizationUrl, { error: 'temporarily_unavailable' });
    expectPartnerRedirect(await browser.request(back.location as string), flow, 'error');
    expect((await pollStatus(t, partner, flow.verificationId)).status).toBe('error');
  });

  it('an account without the identity number claim: status=error, id_verification stays false', async () => {
    const { flow, browser, authorizationUrl } = await begin();
    const back = await signIn(browser, authorizationUrl, { account: 'no-number' });
    expectPartnerRedirect(await browser.request(back.location as string), flow, 'error');
    const status = await pollStatus(t, partner, flow.verificationId);
    expect(status.status).toBe('error');
    expect(status.onboarding?.steps.id_verification).toBe(false);
    expect((await userPayload(t, partner, flow.userId)).nationality).toBe('');
  });

  it('a callback without the browser-binding cookie is refused (403) and leaves the session pending', async () => {
    const { flow, browser, authorizationUrl } = await begin();
    const back = (await signIn(browser, authorizationUrl, { account: 'kari' })).location as string;
    const stranger = new TestBrowser(t.app);
    const refused = await stranger.request(back);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('Please start again');
    expect((await pollStatus(t, partner, flow.verificationId)).status).toBe('pending');
    // A forged binding cookie does not help either.
    browser.forget(APP_ORIGIN, bindingCookieName(flow.verificationId));
    expect((await browser.request(back)).status).toBe(403);
    expect((await pollStatus(t, partner, flow.verificationId)).status).toBe('pending');
  });

  it('with a real eID configured, the sandbox provider page cannot decide the session', async () => {
    const { flow, browser } = await begin();
    const token = new URL(flow.verificationUrl).pathname.split('/').pop() as string;
    expect((await browser.request(`${APP_ORIGIN}/sandbox/provider/${token}`)).status).toBe(404);
    const decided = await browser.request(`${APP_ORIGIN}/sandbox/provider/${token}`, {
      method: 'POST',
      form: { outcome: 'approved' },
    });
    expect(decided.status).toBe(404);
    expect((await pollStatus(t, partner, flow.verificationId)).status).toBe('pending');
  });

  it('an unreachable broker shows an error page; discovery is tried again on the next try', async () => {
    const fresh = await buildTestApp({
      env: provider.env({
        EID_SCOPES: 'openid profile ssn',
        EID_CLAIM_IDENTIFICATION: 'socialno',
        EID_CLAIM_BIRTHDATE: 'dateofbirth',
      }),
    });
    provider.setAvailable(false);
    try {
      const freshPartner = await partnerWithReturnUrl(fresh);
      const flow = await startFlow(fresh, freshPartner, { provider: 'provider_eid' });
      const browser = new TestBrowser(fresh.app);
      const failed = await browser.request(flow.verificationUrl, { method: 'POST', form: {} });
      expect(failed.status).toBe(502);
      expect(failed.body).toContain('did not answer');
      expect((await pollStatus(fresh, freshPartner, flow.verificationId)).status).toBe('pending');

      provider.setAvailable(true);
      const retried = await browser.request(flow.verificationUrl, { method: 'POST', form: {} });
      expect(retried.status).toBe(303);
      expect(retried.location?.startsWith(provider.issuer)).toBe(true);
      const back = await signIn(browser, retried.location as string, { account: 'kari' });
      expectPartnerRedirect(await browser.request(back.location as string), flow, 'approved');
    } finally {
      provider.setAvailable(true);
      await fresh.close();
    }
  });
});

describe('provider_eid with claims only at userinfo (Signicat style) and another country', () => {
  const personnummer = swedishId('900517');
  let provider: TestOidcProvider;
  let t: TestApp;
  let partner: TestPartner;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUri: CALLBACK,
      claimsInIdToken: false,
      scopes: { profile: ['name', 'given_name', 'family_name', 'birthdate'], nin: ['nin'] },
      accounts: [
        {
          id: 'sven',
          claims: { nin: personnummer, birthdate: '19900517', given_name: 'Sven', family_name: 'Svensson' },
        },
      ],
    });
    t = await buildTestApp({
      env: provider.env({ EID_SCOPES: 'profile nin', EID_COUNTRY: 'SE', EID_ACR_VALUES: 'idp:sbid' }),
    });
    partner = await partnerWithReturnUrl(t);
  });

  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('reads the claims from userinfo, normalises the birth date and takes the country from EID_COUNTRY', async () => {
    const flow = await startFlow(t, partner, { provider: 'provider_eid' });
    const browser = new TestBrowser(t.app);
    const authorizationUrl = await continueToProvider(browser, flow);
    expect(new URL(authorizationUrl).searchParams.get('scope')).toBe('openid profile nin');
    expect(new URL(authorizationUrl).searchParams.get('acr_values')).toBe('idp:sbid');
    const back = await signIn(browser, authorizationUrl, { account: 'sven' });
    expectPartnerRedirect(await browser.request(back.location as string), flow, 'approved');
    expect((await pollStatus(t, partner, flow.verificationId)).onboarding?.steps.id_verification).toBe(true);
    expect((await userPayload(t, partner, flow.userId)).nationality).toBe('SE');
    const stored = pick(await verifiedIdentityOf(t, partner, flow.userId), [
      'identification',
      'birthday',
      'verified_name',
    ] as const);
    expect(stored).toEqual({ identification: personnummer, birthday: '1990-05-17', verified_name: 'Sven Svensson' });
  });
});
