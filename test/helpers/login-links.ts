import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, TestPartner } from './app.js';
import { freshDatabase, testEngine, type TestDatabase } from './engine.js';
import { openedMail } from './sealed.js';

export const SESSION_COOKIE = 'onpay_session';
export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export interface IssuedLink {
  login_url: string;
  expires_at: string;
  /** `/login/<token>`: what the app is asked for. */
  path: string;
  token: string;
}

/** Splits a login_url under http(s)://onpay.test into the page path and the token. */
export function parseLoginUrl(loginUrl: string, base = 'http://onpay.test'): IssuedLink['path'] {
  expect(loginUrl.startsWith(`${base}/login/`), loginUrl).toBe(true);
  return loginUrl.slice(base.length);
}

function asLink(res: LightMyRequestResponse, base?: string): IssuedLink {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { login_url: string; expires_at: string };
  expect(Object.keys(body).sort()).toEqual(['expires_at', 'login_url']);
  const path = parseLoginUrl(body.login_url, base);
  return { ...body, path, token: path.slice('/login/'.length) };
}

/** POST /users/{id}/login-link; asserts 200 and the login-link shape. */
export async function userLink(
  t: TestApp,
  partner: TestPartner,
  userId: string | number,
  payload: unknown = {},
  base?: string,
): Promise<IssuedLink> {
  return asLink(
    await t.as(partner, { method: 'POST', url: `/api/v1/users/${userId}/login-link`, payload: payload as object }),
    base,
  );
}

/** POST /payouts/{payout}/login-link; asserts 200 and the login-link shape. */
export async function payoutLink(
  t: TestApp,
  partner: TestPartner,
  payoutId: number,
  payload: unknown = {},
): Promise<IssuedLink> {
  return asLink(
    await t.as(partner, { method: 'POST', url: `/api/v1/payouts/${payoutId}/login-link`, payload: payload as object }),
  );
}

/** Opening the link: what a browser (or a mail scanner) does with GET. */
export function openLink(t: TestApp, path: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: path });
}

/** Pressing Continue: the form POST of the landing page (an empty urlencoded form). */
export function pressContinue(t: TestApp, path: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** The session cookie a response sets, if any. */
export function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

/** Uses the link (Continue) and returns the session cookie value; asserts the 303 to `target`. */
export async function signIn(t: TestApp, path: string, target = '/me'): Promise<string> {
  const res = await pressContinue(t, path);
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe(target);
  const cookie = sessionCookieOf(res);
  expect(cookie?.value).toBeTruthy();
  return cookie?.value as string;
}

/**
 * The person's own sign-in: POST /login with the address, then the link from the mail the service
 * queued for it (the outbox; mail the person asked for is in no partner's mailbox). Returns the
 * `/login/<token>` path.
 */
export async function ownSignInLink(t: TestApp, email: string, clientAddress = '198.51.100.7'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: clientAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const mail = openedMail(
    t,
    await t.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('partner_id', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow(),
  );
  const url = /https?:\/\/\S+\/login\/\S+/.exec(mail.text_body)?.[0];
  expect(url, mail.text_body).toBeTruthy();
  return parseLoginUrl(url as string);
}

/** GET a page as the holder of a session cookie. */
export function asEmployee(t: TestApp, cookie: string | undefined, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, cookies: cookie === undefined ? {} : { [SESSION_COOKIE]: cookie } });
}

/** HTML as a reader sees it: tags dropped, the few entities decoded, all white space (also no-break) as one space. */
export function plainText(markup: string): string {
  return markup
    .replace(/<\/?(?:a|b|em|span|strong|time)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Asserts an HTML page with a status and an `<h1>` containing `heading` (as plain text). */
export function expectPage(res: LightMyRequestResponse, status: number, heading: RegExp | string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
  const h1 = plainText(/<h1>([\s\S]*?)<\/h1>/.exec(res.body)?.[1] ?? '');
  if (typeof heading === 'string') expect(h1).toContain(heading);
  else expect(h1).toMatch(heading);
}

/** The token with the character at `index` replaced by a different one of the same alphabet. */
export function changeCharAt(token: string, index: number): string {
  const c = token[index] as string;
  const replacement = /[0-9]/.test(c) ? String((Number(c) % 9) + 1) : c === 'A' ? 'B' : 'A';
  expect(replacement).not.toBe(c);
  return `${token.slice(0, index)}${replacement}${token.slice(index + 1)}`;
}

/**
 * A database two apps can share (a file for SQLite, a fresh PostgreSQL database otherwise); the
 * caller drops it after closing both apps.
 */
export async function sharedDatabase(): Promise<TestDatabase> {
  if (testEngine === 'postgres') return freshDatabase('postgres');
  const dir = await mkdtemp(join(tmpdir(), 'onpay-shared-'));
  return { url: `sqlite:${join(dir, 'onpay.db')}`, drop: () => rm(dir, { recursive: true, force: true }) };
}
