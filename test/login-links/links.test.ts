import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import {
  asEmployee,
  changeCharAt,
  DAY_MS,
  expectPage,
  HOUR_MS,
  openLink,
  payoutLink,
  plainText,
  pressContinue,
  sessionCookieOf,
  sharedDatabase,
  signIn,
  userLink,
} from '../helpers/login-links.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { openedMail } from '../helpers/sealed.js';
import { createUser, expect404, expect422 } from '../helpers/users.js';

const FAST = { RATE_LIMIT_PER_MINUTE: '100000' };
/** Two signing keys of the allowed length (≥ 32 characters). */
const SECRET_A = 'A'.repeat(20) + 'secret-a-0123456789';
const SECRET_B = 'B'.repeat(20) + 'secret-b-0123456789';

async function counts(t: TestApp): Promise<{ links: number; mails: number }> {
  const [links, mails] = await Promise.all([
    t.db.db
      .selectFrom('login_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    t.db.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { links: Number(links.n), mails: Number(mails.n) };
}

function expectMessage404(res: { statusCode: number; body: string; json(): unknown }): void {
  expect(res.statusCode, res.body).toBe(404);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message']);
  expect(body.message).toBeTypeOf('string');
}

describe('issuing login links', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let employee: Employee;
  let payoutId: number;
  let globexPayoutId: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: FAST });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    employee = await onboardedEmployee(t, acme);
    payoutId = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0] as number;
    const globexEmployee = await onboardedEmployee(t, globex);
    globexPayoutId = (await createPayouts(t, globex, batch([item(globexEmployee)]))).payout_ids[0] as number;
  });
  afterAll(() => t.close());

  describe('POST /users/{id}/login-link', () => {
    it('answers login_url under PUBLIC_BASE_URL/login/ and expires_at 24 hours from now', async () => {
      const link = await userLink(t, acme, employee.id);
      expect(link.login_url).toMatch(/^http:\/\/onpay\.test\/login\/[1-9][0-9]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      expect(link.expires_at).toBe(new Date(t.clock.now().getTime() + DAY_MS).toISOString());
    });

    it('accepts no body, {}, send_email false and true; only true writes a mail to the outbox', async () => {
      const before = await counts(t);
      const noBody = await t.as(acme, { method: 'POST', url: `/api/v1/users/${employee.id}/login-link` });
      expect(noBody.statusCode, noBody.body).toBe(200);
      // A JSON null is a body, and not an object: the usual 400 (the document calls it invalid).
      const nullBody = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/login-link`,
        headers: { 'content-type': 'application/json' },
        payload: 'null',
      });
      expect(nullBody.statusCode, nullBody.body).toBe(400);
      expect(nullBody.json()).toEqual({ error: 'Validation error', data: 'The request body must be a JSON object.' });
      // An empty body sent as JSON is no body too (the document marks the body optional).
      for (const payload of ['', '  \n']) {
        const empty = await t.as(acme, {
          method: 'POST',
          url: `/api/v1/users/${employee.id}/login-link`,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(empty.statusCode, empty.body).toBe(200);
      }
      // Still JSON: a body that is not is the usual 400.
      const broken = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/login-link`,
        headers: { 'content-type': 'application/json' },
        payload: '{"send_email":',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ error: 'Validation error' });
      const links = [
        await userLink(t, acme, employee.id, {}),
        await userLink(t, acme, employee.id, { send_email: false }),
      ];
      // A misspelled field is refused, not dropped: no link, no mail.
      const misspelled = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/login-link`,
        payload: { send_mail: true },
      });
      expect(misspelled.statusCode, misspelled.body).toBe(422);
      expect(misspelled.json()).toEqual({
        message: 'send_mail is not a known field; did you mean send_email?',
        errors: { send_mail: ['send_mail is not a known field; did you mean send_email?'] },
      });
      expect(await counts(t)).toEqual({ links: before.links + 5, mails: before.mails });

      const emailed = await userLink(t, acme, employee.id, { send_email: true });
      expect(await counts(t)).toEqual({ links: before.links + 6, mails: before.mails + 1 });
      const mail = openedMail(
        t,
        await t.db.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow(),
      );
      expect(mail.to_address).toBe(employee.email);
      expect(mail.status).toBe('pending');
      expect(mail.text_body).toContain(emailed.login_url);
      expect(mail.html_body).toContain(`href="${emailed.login_url}"`);

      // Every link is its own: distinct tokens, each usable.
      const tokens = new Set([...links, emailed].map((l) => l.token));
      expect(tokens.size).toBe(3);
    });

    it.each([
      ['"yes"', 'yes'],
      ['1', 1],
      ['"true"', 'true'],
      ['null', null],
      ['an object', { value: true }],
    ])('rejects send_email = %s with 422 {message, errors.send_email}', async (_label, value) => {
      const before = await counts(t);
      const res = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/login-link`,
        payload: { send_email: value },
      });
      expect422(res, 'send_email');
      expect(await counts(t)).toEqual(before);
    });

    it("answers 404 {error} for another partner's employee, an unknown id and a malformed id", async () => {
      const before = await counts(t);
      expect404(await t.as(globex, { method: 'POST', url: `/api/v1/users/${employee.id}/login-link`, payload: {} }));
      expect404(
        await t.as(globex, {
          method: 'POST',
          url: `/api/v1/users/${employee.id}/login-link`,
          payload: { send_email: true },
        }),
      );
      expect404(await t.as(acme, { method: 'POST', url: '/api/v1/users/999999999/login-link', payload: {} }));
      expect404(await t.as(acme, { method: 'POST', url: '/api/v1/users/abc/login-link', payload: {} }));
      expect(await counts(t)).toEqual(before);
    });

    it('answers 401 {message} without credentials', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/users/${employee.id}/login-link`, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(Object.keys(res.json() as object)).toEqual(['message']);
    });

    it('answers 400 {error} to a reused Idempotency-key and stores nothing for the repeat', async () => {
      const key = randomUUID();
      const first = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/login-link`,
        headers: { 'idempotency-key': key },
        payload: { send_email: true },
      });
      expect(first.statusCode, first.body).toBe(200);
      const before = await counts(t);
      const again = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/login-link`,
        headers: { 'idempotency-key': key },
        payload: { send_email: true },
      });
      expect(again.statusCode, again.body).toBe(400);
      expect(Object.keys(again.json() as object)).toEqual(['error']);
      expect(await counts(t)).toEqual(before);

      const notUuid = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/login-link`,
        headers: { 'idempotency-key': 'nope' },
        payload: {},
      });
      expect(notUuid.statusCode).toBe(400);
    });
  });

  describe('POST /payouts/{payout}/login-link', () => {
    it("answers a 24-hour link that lands on the payout's page after Continue", async () => {
      const link = await payoutLink(t, acme, payoutId);
      expect(link.expires_at).toBe(new Date(t.clock.now().getTime() + DAY_MS).toISOString());

      const landing = await openLink(t, link.path);
      expectPage(landing, 200, 'See your payout');
      const cookie = await signIn(t, link.path, `/me/payouts/${payoutId}`);
      const page = await asEmployee(t, cookie, `/me/payouts/${payoutId}`);
      expectPage(page, 200, 'Payout for 15 Mar 2026');
      expect(plainText(page.body)).toContain('You receive 1 050,00 kr');
    });

    it('accepts no body and send_email true (one outbox mail about the payout)', async () => {
      const noBody = await t.as(acme, { method: 'POST', url: `/api/v1/payouts/${payoutId}/login-link` });
      expect(noBody.statusCode, noBody.body).toBe(200);
      const before = await counts(t);
      const link = await payoutLink(t, acme, payoutId, { send_email: true });
      expect(await counts(t)).toEqual({ links: before.links + 1, mails: before.mails + 1 });
      const mail = openedMail(
        t,
        await t.db.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow(),
      );
      expect(mail.to_address).toBe(employee.email);
      expect(mail.subject).toBe('Your payout from Acme');
      expect(mail.text_body).toContain(link.login_url);
    });

    it('rejects a non-boolean send_email with 422 {message, errors}', async () => {
      expect422(
        await t.as(acme, {
          method: 'POST',
          url: `/api/v1/payouts/${payoutId}/login-link`,
          payload: { send_email: 'true' },
        }),
        'send_email',
      );
    });

    it("answers 404 {message} for another partner's payout, an unknown and a malformed id", async () => {
      const before = await counts(t);
      expectMessage404(
        await t.as(acme, {
          method: 'POST',
          url: `/api/v1/payouts/${globexPayoutId}/login-link`,
          payload: { send_email: true },
        }),
      );
      expectMessage404(
        await t.as(globex, { method: 'POST', url: `/api/v1/payouts/${payoutId}/login-link`, payload: {} }),
      );
      expectMessage404(await t.as(acme, { method: 'POST', url: '/api/v1/payouts/999999999/login-link', payload: {} }));
      expectMessage404(await t.as(acme, { method: 'POST', url: '/api/v1/payouts/x1/login-link', payload: {} }));
      expect(await counts(t)).toEqual(before);
    });

    it('answers 400 {error} to a reused Idempotency-key', async () => {
      const key = randomUUID();
      const req = {
        method: 'POST' as const,
        url: `/api/v1/payouts/${payoutId}/login-link`,
        headers: { 'idempotency-key': key },
        payload: {},
      };
      expect((await t.as(acme, req)).statusCode).toBe(200);
      const again = await t.as(acme, req);
      expect(again.statusCode, again.body).toBe(400);
      expect(Object.keys(again.json() as object)).toEqual(['error']);
    });
  });
});

describe('using a login link', () => {
  let t: TestApp;
  let acme: TestPartner;
  let userId: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: FAST });
    acme = await t.partner('Acme');
    userId = (await createUser(t, acme)).id;
  });
  afterAll(() => t.close());

  it('GET shows a page with a Continue button that POSTs back to the link, and sets no cookie', async () => {
    const link = await userLink(t, acme, userId);
    const res = await openLink(t, link.path);
    expectPage(res, 200, 'Sign in to onpay');
    expect(res.body).toContain(`<form method="post" action="${link.path}">`);
    expect(res.body).toMatch(/<button type="submit">Continue<\/button>/);
    expect(res.body).toContain('Acme');
    expect(res.cookies).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET alone never uses the link: a scanner prefetching twice leaves it working', async () => {
    const link = await userLink(t, acme, userId);
    expectPage(await openLink(t, link.path), 200, 'Sign in');
    expectPage(await openLink(t, link.path), 200, 'Sign in');
    await t.app.inject({ method: 'HEAD', url: link.path });
    await signIn(t, link.path, '/me');
  });

  it('a cross-site POST (login CSRF) only gets the landing page; the link stays usable from the page itself', async () => {
    const link = await userLink(t, acme, userId);
    const forged = await t.app.inject({
      method: 'POST',
      url: link.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: '',
    });
    expectPage(forged, 200, 'Sign in to onpay');
    expect(sessionCookieOf(forged)).toBeUndefined();
    expect(forged.headers['x-frame-options']).toBe('DENY');
    const res = await t.app.inject({
      method: 'POST',
      url: link.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: 'null' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(sessionCookieOf(res)?.value).toBeTruthy();
  });

  it('works once: a second Continue and a later GET show the "already used" page (410)', async () => {
    const link = await userLink(t, acme, userId);
    const cookie = await signIn(t, link.path);
    const again = await pressContinue(t, link.path);
    expectPage(again, 410, 'already been used');
    expect(sessionCookieOf(again)).toBeUndefined();
    expectPage(await openLink(t, link.path), 410, 'already been used');
    // The first session is unaffected.
    expectPage(await asEmployee(t, cookie, '/me'), 200, 'Hello');
  });

  it('two tabs pressing Continue at once: exactly one is signed in, the other sees "already used"', async () => {
    for (let round = 0; round < 5; round++) {
      const link = await userLink(t, acme, userId);
      const results = await Promise.all([
        pressContinue(t, link.path),
        pressContinue(t, link.path),
        pressContinue(t, link.path),
      ]);
      const winners = results.filter((r) => r.statusCode === 303);
      expect(winners, results.map((r) => r.statusCode).join(',')).toHaveLength(1);
      expect(sessionCookieOf(winners[0]!)?.value).toBeTruthy();
      for (const loser of results.filter((r) => r.statusCode !== 303)) {
        expectPage(loser, 410, 'already been used');
        expect(sessionCookieOf(loser)).toBeUndefined();
      }
      const sessions = await t.db.db.selectFrom('employee_sessions').select('id_hash').execute();
      expect(sessions.length).toBeGreaterThan(0);
    }
  });

  describe('tampering', () => {
    const parts = (token: string) => {
      const [id, nonce, signature] = token.split('.') as [string, string, string];
      return { id, nonce, signature, nonceAt: id.length + 1, signatureAt: id.length + 1 + nonce.length + 1 };
    };

    it.each([
      ['a character of the nonce', (tok: string) => changeCharAt(tok, parts(tok).nonceAt + 3)],
      ['the last character of the nonce', (tok: string) => changeCharAt(tok, parts(tok).signatureAt - 2)],
      ['a character of the signature', (tok: string) => changeCharAt(tok, parts(tok).signatureAt + 10)],
      ['the last character of the signature', (tok: string) => changeCharAt(tok, tok.length - 1)],
      ['the link id', (tok: string) => changeCharAt(tok, 0)],
      [
        'the id for another link of the same employee',
        (tok: string) => `${Number(parts(tok).id) + 1}.${parts(tok).nonce}.${parts(tok).signature}`,
      ],
      ['a dropped signature', (tok: string) => `${parts(tok).id}.${parts(tok).nonce}`],
      ['a truncated token', (tok: string) => tok.slice(0, -5)],
      ['an appended character', (tok: string) => `${tok}A`],
    ])('%s → 404 "not valid" on GET and POST; the real link still works afterwards', async (_label, tamper) => {
      const link = await userLink(t, acme, userId);
      // A second link right after, so an id + 1 names a real link of the same employee.
      await userLink(t, acme, userId);
      const forged = `/login/${tamper(link.token)}`;
      expect(forged).not.toBe(link.path);
      expectPage(await openLink(t, forged), 404, 'not valid');
      const post = await pressContinue(t, forged);
      expectPage(post, 404, 'not valid');
      expect(sessionCookieOf(post)).toBeUndefined();
      await signIn(t, link.path);
    });

    // `/login/` is `/login`, the sign-in page (trailing slashes are ignored, test/platform/trailing-slash.test.ts).
    it.each([
      '/login/x',
      '/login/1.2.3',
      '/login/1/2',
      `/login/${'9'.repeat(40)}.${'a'.repeat(32)}.${'b'.repeat(43)}`,
      `/login/${'x'.repeat(500)}`,
      '/login/%3Cscript%3E',
    ])('rubbish %s → 404 "not valid"', async (path) => {
      expectPage(await openLink(t, path), 404, 'not valid');
      expectPage(await pressContinue(t, path), 404, 'not valid');
    });
  });
});

describe('link and session lifetimes (injected clock)', () => {
  let t: TestApp;
  let acme: TestPartner;
  let userId: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: FAST });
    acme = await t.partner('Acme');
    userId = (await createUser(t, acme)).id;
  });
  afterAll(() => t.close());

  it('a link still works 24 h − 1 ms after it was issued', async () => {
    const link = await userLink(t, acme, userId);
    t.clock.advance(DAY_MS - 1);
    expectPage(await openLink(t, link.path), 200, 'Sign in');
    await signIn(t, link.path);
  });

  it('24 h after it was issued the link shows the "expired" page (410) on GET and POST', async () => {
    const link = await userLink(t, acme, userId);
    t.clock.advance(DAY_MS);
    expectPage(await openLink(t, link.path), 410, 'expired');
    const post = await pressContinue(t, link.path);
    expectPage(post, 410, 'expired');
    expect(sessionCookieOf(post)).toBeUndefined();
    t.clock.advance(30 * DAY_MS);
    expectPage(await openLink(t, link.path), 410, 'expired');
  });

  it('a payout link lives 24 hours too', async () => {
    const employee = await onboardedEmployee(t, acme);
    const payout = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0] as number;
    const link = await payoutLink(t, acme, payout);
    t.clock.advance(DAY_MS);
    expectPage(await openLink(t, link.path), 410, 'expired');
  });

  it('an employee session lasts 8 hours', async () => {
    const link = await userLink(t, acme, userId);
    const cookie = await signIn(t, link.path);
    t.clock.advance(8 * HOUR_MS - 1);
    expectPage(await asEmployee(t, cookie, '/me'), 200, 'Hello');
    t.clock.advance(1);
    expectPage(await asEmployee(t, cookie, '/me'), 401, 'Please sign in');
  });
});

describe('signing-key rotation (two apps on one database)', () => {
  it('a link signed with the old key works after rotation while ONPAY_SECRET_PREVIOUS names it, and not without', async () => {
    const database = await sharedDatabase();
    const apps: TestApp[] = [];
    try {
      const before = await buildTestApp({ database, env: { ...FAST, ONPAY_SECRET: SECRET_A } });
      apps.push(before);
      const acme = await before.partner('Acme');
      const userId = (await createUser(before, acme)).id;
      const first = await userLink(before, acme, userId);
      const second = await userLink(before, acme, userId);

      const rotated = await buildTestApp({
        database,
        env: { ...FAST, ONPAY_SECRET: SECRET_B, ONPAY_SECRET_PREVIOUS: SECRET_A },
      });
      apps.push(rotated);
      const newOnly = await buildTestApp({ database, env: { ...FAST, ONPAY_SECRET: SECRET_B } });
      apps.push(newOnly);

      // Without the previous key, an old link is simply not valid (and is not used up by trying).
      expectPage(await openLink(newOnly, first.path), 404, 'not valid');
      expectPage(await pressContinue(newOnly, first.path), 404, 'not valid');

      expectPage(await openLink(rotated, first.path), 200, 'Sign in');
      const cookie = await signIn(rotated, first.path);
      expectPage(await asEmployee(rotated, cookie, '/me'), 200, 'Hello');
      expectPage(await openLink(rotated, first.path), 410, 'already been used');
      await signIn(rotated, second.path);

      // New links are signed with the new key: the old app (key A only) rejects them.
      const fresh = await userLink(rotated, acme, userId);
      const freshToken = fresh.token;
      expect(freshToken.split('.')[2]).not.toBe(first.token.split('.')[2]);
      expectPage(await openLink(before, fresh.path), 404, 'not valid');
      expectPage(await openLink(newOnly, fresh.path), 200, 'Sign in');
    } finally {
      for (const app of apps) await app.close();
      await database.drop();
    }
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, 8 hours, and not Secure in the sandbox (http)', async () => {
    const t = await buildTestApp();
    try {
      const acme = await t.partner('Acme');
      const link = await userLink(t, acme, (await createUser(t, acme)).id);
      const res = await pressContinue(t, link.path);
      expect(res.statusCode).toBe(303);
      const cookie = sessionCookieOf(res);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 8 * 60 * 60 });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only a hash of the session is stored.
      const stored = await t.db.db.selectFrom('employee_sessions').select('id_hash').execute();
      expect(stored.map((s) => s.id_hash)).not.toContain(cookie?.value);
    } finally {
      await t.close();
    }
  });

  it('is Secure in live', async () => {
    const t = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'L'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:1',
        PUBLIC_BASE_URL: 'https://onpay.test',
      },
    });
    try {
      const acme = await t.partner('Acme');
      const link = await userLink(t, acme, (await createUser(t, acme)).id, {}, 'https://onpay.test');
      const res = await pressContinue(t, link.path);
      expect(res.statusCode, res.body).toBe(303);
      expect(sessionCookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});
