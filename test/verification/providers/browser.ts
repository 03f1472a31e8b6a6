import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, TestPartner } from '../../helpers/app.js';
import { createUser } from '../../helpers/users.js';

/** buildTestApp's PUBLIC_BASE_URL: requests there go to the app through inject (it is not listening). */
export const APP_ORIGIN = 'http://onpay.test';
export const RETURN_URL = 'https://partner.example/onpay/return';

export interface Response {
  url: string;
  status: number;
  /** Absolute redirect target, if any. */
  location: string | null;
  body: string;
  /** The response's Content-Security-Policy header, if any. */
  csp: string | null;
}

function setCookies(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/**
 * A minimal browser for the verification pages and the providers: one cookie jar per host (paths
 * ignored: one site each), redirects not followed unless asked. The app's origin is served by
 * `app.inject`, every other origin by `fetch` with `redirect: 'manual'`.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(private readonly app: FastifyInstance) {}

  private jar(url: URL): Map<string, string> {
    let jar = this.jars.get(url.host);
    if (!jar) this.jars.set(url.host, (jar = new Map()));
    return jar;
  }

  private store(url: URL, headers: string[]): void {
    const jar = this.jar(url);
    for (const header of headers) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar(new URL(url)).get(name);
  }

  /** The cookies this browser holds for the app, by name. */
  appCookies(): Record<string, string> {
    return Object.fromEntries(this.jar(new URL(APP_ORIGIN)));
  }

  forget(url: string, name: string): void {
    this.jar(new URL(url)).delete(name);
  }

  async request(url: string, init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const method = init.method ?? (init.form ? 'POST' : 'GET');
    const cookie = [...this.jar(target)].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    const payload = init.form ? new URLSearchParams(init.form).toString() : undefined;
    if (payload !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';

    let status: number;
    let location: string | null;
    let body: string;
    let csp: string | null;
    if (target.origin === APP_ORIGIN) {
      const res = await this.app.inject({
        method,
        url: `${target.pathname}${target.search}`,
        headers: { ...headers, host: target.host },
        payload,
      });
      this.store(target, setCookies(res.headers['set-cookie']));
      status = res.statusCode;
      location = typeof res.headers.location === 'string' ? res.headers.location : null;
      body = res.body;
      csp = typeof res.headers['content-security-policy'] === 'string' ? res.headers['content-security-policy'] : null;
    } else {
      const res = await fetch(target, {
        method,
        headers,
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      this.store(target, res.headers.getSetCookie());
      status = res.status;
      location = res.headers.get('location');
      body = await res.text();
      csp = res.headers.get('content-security-policy');
    }
    return { url: target.href, status, location: location === null ? null : new URL(location, target).href, body, csp };
  }

  /**
   * Follows redirects from `url` until one points where `stop` says (returned without following it)
   * or a response is not a redirect. Bounded: a redirect loop fails the test.
   */
  async follow(url: string, stop: (location: URL) => boolean = () => false): Promise<Response> {
    let response = await this.request(url);
    for (let hops = 0; hops < 15; hops++) {
      if (response.status < 300 || response.status >= 400 || !response.location) return response;
      if (stop(new URL(response.location))) return response;
      response = await this.request(response.location);
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/** A partner whose return URL is registered and approved by the operator. */
export async function partnerWithReturnUrl(t: TestApp): Promise<TestPartner> {
  const partner = await t.partner();
  const res = await t.as(partner, {
    method: 'POST',
    url: '/api/v1/verification-return-urls',
    payload: { partner_return_url: RETURN_URL },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.services.verification.returnUrls.decide(Number((res.json() as { id: string }).id), 'approved');
  return partner;
}

export interface StartedFlow {
  verificationId: string;
  verificationUrl: string;
  userId: string;
}

/** A new employee and a verification flow for them. */
export async function startFlow(
  t: TestApp,
  partner: TestPartner,
  body: { provider: 'provider_eid' | 'provider_doc'; id_type?: 'local' | 'international' },
): Promise<StartedFlow> {
  const user = await createUser(t, partner);
  const res = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/users/${user.id}/verification/flows`,
    payload: { partner_return_url: RETURN_URL, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { verification_id: string; verification_url: string };
  expect(created.verification_url.startsWith(`${APP_ORIGIN}/verify/`)).toBe(true);
  return { verificationId: created.verification_id, verificationUrl: created.verification_url, userId: user.id };
}

export interface PolledStatus {
  status: string;
  next_action: string;
  verified_at: string | null;
  onboarding: { steps: Record<string, boolean> } | null;
}

export async function pollStatus(t: TestApp, partner: TestPartner, verificationId: string): Promise<PolledStatus> {
  const res = await t.as(partner, { method: 'GET', url: `/api/v1/verification/status/${verificationId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PolledStatus;
}

/** The start page, then "Continue": returns the redirect to the provider (the browser is now bound). */
export async function continueToProvider(browser: TestBrowser, flow: StartedFlow): Promise<string> {
  const page = await browser.request(flow.verificationUrl);
  expect(page.status, page.body).toBe(200);
  expect(page.body).toContain('<form method="post"');
  const begin = await browser.request(flow.verificationUrl, { method: 'POST', form: {} });
  expect(begin.status, begin.body).toBe(303);
  expect(begin.location).toBeTruthy();
  return begin.location as string;
}

/** Asserts the final redirect to the partner's return URL with `verification_id` and `status`. */
export function expectPartnerRedirect(response: Response, flow: StartedFlow, status: string): void {
  expect(response.status, response.body).toBe(303);
  const location = new URL(response.location ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
  expect(location.searchParams.get('verification_id')).toBe(flow.verificationId);
  expect(location.searchParams.get('status')).toBe(status);
}
