/**
 * Payment files in the console (docs/console.md): the list, a file's page with its payouts, and
 * the download (operators and admins; audited); a viewer sees the pages but cannot download.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

describe('payment files in the console', () => {
  let t: TestApp;
  let op: Browser;
  let viewer: Browser;
  let fileId: number;
  let xml: string;
  let ids: number[];
  let kari: Awaited<ReturnType<typeof onboardedEmployee>>;

  beforeAll(async () => {
    t = await buildTestApp();
    op = await signedIn(t, await readyOperator(t, 'operator'));
    viewer = await signedIn(t, await readyOperator(t, 'viewer'));
    const acme = await t.partner('Acme');
    kari = await onboardedEmployee(t, acme);
    ids = (await createPayouts(t, acme, batch([item(kari), item(kari)]))).payout_ids;
    const exported = await t.services.bank.files.exportFile({});
    fileId = exported.fileId as number;
    xml = exported.xml!.toString('utf8');
  });
  afterAll(() => t.close());

  it('lists the files and shows one with its payouts, their trace ids and status now', async () => {
    const list = await op.get('/console/bank/files');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/console/bank/files/${fileId}"`);
    expect(list.body).toContain('pain.001.001.03');
    const page = await op.get(`/console/bank/files/${fileId}`);
    expect(page.statusCode).toBe(200);
    for (const id of ids) expect(page.body).toContain(`<td><a href="/console/payouts/${id}">${id}</a></td>`);
    // The employee each payout pays, by the name the partner entered, linked to their page.
    expect(page.body).toContain(`<a href="/console/employees/${kari.userId}">Ola Nordmann</a>`);
    expect(page.body).toContain(`OP-${fileId}-${ids[0]}`);
    expect(page.body).toContain('<td>processing</td>');
    expect(page.body).toContain(`href="/console/bank/files/${fileId}/download"`);
    expect((await op.get('/console/bank/files/999999')).statusCode).toBe(404);
  });

  it('downloads the file byte for byte (audited); a viewer may not', async () => {
    const res = await op.get(`/console/bank/files/${fileId}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="onpay-ONP-[A-Z0-9-]+\.xml"$/);
    expect(res.body).toBe(xml);
    const audited = await t.services.audit.list({ object: `bank_file:${fileId}`, action: 'bank_file.downloaded' });
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor.type).toBe('operator');

    const page = await viewer.get(`/console/bank/files/${fileId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/download"');
    expect((await viewer.get(`/console/bank/files/${fileId}/download`)).statusCode).toBe(403);
  });

  it('void goes through its review step (the impact in words), then puts the file’s processing payouts back to pending', async () => {
    const page = `/console/bank/files/${fileId}`;
    expect((await op.get(page)).body).toContain(`action="/console/bank/files/${fileId}/void/review"`);
    expect((await viewer.get(page)).body).not.toContain('/void/review');

    const review = await op.post(`/console/bank/files/${fileId}/void/review`, {}, { from: page });
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain('2 payouts still processing in this file');
    expect(review.body).toContain('will go back to pending and into the next file');
    // A void form without the review page's confirmation gets the review, and changes nothing.
    const unconfirmed = await op.post(`/console/bank/files/${fileId}/void`, {}, { from: page });
    expect(unconfirmed.statusCode).toBe(200);
    expect(unconfirmed.body).toContain(`Void payment file ${fileId}?`);
    expect((await t.services.bank.files.file(fileId)).status).toBe('live');

    const done = await op.post(`/console/bank/files/${fileId}/void`, { confirmed: '1' }, { from: page });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(page);
    const after = await op.get(page);
    expect(after.body).toContain(`Payment file ${fileId} is voided; 2 payouts are pending again`);
    expect(after.body).not.toContain('/void/review');
    expect((await t.services.bank.files.file(fileId)).status).toBe('voided');
    const statuses = await t.db.db.selectFrom('payouts').select('status').where('id', 'in', ids).execute();
    expect(statuses.map((r) => r.status)).toEqual(['pending', 'pending']);
    const audited = await t.services.audit.list({ object: `bank_file:${fileId}`, action: 'bank_file.voided' });
    expect(audited[0]?.actor.type).toBe('operator');
  });

  it('export goes through its review step (how many, how much), then makes the file and moves its payouts to processing', async () => {
    // The two payouts of the voided file are pending again.
    const list = '/console/bank/files';
    expect((await op.get(list)).body).toContain('action="/console/bank/files/export/review"');
    expect((await viewer.get(list)).body).not.toContain('/export/review');

    const review = await op.post('/console/bank/files/export/review', { format: 'pain.001.001.09' }, { from: list });
    expect(review.statusCode).toBe(200);
    expect(review.body).toMatch(
      /2 pending payouts \(every partner, any due date\) to pay out [^<]+, as pain\.001\.001\.09/,
    );
    const bad = await op.post('/console/bank/files/export/review', { partner: 'abc' }, { from: list });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('is not a partner id');

    const unconfirmed = await op.post('/console/bank/files/export', { format: 'pain.001.001.09' }, { from: list });
    expect(unconfirmed.body).toContain('Export a payment file?');
    expect((await t.services.bank.files.files()).length).toBe(1);

    const done = await op.post(
      '/console/bank/files/export',
      { format: 'pain.001.001.09', confirmed: '1' },
      { from: list },
    );
    expect(done.statusCode).toBe(303);
    const files = await t.services.bank.files.files();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ format: 'pain.001.001.09', payouts: 2, status: 'live' });
    expect(done.headers.location).toBe(`/console/bank/files/${files[0]!.file_id}`);
    const page = await op.get(done.headers.location as string);
    expect(page.body).toContain(`Payment file ${files[0]!.file_id}: 2 payouts`);
    const statuses = await t.db.db.selectFrom('payouts').select('status').where('id', 'in', ids).execute();
    expect(statuses.map((r) => r.status)).toEqual(['processing', 'processing']);

    // Nothing left: the export says so and makes no file.
    const none = await op.post('/console/bank/files/export', { confirmed: '1' }, { from: list });
    expect(none.headers.location).toBe(list);
    expect((await op.get(list)).body).toContain('Nothing pending to pay: no file was made.');
  });
});
