import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { linkEmployee, onboardedEmployee, type Employee } from '../helpers/employees.js';
import {
  asEmployee,
  DAY_MS,
  expectPage,
  openLink,
  payoutLink,
  plainText,
  pressContinue,
  SESSION_COOKIE,
  sessionCookieOf,
  ownSignInLink,
  signIn,
  userLink,
} from '../helpers/login-links.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { createUser, putProfile } from '../helpers/users.js';

const FAST = { RATE_LIMIT_PER_MINUTE: '100000' };

/** The text of a page's main part, as a person reads it. */
function textOf(res: LightMyRequestResponse): string {
  return plainText(/<main id="main">([\s\S]*)<\/main>/.exec(res.body)?.[1] ?? res.body);
}

/** The cells of every table row of the page, as plain text. */
function tableRows(res: LightMyRequestResponse): string[][] {
  return [...res.body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] as string).matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => plainText(cell[1] as string)),
  );
}

/** The value of the row headed `label` in the payout page's amounts table. */
function amountRow(res: LightMyRequestResponse, label: string): string | undefined {
  return tableRows(res).find((cells) => cells[0] === label)?.[1];
}

function csrfOf(res: LightMyRequestResponse): string {
  const value = /<input type="hidden" name="csrf" value="([^"]+)">/.exec(res.body)?.[1];
  expect(value, 'the page should carry a sign-out form with a CSRF field').toBeTruthy();
  return value as string;
}

function signOut(t: TestApp, cookie: string | undefined, form: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/me/logout',
    cookies: cookie === undefined ? {} : { [SESSION_COOKIE]: cookie },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
}

function expectSecurityHeaders(res: LightMyRequestResponse): void {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

describe("the employee's pages", () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let ola: Employee;
  let kari: Employee;
  let olaPayout: number;
  let olaGlobexPayout: number;
  let kariPayout: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: FAST });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    ola = await onboardedEmployee(t, acme);
    kari = await onboardedEmployee(t, acme);
    await putProfile(t, acme, kari.id, { first_name: 'Kari', last_name: 'Hansen', phone: kari.phone });
    olaPayout = (await createPayouts(t, acme, batch([item(ola)]))).payout_ids[0] as number;
    kariPayout = (
      await createPayouts(
        t,
        acme,
        batch([
          item(kari, {
            date: '2026-03-20',
            description: 'Kari only',
            hours: 2,
            products: [{ quantity: 2, price: 100, description: 'Kari shift' }],
          }),
        ]),
      )
    ).payout_ids[0] as number;
    // Ola also works for Globex: a partner's link shows that partner's payouts; his own sign-in shows both.
    await linkEmployee(t, globex, ola);
    olaGlobexPayout = (
      await createPayouts(t, globex, batch([item(ola, { date: '2026-02-01', description: 'Globex February' })]))
    ).payout_ids[0] as number;
  });
  afterAll(() => t.close());

  describe('home (/me)', () => {
    it("through a partner's link: the name that partner registered, its onboarding checklist and only its payouts", async () => {
      const cookie = await signIn(t, (await userLink(t, acme, ola.id)).path);
      const res = await asEmployee(t, cookie, '/me');
      expectPage(res, 200, 'Hello, Ola Nordmann');
      expectSecurityHeaders(res);
      const text = textOf(res);
      expect(text).toContain('You are ready to be paid.');
      const items = [...res.body.matchAll(/<li class="([^"]*)">([^<]*)/g)].map((m) => [m[2], m[1]]);
      expect(items).toEqual([
        ['E-mail address confirmed', 'done'],
        ['Terms approved', 'done'],
        ['Profile registered', 'done'],
        ['Identity verified', 'done'],
        ['Bank account registered', 'done'],
      ]);
      // Newest first, each linking to its page, with the net amount and the status: Acme's only.
      expect(tableRows(res)).toEqual([
        ['Payout', 'Net', 'Status'],
        ['15 Mar 2026 Acme', '1 050,00 kr', 'Being paid'],
      ]);
      expect(
        [...res.body.matchAll(/<a href="\/me\/payouts\/(\d+)"><time datetime="([\d-]+)">/g)].map((m) => [
          Number(m[1]),
          m[2],
        ]),
      ).toEqual([[olaPayout, '2026-03-15']]);
      expect(text).not.toContain('Kari');
      expect(text).not.toContain('Globex');
      // Globex's payout is not reachable through Acme's session either.
      expectPage(await asEmployee(t, cookie, `/me/payouts/${olaGlobexPayout}`), 404, 'Payout not found');
    });

    it("through the person's own sign-in: payouts from every employer, and each employer's checklist", async () => {
      const cookie = await signIn(t, await ownSignInLink(t, ola.email));
      const res = await asEmployee(t, cookie, '/me');
      expectPage(res, 200, 'Hello,');
      expect(tableRows(res)).toEqual([
        ['Payout', 'Net', 'Status'],
        ['15 Mar 2026 Acme', '1 050,00 kr', 'Being paid'],
        ['1 Feb 2026 Globex', '1 050,00 kr', 'Being paid'],
      ]);
      expect(textOf(res)).toContain('Onboarding with Acme');
      expect(textOf(res)).toContain('Onboarding with Globex');
      expectPage(await asEmployee(t, cookie, `/me/payouts/${olaGlobexPayout}`), 200, 'Payout for');
      expectPage(await asEmployee(t, cookie, `/me/payouts/${olaPayout}`), 200, 'Payout for');
      expectPage(await asEmployee(t, cookie, `/me/payouts/${kariPayout}`), 404, 'Payout not found');
    });

    it('shows the steps still missing (from the v2 onboarding status) and "No payouts yet."', async () => {
      const fresh = await createUser(t, acme, { first_name: 'Nina', last_name: 'Berg' });
      const cookie = await signIn(t, (await userLink(t, acme, fresh.id)).path);
      const res = await asEmployee(t, cookie, '/me');
      expectPage(res, 200, 'Hello, Nina Berg');
      expect(textOf(res)).toContain('A few steps remain before you can be paid');
      const status = (await t.as(acme, { method: 'GET', url: `/api/v1/users/${fresh.id}` })).json() as {
        onboarding: { steps: Record<string, boolean> };
      };
      const items = Object.fromEntries(
        [...res.body.matchAll(/<li class="([^"]*)">([^<]*)/g)].map((m) => [m[2], m[1] === 'done']),
      );
      expect(items).toEqual({
        'E-mail address confirmed': status.onboarding.steps.email_verified,
        'Terms approved': status.onboarding.steps.terms_approved,
        'Profile registered': status.onboarding.steps.profile,
        'Identity verified': status.onboarding.steps.id_verification,
        'Bank account registered': status.onboarding.steps.bank_account,
      });
      expect(Object.values(items)).toContain(false);
      // Screen readers hear the state, not only a tick.
      expect(res.body).toContain('<span class="visually-hidden"> (not yet)</span>');
      expect(textOf(res)).toContain('No payouts yet.');
    });
  });

  describe('the payout page', () => {
    it('shows date, description, hours, products, every amount, the status and, once paid, the paid date', async () => {
      const link = await payoutLink(t, acme, olaPayout);
      const cookie = await signIn(t, link.path, `/me/payouts/${olaPayout}`);

      const pending = await asEmployee(t, cookie, `/me/payouts/${olaPayout}`);
      expectPage(pending, 200, 'Payout for 15 Mar 2026');
      expect(pending.body).toContain('<time datetime="2026-03-15">');
      expectSecurityHeaders(pending);
      const text = textOf(pending);
      expect(text).toContain('From Acme: March, week 11.');
      expect(text).toContain('Status: Being paid');
      expect(text).toContain('Hours: 7.5');
      expect(tableRows(pending)).toContainEqual(['Description', 'Quantity', 'Price', 'Amount']);
      expect(tableRows(pending)).toContainEqual(['Evening shift', '7,5', '250,00 kr', '1 875,00 kr']);
      expect({
        salary: amountRow(pending, 'Salary'),
        vacation: amountRow(pending, 'Holiday pay (vacation)'),
        withheld: amountRow(pending, 'Tax withheld'),
        netSalary: amountRow(pending, 'Net salary'),
        netVacation: amountRow(pending, 'Net holiday pay'),
        net: amountRow(pending, 'You receive'),
        pension: amountRow(pending, 'Pension (paid by the employer)'),
      }).toEqual({
        salary: '1 875,00 kr',
        vacation: '225,00 kr',
        withheld: '1 050,00 kr',
        netSalary: '937,50 kr',
        netVacation: '112,50 kr',
        net: '1 050,00 kr',
        pension: '37,50 kr',
      });
      expect(text).not.toMatch(/, paid /);

      t.clock.set('2026-11-21T15:30:00.000Z');
      await t.services.payouts.payouts.transition(olaPayout, 'paid');
      const paid = await asEmployee(t, cookie, `/me/payouts/${olaPayout}`);
      expectPage(paid, 200, 'Payout for 15 Mar 2026');
      expect(textOf(paid)).toContain('Status: Paid. Paid on 21 Nov 2026 (marked paid by onpay: paid another way).');
      expect(paid.body).toContain('<time datetime="2026-11-21">');
    });

    it('shows a friendly 404 page for an unknown or malformed payout id', async () => {
      const cookie = await signIn(t, (await userLink(t, acme, ola.id)).path);
      for (const id of ['999999999', 'abc', '0', '-1', '1e3']) {
        const res = await asEmployee(t, cookie, `/me/payouts/${id}`);
        expectPage(res, 404, 'Payout not found');
        expectSecurityHeaders(res);
      }
    });

    it('escapes HTML in the description and product names', async () => {
      const payout = (
        await createPayouts(
          t,
          acme,
          batch([
            item(ola, {
              description: '<script>alert(1)</script>',
              products: [{ quantity: 1, price: 10, description: '"><img src=x onerror=alert(2)>' }],
            }),
          ]),
        )
      ).payout_ids[0] as number;
      const cookie = await signIn(t, (await payoutLink(t, acme, payout)).path, `/me/payouts/${payout}`);
      const res = await asEmployee(t, cookie, `/me/payouts/${payout}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)</script>');
      expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(res.body).not.toContain('<img src=x');
      expect(res.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
      expect(res.body).not.toMatch(/<script/i);
    });
  });

  describe("one employee never sees another's pages", () => {
    it("Kari's session gets the 404 page on Ola's payouts and sees only her own data on /me", async () => {
      const kariCookie = await signIn(t, (await userLink(t, acme, kari.id)).path);
      for (const id of [olaPayout, olaGlobexPayout]) {
        const res = await asEmployee(t, kariCookie, `/me/payouts/${id}`);
        expectPage(res, 404, 'Payout not found');
        expect(res.body).not.toContain('March, week 11');
        expect(res.body).not.toContain('Globex');
      }
      const own = await asEmployee(t, kariCookie, `/me/payouts/${kariPayout}`);
      expectPage(own, 200, 'Payout for 20 Mar 2026');

      const home = await asEmployee(t, kariCookie, '/me');
      expectPage(home, 200, 'Hello, Kari Hansen');
      const linked = [...home.body.matchAll(/href="\/me\/payouts\/(\d+)"/g)].map((m) => Number(m[1]));
      expect(linked).toEqual([kariPayout]);
      expect(home.body).not.toContain('Ola');
      expect(home.body).not.toContain('Globex');
    });

    it("a payout link of Ola's payout signs in Ola, never the holder of another session", async () => {
      const kariCookie = await signIn(t, (await userLink(t, acme, kari.id)).path);
      const link = await payoutLink(t, acme, olaPayout);
      // Kari's browser opens a link meant for Ola: the new session is Ola's, replacing Kari's cookie.
      const res = await t.app.inject({
        method: 'POST',
        url: link.path,
        cookies: { [SESSION_COOKIE]: kariCookie },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(res.statusCode).toBe(303);
      const olaCookie = sessionCookieOf(res)?.value;
      expect(olaCookie).toBeTruthy();
      expect(olaCookie).not.toBe(kariCookie);
      expectPage(await asEmployee(t, olaCookie, `/me/payouts/${olaPayout}`), 200, 'Payout for 15 Mar 2026');
      expectPage(await asEmployee(t, kariCookie, `/me/payouts/${olaPayout}`), 404, 'Payout not found');
    });
  });

  describe('without a session', () => {
    it.each([
      ['no cookie', undefined],
      ['an empty cookie', ''],
      ['a random cookie', 'x'.repeat(43)],
      ['a malformed cookie', '<script>'],
      ['a very long cookie', 'a'.repeat(4000)],
    ])('%s → the 401 "please sign in" page on /me and on a payout', async (_label, cookie) => {
      for (const url of ['/me', `/me/payouts/${olaPayout}`]) {
        const res = await asEmployee(t, cookie, url);
        expectPage(res, 401, 'Please sign in');
        expectSecurityHeaders(res);
        expect(res.body).not.toContain('March, week 11');
      }
    });

    it('an expired session → 401', async () => {
      const cookie = await signIn(t, (await userLink(t, acme, ola.id)).path);
      t.clock.advance(8 * 60 * 60 * 1000);
      expectPage(await asEmployee(t, cookie, '/me'), 401, 'Please sign in');
    });
  });

  describe('sign-out', () => {
    it('with the CSRF field from the page: ends the session; the old cookie then gets 401', async () => {
      const cookie = await signIn(t, (await userLink(t, acme, ola.id)).path);
      const home = await asEmployee(t, cookie, '/me');
      expect(home.body).toContain('<form method="post" action="/me/logout">');
      const res = await signOut(t, cookie, `csrf=${encodeURIComponent(csrfOf(home))}`);
      expectPage(res, 200, 'Signed out');
      expectSecurityHeaders(res);
      const cleared = sessionCookieOf(res);
      expect(cleared?.value).toBe('');
      expect(cleared).toMatchObject({ path: '/', httpOnly: true });
      expectPage(await asEmployee(t, cookie, '/me'), 401, 'Please sign in');
    });

    it.each([
      ['no CSRF field', ''],
      ['an empty CSRF field', 'csrf='],
      ['a wrong CSRF value', 'csrf=forged'],
    ])('with %s: the server-side session is not ended', async (_label, form) => {
      const cookie = await signIn(t, (await userLink(t, acme, ola.id)).path);
      const res = await signOut(t, cookie, form);
      expectPage(res, 403, 'still signed in');
      expectSecurityHeaders(res);
      expect(sessionCookieOf(res)).toBeUndefined();
      expectPage(await asEmployee(t, cookie, '/me'), 200, 'Hello');
    });

    it("with another session's CSRF value: the session is not ended", async () => {
      const mine = await signIn(t, (await userLink(t, acme, ola.id)).path);
      const theirs = await signIn(t, (await userLink(t, acme, kari.id)).path);
      const theirCsrf = csrfOf(await asEmployee(t, theirs, '/me'));
      expect((await signOut(t, mine, `csrf=${encodeURIComponent(theirCsrf)}`)).statusCode).toBe(403);
      expectPage(await asEmployee(t, mine, '/me'), 200, 'Hello');
      expectPage(await asEmployee(t, theirs, '/me'), 200, 'Hello');
    });

    it('without a session cookie: answers the signed-out page', async () => {
      expectPage(await signOut(t, undefined, 'csrf=x'), 200, 'Signed out');
    });
  });

  describe('the login landing pages', () => {
    it('carry the security headers on the ready, used, expired and not-valid pages', async () => {
      const link = await userLink(t, acme, ola.id);
      expectSecurityHeaders(await openLink(t, link.path));
      const signedIn = await pressContinue(t, link.path);
      expect(signedIn.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(await openLink(t, link.path));
      expectSecurityHeaders(await openLink(t, '/login/rubbish'));
      const old = await userLink(t, acme, ola.id);
      t.clock.advance(DAY_MS);
      const expired = await openLink(t, old.path);
      expectPage(expired, 410, 'expired');
      expectSecurityHeaders(expired);
    });

    it('escapes the partner name on the landing page', async () => {
      const evil = await t.partner('<b>Evil & Co</b>');
      const user = await createUser(t, evil);
      const res = await openLink(t, (await userLink(t, evil, user.id)).path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('&lt;b&gt;Evil &amp; Co&lt;/b&gt; sent you this link');
    });
  });
});

describe('the sandbox mailbox', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({ env: FAST });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
  });
  afterAll(() => t.close());

  const mailboxOf = async (partner: TestPartner) => {
    const res = await t.as(partner, { method: 'GET', url: '/api/v1/test-helpers/mailbox' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      mailbox_url: string;
      messages: Array<{ id: number; to: string; subject: string; text: string; status: string; page_url: string }>;
    };
  };
  const pathOf = (url: string) => url.replace('http://onpay.test', '');

  it("lists the partner's own queued mail by API and on its page, with the link, which works", async () => {
    expect(t.services.mailWorker).toBeNull();
    const user = await createUser(t, acme, { first_name: 'Ola' });
    const link = await userLink(t, acme, user.id, { send_email: true });

    const box = await mailboxOf(acme);
    expect(box.mailbox_url).toMatch(/^http:\/\/onpay\.test\/sandbox\/mailbox\/\d+\.[A-Za-z0-9_-]{43}$/);
    expect(box.messages).toHaveLength(1);
    const [message] = box.messages;
    expect(message).toMatchObject({
      to: user.email,
      subject: 'Sign in to onpay (Acme)',
      status: 'pending',
      page_url: `${box.mailbox_url}/${message!.id}`,
    });
    expect(message!.text).toContain(link.login_url);

    const list = await t.app.inject({ method: 'GET', url: pathOf(box.mailbox_url) });
    expectPage(list, 200, 'Sandbox mailbox');
    expectSecurityHeaders(list);
    expect(list.body).toContain(`<a href="${pathOf(message!.page_url)}">Sign in to onpay (Acme)</a>`);
    expect(list.body).toContain(user.email);

    const one = await t.app.inject({ method: 'GET', url: pathOf(message!.page_url) });
    expectPage(one, 200, 'Sign in to onpay (Acme)');
    expect(one.body).toContain(`<a href="${link.login_url}">${link.login_url}</a>`);
    expect(one.body).toContain('Hi Ola,');

    // Reading the mailbox does not use the link.
    expectPage(await openLink(t, link.path), 200, 'Sign in');
  });

  it("never shows another partner's mail: not by API, not on its page, not by message id", async () => {
    const shared = await createUser(t, acme, { first_name: 'Kari' });
    await userLink(t, acme, shared.id, { send_email: true });
    expect(
      (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: shared.email } })).statusCode,
    ).toBe(200);
    const acmeBox = await mailboxOf(acme);
    const acmeMessage = acmeBox.messages[0]!;

    const globexBox = await mailboxOf(globex);
    expect(globexBox.messages).toEqual([]);
    expect(globexBox.mailbox_url).not.toBe(acmeBox.mailbox_url);
    const page = await t.app.inject({ method: 'GET', url: pathOf(globexBox.mailbox_url) });
    expectPage(page, 200, 'Sandbox mailbox');
    expect(page.body).not.toContain(shared.email);
    // Acme's message id under Globex's mailbox is not there.
    expectPage(
      await t.app.inject({ method: 'GET', url: `${pathOf(globexBox.mailbox_url)}/${acmeMessage.id}` }),
      404,
      'No such message',
    );

    // Globex's own mail shows up in Globex's mailbox only, greeted by Globex's own name for the person (none yet).
    await userLink(t, globex, shared.id, { send_email: true });
    const after = await mailboxOf(globex);
    expect(after.messages.map((m) => m.subject)).toEqual(['Sign in to onpay (Globex)']);
    expect(after.messages[0]!.text).toContain('Hi,');
    expect(after.messages[0]!.text).not.toContain('Kari');
    expect((await mailboxOf(acme)).messages.map((m) => m.subject)).not.toContain('Sign in to onpay (Globex)');
  });

  it("no page lists every partner's mail; a forged or unknown mailbox address is a 404 page", async () => {
    const box = await mailboxOf(acme);
    const token = box.mailbox_url.split('/').pop()!;
    const [partnerId, signature] = token.split('.') as [string, string];
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/mailbox' })).statusCode).toBe(404);
    for (const forged of [
      `${globex.partnerId}.${signature}`,
      `${partnerId}.${'A'.repeat(43)}`,
      partnerId,
      'abc',
      `${partnerId}.${signature}x`,
    ]) {
      expectPage(await t.app.inject({ method: 'GET', url: `/sandbox/mailbox/${forged}` }), 404, 'Mailbox not found');
      expectPage(await t.app.inject({ method: 'GET', url: `/sandbox/mailbox/${forged}/1` }), 404, 'Mailbox not found');
    }
    expectPage(await t.app.inject({ method: 'GET', url: `/sandbox/mailbox/${token}/999999` }), 404, 'No such message');
    expectPage(await t.app.inject({ method: 'GET', url: `/sandbox/mailbox/${token}/abc` }), 404, 'No such message');
  });

  it('the API needs credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-helpers/mailbox' });
    expect(res.statusCode).toBe(401);
  });

  it('is absent in live', async () => {
    const live = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'L'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:1',
        PUBLIC_BASE_URL: 'https://onpay.test',
      },
    });
    try {
      const partner = await live.partner('Live');
      expect((await live.as(partner, { method: 'GET', url: '/api/v1/test-helpers/mailbox' })).statusCode).toBe(404);
      expect((await live.app.inject({ method: 'GET', url: '/sandbox/mailbox' })).statusCode).toBe(404);
      expect((await live.app.inject({ method: 'GET', url: '/sandbox/mailbox/1.abc' })).statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
