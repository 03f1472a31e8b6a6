/**
 * Retention (docs/data-protection.md, "Retention"): housekeeping removes expired login links, ended
 * employee sessions, spent verification start tokens and mail bodies, each after its period and
 * not before; a mail's body never outlives the login link in it (gone from every page at the
 * link's expiry, from storage at the next round, at once when the link is used); the record that
 * a mail was sent stays. Every check runs with an injected clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LINK_LIFETIME_MS, LINK_RETENTION_MS } from '../../src/modules/login-links/index.js';
import { NOT_SENT_BODY_REMOVED } from '../../src/modules/mail/index.js';
import { EMPLOYEE_SESSION_LIFETIME_MS, EMPLOYEE_SESSION_RETENTION_MS } from '../../src/modules/portal/index.js';
import { START_TOKEN_RETENTION_MS, VERIFICATION_SESSION_LIFETIME_MS } from '../../src/modules/verification/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { csrfOf, readyOperator, signedIn } from '../helpers/console.js';
import type { TestDatabase } from '../helpers/engine.js';
import { testEngine } from '../helpers/engine.js';
import { ensureApprovedReturnUrl, RETURN_URL } from '../helpers/employees.js';
import {
  asEmployee,
  expectPage,
  openLink,
  ownSignInLink,
  sessionCookieOf,
  SESSION_COOKIE,
  sharedDatabase,
  signIn,
  userLink,
  type IssuedLink,
} from '../helpers/login-links.js';
import { rawSqliteBytes } from '../helpers/raw-sqlite.js';
import { openedMail } from '../helpers/sealed.js';
import { createUser, email } from '../helpers/users.js';

const MAIL_TASK = 'mail bodies past their expiry';

interface MailboxBody {
  mailbox_url: string;
  messages: Array<{ id: number; text: string; subject: string; status: string }>;
}

async function mailbox(t: TestApp, partner: TestPartner): Promise<MailboxBody> {
  const res = await t.as(partner, { method: 'GET', url: '/api/v1/test-helpers/mailbox' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MailboxBody;
}

async function mailRow(t: TestApp, id: number) {
  return openedMail(
    t,
    await t.db.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );
}

/** The newest mail a partner's request caused (or, null, the person's own sign-in). */
async function newestMail(t: TestApp, partnerId: number | null) {
  const row = await t.db.db
    .selectFrom('mail_outbox')
    .selectAll()
    .$if(partnerId === null, (qb) => qb.where('partner_id', 'is', null))
    .$if(partnerId !== null, (qb) => qb.where('partner_id', '=', partnerId as number))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return openedMail(t, row);
}

describe('retention', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  beforeEach(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
  });
  afterEach(() => t.close());

  it("a login link's mail loses its body when the link expires: hidden at once, removed at the next round; the record stays", async () => {
    const user = await createUser(t, acme, { first_name: 'Kari' });
    const link = await userLink(t, acme, user.id, { send_email: true });
    const queued = await newestMail(t, acme.partnerId);
    expect(queued.text_body).toContain(link.login_url);
    expect(queued.body_expires_at).toBe(link.expires_at);

    // A second before the link expires: everything kept and shown.
    t.clock.advance(LINK_LIFETIME_MS - 1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ [MAIL_TASK]: 0 });
    expect((await mailRow(t, queued.id)).text_body).toContain(link.login_url);
    expect((await mailbox(t, acme)).messages[0]?.text).toContain(link.login_url);

    // At the expiry: no page shows the dead link any more, before housekeeping has run.
    t.clock.advance(1000);
    expectPage(await openLink(t, link.path), 410, 'expired');
    const box = await mailbox(t, acme);
    expect(box.messages[0]).toMatchObject({ id: queued.id, subject: queued.subject });
    expect(box.messages[0]?.text).not.toContain(link.login_url);
    expect(box.messages[0]?.text).toContain('removed');
    const pagePath = new URL(box.mailbox_url).pathname;
    const message = await t.app.inject({ method: 'GET', url: `${pagePath}/${queued.id}` });
    expect(message.statusCode).toBe(200);
    expect(message.body).not.toContain(link.token);
    expect(message.body).toContain('was removed');

    // The next round removes the body from storage; the row stays as the record of the mail.
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ [MAIL_TASK]: 1 });
    const kept = await mailRow(t, queued.id);
    expect(kept).toMatchObject({
      to_address: user.email,
      subject: queued.subject,
      created_at: queued.created_at,
      partner_id: acme.partnerId,
      text_body: '',
      html_body: '',
      body_removed_at: t.clock.now().toISOString(),
      // Never delivered (the sandbox has no SMTP): it will not be, with its link dead.
      status: 'failed',
      last_error: NOT_SENT_BODY_REMOVED,
    });
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ [MAIL_TASK]: 0 });

    // The mailbox page lists it, marked.
    const list = await t.app.inject({ method: 'GET', url: pagePath });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(queued.subject);
    expect(list.body).toContain('body removed');
  });

  it("using a link removes its mail's body at once; another partner's mail to the same person keeps its own", async () => {
    const address = email('shared');
    const atAcme = await createUser(t, acme, { email: address });
    const atGlobex = await createUser(t, globex, { email: address });
    const acmeLink = await userLink(t, acme, atAcme.id, { send_email: true });
    const globexLink = await userLink(t, globex, atGlobex.id, { send_email: true });
    const acmeMail = await newestMail(t, acme.partnerId);
    const globexMail = await newestMail(t, globex.partnerId);

    t.clock.advance(60_000);
    await signIn(t, acmeLink.path);
    expect(await mailRow(t, acmeMail.id)).toMatchObject({
      text_body: '',
      html_body: '',
      body_removed_at: t.clock.now().toISOString(),
    });
    expect((await mailbox(t, acme)).messages[0]?.text).not.toContain(acmeLink.login_url);

    // Globex's mail and link are Globex's: untouched by Acme's link being used.
    expect((await mailRow(t, globexMail.id)).body_removed_at).toBeNull();
    const globexBox = await mailbox(t, globex);
    expect(globexBox.messages.map((m) => m.id)).toEqual([globexMail.id]);
    expect(globexBox.messages[0]?.text).toContain(globexLink.login_url);
    expectPage(await openLink(t, globexLink.path), 200, 'Sign in');

    // The person's own sign-in link: its mail (in no partner's mailbox) goes the same way.
    const ownPath = await ownSignInLink(t, address);
    const ownMail = await newestMail(t, null);
    expect(ownMail.text_body).toContain(ownPath);
    await signIn(t, ownPath);
    expect(await mailRow(t, ownMail.id)).toMatchObject({ text_body: '', body_removed_at: t.clock.now().toISOString() });
    expect((await mailRow(t, globexMail.id)).text_body).toContain(globexLink.login_url);
  });

  it("the console's mail page marks a removed body and offers no resend; a resend is refused", async () => {
    const user = await createUser(t, acme);
    await userLink(t, acme, user.id, { send_email: true });
    const queued = await newestMail(t, acme.partnerId);
    await t.db.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts: 10 })
      .where('id', '=', queued.id)
      .execute();
    const operator = await readyOperator(t, 'admin');
    const resendButton = `<form method="post" action="/console/mail/${queued.id}/resend"`;
    expect((await (await signedIn(t, operator)).get('/console/mail')).body).toContain(resendButton);

    t.clock.advance(LINK_LIFETIME_MS);
    await t.services.housekeeping.runOnce();
    const admin = await signedIn(t, operator);
    const page = await admin.get('/console/mail');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('body removed');
    expect(page.body).not.toContain(resendButton);
    const csrf = csrfOf(page);
    const refused = await admin.post(`/console/mail/${queued.id}/resend`, {}, { csrf });
    expect(refused.body).toContain('cannot be sent again');
    expect(await mailRow(t, queued.id)).toMatchObject({ status: 'failed', text_body: '' });
  });

  it('login links are removed 7 days after they expired, not before; the old link then still says expired', async () => {
    const user = await createUser(t, acme);
    const unused = await userLink(t, acme, user.id);
    const used = await userLink(t, acme, user.id);
    await signIn(t, used.path);
    const ids = async () =>
      (await t.db.db.selectFrom('login_links').select('id').where('user_id', '=', Number(user.id)).execute()).length;
    expect(await ids()).toBe(2);

    t.clock.advance(LINK_LIFETIME_MS + LINK_RETENTION_MS - 1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'expired login links': 0 });
    expect(await ids()).toBe(2);
    expectPage(await openLink(t, used.path), 410, 'already been used');

    t.clock.advance(1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'expired login links': 2 });
    expect(await ids()).toBe(0);
    expectPage(await openLink(t, unused.path), 410, 'expired');
    expectPage(await openLink(t, used.path), 410, 'expired');
  });

  it('employee sessions are removed a day after they ended or expired, not before', async () => {
    const user = await createUser(t, acme);
    const staying = await signIn(t, (await userLink(t, acme, user.id)).path);
    const leaving = await signIn(t, (await userLink(t, acme, user.id)).path);
    const home = await asEmployee(t, leaving, '/me');
    const out = await t.app.inject({
      method: 'POST',
      url: '/me/logout',
      cookies: { [SESSION_COOKIE]: leaving },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf: csrfOf(home) }).toString(),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(sessionCookieOf(out)?.value ?? '').toBe('');
    const count = async () =>
      (await t.db.db.selectFrom('employee_sessions').select('id_hash').where('user_id', '=', Number(user.id)).execute())
        .length;

    t.clock.advance(EMPLOYEE_SESSION_RETENTION_MS - 1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'ended employee sessions': 0 });
    expect(await count()).toBe(2);
    t.clock.advance(1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'ended employee sessions': 1 });
    expect(await count()).toBe(1);

    // The other one expired after 8 hours: it goes a day after that.
    t.clock.advance(EMPLOYEE_SESSION_LIFETIME_MS - 1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'ended employee sessions': 0 });
    t.clock.advance(1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'ended employee sessions': 1 });
    expect(await count()).toBe(0);
    expectPage(await asEmployee(t, staying, '/me'), 401, 'sign in');
  });

  it("a verification session's start token is forgotten a day after it expired, once it is over; the session stays", async () => {
    await ensureApprovedReturnUrl(t, acme);
    const start = async (userId: string) => {
      const res = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${userId}/verification/flows`,
        payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { verification_id: string; verification_url: string };
    };
    const done = await start((await createUser(t, acme)).id);
    const completed = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/test-helpers/verification/${done.verification_id}/complete`,
      payload: { status: 'approved' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const waiting = await start((await createUser(t, acme)).id);
    const row = (id: string) =>
      t.db.db.selectFrom('verification_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const startPage = (url: string) =>
      t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
    const before = await row(done.verification_id);
    expect((await startPage(done.verification_url)).statusCode).not.toBe(404);

    t.clock.advance(VERIFICATION_SESSION_LIFETIME_MS + START_TOKEN_RETENTION_MS - 1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'spent verification start tokens': 0 });
    expect((await row(done.verification_id)).start_token_hash).toBe(before.start_token_hash);

    t.clock.advance(1000);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'spent verification start tokens': 1 });
    expect(await row(done.verification_id)).toMatchObject({
      ...before,
      start_token_hash: done.verification_id,
      browser_binding_hash: null,
    });
    expect((await startPage(done.verification_url)).statusCode).toBe(404);
    const status = await t.as(acme, { method: 'GET', url: `/api/v1/verification/status/${done.verification_id}` });
    expect(status.json()).toMatchObject({ status: 'approved' });

    // A session still pending in storage keeps its token until it is over (the sweeper ends it).
    expect((await row(waiting.verification_id)).start_token_hash).not.toBe(waiting.verification_id);
    expect(await t.services.eventWork.runOnce()).toMatchObject({ 'expired verification sessions': 1 });
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'spent verification start tokens': 1 });
    expect((await row(waiting.verification_id)).start_token_hash).toBe(waiting.verification_id);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'spent verification start tokens': 0 });
  });
});

describe.runIf(testEngine === 'sqlite')('retention in the SQLite file', () => {
  let database: TestDatabase;
  let t: TestApp;

  /**
   * The mail's text body as stored: encrypted, so the link is in neither file at all; what
   * removal must leave no copy of is this ciphertext.
   */
  async function storedBody(link: IssuedLink): Promise<string> {
    const { text_body } = await t.db.db.selectFrom('mail_outbox').select('text_body').executeTakeFirstOrThrow();
    expect(text_body).toMatch(/^e1\./);
    expect(rawSqliteBytes(database.url, { checkpoint: false })).not.toContain(link.token.split('.')[1] as string);
    return text_body;
  }

  beforeEach(async () => {
    database = await sharedDatabase();
    t = await buildTestApp({ database });
  });
  afterEach(async () => {
    await t.close();
    await database.drop();
  });

  it('a removed mail body leaves no copy of it (its ciphertext; the link never was in clear) in the file or the WAL', async () => {
    const acme = await t.partner('Acme');
    const user = await createUser(t, acme);
    const link = await userLink(t, acme, user.id, { send_email: true });
    const body = await storedBody(link);
    expect(rawSqliteBytes(database.url)).toContain(body);

    t.clock.advance(LINK_LIFETIME_MS);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ [MAIL_TASK]: 1 });
    expect(rawSqliteBytes(database.url)).not.toContain(body);
  });

  it("housekeeping's own checkpoint leaves no copy in the WAL: the files as they are, copied without a checkpoint", async () => {
    const acme = await t.partner('Acme');
    const user = await createUser(t, acme);
    const link = await userLink(t, acme, user.id, { send_email: true });
    const body = await storedBody(link);
    expect(rawSqliteBytes(database.url, { checkpoint: false })).toContain(body);

    t.clock.advance(LINK_LIFETIME_MS);
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ [MAIL_TASK]: 1, 'write-ahead log checkpoint': 0 });
    expect(rawSqliteBytes(database.url, { checkpoint: false })).not.toContain(body);
  });
});
