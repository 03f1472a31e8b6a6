/**
 * A payout's page in the console (docs/console.md, "A payout's page"; docs/decisions.md §27): each
 * section for a payout that went created → in a file → bank accepted → paid, and for one the bank
 * rejected (with its message, stored encrypted); the account masked, revealed with a reason by an
 * operator (audited) and never by a viewer; another partner's events and deliveries never shown;
 * names and links in the lists; an unknown payout is a 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { pain002, parsePain001 } from '../helpers/bank.js';
import { csrfOf, readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { NO_ACCOUNT } from '../helpers/users.js';
import { formatKroner } from '../../src/web/money.js';
import { createEndpoint, drain, startReceiver, type Receiver } from '../webhooks/helpers.js';

describe(`a payout's page (${testEngine})`, () => {
  let t: TestApp;
  let op: Browser;
  let viewer: Browser;
  let acme: TestPartner;
  let beta: TestPartner;
  let kari: Employee;
  let acmeHook: Receiver;
  let betaHook: Receiver;
  let paidId: number;
  let failedId: number;
  let betaId: number;
  let invoiceId: number;
  let fileId: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PAGES_PER_MINUTE: '1000000', WEBHOOK_TIMEOUT_MS: '5000' } });
    op = await signedIn(t, await readyOperator(t, 'operator'));
    viewer = await signedIn(t, await readyOperator(t, 'viewer'));
    acme = await t.partner('Acme Story AS');
    beta = await t.partner('Beta Story AS');
    acmeHook = await startReceiver(t.clock);
    betaHook = await startReceiver(t.clock);
    await createEndpoint(t, acme, { url: `${acmeHook.url}/acme-hook`, event_types: ['payout.*'] });
    await createEndpoint(t, beta, { url: `${betaHook.url}/beta-hook`, event_types: ['payout.*'] });
    kari = await onboardedEmployee(t, acme);
    const created = await createPayouts(t, acme, batch([item(kari), item(kari)]));
    [paidId, failedId] = created.payout_ids as [number, number];
    invoiceId = created.invoice_id;
    const betaEmployee = await onboardedEmployee(t, beta);
    betaId = (await createPayouts(t, beta, batch([item(betaEmployee)]))).payout_ids[0]!;

    const exported = await t.services.bank.files.exportFile({});
    fileId = exported.fileId as number;
    const doc = parsePain001(exported.xml!.toString('utf8'));
    const attempts = await t.services.bank.files.attempts(fileId);
    const traceOf = (payoutId: number) => attempts.find((a) => a.payoutId === payoutId)!;
    const infos = doc.PmtInf.map((info) => ({
      pmtInfId: info.PmtInfId,
      txs: info.CdtTrfTxInf.filter((tx) =>
        [paidId, failedId].some((id) => traceOf(id).traceId === tx.PmtId.EndToEndId),
      ).map((tx) =>
        tx.PmtId.EndToEndId === traceOf(paidId).traceId
          ? { trace: tx.PmtId.EndToEndId, sts: 'ACSC', accepted: '2026-11-27T09:00:00' }
          : { trace: tx.PmtId.EndToEndId, sts: 'RJCT', reason: { code: 'AC01', text: 'Feil kontonummer' } },
      ),
    })).filter((info) => info.txs.length > 0);
    const report = pain002({ version: '03', msgId: 'BANK-STORY', orgnlMsgId: doc.GrpHdr.MsgId, infos });
    const imported = await t.services.bank.imports.importReport(Buffer.from(report));
    expect(imported.applied).toBe(2);
    await drain(t);
  }, 180_000);
  afterAll(async () => {
    await acmeHook?.close();
    await betaHook?.close();
    await t?.close();
  });

  it('tells a paid payout’s story: amounts with their rates, masked account, timeline, events, deliveries, audit', async () => {
    const res = await op.get(`/console/payouts/${paidId}`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain(`<h1>Payout ${paidId}</h1>`);
    expect(body).toContain(`<a href="/console/employees/${kari.userId}">Ola Nordmann</a>`);
    expect(body).toContain(`<a href="/console/invoices/${invoiceId}">${invoiceId}</a>`);
    // Amounts and how they were computed, with the rates stored on the payout.
    expect(body).toContain('7.5 × 250 (Evening shift)');
    expect(body).toContain('salary × 12 %');
    expect(body).toContain('(salary + vacation pay) × 14.1 %');
    expect(body).toContain('× 5 %, the partner&#39;s rate');
    expect(body).toContain('invoiced excl. VAT × 25 %');
    const api = (await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${paidId}` })).json() as {
      invoice_incl: string;
    };
    expect(body).toContain(
      `<td data-label="Amount">Invoiced incl. VAT</td><td class="num" data-label="Kroner">${formatKroner(api.invoice_incl)}</td>`,
    );
    // The account, masked.
    expect(body).toContain(`•••••••${NO_ACCOUNT.slice(-4)}`);
    expect(body).not.toContain(NO_ACCOUNT);
    expect(body).toContain(`action="/console/payouts/${paidId}/reveal"`);
    // The timeline, oldest first: created, in the file, the bank's answer, paid.
    const timeline = /<ol class="timeline" id="payout-timeline">([\s\S]*?)<\/ol>/.exec(body)![1]!;
    const order = ['Created', `In payment file ${fileId}`, 'The bank said ACSC: paid', 'Paid'].map((what) =>
      timeline.indexOf(what),
    );
    for (const at of order) expect(at).toBeGreaterThanOrEqual(0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(timeline).toContain(`href="/console/bank/files/${fileId}"`);
    // Created by the partner's token, in a request whose id the partner's logs know.
    expect(timeline).toMatch(
      new RegExp(
        `\\(partner ${acme.partnerId} \\(token \\d+\\)\\)</small><br><span>on invoice ${invoiceId}, request [0-9a-f-]{36}`,
      ),
    );
    expect(body).toContain('<td data-label="Bank status">ACSC</td>');
    // Its events (the batch that created it, processing, paid) and their deliveries to Acme's endpoint.
    for (const type of ['payout.batch.created', 'payout.processing', 'payout.paid'])
      expect(body).toContain(`<td data-label="Type"><code>${type}</code></td>`);
    expect(body).not.toContain('<code>payout.failed</code></td>');
    expect(body).toContain('/acme-hook');
    expect(body).toContain('<td data-label="Status">delivered</td>');
    expect(body).toContain('<td data-label="Last answer">HTTP 204</td>');
    expect(body).toContain(`href="/console/webhooks?partner=${acme.partnerId}"`);
    // Audit entries of the payout.
    expect(body).toMatch(/<td data-label="Action"><code>payout.paid<\/code><\/td>/);
    // Nothing of the other partner.
    expect(body).not.toContain('/beta-hook');
    expect(body).not.toContain('Beta Story AS');
  });

  it('tells a failed payout’s story with the bank’s message (stored encrypted, shown decrypted)', async () => {
    const stored = await t.db.db
      .selectFrom('payouts')
      .select('failure_message')
      .where('id', '=', failedId)
      .executeTakeFirstOrThrow();
    expect(stored.failure_message).not.toContain('Feil kontonummer');
    const res = await viewer.get(`/console/payouts/${failedId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<dd id="payout-failure">AC01: Feil kontonummer</dd>');
    expect(res.body).toContain('The bank said RJCT: failed');
    expect(res.body).toContain('<td data-label="Type"><code>payout.failed</code></td>');
    expect(res.body).not.toContain('<td data-label="Type"><code>payout.paid</code></td>');
  });

  it('a viewer sees the account masked and cannot reveal it (403, nothing audited)', async () => {
    const page = await viewer.get(`/console/payouts/${paidId}`);
    expect(page.body).toContain(`•••••••${NO_ACCOUNT.slice(-4)}`);
    expect(page.body).not.toContain(`action="/console/payouts/${paidId}/reveal"`);
    const before = await t.services.audit.list({ object: `payout:${paidId}`, action: 'pii.revealed' });
    const res = await viewer.post(
      `/console/payouts/${paidId}/reveal`,
      { field: 'bank_account_number', reason: 'curious' },
      { csrf: csrfOf(page) },
    );
    expect(res.statusCode).toBe(403);
    expect(await t.services.audit.list({ object: `payout:${paidId}`, action: 'pii.revealed' })).toEqual(before);
    expect((await viewer.get(`/console/payouts/${paidId}`)).body).not.toContain(NO_ACCOUNT);
  });

  it('an operator reveals the account with a reason: audited on the payout, shown to them alone', async () => {
    const from = { from: `/console/payouts/${paidId}` };
    const refused = await op.post(
      `/console/payouts/${paidId}/reveal`,
      { field: 'bank_account_number', reason: '' },
      from,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Say why you need to see it');
    const res = await op.post(
      `/console/payouts/${paidId}/reveal`,
      { field: 'bank_account_number', reason: 'Employee says the money did not arrive' },
      from,
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/console/payouts/${paidId}?saved=revealed`);
    const audited = await t.services.audit.list({ object: `payout:${paidId}`, action: 'pii.revealed' });
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actor: { type: 'operator' },
      fields: ['bank_account_number'],
      reason: 'Employee says the money did not arrive',
      partner_id: acme.partnerId,
    });
    const page = await op.get(`/console/payouts/${paidId}`);
    expect(page.body).toContain(`<code>${NO_ACCOUNT}</code>`);
    expect(page.body).toContain('Employee says the money did not arrive');
    // Another operator, and the same one after five minutes, see it masked again.
    expect((await viewer.get(`/console/payouts/${paidId}`)).body).not.toContain(NO_ACCOUNT);
    t.clock.advance(5 * 60_000 + 1);
    expect((await op.get(`/console/payouts/${paidId}`)).body).not.toContain(NO_ACCOUNT);
  });

  it('an unknown or unreadable payout is a 404 page', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await viewer.get(`/console/payouts/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('Payout not found');
    }
    expect(
      (
        await op.post(
          '/console/payouts/999999/reveal',
          { field: 'bank_account_number', reason: 'a reason' },
          { from: '/console/payouts' },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('the old bank-history address redirects to the payout’s page', async () => {
    const res = await viewer.get(`/console/bank/payouts/${failedId}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/console/payouts/${failedId}#bank`);
  });

  it('lists and review pages name the employees and link the ids', async () => {
    const link = (id: number) => `<a href="/console/payouts/${id}">${id}</a>`;
    const name = `<a href="/console/employees/${kari.userId}">Ola Nordmann</a>`;
    const list = await viewer.get('/console/payouts');
    for (const id of [paidId, failedId, betaId]) expect(list.body).toContain(link(id));
    expect(list.body).toContain(name);
    const invoice = await viewer.get(`/console/invoices/${invoiceId}`);
    expect(invoice.body).toContain(link(paidId));
    expect(invoice.body).toContain(name);
    const file = await viewer.get(`/console/bank/files/${fileId}`);
    expect(file.body).toContain(link(paidId));
    expect(file.body).toContain(name);
    const employee = await viewer.get(`/console/employees/${kari.userId}`);
    expect(employee.body).toContain(link(paidId));
    const review = await op.post(
      '/console/payouts/confirm',
      { move: 'retry', id: String(failedId), back: '/console/payouts' },
      { from: '/console/payouts' },
    );
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain(link(failedId));
    expect(review.body).toContain(name);
    // The audit log's object column leads to the object's page.
    const audit = await viewer.get(`/console/audit?object=payout:${paidId}`);
    expect(audit.body).toContain(`href="/console/payouts/${paidId}"`);
    const userAudit = await viewer.get(`/console/audit?object=user:${kari.userId}`);
    expect(userAudit.body).toContain(`href="/console/employees/${kari.userId}"`);
    const invoiceAudit = await viewer.get(`/console/audit?object=invoice:${invoiceId}`);
    expect(invoiceAudit.body).toContain(`href="/console/invoices/${invoiceId}"`);
  });

  it('a query or form that does not fit its schema: 422 naming the field, nothing shown, nothing changed', async () => {
    const page = `/console/payouts/${paidId}`;
    const cases: Array<[string, string]> = [
      [`${page}?svaed=revealed`, '“svaed” is not a field of this page (did you mean “saved”?): remove it.'],
      [`${page}?saved=${'r'.repeat(21)}`, 'Confirmation: at most 20 characters (this one has 21).'],
    ];
    for (const [url, problem] of cases) {
      const res = await op.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.body, url).toContain('Nothing is shown: fix the filter first.');
      expect(res.body, url).toContain(problem);
      expect(res.body, url).not.toContain('id="payout-facts"');
      expect(res.body, url).not.toContain(`href="/console/employees/${kari.userId}"`);
    }
    const before = await t.services.audit.list({ object: `payout:${paidId}`, action: 'pii.revealed' });
    const long = await op.post(
      `${page}/reveal`,
      { field: 'bank_account_number', reason: 'x'.repeat(501) },
      { from: page },
    );
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('<h1>Nothing was changed</h1>');
    expect(long.body).toContain('Reason: at most 500 characters (this one has 501).');
    const stray = await op.post(
      `${page}/reveal`,
      { field: 'bank_account_number', reason: 'Employee asks', fields: 'bank_iban_number' },
      { from: page },
    );
    expect(stray.statusCode).toBe(422);
    expect(stray.body).toContain('“fields” is not a field of this page');
    expect(await t.services.audit.list({ object: `payout:${paidId}`, action: 'pii.revealed' })).toEqual(before);
  });
});
