/**
 * The audit log: every change, once, with who made it (a partner token, an operator at the command
 * line, an employee, the system), the request id and the names of the changed fields, never their
 * values; append-only in the database itself.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryPayload } from '../../src/modules/audit/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, expectOneErrorLine, jsonLine, runCli, scratchDatabase } from '../helpers/cli.js';
import { ensureApprovedReturnUrl, linkEmployee, onboardedEmployee, RETURN_URL } from '../helpers/employees.js';
import type { TestDatabase } from '../helpers/engine.js';
import { openLink, pressContinue, sessionCookieOf, userLink } from '../helpers/login-links.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { startFlow } from '../verification/helpers.js';
import { createUser } from '../helpers/users.js';

/** What `onpay audit list --json` prints per entry. */
type Entry = AuditEntryPayload;

let database: TestDatabase;
let t: TestApp;
let acme: TestPartner;
let beta: TestPartner;

beforeAll(async () => {
  database = await scratchDatabase('onpay-audit');
  t = await buildTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  acme = await t.partner('Acme');
  beta = await t.partner('Beta');
  await ensureApprovedReturnUrl(t, acme);
  await ensureApprovedReturnUrl(t, beta);
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

const cli = (...args: string[]) => runCli(args, cliEnv({ DATABASE_URL: database.url }));
const entries = async (...filters: string[]) =>
  (jsonLine(await cli('audit', 'list', ...filters, '--json')) as { entries: Entry[] }).entries;

describe('who changed what', () => {
  it('a partner API write: one entry by the partner token, with the request id and the changed field names only', async () => {
    const user = await createUser(t, acme);
    const requestId = `req-${randomUUID()}`;
    const res = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: { 'x-request-id': requestId },
      payload: { note: 'secret-note-value', bank_account_number: '12345678903' },
    });
    expect(res.statusCode).toBe(200);
    const found = await entries('--object', `user:${user.id}`);
    expect(found.map((e) => e.action)).toEqual(['user.updated', 'user.created']);
    expect(found[0]).toMatchObject({
      actor: { type: 'partner', id: String(acme.partnerId) },
      object: `user:${user.id}`,
      partner_id: acme.partnerId,
      request_id: requestId,
    });
    expect(found[0]!.fields.sort()).toEqual(['bank_account_number', 'note']);
    // Names, never values.
    expect(JSON.stringify(found)).not.toContain('secret-note-value');
    expect(JSON.stringify(found)).not.toContain('12345678903');
  });

  it('an operator at the command line: a tax change is one entry, though every linked partner got an event', async () => {
    const kari = await onboardedEmployee(t, acme);
    await linkEmployee(t, beta, kari, { onboard: false });
    expect(jsonLine(await cli('user', 'set-tax', String(kari.userId), '--percent', '30', '--json'))).toMatchObject({
      user: { tax_percent: '30' },
    });
    const [entry, ...rest] = await entries('--object', `user:${kari.id}`, '--action', 'user.updated');
    expect(entry).toMatchObject({
      actor: { type: 'operator', id: null },
      fields: ['tax_percent'],
      partner_id: null,
      request_id: null,
    });
    expect(entry!.actor.label).toMatch(/^command line \(/);
    // The earlier user.updated entries are the partners' own (bank account, profile), not the tax change.
    expect(rest.every((e) => e.actor.type === 'partner')).toBe(true);
  });

  it('payouts: the batch once, each operator transition once per payout', async () => {
    const kari = await onboardedEmployee(t, acme);
    const created = await createPayouts(t, acme, batch([item(kari), item(kari, { date: '2026-03-16' })]));
    for (const id of created.payout_ids) jsonLine(await cli('payout', 'mark-paid', String(id), '--json'));
    expect((await entries('--object', `invoice:${created.invoice_id}`)).map((e) => [e.action, e.actor.type])).toEqual([
      ['payout.batch.created', 'partner'],
    ]);
    for (const id of created.payout_ids) {
      expect(
        (await entries('--object', `payout:${id}`)).map((e) => [e.action, e.actor.type, e.fields.sort().join(',')]),
      ).toEqual([['payout.paid', 'operator', 'paid_at,status']]);
    }
  });

  it('partners and tokens created and revoked, and a return URL requested and approved', async () => {
    const partner = jsonLine(await cli('partner', 'create', '--name', 'Audited AS', '--json')) as {
      partner_id: number;
    };
    const token = jsonLine(await cli('token', 'create', '--partner', String(partner.partner_id), '--json')) as {
      token_id: number;
    };
    jsonLine(await cli('token', 'revoke', String(token.token_id), '--json'));
    jsonLine(await cli('partner', 'set-fee', String(partner.partner_id), '--rate', '0.04', '--json'));
    expect(
      (await entries('--object', `partner:${partner.partner_id}`)).map((e) => [e.action, e.fields.join(',')]),
    ).toEqual([
      ['partner.updated', 'fee_rate'],
      ['partner.created', 'name'],
    ]);
    expect((await entries('--object', `token:${token.token_id}`)).map((e) => e.action)).toEqual([
      'token.revoked',
      'token.created',
    ]);

    const res = await t.as(beta, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: 'https://beta.example/audit' },
    });
    const id = (res.json() as { id: string }).id;
    jsonLine(await cli('return-url', 'approve', id, '--json'));
    expect((await entries('--object', `return_url:${id}`)).map((e) => [e.action, e.actor.type])).toEqual([
      ['return_url.approved', 'operator'],
      ['return_url.requested', 'partner'],
    ]);
  });

  it('an employee: signing in with a login link and signing out are the employee’s own entries', async () => {
    const kari = await onboardedEmployee(t, acme);
    const link = await userLink(t, acme, kari.id);
    expect((await openLink(t, link.path)).statusCode).toBe(200);
    const cookie = sessionCookieOf(await pressContinue(t, link.path));
    const me = await t.app.inject({ method: 'GET', url: '/me', cookies: { onpay_session: cookie!.value } });
    const csrf = /name="csrf" value="([^"]+)"/.exec(me.body)![1]!;
    const out = await t.app.inject({
      method: 'POST',
      url: '/me/logout',
      cookies: { onpay_session: cookie!.value },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrf=${encodeURIComponent(csrf)}`,
    });
    expect(out.statusCode).toBe(200);
    const own = await entries('--actor', `employee:${kari.id}`);
    expect(own.map((e) => e.action)).toEqual(['employee.signed_out', 'employee.signed_in']);
    const issued = await entries('--action', 'login_link.created', '--limit', '1');
    expect(issued[0]).toMatchObject({ actor: { type: 'partner', id: String(acme.partnerId) } });
  });

  it('the system: a verification that ran out is expired by the sweeper, as the system', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN_URL });
    t.clock.advance(61 * 60 * 1000);
    await t.services.verification.sessions.expireDue();
    const found = await entries('--object', `verification_session:${flow.verification_id}`);
    expect(found.map((e) => [e.action, e.actor.type])).toEqual([
      ['verification.session.expired', 'system'],
      ['verification.session.created', 'partner'],
    ]);
  });

  it('filters by time and pages back by id', async () => {
    const all = await entries('--limit', '1000');
    expect(all.length).toBeGreaterThan(10);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const page = await entries('--before', String(all[4]!.id), '--limit', '3');
    expect(page.map((e) => e.id)).toEqual(all.slice(5, 8).map((e) => e.id));
    expect(await entries('--since', '2999-01-01T00:00:00Z')).toEqual([]);
  });

  it('refuses a malformed filter as a usage error', async () => {
    for (const args of [
      ['--object', 'user'],
      ['--actor', 'robot'],
      ['--since', 'yesterday'],
      ['--limit', '0'],
      ['--limit', '5000'],
    ]) {
      expectOneErrorLine(await cli('audit', 'list', ...args), 2);
    }
  });
});

describe('append-only', () => {
  it('the database refuses to change or remove an entry, whoever asks', async () => {
    const [newest] = await entries('--limit', '1');
    await expect(
      t.db.db.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', newest!.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.db.deleteFrom('audit_log').where('id', '=', newest!.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db.db)).rejects.toThrow(/append-only/);
    expect((await entries('--limit', '1'))[0]).toEqual(newest);
  });
});
