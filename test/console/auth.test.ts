/**
 * The console's doors: set-up by a one-time link (password, authenticator, recovery codes), sign-in
 * with both factors and one answer for every failure, throttling and lockout, sessions that end by
 * idleness, age, sign-out and sign-out everywhere, CSRF on every form, no session fixation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { cliEnv, jsonLine, runCli, scratchDatabase } from '../helpers/cli.js';
import { browser, csrfOf, PASSWORD, readyOperator, signedIn, totp, type ReadyOperator } from '../helpers/console.js';
import type { TestDatabase } from '../helpers/engine.js';

const MINUTE = 60_000;
let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await scratchDatabase('onpay-console-auth');
  t = await buildTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

const cli = (...args: string[]) =>
  runCli(args, cliEnv({ DATABASE_URL: database.url, PUBLIC_BASE_URL: 'http://onpay.test' }));
const audit = async (object: string) =>
  (
    jsonLine(await cli('audit', 'list', '--object', object, '--json')) as {
      entries: Array<{ action: string; actor: { type: string } }>;
    }
  ).entries;
/** A page's text without its per-browser CSRF token, to compare two answers. */
const comparable = (body: string) => body.replace(/name="csrf" value="[^"]+"/g, 'name="csrf"');

describe('set-up', () => {
  it('onpay operator create prints a one-time link; the link sets a password, then an authenticator, then shows recovery codes once', async () => {
    const created = jsonLine(
      await cli('operator', 'create', '--email', 'Kari.Admin@Onpay.example', '--role', 'admin', '--json'),
    ) as {
      operator: { operator_id: number; status: string };
      setup_url: string;
    };
    expect(created.operator.status).toBe('pending');
    expect(created.setup_url).toMatch(/^http:\/\/onpay\.test\/console\/setup\/[A-Za-z0-9_-]{40,}$/);
    const path = new URL(created.setup_url).pathname;
    const b = browser(t);
    const first = await b.get(path);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Step 1 of 2');

    // Without the form's token nothing happens.
    expect(
      (await b.post(path, { step: 'password', password: PASSWORD, repeat: PASSWORD }, { csrf: null })).statusCode,
    ).toBe(403);
    expect((await b.post(path, { step: 'password', password: 'short', repeat: 'short' })).statusCode).toBe(422);
    expect((await b.post(path, { step: 'password', password: PASSWORD, repeat: `${PASSWORD}!` })).body).toContain(
      'The two passwords are not the same.',
    );
    expect((await b.post(path, { step: 'password', password: PASSWORD, repeat: PASSWORD })).statusCode).toBe(303);

    const second = await b.get(path);
    expect(second.body).toContain('Step 2 of 2');
    expect(second.body).toContain('<svg');
    const secret = /data-totp-secret>([A-Z2-7]+)</.exec(second.body)![1]!;
    expect((await b.post(path, { step: 'totp', code: '000000' })).statusCode).toBe(422);
    const done = await b.post(path, { step: 'totp', code: await totp(t, secret) });
    expect(done.statusCode).toBe(200);
    expect([...done.body.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)]).toHaveLength(10);

    // The link is used up; the operator is active.
    expect((await b.get(path)).statusCode).toBe(410);
    expect(
      (jsonLine(await cli('operator', 'list', '--json')) as { operators: Array<{ email: string; status: string }> })
        .operators,
    ).toContainEqual(expect.objectContaining({ email: 'Kari.Admin@Onpay.example', status: 'active' }));
    expect((await audit(`operator:${created.operator.operator_id}`)).map((e) => e.action)).toEqual([
      'operator.activated',
      'operator.created',
    ]);
  });

  it('a set-up link works for 24 hours', async () => {
    const created = await t.services.operators.create('late@onpay.example', 'viewer');
    t.clock.advance(24 * 60 * MINUTE + 1000);
    expect((await browser(t).get(new URL(created.setupUrl).pathname)).statusCode).toBe(410);
  });
});

describe('sign-in', () => {
  let admin: ReadyOperator;
  beforeAll(async () => {
    admin = await readyOperator(t, 'admin');
  });

  it('needs the password and a code; every failure answers the same, unknown accounts included', async () => {
    const code = await totp(t, admin.secret);
    const attempt = (email: string, password: string, c: string) =>
      browser(t).post('/console/login', { email, password, code: c }, { from: '/console/login' });
    const wrongPassword = await attempt(admin.email, 'not the password at all', code);
    const wrongCode = await attempt(admin.email, PASSWORD, '123456');
    const unknown = await attempt('nobody@onpay.example', PASSWORD, code);
    for (const res of [wrongPassword, wrongCode, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('The e-mail address, password or code is not right.');
    }
    expect(comparable(wrongPassword.body)).toBe(comparable(unknown.body));
    const ok = await attempt(admin.email, PASSWORD, code);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/console');
    // The same code a second time is refused (a code works once).
    expect((await attempt(admin.email, PASSWORD, code)).statusCode).toBe(401);
    t.clock.advance(15 * MINUTE);
  });

  it('a recovery code used by two sign-ins at once signs in only one of them', async () => {
    const code = admin.recoveryCodes[1]!;
    const attempts = await Promise.all(
      [1, 2].map(() => t.services.operators.signIn(admin.email, PASSWORD, code, '203.0.113.9')),
    );
    expect(attempts.map((a) => a.kind).sort()).toEqual(['refused', 'signed_in']);
    t.clock.advance(15 * MINUTE);
  });

  it('a recovery code signs in once in place of the authenticator', async () => {
    const [code] = admin.recoveryCodes;
    const b = browser(t);
    expect((await b.post('/console/login', { email: admin.email, password: PASSWORD, code: code! })).statusCode).toBe(
      303,
    );
    expect(
      (await browser(t).post('/console/login', { email: admin.email, password: PASSWORD, code: code! })).statusCode,
    ).toBe(401);
    t.clock.advance(15 * MINUTE);
  });

  it('five attempts per account in 15 minutes, known or not; then the same "too many" answer', async () => {
    const victim = await readyOperator(t, 'viewer');
    for (const email of [victim.email, 'ghost@onpay.example']) {
      for (let i = 0; i < 5; i++)
        expect(
          (await browser(t).post('/console/login', { email, password: 'wrong password here', code: '000000' }))
            .statusCode,
        ).toBe(401);
      const limited = await browser(t).post('/console/login', {
        email,
        password: PASSWORD,
        code: await totp(t, victim.secret),
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.body).toContain('Too many sign-in attempts');
    }
    // The right credentials wait out the window too, then work.
    t.clock.advance(15 * MINUTE + 1000);
    expect(
      (
        await browser(t).post('/console/login', {
          email: victim.email,
          password: PASSWORD,
          code: await totp(t, victim.secret),
        })
      ).statusCode,
    ).toBe(303);
    const failures = (await audit(`operator:${victim.row.id}`)).filter((e) => e.action === 'operator.sign_in_failed');
    expect(failures).toHaveLength(5);
  });

  it('a disabled operator cannot sign in, and their sessions end at once', async () => {
    const op = await readyOperator(t, 'operator');
    const b = await signedIn(t, op);
    expect((await b.get('/console')).statusCode).toBe(200);
    jsonLine(await cli('operator', 'disable', String(op.row.id), '--json'));
    expect((await b.get('/console')).statusCode).toBe(303);
    expect(
      (await browser(t).post('/console/login', { email: op.email, password: PASSWORD, code: await totp(t, op.secret) }))
        .statusCode,
    ).toBe(401);
  });

  it('reset: a new set-up link, the old password and authenticator forgotten, every session ended', async () => {
    const op = await readyOperator(t, 'operator');
    const b = await signedIn(t, op);
    const reset = jsonLine(await cli('operator', 'reset', String(op.row.id), '--json')) as {
      setup_url: string;
      operator: { status: string };
    };
    expect(reset.operator.status).toBe('pending');
    expect((await b.get('/console')).statusCode).toBe(303);
    expect(
      (await browser(t).post('/console/login', { email: op.email, password: PASSWORD, code: await totp(t, op.secret) }))
        .statusCode,
    ).toBe(401);
    expect((await browser(t).get(new URL(reset.setup_url).pathname)).body).toContain('Step 1 of 2');
  });
});

describe('sessions', () => {
  let op: ReadyOperator;
  beforeAll(async () => {
    op = await readyOperator(t, 'operator');
  });

  it('a session is a new cookie at sign-in: one planted before is never taken for a session', async () => {
    const b = browser(t);
    b.cookies.onpay_console = 'planted-by-an-attacker-0123456789abcdef';
    const res = await b.post('/console/login', { email: op.email, password: PASSWORD, code: await totp(t, op.secret) });
    expect(res.statusCode).toBe(303);
    expect(b.cookies.onpay_console).not.toBe('planted-by-an-attacker-0123456789abcdef');
    const cookie = res.cookies.find((c) => c.name === 'onpay_console')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/console',
          cookies: { onpay_console: 'planted-by-an-attacker-0123456789abcdef' },
        })
      ).statusCode,
    ).toBe(303);
    t.clock.advance(MINUTE);
  });

  it('ends after 30 idle minutes; use keeps it alive, up to 12 hours', async () => {
    const b = await signedIn(t, op);
    t.clock.advance(29 * MINUTE);
    expect((await b.get('/console')).statusCode).toBe(200);
    t.clock.advance(31 * MINUTE);
    expect((await b.get('/console')).statusCode).toBe(303);

    const busy = await signedIn(t, op);
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 25) {
      t.clock.advance(25 * MINUTE);
      const res = await busy.get('/console');
      expect(res.statusCode, `after ${elapsed + 25} minutes`).toBe(elapsed + 25 < 12 * 60 ? 200 : 303);
    }
  });

  it('every signed-in form needs its session’s CSRF token; sign-out ends this session, sign-out everywhere every session', async () => {
    const here = await signedIn(t, op);
    const there = await signedIn(t, op);
    const other = await signedIn(t, op);
    expect((await here.post('/console/logout', {}, { csrf: null })).statusCode).toBe(403);
    expect((await here.post('/console/logout', {}, { csrf: csrfOf(await there.get('/console')) })).statusCode).toBe(
      403,
    );
    expect((await here.get('/console')).statusCode).toBe(200);
    expect((await here.post('/console/logout', {}, { from: '/console' })).statusCode).toBe(200);
    expect((await here.get('/console')).statusCode).toBe(303);
    expect((await there.get('/console')).statusCode).toBe(200);
    expect((await there.post('/console/logout-everywhere', {}, { from: '/console' })).statusCode).toBe(200);
    expect((await other.get('/console')).statusCode).toBe(303);
    // Signed out, a form is refused as such.
    expect((await there.post('/console/logout', {}, { csrf: 'x' })).statusCode).toBe(303);
  });

  it('the sign-in and set-up forms need the token of their pre-session cookie', async () => {
    const b = browser(t);
    expect(
      (
        await b.post(
          '/console/login',
          { email: op.email, password: PASSWORD, code: await totp(t, op.secret) },
          { csrf: null },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await b.post(
          '/console/login',
          { email: op.email, password: PASSWORD, code: await totp(t, op.secret) },
          { csrf: 'forged' },
        )
      ).statusCode,
    ).toBe(403);
  });
});
