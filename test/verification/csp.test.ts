/**
 * The pages' Content-Security-Policy lets forms submit to this service only, and lets each form
 * go on exactly where its submission is redirected (browsers check form-action on every redirect
 * of a form's submission): the start page to the provider (and to the partner, when the session
 * ended meanwhile), the sandbox provider page to the partner. Chromium proves the same in
 * test/browser/verification.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { startDocVendor, type DocVendorStandIn } from '../helpers/doc-vendor.js';
import { testEngine } from '../helpers/engine.js';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.js';
import {
  APP_ORIGIN,
  RETURN_URL,
  TestBrowser,
  partnerWithReturnUrl,
  startFlow,
  type Response,
} from './providers/browser.js';

const PARTNER_ORIGIN = new URL(RETURN_URL).origin;
const POLICY = (formAction: string) =>
  `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;

/** The sources of a policy's form-action, 'self' spelled out as the page's origin. */
function formAction(page: Response): string[] {
  const directive = (page.csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('form-action '));
  expect(directive, `no form-action on ${page.url}`).toBeDefined();
  return directive!
    .split(/\s+/)
    .slice(1)
    .map((source) => (source === "'self'" ? new URL(page.url).origin : source));
}

/** The page's form is allowed to end up where its submission was sent. */
function expectAllowed(page: Response, target: string | null): void {
  expect(target).toBeTruthy();
  expect(formAction(page), `${page.url} → ${target}`).toContain(new URL(target!).origin);
}

describe(`form-action of the pages (${testEngine})`, () => {
  describe('in the sandbox (simulated providers)', () => {
    let t: TestApp;
    let partner: TestPartner;

    beforeAll(async () => {
      t = await buildTestApp();
      partner = await partnerWithReturnUrl(t);
    });
    afterAll(() => t?.close());

    it('start page: this service (the sandbox page) and the partner; the sandbox page: the partner', async () => {
      const flow = await startFlow(t, partner, { provider: 'provider_eid' });
      const browser = new TestBrowser(t.app);
      const start = await browser.request(flow.verificationUrl);
      expect(start.status).toBe(200);
      expect(start.csp).toBe(POLICY(`'self' ${APP_ORIGIN} ${PARTNER_ORIGIN}`));
      const begin = await browser.request(flow.verificationUrl, { method: 'POST', form: {} });
      expect(begin.status).toBe(303);
      expectAllowed(start, begin.location);

      const sandbox = await browser.request(begin.location!);
      expect(sandbox.status).toBe(200);
      expect(sandbox.csp).toBe(POLICY(`'self' ${PARTNER_ORIGIN}`));
      const decided = await browser.request(begin.location!, { method: 'POST', form: { outcome: 'approved' } });
      expect(decided.status).toBe(303);
      expect(decided.location?.startsWith(RETURN_URL)).toBe(true);
      expectAllowed(sandbox, decided.location);
    });

    it('start page opened while pending, submitted after the session ended: the redirect to the partner is allowed', async () => {
      const flow = await startFlow(t, partner, { provider: 'provider_doc', id_type: 'local' });
      const browser = new TestBrowser(t.app);
      const start = await browser.request(flow.verificationUrl);
      const done = await t.as(partner, {
        method: 'POST',
        url: `/api/v1/test-helpers/verification/${flow.verificationId}/complete`,
        payload: { status: 'declined' },
      });
      expect(done.statusCode).toBe(200);
      const begin = await browser.request(flow.verificationUrl, { method: 'POST', form: {} });
      expect(begin.status).toBe(303);
      expect(begin.location?.startsWith(RETURN_URL)).toBe(true);
      expectAllowed(start, begin.location);
    });

    it.each([
      [
        'a finished verification',
        async (t: TestApp, p: TestPartner) => {
          const flow = await startFlow(t, p, { provider: 'provider_eid' });
          await t.as(p, {
            method: 'POST',
            url: `/api/v1/test-helpers/verification/${flow.verificationId}/complete`,
            payload: { status: 'approved' },
          });
          return flow.verificationUrl.replace(APP_ORIGIN, '');
        },
      ],
      ['an unknown verification link', async () => `/verify/${'x'.repeat(30)}`],
      ['a login link landing page', async () => `/login/${'x'.repeat(30)}`],
      ['the employee home, signed out', async () => '/me'],
      [
        'the sandbox mailbox',
        async (t: TestApp, p: TestPartner) =>
          new URL(
            ((await t.as(p, { method: 'GET', url: '/api/v1/test-helpers/mailbox' })).json() as { mailbox_url: string })
              .mailbox_url,
          ).pathname,
      ],
      ['the sign-in form', async () => '/login'],
    ])('every other page (%s): this service only', async (_name, url) => {
      const res = await t.app.inject({ method: 'GET', url: await url(t, partner) });
      expect(res.headers['content-security-policy']).toBe(POLICY("'self'"));
    });
  });

  describe('with a real OpenID Connect eID broker', () => {
    let provider: TestOidcProvider;
    let t: TestApp;
    let partner: TestPartner;

    beforeAll(async () => {
      provider = await startOidcProvider({
        redirectUri: `${APP_ORIGIN}/verify/callback/provider_eid`,
        scopes: {},
        accounts: [],
      });
      t = await buildTestApp({ env: provider.env() });
      partner = await partnerWithReturnUrl(t);
    });
    afterAll(async () => {
      await t?.close();
      await provider?.close();
    });

    it("start page: the broker's authorization endpoint and the partner", async () => {
      const flow = await startFlow(t, partner, { provider: 'provider_eid' });
      const browser = new TestBrowser(t.app);
      const start = await browser.request(flow.verificationUrl);
      expect(start.csp).toBe(POLICY(`'self' ${provider.issuer} ${PARTNER_ORIGIN}`));
      const begin = await browser.request(flow.verificationUrl, { method: 'POST', form: {} });
      expect(begin.status).toBe(303);
      expect(new URL(begin.location!).origin).toBe(provider.issuer);
      expectAllowed(start, begin.location);
    });
  });

  describe('with the document vendor', () => {
    let vendor: DocVendorStandIn;
    let t: TestApp;
    let partner: TestPartner;

    beforeAll(async () => {
      vendor = await startDocVendor();
      t = await buildTestApp({ env: vendor.env() });
      partner = await partnerWithReturnUrl(t);
    });
    afterAll(async () => {
      await t?.close();
      await vendor?.close();
    });

    it("start page: the vendor's hosted pages (DOC_API_URL's origin by default) and the partner", async () => {
      const flow = await startFlow(t, partner, { provider: 'provider_doc', id_type: 'local' });
      const browser = new TestBrowser(t.app);
      const start = await browser.request(flow.verificationUrl);
      expect(start.csp).toBe(POLICY(`'self' ${vendor.apiUrl} ${PARTNER_ORIGIN}`));
      const begin = await browser.request(flow.verificationUrl, { method: 'POST', form: {} });
      expect(begin.status).toBe(303);
      expectAllowed(start, begin.location);
    });

    it('with DOC_PAGE_ORIGIN: that origin, and a vendor URL elsewhere is refused rather than blocked by the browser', async () => {
      const other = await buildTestApp({ env: vendor.env({ DOC_PAGE_ORIGIN: 'https://pages.vendor.example' }) });
      try {
        const otherPartner = await partnerWithReturnUrl(other);
        const flow = await startFlow(other, otherPartner, { provider: 'provider_doc', id_type: 'local' });
        const browser = new TestBrowser(other.app);
        const start = await browser.request(flow.verificationUrl);
        expect(start.csp).toBe(POLICY(`'self' https://pages.vendor.example ${PARTNER_ORIGIN}`));
        const begin = await browser.request(flow.verificationUrl, { method: 'POST', form: {} });
        expect(begin.status).toBe(502);
        expect(begin.location).toBeNull();
      } finally {
        await other.close();
      }
    });
  });
});
