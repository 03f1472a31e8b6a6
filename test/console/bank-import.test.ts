/**
 * The console's bank report import (docs/console.md, docs/payouts.md): an upload that calls the
 * same import service as `onpay bank import`, shows its report and is audited; operators and
 * admins only, with the CSRF field in the multipart form; a file that is not a valid report (hostile,
 * wrong, empty, too large) changes nothing and the page says why. A payout's page shows each
 * applied report line (its bank history's old address redirects there).
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPORT_BYTES } from '../../src/modules/bank/index.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { pain002, parsePain001 } from '../helpers/bank.js';
import { csrfOf, readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { snapshot } from '../helpers/db-snapshot.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

const BOUNDARY = '----onpay-test-boundary';

/** The start of a multipart/form-data body as a browser sends the upload form: its fields, then the file's header. */
function multipartHead(fields: Record<string, string>, fileName: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="report"; filename="${fileName}"\r\ncontent-type: application/xml\r\n\r\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A whole multipart/form-data body of the upload form: its fields, then the file (none: only the fields). */
function multipart(fields: Record<string, string>, file: { name: string; content: Buffer } | null): Buffer {
  const parts: Buffer[] = [];
  if (file) parts.push(multipartHead(fields, file.name), file.content, Buffer.from('\r\n'));
  else
    for (const [name, value] of Object.entries(fields))
      parts.push(Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/**
 * An upload on a real connection (keep-alive asked for) that sends `start` and then, unless `end`,
 * never finishes its body although its length says 64 MiB: the answer must come without it. Resolves
 * once the answer is read and, for an unfinished body, the server has closed the connection.
 */
function uploadOverTcp(port: number, cookies: Record<string, string>, start: Buffer, end: boolean): Promise<Answer> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/console/bank/import',
      agent,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(end ? {} : { 'content-length': String(2 * MAX_REPORT_BYTES) }),
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      },
    });
    // The server may close the connection while this side still has the body to send.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!['EPIPE', 'ECONNRESET'].includes(error.code ?? '')) reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answer = {
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        if (end) {
          agent.destroy();
          resolve(answer);
          return;
        }
        // The body was never finished; the server ends the connection rather than read the rest.
        expect(request.writableEnded).toBe(false);
        const socket = request.socket;
        const closed = socket && !socket.destroyed ? once(socket, 'close') : Promise.resolve();
        void closed.then(() => {
          agent.destroy();
          resolve(answer);
        }, reject);
      });
    });
    request.write(start);
    if (end) request.end();
    else request.write(Buffer.alloc(64 * 1024, 0x20));
  });
}

describe(`bank report import in the console (${testEngine})`, () => {
  let t: TestApp;
  let op: Browser;
  let viewer: Browser;
  let fileId: number;
  let messageId: string;
  let txs: Array<{ trace: string; pmtInfId: string; payoutId: number }>;

  async function upload(b: Browser, content: Buffer | null, csrf?: string | null) {
    const token = csrf === undefined ? csrfOf(await b.get('/console/bank/import')) : csrf;
    return t.app.inject({
      method: 'POST',
      url: '/console/bank/import',
      cookies: { ...b.cookies },
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(token === null ? {} : { csrf: token }, content ? { name: 'report.xml', content } : null),
    });
  }

  /** The database without the sessions' last-use times, which reading a page may refresh. */
  async function state() {
    const all = await snapshot(t);
    delete all.operator_sessions;
    return all;
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PAGES_PER_MINUTE: '1000000' } });
    op = await signedIn(t, await readyOperator(t, 'operator'));
    viewer = await signedIn(t, await readyOperator(t, 'viewer'));
    const acme = await t.partner('Acme');
    const kari = await onboardedEmployee(t, acme);
    await createPayouts(t, acme, batch([item(kari), item(kari), item(kari)]));
    const exported = await t.services.bank.files.exportFile({});
    fileId = exported.fileId as number;
    const doc = parsePain001(exported.xml!.toString('utf8'));
    messageId = doc.GrpHdr.MsgId;
    const attempts = await t.services.bank.files.attempts(fileId);
    txs = doc.PmtInf.flatMap((info) =>
      info.CdtTrfTxInf.map((tx) => ({
        trace: tx.PmtId.EndToEndId,
        pmtInfId: info.PmtInfId,
        payoutId: attempts.find((a) => a.traceId === tx.PmtId.EndToEndId)!.payoutId,
      })),
    );
    expect(txs).toHaveLength(3);
  });
  afterAll(() => t?.close());

  it('the payment files page and the dashboard lead to the import page; only operators and admins get its form', async () => {
    expect((await op.get('/console/bank/files')).body).toContain('href="/console/bank/import"');
    expect((await op.get('/console')).body).toContain('href="/console/bank/import"');
    const page = await op.get('/console/bank/import');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('enctype="multipart/form-data"');
    expect(page.body).toContain('name="report"');
    const seen = await viewer.get('/console/bank/import');
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('enctype="multipart/form-data"');
  });

  it('refuses a hostile, a wrong, an empty and a too large file: nothing changes and the page says why', async () => {
    const before = await state();
    const hostile = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">&x;</Document>`,
    );
    const cases: Array<[Buffer, string]> = [
      [hostile, 'The report has a DOCTYPE'],
      [Buffer.from('<Document xmlns="urn:example:not-a-report"/>'), 'is not a bank report onpay reads'],
      [
        Buffer.from(
          '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt/></Document>',
        ),
        'is not valid pain.002.001.03',
      ],
      [Buffer.alloc(0), 'Choose the bank report to import'],
      [Buffer.alloc(MAX_REPORT_BYTES + 1, 0x20), 'larger than 33554432 bytes (32 MiB)'],
    ];
    for (const [content, why] of cases) {
      const res = await upload(op, content);
      expect(res.statusCode, why).toBe(422);
      expect(res.body).toContain('Nothing was changed');
      expect(res.body).toContain(why);
    }
    const none = await upload(op, null);
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('Choose the bank report to import');
    expect(await state()).toEqual(before);
  }, 120_000);

  it('a viewer, or a form without its CSRF token, imports nothing', async () => {
    const report = Buffer.from(
      pain002({
        version: '03',
        msgId: 'BANK-REFUSED',
        orgnlMsgId: messageId,
        infos: [{ pmtInfId: txs[0]!.pmtInfId, txs: [{ trace: txs[0]!.trace, sts: 'ACSC' }] }],
      }),
    );
    const before = await state();
    const asViewer = await upload(viewer, report);
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.body).toContain('Not allowed');
    const noToken = await upload(op, report, null);
    expect(noToken.statusCode).toBe(403);
    expect(noToken.body).toContain('This form has expired');
    const foreign = await upload(op, report, csrfOf(await viewer.get('/console/bank/import')));
    expect(foreign.statusCode).toBe(403);
    expect(await state()).toEqual(before);
  });

  it('signed out, as a viewer or without the session’s CSRF token, an upload is refused before its file is read: the answer comes while the body is still unsent, and the connection is closed', async () => {
    const port = (await t.app.listen({ host: '127.0.0.1', port: 0 }), (t.app.server.address() as AddressInfo).port);
    const opToken = csrfOf(await op.get('/console/bank/import'));
    const viewerToken = csrfOf(await viewer.get('/console/bank/import'));
    const before = await state();
    const cases: Array<[string, Record<string, string>, Record<string, string>, number, string]> = [
      ['signed out', {}, { csrf: opToken }, 401, 'You are signed out'],
      [
        'a stale session',
        { ...op.cookies, onpay_console: 'x'.repeat(43) },
        { csrf: opToken },
        401,
        'You are signed out',
      ],
      ['a viewer', viewer.cookies, { csrf: viewerToken }, 403, 'Not allowed'],
      ['an operator without the token', op.cookies, {}, 403, 'This form has expired'],
      ['an operator with another session’s token', op.cookies, { csrf: viewerToken }, 403, 'This form has expired'],
    ];
    for (const [who, cookies, fields, status, text] of cases) {
      const answer = await uploadOverTcp(port, cookies, multipartHead(fields, 'report.xml'), false);
      expect(answer.status, who).toBe(status);
      expect(answer.body, who).toContain(text);
      expect(answer.connection, who).toBe('close');
    }
    expect(await state()).toEqual(before);

    // Signed in with the token, the same connection reads the whole upload (and stays open).
    const read = await uploadOverTcp(
      port,
      op.cookies,
      multipart({ csrf: opToken }, { name: 'report.xml', content: Buffer.from('<Document xmlns="urn:example:x"/>') }),
      true,
    );
    expect(read.status).toBe(422);
    expect(read.body).toContain('is not a bank report onpay reads');
    expect(read.connection).toBe('keep-alive');
  }, 10_000);

  it('imports a pain.002 as onpay bank import does: its report on the page, audited, and each payout’s bank history', async () => {
    const [rejected, accepted, untouched] = txs as [(typeof txs)[0], (typeof txs)[0], (typeof txs)[0]];
    const report = Buffer.from(
      pain002({
        version: '03',
        msgId: 'BANK-STS-CONSOLE',
        orgnlMsgId: messageId,
        grpSts: 'PART',
        infos: [
          {
            pmtInfId: rejected.pmtInfId,
            txs: [
              { trace: rejected.trace, sts: 'RJCT', reason: { code: 'AC01', text: 'Feil kontonummer' } },
              { trace: accepted.trace, sts: 'ACSC', accepted: '2026-11-27T09:00:00' },
              { trace: 'OP-999999-999999', sts: 'ACSC' },
            ],
          },
        ],
      }),
    );
    const res = await upload(op, report);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Bank report imported');
    expect(res.body).toContain('pain.002.001.03 <code>BANK-STS-CONSOLE</code>: 2 applied, 0 unchanged, 1 problem.');
    expect(res.body).toContain('<code>OP-999999-999999</code>');
    expect(res.body).toContain(`has no transaction OP-999999-999999`);

    const status = async (id: number) =>
      (await t.db.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await status(rejected.payoutId)).toBe('failed');
    expect(await status(accepted.payoutId)).toBe('paid');
    expect(await status(untouched.payoutId)).toBe('processing');
    const audited = await t.services.audit.list({ action: 'bank_report.imported' });
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor.type).toBe('operator');

    // The same report again changes nothing.
    const again = await upload(op, report);
    expect(again.body).toContain('0 applied, 2 unchanged, 1 problem.');

    // The file's page leads to each payout's page, whose bank section shows what each report said;
    // the bank history's old address redirects there.
    const filePage = await op.get(`/console/bank/files/${fileId}`);
    expect(filePage.body).toContain(`href="/console/payouts/${rejected.payoutId}"`);
    const old = await op.get(`/console/bank/payouts/${rejected.payoutId}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/console/payouts/${rejected.payoutId}#bank`);
    const history = await op.get(`/console/payouts/${rejected.payoutId}`);
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('BANK-STS-CONSOLE');
    expect(history.body).toContain('<td data-label="Bank status">RJCT</td>');
    expect(history.body).toContain('<td data-label="Code">AC01</td>');
    expect(history.body).toContain('<td data-label="Text">Feil kontonummer</td>');
    const paid = await viewer.get(`/console/payouts/${accepted.payoutId}`);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('<td data-label="Bank status">ACSC</td>');
    expect(paid.body).toContain('<td data-label="Date">2026-11-27</td>');
    expect((await op.get(`/console/payouts/${untouched.payoutId}`)).body).toContain(
      'No bank report has said anything of this payout yet.',
    );
    expect((await op.get('/console/payouts/999999')).statusCode).toBe(404);
  });
});
