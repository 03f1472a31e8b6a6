/**
 * The console's administration pages through the app, as a browser would use them (cookies, forms
 * with their CSRF field): partners and tokens, the return-URL queue, terms, the audit log and the
 * mail outbox. Each action leaves exactly one audit entry by the operator who did it (with the
 * reason where one is given); bad input answers a page that says what is wrong and changes nothing.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/modules/mail/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, jsonLine, runCli, scratchDatabase } from '../helpers/cli.js';
import { signedIn, readyOperator, type Browser, type ReadyOperator } from '../helpers/console.js';
import { snapshot } from '../helpers/db-snapshot.js';
import { testEngine } from '../helpers/engine.js';

let t: TestApp;
let admin: ReadyOperator;
let operator: ReadyOperator;
let viewer: ReadyOperator;
let asAdmin: Browser;
let asOperator: Browser;
let asViewer: Browser;

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_PAGES_PER_MINUTE: '100000' } });
  admin = await readyOperator(t, 'admin');
  operator = await readyOperator(t, 'operator');
  viewer = await readyOperator(t, 'viewer');
  asAdmin = await signedIn(t, admin);
  asOperator = await signedIn(t, operator);
  asViewer = await signedIn(t, viewer);
});
afterAll(async () => {
  await t?.close();
});

/** Audit entries since `sinceId`, oldest first. */
async function auditSince(sinceId: number) {
  return (await t.services.audit.list({ limit: 1000 })).filter((e) => e.id > sinceId).reverse();
}
async function lastAuditId(): Promise<number> {
  return (await t.services.audit.list({ limit: 1 }))[0]?.id ?? 0;
}
const actorOf = (op: ReadyOperator) => ({ type: 'operator', id: String(op.row.id) });

/** A form's outcome: 303 to `to`, then the page with its confirmation. */
async function followed(b: Browser, res: LightMyRequestResponse, to: string | RegExp) {
  expect(res.statusCode, res.body.slice(0, 600)).toBe(303);
  expect(res.headers.location).toMatch(to);
  const next = await b.get(res.headers.location as string);
  expect(next.statusCode).toBe(200);
  expect(next.body).toContain('role="status"');
  return next;
}

/** Runs `work`, expecting it to change nothing in the database. */
async function unchanged(work: () => Promise<void>) {
  const before = await snapshot(t);
  await work();
  const after = await snapshot(t);
  // A session's last use is refreshed once a minute at most; that is not a change anyone made.
  delete before.operator_sessions;
  delete after.operator_sessions;
  expect(after).toEqual(before);
}

describe(`partners (${testEngine})`, () => {
  it('lists, searches by name or id, and pages on the server', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 27; i++) ids.push((await t.partner(`Pagingselskap ${String(i).padStart(2, '0')}`)).partnerId);
    const first = await asViewer.get('/console/partners?q=pagingselskap');
    expect(first.statusCode).toBe(200);
    expect(first.body.match(/<tr><td class="num"/g)).toHaveLength(25);
    expect(first.body).toContain('href="/console/partners?q=pagingselskap&amp;page=2"');
    const second = await asViewer.get('/console/partners?q=pagingselskap&page=2');
    expect(second.body.match(/<tr><td class="num"/g)).toHaveLength(2);
    expect(second.body).toContain('Pagingselskap 27');
    expect(second.body).not.toContain('rel="next"');
    const byId = await asViewer.get(`/console/partners?q=${ids[4]}`);
    expect(byId.body).toContain('Pagingselskap 05');
    expect((await asViewer.get('/console/partners?q=%25')).body).toContain('No partner matches');
    // A viewer sees no forms that change anything.
    expect(first.body).not.toContain('method="post" action="/console/partners"');
  });

  it('an administrator creates a partner: the key and token are shown once, work at once, and are audited once each', async () => {
    const since = await lastAuditId();
    const res = await asAdmin.post('/console/partners', { name: '  Fjordkraft Lønn AS ' });
    const page = await followed(asAdmin, res, /^\/console\/partners\/\d+$/);
    const partnerId = Number((res.headers.location as string).split('/').pop());
    const apiKey = /data-secret="API key">([^<]+)</.exec(page.body)?.[1];
    const token = /data-secret="Access token">([^<]+)</.exec(page.body)?.[1];
    expect(apiKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(token).toMatch(/^onp_test_/);
    expect(page.body).toContain('<h1>Fjordkraft Lønn AS</h1>');
    // Shown once: the next visit has no secret.
    expect((await asAdmin.get(`/console/partners/${partnerId}`)).body).not.toContain('data-secret');
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/terms',
      headers: { authorization: `Bearer ${token}`, 'api-key': apiKey! },
    });
    expect(api.statusCode).toBe(200);
    const entries = await auditSince(since);
    expect(entries.map((e) => [e.action, e.object])).toEqual([
      ['partner.created', `partner:${partnerId}`],
      ['token.created', expect.stringMatching(/^token:\d+$/)],
    ]);
    for (const e of entries) expect(e.actor).toMatchObject(actorOf(admin));
  });

  it('tokens: create (shown once), revoke (stops working at once); the fee; each audited once', async () => {
    const partner = await t.partner('Tokenpartner AS');
    const since = await lastAuditId();
    const created = await followed(
      asAdmin,
      await asAdmin.post(`/console/partners/${partner.partnerId}/tokens`, {}, { from: '/console' }),
      `/console/partners/${partner.partnerId}`,
    );
    const token = /data-secret="Access token">([^<]+)</.exec(created.body)![1]!;
    const tokenId = Number(/Access token (\d+) was created/.exec(created.body)![1]);
    const headers = { authorization: `Bearer ${token}`, 'api-key': partner.apiKey };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/terms', headers })).statusCode).toBe(200);

    // The review page's button carries `confirmed`; the review itself changed nothing.
    const revoked = await followed(
      asAdmin,
      await asAdmin.post(
        `/console/partners/${partner.partnerId}/tokens/${tokenId}/revoke`,
        { confirmed: '1' },
        { from: '/console' },
      ),
      `/console/partners/${partner.partnerId}`,
    );
    expect(revoked.body).toContain(`Access token ${tokenId} was revoked.`);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/terms', headers })).statusCode).toBe(401);

    const fee = await followed(
      asAdmin,
      await asAdmin.post(`/console/partners/${partner.partnerId}/fee`, { rate: '0.07' }, { from: '/console' }),
      `/console/partners/${partner.partnerId}`,
    );
    expect(fee.body).toContain('0.07 service fee');
    expect(await t.services.partners.feeRate(partner.partnerId)).toBe('0.07');

    const entries = await auditSince(since);
    expect(entries.map((e) => [e.action, e.object, e.fields])).toEqual([
      ['token.created', `token:${tokenId}`, []],
      ['token.revoked', `token:${tokenId}`, []],
      ['partner.updated', `partner:${partner.partnerId}`, ['fee_rate']],
    ]);
    for (const e of entries) expect(e.actor).toMatchObject(actorOf(admin));

    // The partner's page shows the activity.
    const detail = await asViewer.get(`/console/partners/${partner.partnerId}`);
    expect(detail.body).toContain('token.revoked');
    expect(detail.body).toContain('partner.updated');
  });

  it("an id beyond the databases' range names nothing: 404, never a server error", async () => {
    for (const url of [
      '/console/partners/99999999999',
      '/console/employees/99999999999',
      '/console/invoices/99999999999',
    ])
      expect((await asViewer.get(url)).statusCode, url).toBe(404);
  });

  it('a field sent twice counts once: searches and filters answer, never a server error', async () => {
    for (const url of [
      '/console/partners?q=Acme&q=Other',
      '/console/audit?action=partner.created&action=token.created&object=partner:1&object=user:2',
      '/console/mail?status=failed&status=sent',
      '/console/employees?q=a&q=b',
    ]) {
      const res = await asViewer.get(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('bad input answers a page naming the problem and changes nothing', async () => {
    const partner = await t.partner('Badinput AS');
    const other = await t.partner('Other AS');
    const otherToken = (await t.services.partners.listTokens(other.partnerId))[0]!.token_id;
    await unchanged(async () => {
      const empty = await asAdmin.post('/console/partners', { name: '   ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.body).toContain('role="alert"');
      expect(empty.body).toContain('The name must be 1 to 255 characters.');
      const rate = await asAdmin.post(
        `/console/partners/${partner.partnerId}/fee`,
        { rate: '5 %' },
        { from: `/console/partners/${partner.partnerId}` },
      );
      expect(rate.statusCode).toBe(422);
      expect(rate.body).toContain('The fee must be a fraction from 0 to 1');
      // Another partner's token is not revoked from this partner's page.
      const foreign = await asAdmin.post(
        `/console/partners/${partner.partnerId}/tokens/${otherToken}/revoke`,
        { confirmed: '1' },
        { from: `/console/partners/${partner.partnerId}` },
      );
      expect(foreign.statusCode).toBe(404);
      expect(
        (await asAdmin.post('/console/partners/999999/tokens', {}, { from: '/console/partners' })).statusCode,
      ).toBe(404);
      expect((await asViewer.get('/console/partners/999999')).statusCode).toBe(404);
      expect((await asViewer.get('/console/partners/abc')).statusCode).toBe(404);
    });
  });

  it('refused roles: 403 with a clear page, nothing changed', async () => {
    const partner = await t.partner('Refused AS');
    await unchanged(async () => {
      for (const b of [asViewer, asOperator]) {
        const res = await b.post('/console/partners', { name: 'Not allowed AS' }, { from: '/console/partners' });
        expect(res.statusCode).toBe(403);
        expect(res.body).toContain('Not allowed');
        expect(res.body).toMatch(/Your role \((viewer|operator)\) may not do this\./);
        expect(
          (await b.post(`/console/partners/${partner.partnerId}/tokens`, {}, { from: '/console/partners' })).statusCode,
        ).toBe(403);
      }
    });
  });
});

describe(`return URLs (${testEngine})`, () => {
  let partner: TestPartner;
  const register = async (url: string) => {
    const res = await t.as(partner, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return Number((res.json() as { id: string }).id);
  };

  beforeAll(async () => {
    partner = await t.partner('Returnurl Partner AS');
  });

  it('the dashboard counts the requests awaiting a decision', async () => {
    const awaiting = async () => {
      const page = (await asViewer.get('/console')).body;
      return Number(/<div class="count">(\d+)<\/div><a href="\/console\/return-urls\?status=pending">/.exec(page)?.[1]);
    };
    const before = await awaiting();
    const id = await register('https://dashboard.partner.example/done');
    expect(await awaiting()).toBe(before + 1);
    await t.services.verification.returnUrls.decide(id, 'approved');
    expect(await awaiting()).toBe(before);
  });

  it('the queue shows the canonical parts and the partner’s approved URLs; an operator approves and rejects with a reason, audited once each', async () => {
    const approvedBefore = await register('https://app.partner.example/done');
    await t.services.verification.returnUrls.decide(approvedBefore, 'approved');
    const first = await register('https://App.Partner.example:8443/Onboarding/Done/');
    const second = await register('https://evil.example/steal');

    const queue = await asViewer.get(`/console/return-urls?partner=${partner.partnerId}`);
    expect(queue.statusCode).toBe(200);
    const section = queue.body.slice(queue.body.indexOf(`id="url-${first}"`));
    expect(section).toMatch(/<dt>Scheme<\/dt><dd><code>https<\/code>/);
    expect(section).toMatch(/<dt>Host<\/dt><dd><code>app\.partner\.example<\/code>/);
    expect(section).toMatch(/<dt>Port<\/dt><dd><code>8443<\/code>/);
    expect(section).toMatch(/<dt>Path<\/dt><dd><code>\/Onboarding\/Done<\/code>/);
    expect(section).toContain('<li><code>https://app.partner.example/done</code></li>');
    // A viewer reads but gets no decision form.
    expect(queue.body).not.toContain(`action="/console/return-urls/${first}/approve"`);

    const since = await lastAuditId();
    const ok = await asOperator.post(
      `/console/return-urls/${first}/approve`,
      { reason: 'Host is the partner’s own, checked with their contact' },
      { from: '/console/return-urls' },
    );
    expect((await followed(asOperator, ok, '/console/return-urls')).body).toContain(`Return URL ${first}`);
    const no = await asOperator.post(
      `/console/return-urls/${second}/reject`,
      { reason: 'Not the partner’s domain' },
      { from: '/console/return-urls' },
    );
    await followed(asOperator, no, '/console/return-urls');

    const entries = await auditSince(since);
    expect(entries.map((e) => [e.action, e.object, e.reason])).toEqual([
      ['return_url.approved', `return_url:${first}`, 'Host is the partner’s own, checked with their contact'],
      ['return_url.rejected', `return_url:${second}`, 'Not the partner’s domain'],
    ]);
    for (const e of entries) expect(e.actor).toMatchObject(actorOf(operator));
    const statuses = Object.fromEntries(
      (await t.services.verification.returnUrls.list(partner.partnerId)).map((r) => [r.id, r.status]),
    );
    expect(statuses).toMatchObject({ [first]: 'approved', [second]: 'rejected' });
    // Revoking needs a reason too, and is audited with it.
    const revokeSince = await lastAuditId();
    await followed(
      asOperator,
      await asOperator.post(
        `/console/return-urls/${first}/revoke`,
        { reason: 'Partner asked us to' },
        { from: '/console/return-urls?status=approved' },
      ),
      '/console/return-urls',
    );
    expect((await auditSince(revokeSince)).map((e) => [e.action, e.reason])).toEqual([
      ['return_url.rejected', 'Partner asked us to'],
    ]);
  });

  it('rejecting without a reason, deciding what is already decided otherwise, or as a viewer: a page that says so, nothing changed', async () => {
    const pending = await register('https://partner.example/pending-one');
    const approved = await register('https://partner.example/approved-one');
    await t.services.verification.returnUrls.decide(approved, 'approved');
    await unchanged(async () => {
      const noReason = await asOperator.post(
        `/console/return-urls/${pending}/reject`,
        { reason: '  ' },
        { from: '/console/return-urls' },
      );
      expect(noReason.statusCode).toBe(422);
      expect(noReason.body).toContain('Give a reason');
      const tooLong = await asOperator.post(
        `/console/return-urls/${pending}/reject`,
        { reason: 'x'.repeat(501) },
        { from: '/console/return-urls' },
      );
      expect(tooLong.statusCode).toBe(422);
      const wrong = await asOperator.post(
        `/console/return-urls/${approved}/reject`,
        { reason: 'no' },
        { from: '/console/return-urls' },
      );
      expect(wrong.statusCode).toBe(409);
      expect(wrong.body).toContain('is approved and flows may use it. To withdraw it, revoke it instead.');
      expect(
        (await asOperator.post('/console/return-urls/999999/approve', {}, { from: '/console/return-urls' })).statusCode,
      ).toBe(404);
      const refused = await asViewer.post(
        `/console/return-urls/${pending}/approve`,
        { reason: 'I would like to' },
        { from: '/console/return-urls' },
      );
      expect(refused.statusCode).toBe(403);
    });
  });

  it('pages through the queue on the server', async () => {
    const many = await t.partner('Manyurls AS');
    for (let i = 0; i < 27; i++) {
      const res = await t.as(many, {
        method: 'POST',
        url: '/api/v1/verification-return-urls',
        payload: { partner_return_url: `https://many.example/path${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const first = await asViewer.get(`/console/return-urls?partner=${many.partnerId}`);
    expect(first.body.match(/<section class="card"/g)).toHaveLength(25);
    const next = /href="(\/console\/return-urls\?status=pending&amp;partner=\d+&amp;after=\d+)" rel="next"/.exec(
      first.body,
    )?.[1];
    expect(next).toBeTruthy();
    const second = await asViewer.get(next!.replaceAll('&amp;', '&'));
    expect(second.body.match(/<section class="card"/g)).toHaveLength(2);
  });
});

describe(`terms (${testEngine})`, () => {
  it('an administrator publishes; the history lists it as current; audited once', async () => {
    const since = await lastAuditId();
    const res = await asAdmin.post('/console/terms', {
      code: 'console-2026-12',
      title: 'Vilkår desember',
      url: 'https://onpay.example/terms/2026-12',
      confirmed: '1',
    });
    const page = await followed(asAdmin, res, '/console/terms');
    expect(page.body).toContain('Terms console-2026-12 are now current.');
    expect(page.body).toContain('<code>console-2026-12</code> <strong>(current)</strong>');
    expect((await t.services.terms.service.currentMetadata()).code).toBe('console-2026-12');
    const entries = await auditSince(since);
    expect(entries.map((e) => [e.action, e.object])).toEqual([['terms.published', 'terms:console-2026-12']]);
    expect(entries[0]!.actor).toMatchObject(actorOf(admin));
  });

  it('bad terms, or an operator publishing: a page that says so, nothing changed', async () => {
    await unchanged(async () => {
      const bad = await asAdmin.post('/console/terms', { code: 'has space', title: '', url: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(422);
      for (const text of ['The code must be', 'The title must be', 'The address must be'])
        expect(bad.body).toContain(text);
      // No command-line flag in the words shown (the CSRF tokens are random base64url: "--k" may occur in one).
      const shown = bad.body.slice(bad.body.indexOf('<main')).replace(/ value="[^"]*"/g, '');
      expect(shown).not.toMatch(/--[a-z]/);
      expect(
        (
          await asOperator.post(
            '/console/terms',
            { code: 'op-terms', title: 'No', url: 'https://onpay.example/t' },
            { from: '/console/terms' },
          )
        ).statusCode,
      ).toBe(403);
    });
  });
});

describe(`audit log (${testEngine})`, () => {
  it('filters by object, actor, action and time, and pages back', async () => {
    const partner = await t.partner('Auditpartner AS');
    for (let i = 0; i < 27; i++) await t.services.partners.setFeeRate(partner.partnerId, `0.0${i % 10}`);
    const byObject = await asViewer.get(`/console/audit?object=partner:${partner.partnerId}`);
    expect(byObject.statusCode).toBe(200);
    expect(byObject.body.match(/<tr><td class="num"/g)).toHaveLength(25);
    const older = /href="([^"]+)" rel="next">Older entries/.exec(byObject.body)?.[1];
    expect(older).toContain('before=');
    const second = await asViewer.get(older!.replaceAll('&amp;', '&'));
    // 27 updates and the creation.
    expect(second.body.match(/<tr><td class="num"/g)).toHaveLength(3);
    expect(second.body).toContain('partner.created');

    const byActor = await asViewer.get(`/console/audit?actor=operator:${admin.row.id}&action=terms.published`);
    expect(byActor.body).toContain('terms:console-2026-12');
    expect(byActor.body).not.toContain('partner.updated');
    const future = await asViewer.get('/console/audit?since=2999-01-01');
    expect(future.body).toContain('No entries match.');
  });

  it('a bad filter answers 422 naming each problem', async () => {
    const res = await asViewer.get('/console/audit?object=nonsense&actor=robot&since=yesterday');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Object must be type:id');
    expect(res.body).toContain('Actor must be');
    expect(res.body).toContain('Since must be');
  });
});

describe(`mail (${testEngine})`, () => {
  async function mail(status: 'pending' | 'failed' | 'sent', attempts = 0): Promise<number> {
    const id = await t.db.db.transaction().execute((trx) =>
      enqueueMail(
        trx,
        t.services.fieldCrypto,
        {
          partnerId: null,
          to: 'kari.nordmann@example.com',
          subject: `Subject ${status}`,
          text: 'x',
          html: '<p>x</p>',
        },
        t.clock.now().toISOString(),
      ),
    );
    await t.db.db
      .updateTable('mail_outbox')
      .set({ status, attempts, last_error: status === 'sent' ? null : 'SMTP 451 try later' })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('lists by status with the recipient shortened; an operator sends a failed message again, audited once', async () => {
    const failed = await mail('failed', 5);
    const sent = await mail('sent', 1);
    const page = await asViewer.get('/console/mail?status=failed');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('k…@example.com');
    expect(page.body).not.toContain('kari.nordmann@example.com');
    expect(page.body).toContain(`<td class="num" data-label="Id">${failed}</td>`);
    expect(page.body).not.toContain(`<td class="num" data-label="Id">${sent}</td>`);
    expect(page.body).not.toContain(`/console/mail/${failed}/resend`);

    const since = await lastAuditId();
    await followed(
      asOperator,
      await asOperator.post(`/console/mail/${failed}/resend`, {}, { from: '/console/mail' }),
      '/console/mail',
    );
    const row = await t.db.db.selectFrom('mail_outbox').selectAll().where('id', '=', failed).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    const entries = await auditSince(since);
    expect(entries.map((e) => [e.action, e.object])).toEqual([['mail.resent', `mail:${failed}`]]);
    expect(entries[0]!.actor).toMatchObject(actorOf(operator));
  });

  it('a sent message, an unknown one, or a viewer: refused, nothing changed', async () => {
    const sent = await mail('sent', 1);
    const failed = await mail('failed', 5);
    await unchanged(async () => {
      expect((await asOperator.post(`/console/mail/${sent}/resend`, {}, { from: '/console/mail' })).statusCode).toBe(
        409,
      );
      expect((await asOperator.post('/console/mail/999999/resend', {}, { from: '/console/mail' })).statusCode).toBe(
        404,
      );
      expect((await asViewer.post(`/console/mail/${failed}/resend`, {}, { from: '/console/mail' })).statusCode).toBe(
        403,
      );
    });
  });

  it('pages back through the outbox', async () => {
    for (let i = 0; i < 26; i++) await mail('failed', 5);
    const first = await asViewer.get('/console/mail?status=failed');
    expect(first.body.match(/<tr><td class="num"/g)).toHaveLength(25);
    const older = /href="([^"]+)" rel="next">Older mail/.exec(first.body)?.[1];
    const second = await asViewer.get(older!.replaceAll('&amp;', '&'));
    expect(second.body.match(/<tr><td class="num"/g)!.length).toBeGreaterThan(0);
  });
});

describe(`the console and the command line do the same (${testEngine})`, () => {
  it('a return-URL rejection and a token revocation leave the same audit entries either way, but for the actor', async () => {
    const database = await scratchDatabase('onpay-console-cli');
    const shared = await buildTestApp({ database, env: { RATE_LIMIT_PAGES_PER_MINUTE: '100000' } });
    try {
      const cli = (...args: string[]) =>
        runCli(args, cliEnv({ DATABASE_URL: database.url, PUBLIC_BASE_URL: 'http://onpay.test' }));
      const op = await readyOperator(shared, 'admin');
      const b = await signedIn(shared, op);
      const partner = await shared.partner('Same Either Way AS');
      const register = async (url: string) =>
        Number(
          (
            (
              await shared.as(partner, {
                method: 'POST',
                url: '/api/v1/verification-return-urls',
                payload: { partner_return_url: url },
              })
            ).json() as { id: string }
          ).id,
        );
      const [viaConsole, viaCli] = [await register('https://same.example/a'), await register('https://same.example/b')];
      const [tokenA, tokenB] = [
        (await shared.services.partners.createToken(partner.partnerId)).token_id,
        (await shared.services.partners.createToken(partner.partnerId)).token_id,
      ];

      expect(
        (await b.post(`/console/return-urls/${viaConsole}/reject`, { reason: 'Not theirs' }, { from: '/console' }))
          .statusCode,
      ).toBe(303);
      expect(
        (
          await b.post(
            `/console/partners/${partner.partnerId}/tokens/${tokenA}/revoke`,
            { confirmed: '1' },
            { from: '/console' },
          )
        ).statusCode,
      ).toBe(303);
      jsonLine(await cli('return-url', 'reject', String(viaCli), '--reason', 'Not theirs', '--json'));
      jsonLine(await cli('token', 'revoke', String(tokenB), '--json'));

      const entry = async (object: string) => {
        const [found] = await shared.services.audit.list({ object, limit: 1 });
        const { id: _id, at: _at, request_id: _request, actor, object: _object, ...rest } = found!;
        return { rest, actor: actor.type };
      };
      const consoleReject = await entry(`return_url:${viaConsole}`);
      const cliReject = await entry(`return_url:${viaCli}`);
      expect(consoleReject.rest).toEqual(cliReject.rest);
      expect(consoleReject.rest).toMatchObject({ action: 'return_url.rejected', reason: 'Not theirs' });
      expect((await entry(`token:${tokenA}`)).rest).toEqual((await entry(`token:${tokenB}`)).rest);
      expect([consoleReject.actor, cliReject.actor]).toEqual(['operator', 'operator']);
    } finally {
      await shared.close();
      await database.drop();
    }
  });
});
