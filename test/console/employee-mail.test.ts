/**
 * The mail and login links sent to one employee (docs/decisions.md §28): when, why, delivered or
 * not, used or expired; in the sandbox the operator role and above read a body, audited, and a
 * removed body says so; a viewer cannot; live never shows a body, not even to an administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_LIFETIME_MS } from '../../src/modules/login-links/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { createUser } from '../helpers/users.js';

async function issueLink(t: TestApp, partner: TestPartner, userId: string, sendEmail: boolean) {
  const res = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/users/${userId}/login-link`,
    payload: { send_email: sendEmail },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function ownSignIn(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
  });
  expect(res.statusCode).toBeLessThan(400);
}

async function mailIdsOf(t: TestApp, userId: string): Promise<Array<{ id: number; partner: number | null }>> {
  const rows = await t.db.db
    .selectFrom('login_links')
    .select(['mail_id', 'partner_id'])
    .where('user_id', '=', Number(userId))
    .where('mail_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.mail_id!, partner: r.partner_id }));
}

async function bodyReads(t: TestApp): Promise<number> {
  const rows = await t.db.db
    .selectFrom('audit_log')
    .select('object_id')
    .where('action', '=', 'mail.body_read')
    .execute();
  return rows.length;
}

describe('mail per employee, in the sandbox', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let person: { id: string; email: string };
  let other: { id: string };
  let viewer: Browser;
  let operator: Browser;
  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme Staffing');
    globex = await t.partner('Globex Crew');
    person = await createUser(t, acme);
    other = await createUser(t, acme);
    expect(
      (await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: person.email } })).statusCode,
    ).toBe(200);
    await issueLink(t, acme, person.id, true);
    t.clock.advance(LINK_LIFETIME_MS + 60_000);
    await issueLink(t, acme, person.id, true);
    await issueLink(t, globex, person.id, false);
    await ownSignIn(t, person.email);
    await issueLink(t, acme, other.id, true);
    viewer = await signedIn(t, await readyOperator(t, 'viewer'));
    operator = await signedIn(t, await readyOperator(t, 'operator'));
  });
  afterAll(() => t.close());

  it('lists every link, why, whether it was mailed and delivered, and says the sandbox sends nothing', async () => {
    const page = await viewer.get(`/console/employees/${person.id}/mail`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('it sends nothing');
    const rows = page.body.split('<tr>').slice(2);
    expect(rows).toHaveLength(4);
    // Newest first: the own sign-in, Globex's unmailed link, Acme's second link, Acme's first (expired).
    expect(rows[0]).toContain('their own sign-in at /login');
    expect(rows[0]).toContain('pending');
    expect(rows[1]).toContain('Globex Crew');
    expect(rows[1]).toContain('not mailed: the partner took the link itself');
    expect(rows[2]).toContain('Acme Staffing');
    expect(rows[2]).toContain('open until');
    expect(rows[3]).toContain('expired');
    expect(rows[3]).toContain('body removed');
    // The other person's link is not on this page (four rows, above: the person's own).
    // A viewer reads no body: no form, and a post is refused without an audit entry.
    expect(page.body).not.toContain('/body"');
    expect(page.body).toContain('operators and administrators can read it');
    const [, , own] = await mailIdsOf(t, person.id);
    const refused = await viewer.post(`/console/employees/${person.id}/mail/${own!.id}/body`, {}, { from: '/console' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('/login/');
    expect(await bodyReads(t)).toBe(0);
  });

  it("an operator reads a body (the person's own /login mail included), audited; a removed one says so", async () => {
    const page = await operator.get(`/console/employees/${person.id}/mail`);
    expect(page.body.match(/\/body"/g)).toHaveLength(2);
    const [first, second, own] = await mailIdsOf(t, person.id);
    expect(own!.partner).toBeNull();
    const read = await operator.post(
      `/console/employees/${person.id}/mail/${own!.id}/body`,
      {},
      { from: `/console/employees/${person.id}/mail` },
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).toMatch(/http:\/\/onpay\.test\/login\/[A-Za-z0-9._~-]+/);
    expect(read.body).toContain('audit log');
    expect(await bodyReads(t)).toBe(1);
    const acmeMail = await operator.post(
      `/console/employees/${person.id}/mail/${second!.id}/body`,
      {},
      { from: '/console' },
    );
    expect(acmeMail.statusCode).toBe(200);
    expect(acmeMail.body).toContain('<pre class="mail-body"');
    const removed = await operator.post(
      `/console/employees/${person.id}/mail/${first!.id}/body`,
      {},
      { from: '/console' },
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toContain('The body was removed');
    expect(removed.body).not.toContain('<pre class="mail-body"');
    expect(await bodyReads(t)).toBe(3);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['object_type', 'object_id', 'actor_type'])
      .where('action', '=', 'mail.body_read')
      .orderBy('id')
      .execute();
    expect(audit[0]).toMatchObject({ object_type: 'mail', object_id: String(own!.id), actor_type: 'operator' });
  });

  it('a query or form that does not fit its schema: 422 naming the field, nothing listed, nothing read', async () => {
    const path = `/console/employees/${person.id}/mail`;
    const res = await operator.get(`${path}?partner=${acme.partnerId}`);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Nothing is shown: fix the filter first.');
    expect(res.body).toContain('“partner” is not a field of this page: remove it.');
    expect(res.body).not.toContain('<tr>');
    expect(res.body).not.toContain('/body"');
    const reads = await bodyReads(t);
    const [, second] = await mailIdsOf(t, person.id);
    const stray = await operator.post(`${path}/${second!.id}/body`, { reason: 'curious' }, { from: path });
    expect(stray.statusCode).toBe(422);
    expect(stray.body).toContain('<h1>Nothing was changed</h1>');
    expect(stray.body).toContain('“reason” is not a field of this page');
    expect(stray.body).not.toContain('<pre class="mail-body"');
    const long = await operator.post(`${path}/${'9'.repeat(25)}/body`, {}, { from: path });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('Message: at most 20 characters (this one has 25).');
    expect(await bodyReads(t)).toBe(reads);
  });

  it("another person's message is not readable through this person's page", async () => {
    const [foreign] = await mailIdsOf(t, other.id);
    const before = await bodyReads(t);
    const res = await operator.post(
      `/console/employees/${person.id}/mail/${foreign!.id}/body`,
      {},
      { from: '/console' },
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<pre class="mail-body"');
    expect(await bodyReads(t)).toBe(before);
  });
});

describe('mail per employee, in live', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('never shows a body, not even to an administrator', async () => {
    t = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_BASE_URL: 'https://onpay.test',
      },
    });
    const acme = await t.partner('Acme Staffing');
    const person = await createUser(t, acme);
    await issueLink(t, acme, person.id, true);
    const admin = await signedIn(t, await readyOperator(t, 'admin'));
    const page = await admin.get(`/console/employees/${person.id}/mail`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('the console never shows a mail body');
    expect(page.body).toContain('never shown in live');
    expect(page.body).not.toContain('/body"');
    const [mail] = await mailIdsOf(t, person.id);
    const res = await admin.post(`/console/employees/${person.id}/mail/${mail!.id}/body`, {}, { from: '/console' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('In live the console never shows a mail body');
    expect(await bodyReads(t)).toBe(0);
  });
});
