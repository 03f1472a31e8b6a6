/**
 * The production logger (pino, as `onpay serve` configures it) keeps the route of every request,
 * never a secret in its URL: login link tokens, verification start tokens, and credentials in a
 * query string (tokens, keys, OpenID Connect codes and states, the document vendor's return ref).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.js';
import { maskUrl } from '../../src/platform/logging.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { captureLog, type CapturedLog } from '../helpers/log.js';
import { createUser } from '../helpers/users.js';
import { approvedReturnUrl, RETURN, startFlow } from '../verification/helpers.js';

/** A distinctive secret-looking value, easy to find in a log. */
const secret = (name: string) => `${name}${randomBytes(12).toString('hex')}`;

describe(`request log URL masking with the production logger (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let log: CapturedLog;
  let startToken: string;
  let loginToken: string;
  let mailboxToken: string;

  beforeAll(async () => {
    log = captureLog();
    t = await buildTestApp({ logger: { ...(loggerOptions({ logLevel: 'trace' }) as object), stream: log.stream } });
    acme = await t.partner('Acme');
    const user = await createUser(t, acme);
    await approvedReturnUrl(t, acme, RETURN);
    startToken = new URL((await startFlow(t, acme, user.id)).verification_url).pathname.split('/').pop()!;
    const link = await t.as(acme, { method: 'POST', url: `/api/v1/users/${user.id}/login-link`, payload: {} });
    expect(link.statusCode, link.body).toBe(200);
    loginToken = new URL((link.json() as { login_url: string }).login_url).pathname.split('/').pop()!;
    const mailbox = await t.as(acme, { method: 'GET', url: '/api/v1/test-helpers/mailbox' });
    mailboxToken = new URL((mailbox.json() as { mailbox_url: string }).mailbox_url).pathname.split('/').pop()!;
  });
  afterAll(() => t?.close());

  /** The access-log line of the last request whose masked URL is `expected`. */
  function loggedUrls(): string[] {
    return log
      .lines()
      .filter((line) => line.msg === 'request completed')
      .map((line) => (line.req as { url: string }).url);
  }

  it('masks each kind of secret URL, on real requests, and never writes the secret', async () => {
    const state = secret('state');
    const code = secret('code');
    const ref = secret('ref');
    const token = secret('token');
    const apiKey = secret('apikey');
    const accessToken = secret('access');
    const email = `${secret('mail')}@example.com`;
    const cases: Array<{ method: 'GET' | 'POST'; url: string; logged: string; partner?: boolean }> = [
      { method: 'GET', url: `/login/${loginToken}`, logged: '/login/***' },
      { method: 'GET', url: `/verify/${startToken}`, logged: '/verify/***' },
      { method: 'POST', url: `/verify/${startToken}`, logged: '/verify/***' },
      { method: 'GET', url: `/sandbox/provider/${startToken}`, logged: '/sandbox/provider/***' },
      // A partner's sandbox mailbox: its address is its only key.
      { method: 'GET', url: `/sandbox/mailbox/${mailboxToken}`, logged: '/sandbox/mailbox/***' },
      { method: 'GET', url: `/sandbox/mailbox/${mailboxToken}/1`, logged: '/sandbox/mailbox/***/1' },
      {
        method: 'GET',
        url: `/verify/callback/provider_eid?state=${state}&code=${code}`,
        logged: '/verify/callback/provider_eid?state=***&code=***',
      },
      {
        method: 'GET',
        url: `/verify/callback/provider_doc?ref=${ref}`,
        logged: '/verify/callback/provider_doc?ref=***',
      },
      {
        method: 'GET',
        url: `/api/v1/terms?token=${token}&api_key=${apiKey}&access_token=${accessToken}`,
        logged: '/api/v1/terms?token=***&api_key=***&access_token=***',
        partner: true,
      },
      // Paging and filters are kept; anything else is masked, whatever its name.
      {
        method: 'GET',
        url: `/api/v1/users?page=1&per_page=5&email=${email}`,
        logged: '/api/v1/users?page=1&per_page=5&email=***',
        partner: true,
      },
      {
        method: 'GET',
        url: `/api/v1/payouts?status=paid&%74oken=${token}`,
        logged: '/api/v1/payouts?status=paid&%74oken=***',
        partner: true,
      },
      // An operator's one-time set-up link: whoever holds it sets the password and authenticator.
      { method: 'GET', url: `/console/setup/${token}`, logged: '/console/setup/***' },
      { method: 'POST', url: `/console/setup/${token}`, logged: '/console/setup/***' },
      // However the path is spelled (the router decodes it; a typo still carries the token).
      { method: 'GET', url: `/%76erify/${startToken}`, logged: '/%76erify/***' },
      { method: 'GET', url: `/VERIFY/${startToken}`, logged: '/VERIFY/***' },
      { method: 'GET', url: `//login/${loginToken}`, logged: '//login/***' },
      // A URL the router refuses is logged masked as well.
      { method: 'GET', url: `/verify/${startToken}%E0%A4%A`, logged: '/verify/***' },
    ];
    for (const { method, url, logged, partner } of cases) {
      const before = loggedUrls().length;
      const res = partner ? await t.as(acme, { method, url }) : await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      const urls = loggedUrls().slice(before);
      expect(urls, `${method} ${url}`).toEqual([logged]);
    }

    const text = log.text();
    for (const value of [startToken, loginToken, mailboxToken, state, code, ref, token, apiKey, accessToken, email])
      expect(text).not.toContain(value);
    // Credentials in headers never reach the log either.
    expect(text).not.toContain(acme.token);
    expect(text).not.toContain(acme.apiKey);
  });

  it('keeps what is not a secret as sent', () => {
    expect(maskUrl('/api/v1/users/12/payouts?page=2&per_page=10&from=2026-01-01&to=2026-02-01&user_id=4')).toBe(
      '/api/v1/users/12/payouts?page=2&per_page=10&from=2026-01-01&to=2026-02-01&user_id=4',
    );
    expect(maskUrl('/verify/callback/provider_eid')).toBe('/verify/callback/provider_eid');
    expect(maskUrl('/me/payouts/7')).toBe('/me/payouts/7');
    expect(maskUrl('/login')).toBe('/login');
    expect(maskUrl('/sandbox/mailbox')).toBe('/sandbox/mailbox');
    expect(maskUrl('/healthz?')).toBe('/healthz?');
    expect(maskUrl('/verify/callback/provider_doc?abc123secret&&page=2')).toBe(
      '/verify/callback/provider_doc?***&&page=2',
    );
  });
});
