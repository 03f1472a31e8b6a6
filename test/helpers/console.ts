/** Driving the console as a browser would: cookies kept, forms sent with their CSRF field. */
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { OperatorRow } from '../../src/db/database.js';
import type { TestApp } from './app.js';

export interface Browser {
  cookies: Record<string, string>;
  get(url: string): Promise<LightMyRequestResponse>;
  /** Posts a form; `csrf` comes from the page at `from` unless given. */
  post(
    url: string,
    form: Record<string, string>,
    options?: { from?: string; csrf?: string | null },
  ): Promise<LightMyRequestResponse>;
}

function keep(cookies: Record<string, string>, res: LightMyRequestResponse): void {
  for (const cookie of res.cookies) {
    if (
      cookie.maxAge === 0 ||
      (cookie.expires && cookie.expires.getTime() <= Date.now() - 60_000) ||
      cookie.value === ''
    )
      delete cookies[cookie.name];
    else cookies[cookie.name] = cookie.value;
  }
}

export function csrfOf(res: LightMyRequestResponse): string {
  const value = /<input type="hidden" name="csrf" value="([^"]+)">/.exec(res.body)?.[1];
  expect(value, `a CSRF field on ${res.body.slice(0, 200)}`).toBeTruthy();
  return value as string;
}

export function browser(t: TestApp): Browser {
  const cookies: Record<string, string> = {};
  const b: Browser = {
    cookies,
    async get(url) {
      const res = await t.app.inject({ method: 'GET', url, cookies: { ...cookies } });
      keep(cookies, res);
      return res;
    },
    async post(url, form, options = {}) {
      const csrf = options.csrf === undefined ? csrfOf(await b.get(options.from ?? url)) : options.csrf;
      const body = new URLSearchParams({ ...form, ...(csrf === null ? {} : { csrf }) }).toString();
      const res = await t.app.inject({
        method: 'POST',
        url,
        cookies: { ...cookies },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
      keep(cookies, res);
      return res;
    },
  };
  return b;
}

export const PASSWORD = 'a long and sunny passphrase';

/** The current code of an authenticator holding `secret`, at the app's clock. */
export function totp(t: TestApp, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });
}

export interface ReadyOperator {
  row: OperatorRow;
  email: string;
  secret: string;
  recoveryCodes: string[];
}

/** An operator created as the CLI does and set up through the pages (password, authenticator). */
export async function readyOperator(
  t: TestApp,
  role: 'admin' | 'operator' | 'viewer',
  email = `op.${role}.${Math.random().toString(36).slice(2, 8)}@onpay.example`,
): Promise<ReadyOperator> {
  const created = await t.services.operators.create(email, role);
  const path = new URL(created.setupUrl).pathname;
  const b = browser(t);
  expect((await b.post(path, { step: 'password', password: PASSWORD, repeat: PASSWORD })).statusCode).toBe(303);
  const step2 = await b.get(path);
  const secret = /data-totp-secret>([A-Z2-7]+)</.exec(step2.body)?.[1];
  expect(secret, step2.body.slice(0, 500)).toBeTruthy();
  const done = await b.post(path, { step: 'totp', code: await totp(t, secret!) });
  expect(done.statusCode, done.body.slice(0, 500)).toBe(200);
  const recoveryCodes = [...done.body.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map((m) => m[1]!);
  expect(recoveryCodes).toHaveLength(10);
  // The next code is a new time step: the enrolment's code is used up.
  t.clock.advance(30_000);
  return { row: created.operator, email, secret: secret!, recoveryCodes };
}

/** A browser signed in as the operator. */
export async function signedIn(t: TestApp, operator: ReadyOperator): Promise<Browser> {
  const b = browser(t);
  const res = await b.post('/console/login', {
    email: operator.email,
    password: PASSWORD,
    code: await totp(t, operator.secret),
  });
  expect(res.statusCode, res.body.slice(0, 400)).toBe(303);
  t.clock.advance(30_000);
  return b;
}

/**
 * The console's "what is stuck" list (`/console/employees/stuck?query`) as `operator` sees it: its
 * rows as [employee id, partner id], the total it states, the status and the body.
 */
export async function stuckList(operator: Browser, query: string) {
  const res = await operator.get(`/console/employees/stuck?${query}`);
  const rows = [
    ...res.body.matchAll(
      /<td><a href="\/console\/employees\/(\d+)">\d+<\/a><\/td>[\s\S]*?<small class="muted">\((\d+)\)<\/small>/g,
    ),
  ].map((m) => [m[1], Number(m[2])] as const);
  const total = /<p role="status">(\d+) /.exec(res.body)?.[1];
  return { status: res.statusCode, body: res.body, rows, total: total === undefined ? null : Number(total) };
}
