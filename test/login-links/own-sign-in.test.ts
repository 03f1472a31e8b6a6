/**
 * The person's own sign-in at /login: a mailed link to a session over all their payouts. The answer
 * never tells whether the address is known, and requests are limited per e-mail and per client
 * address, counted the same for known and unknown addresses.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../src/modules/login-links/login-links.service.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { linkEmployee, onboardedEmployee, type Employee } from '../helpers/employees.js';
import { asEmployee, expectPage, ownSignInLink, signIn } from '../helpers/login-links.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { openedMail } from '../helpers/sealed.js';
import { email } from '../helpers/users.js';

const FAST = { RATE_LIMIT_PER_MINUTE: '100000' };

function postLogin(
  t: TestApp,
  address: string,
  clientAddress: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: clientAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ email: address }).toString(),
  });
}

/** The response as a client receives it, without what differs per request by design (the request id). */
function answer(res: LightMyRequestResponse) {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

describe("the person's own sign-in (/login)", () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let ola: Employee;
  let addressCounter = 0;
  /** A client address of its own per test, so the per-address limit of one test does not spill into another. */
  const client = () => `203.0.113.${++addressCounter}`;
  const outbox = async (to: string) =>
    (await t.db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute()).map((row) =>
      openedMail(t, row),
    );

  beforeAll(async () => {
    t = await buildTestApp({ env: FAST });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    ola = await onboardedEmployee(t, acme);
    await linkEmployee(t, globex, ola);
    await createPayouts(t, acme, batch([item(ola, { date: '2026-03-02' })]));
    await createPayouts(t, globex, batch([item(ola, { date: '2026-03-01' })]));
  });
  afterAll(() => t.close());

  it('shows a form asking for the e-mail address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expectPage(res, 200, 'Sign in to onpay');
    expect(res.body).toContain('<form method="post" action="/login">');
    expect(res.body).toContain('name="email"');
  });

  it('answers byte for byte the same for a known and an unknown address; only the known one gets mail', async () => {
    const known = await postLogin(t, ola.email, client());
    const unknown = await postLogin(t, email('nobody'), client());
    expect(answer(known)).toEqual(answer(unknown));
    expect(known.statusCode).toBe(200);
    expectPage(known, 200, 'Check your e-mail');
    expect(known.body).not.toContain(ola.email);

    const mails = await outbox(ola.email);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ partner_id: null, subject: 'Your onpay sign-in link' });
    expect(mail.text_body).toMatch(/http:\/\/onpay\.test\/login\/\S+/);
    // Mail the person asked for is in no partner's mailbox.
    for (const partner of [acme, globex]) {
      const box = (await t.as(partner, { method: 'GET', url: '/api/v1/test-helpers/mailbox' })).json() as {
        messages: Array<{ subject: string }>;
      };
      expect(box.messages.map((m) => m.subject)).not.toContain('Your onpay sign-in link');
    }
  });

  it("the mailed link's session shows every employer's payouts", async () => {
    const cookie = await signIn(t, await ownSignInLink(t, ola.email, client()));
    const res = await asEmployee(t, cookie, '/me');
    expectPage(res, 200, 'Hello,');
    expect(res.body).toContain('Acme');
    expect(res.body).toContain('Globex');
    expect(res.body).toContain(`Signed in as ${ola.email}`);
  });

  it(`limits requests per e-mail address (${SIGN_IN_LIMITS.perEmail} an hour), counted alike for known and unknown addresses`, async () => {
    // A fresh window: earlier tests asked for Ola's link too.
    t.clock.advance(SIGN_IN_LIMITS.windowMs);
    const unknownAddress = email('stranger');
    for (const address of [ola.email.toUpperCase(), unknownAddress]) {
      const before = (await outbox(ola.email)).length;
      const answers: LightMyRequestResponse[] = [];
      // From different client addresses, so only the per-e-mail limit applies.
      for (let i = 0; i <= SIGN_IN_LIMITS.perEmail; i++) answers.push(await postLogin(t, address, client()));
      expect(answers.slice(0, -1).every((r) => r.statusCode === 200)).toBe(true);
      expectPage(answers.at(-1)!, 429, 'Too many sign-in requests');
      expect(answers.at(-1)!.headers['retry-after']).toBe('3600');
      if (address !== unknownAddress)
        expect((await outbox(ola.email)).length - before).toBeLessThanOrEqual(SIGN_IN_LIMITS.perEmail);
    }
    // The known and the unknown address were refused alike.
    const limitedKnown = await postLogin(t, ola.email, client());
    const limitedUnknown = await postLogin(t, unknownAddress, client());
    expect(answer(limitedKnown)).toEqual(answer(limitedUnknown));
    // An hour later the address may ask again.
    t.clock.advance(SIGN_IN_LIMITS.windowMs);
    expect((await postLogin(t, ola.email, client())).statusCode).toBe(200);
  });

  it(`limits requests per client address (${SIGN_IN_LIMITS.perAddress} an hour), whatever the e-mail`, async () => {
    t.clock.advance(SIGN_IN_LIMITS.windowMs);
    const from = client();
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++)
      expect((await postLogin(t, email('probe'), from)).statusCode).toBe(200);
    expectPage(await postLogin(t, email('probe'), from), 429, 'Too many sign-in requests');
    const before = (await outbox(ola.email)).length;
    expectPage(await postLogin(t, ola.email, from), 429, 'Too many sign-in requests');
    expect((await outbox(ola.email)).length).toBe(before);
    // Another client is not affected.
    expect((await postLogin(t, ola.email, client())).statusCode).toBe(200);
  });

  it('refuses a form posted from another site, and an address that is not one, with the form and no mail', async () => {
    const before = (await outbox(ola.email)).length;
    expectPage(await postLogin(t, ola.email, client(), { 'sec-fetch-site': 'cross-site' }), 400, 'Sign in to onpay');
    for (const bad of ['', 'not-an-address', 'a@b@c', `${'x'.repeat(300)}@example.com`])
      expectPage(await postLogin(t, bad, client()), 400, 'Sign in to onpay');
    expect((await outbox(ola.email)).length).toBe(before);
  });
});
