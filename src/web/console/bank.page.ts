/**
 * Payment files in the console (docs/console.md): the list, one file with its payouts (their
 * status now, the employees' names), its download, byte for byte as exported, export and void with
 * a review step, and the import of a bank report (an upload; the same service as
 * `onpay bank import`).
 */
import multipart from '@fastify/multipart';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { MAX_REPORT_BYTES } from '../../modules/bank/index.js';
import { FILE_PAGE_ROWS, type ExportForm } from '../../modules/console/index.js';
import { can, requirePermission } from '../../modules/operators/index.js';
import { html } from '../html.js';
import { formatKroner } from '../money.js';
import { act, type Form, FormFields, IdParams, operatorOf, type PageDeps, Text } from './kit/index.js';

const ExportFields = FormFields({
  format: Text('Format', 40),
  due_before: Text('Due on or before', 20),
  partner: Text('Partner id', 20),
  confirmed: Text('Confirmation', 1),
});
type ExportBody = Static<typeof ExportFields>;
const VoidForm = FormFields({ confirmed: Text('Confirmation', 1) });

export async function bankPage(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { kit, console } = deps;
  const bank = console.bank;
  const when = (timestamp: string) => `${timestamp.slice(0, 16).replace('T', ' ')} UTC`;

  app.get('/console/bank/files', async (request, reply) => {
    let files: Awaited<ReturnType<typeof bank.files>>;
    try {
      files = await bank.files(operatorOf(request));
    } catch (error) {
      return kit.problem(request, reply, error, '/console');
    }
    const rows = files.map(
      (f) =>
        html`<tr><td><a href="/console/bank/files/${f.file_id}">${f.file_id}</a></td><td>${f.status}</td><td>${f.format}</td><td class="num">${f.payouts}</td><td class="num">${formatKroner(f.control_sum)}</td><td>${when(f.created_at)}</td></tr>`,
    );
    return kit.render(
      request,
      reply,
      'Payment files',
      html`<h1>Payment files</h1>
${kit.flash.take(request, reply)}
<p>Files of payouts for the bank (pain.001). Export the pending payouts here (or with <code>onpay bank export --out FILE</code>), download the file and upload it to the bank, then <a href="/console/bank/import">import what the bank sends back</a> (or with <code>onpay bank import FILE</code>). Void a file the bank will not pay from its page.</p>
${
  can(operatorOf(request).role, 'move_payouts')
    ? html`<form class="filters" method="post" action="/console/bank/files/export/review">${kit.csrfField(request)}
<label for="b-format">Format<select id="b-format" name="format"><option value="pain.001.001.03" selected>pain.001.001.03 (the Norwegian banks' common guide)</option><option value="pain.001.001.09">pain.001.001.09</option></select></label>
<label for="b-due">Due on or before<input type="date" id="b-due" name="due_before"></label>
<label for="b-partner">Partner id<input type="text" inputmode="numeric" id="b-partner" name="partner" size="6"></label>
<button type="submit">Export pending payouts…</button>
</form>`
    : html``
}
${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">File</th><th scope="col">Status</th><th scope="col">Format</th><th scope="col" class="num">Payouts</th><th scope="col" class="num">Total</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>No payment files yet.</p>`
}`,
      '/console/bank/files',
    );
  });

  app.get<{ Params: { id: string } }>('/console/bank/files/:id', async (request, reply) => {
    let found: Awaited<ReturnType<typeof bank.file>>;
    try {
      found = await bank.file(operatorOf(request), request.params.id);
    } catch (error) {
      return kit.problem(request, reply, error, '/console/bank/files');
    }
    const { file } = found;
    const rows = found.rows.map(
      (r) =>
        html`<tr><td><a href="/console/payouts/${r.payoutId}">${r.payoutId}</a></td><td>${r.userId === null ? '—' : html`<a href="/console/employees/${r.userId}">${r.employeeName}</a> <small class="muted">(${r.userId})</small>`}</td><td><code>${r.traceId}</code></td><td>${r.pmtInfId}</td><td class="num">${formatKroner(r.amount)}</td><td>${r.status ?? 'deleted'}</td></tr>`,
    );
    return kit.render(
      request,
      reply,
      `Payment file ${file.file_id}`,
      html`<p><a href="/console/bank/files">Payment files</a> ›</p>
<h1>Payment file ${file.file_id}</h1>
${kit.flash.take(request, reply)}
<dl class="facts"><dt>Status</dt><dd>${file.status}${file.voided_at ? html` (voided ${when(file.voided_at)} by ${file.voided_by ?? ''})` : html``}</dd><dt>Message id</dt><dd><code>${file.message_id}</code></dd><dt>Format</dt><dd>${file.format}</dd><dt>Payouts</dt><dd>${file.payouts}</dd><dt>Total</dt><dd>${formatKroner(file.control_sum)}</dd><dt>Created</dt><dd>${when(file.created_at)} by ${file.created_by}</dd></dl>
${can(operatorOf(request).role, 'move_payouts') ? html`<p><a href="/console/bank/files/${file.file_id}/download">Download the file</a> (as exported; the download is audited)</p>` : html``}
${
  can(operatorOf(request).role, 'move_payouts') && file.status === 'live'
    ? html`<form method="post" action="/console/bank/files/${file.file_id}/void/review">${kit.csrfField(request)}<button type="submit" class="secondary">Void this file…</button></form>`
    : html``
}
<h2>Payouts</h2>
<p>A payout's number leads to its page: its amounts, its timeline and what each imported bank report said of it.</p>
${found.total > FILE_PAGE_ROWS ? html`<p>The first ${FILE_PAGE_ROWS} of ${found.total}.</p>` : html``}
<div class="table-wrap"><table><thead><tr><th scope="col">Payout</th><th scope="col">Employee</th><th scope="col">Trace id</th><th scope="col">Payment information</th><th scope="col" class="num">Amount</th><th scope="col">Status now</th></tr></thead><tbody>${rows}</tbody></table></div>`,
      '/console/bank/files',
    );
  });

  const exportForm = (body: ExportBody | undefined): ExportForm => ({
    format: body?.format ?? '',
    due_before: body?.due_before ?? '',
    partner: body?.partner ?? '',
  });

  async function exportReview(request: FastifyRequest<{ Body: ExportBody }>, reply: FastifyReply) {
    const form = exportForm(request.body);
    let review: Awaited<ReturnType<typeof bank.exportReview>>;
    try {
      review = await bank.exportReview(operatorOf(request), form);
    } catch (error) {
      return kit.problem(request, reply, error, '/console/bank/files');
    }
    const { request: asked } = review;
    const scope = [
      asked.partnerId === undefined ? 'every partner' : `partner ${asked.partnerId}`,
      asked.dueBefore === undefined ? 'any due date' : `due on or before ${asked.dueBefore}`,
    ].join(', ');
    const hidden = Object.entries(form).map(([name, value]) =>
      value ? html`<input type="hidden" name="${name}" value="${value}">` : html``,
    );
    return kit.render(
      request,
      reply,
      'Export a payment file?',
      html`<p><a href="/console/bank/files">Payment files</a> ›</p>
<h1>Export a payment file?</h1>
<p>${review.count} pending payout${review.count === 1 ? '' : 's'} (${scope}) to pay out ${formatKroner(review.net)}, as ${asked.format}. They move to processing when the file is made: upload it to the bank the same day. Payouts of 0.00 are marked paid without a transfer, and payouts without a bank account stay pending.</p>
<form method="post" action="/console/bank/files/export">${kit.csrfField(request)}${hidden}<input type="hidden" name="confirmed" value="1">
<button type="submit">Export the file</button> <a href="/console/bank/files">Back, export nothing</a>
</form>`,
      '/console/bank/files',
    );
  }

  app.post<{ Body: ExportBody }>(
    '/console/bank/files/export/review',
    { config: { permission: 'move_payouts' }, schema: { body: ExportFields } },
    exportReview,
  );

  app.post<{ Body: ExportBody }>(
    '/console/bank/files/export',
    { config: { permission: 'move_payouts' }, schema: { body: ExportFields } },
    (request, reply) => {
      if (request.body?.confirmed !== '1') return exportReview(request, reply);
      return act(deps, request, reply, '/console/bank/files', async () => {
        const result = await bank.exportFile(operatorOf(request), exportForm(request.body));
        if (result.fileId === null)
          return { to: '/console/bank/files', message: 'Nothing pending to pay: no file was made.' };
        return {
          to: `/console/bank/files/${result.fileId}`,
          message: `Payment file ${result.fileId}: ${result.payouts} payouts, ${formatKroner(result.controlSum)}. Download it and upload it to the bank.`,
        };
      });
    },
  );

  async function voidReview(
    request: FastifyRequest<{ Params: { id: string }; Body: Static<typeof VoidForm> }>,
    reply: FastifyReply,
  ) {
    let impact: Awaited<ReturnType<typeof bank.voidReview>>;
    try {
      impact = await bank.voidReview(operatorOf(request), request.params.id);
    } catch (error) {
      return kit.problem(request, reply, error, '/console/bank/files');
    }
    const { file } = impact;
    const back = `/console/bank/files/${file.file_id}`;
    return kit.render(
      request,
      reply,
      `Void payment file ${file.file_id}?`,
      html`<p><a href="/console/bank/files">Payment files</a> › <a href="${back}">File ${file.file_id}</a> ›</p>
<h1>Void payment file ${file.file_id}?</h1>
<div class="notice bad" role="alert"><p>${impact.processing} payout${impact.processing === 1 ? '' : 's'} still processing in this file (${formatKroner(impact.total)}) will go back to pending and into the next file, under new trace ids. Void it only if the bank will not pay it: if the bank pays this file too, those employees are paid twice.</p></div>
<dl class="facts"><dt>Message id</dt><dd><code>${file.message_id}</code></dd><dt>Payouts in the file</dt><dd>${file.payouts}</dd><dt>Total</dt><dd>${formatKroner(file.control_sum)}</dd><dt>Created</dt><dd>${when(file.created_at)} by ${file.created_by}</dd></dl>
<form method="post" action="/console/bank/files/${file.file_id}/void">${kit.csrfField(request)}<input type="hidden" name="confirmed" value="1">
<button type="submit">Void payment file ${file.file_id}</button> <a href="${back}">Back to the file, void nothing</a>
</form>`,
      '/console/bank/files',
    );
  }

  app.post<{ Params: { id: string }; Body: Static<typeof VoidForm> }>(
    '/console/bank/files/:id/void/review',
    { config: { permission: 'move_payouts' }, schema: { params: IdParams, body: VoidForm } },
    voidReview,
  );

  app.post<{ Params: { id: string }; Body: Static<typeof VoidForm> }>(
    '/console/bank/files/:id/void',
    { config: { permission: 'move_payouts' }, schema: { params: IdParams, body: VoidForm } },
    (request, reply) => {
      // Only the review page's button voids: a form without it gets the review first.
      if (request.body?.confirmed !== '1') return voidReview(request, reply);
      return act(deps, request, reply, '/console/bank/files', async () => {
        const { file, released } = await bank.voidFile(operatorOf(request), request.params.id);
        return {
          to: `/console/bank/files/${file.file_id}`,
          message: `Payment file ${file.file_id} is voided; ${released} payout${released === 1 ? ' is' : 's are'} pending again and go into the next file.`,
        };
      });
    },
  );

  app.get<{ Params: { id: string } }>('/console/bank/files/:id/download', async (request, reply) => {
    let found: Awaited<ReturnType<typeof bank.download>>;
    try {
      found = await bank.download(operatorOf(request), request.params.id);
    } catch (error) {
      return kit.problem(request, reply, error, '/console/bank/files');
    }
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="onpay-${found.file.message_id}.xml"`)
      .header('cache-control', 'no-store')
      .send(found.xml);
  });

  // The bank history is a section of the payout's page now (docs/decisions.md §27): old links still lead there.
  app.get<{ Params: { id: string } }>('/console/bank/payouts/:id', async (request, reply) =>
    reply.redirect(`/console/payouts/${encodeURIComponent(request.params.id)}#bank`, 301),
  );

  const importPage = (request: FastifyRequest, reply: FastifyReply) =>
    kit.render(
      request,
      reply,
      'Import a bank report',
      html`<p><a href="/console/bank/files">Payment files</a> ›</p>
<h1>Import a bank report</h1>
<p>Upload what the bank sent back for a payment file: a status report (pain.002.001.03 or .10) or a debit notification (camt.054.001.02 or .08), as the bank wrote it, at most ${MAX_REPORT_BYTES / 1024 / 1024} MiB. It does what <code>onpay bank import FILE</code> does: a file that is not a valid report changes nothing, the same report twice changes nothing, and what cannot be applied is listed, never guessed.</p>
${
  can(operatorOf(request).role, 'move_payouts')
    ? html`<form method="post" action="/console/bank/import" enctype="multipart/form-data">${kit.csrfField(request)}
<label for="b-report">Bank report (XML)<input type="file" id="b-report" name="report" accept=".xml,application/xml,text/xml" required></label>
<button type="submit">Import the report</button>
</form>`
    : html`<p>Operators and admins import bank reports.</p>`
}`,
      '/console/bank/files',
    );

  app.get('/console/bank/import', importPage);

  // The upload alone reads multipart bodies, at most one file of the import's own limit, and only
  // after every check: the session and the role before the body (the console's guard, then the
  // hook below), the CSRF field before the file (the form sends it first). A refused upload's
  // connection is closed, so the rest of its body is never read.
  await app.register(async (upload) => {
    const uploaded = new WeakMap<FastifyRequest, { content: Buffer; truncated: boolean }>();
    const bodyRead = new WeakSet<FastifyRequest>();
    await upload.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_REPORT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    upload.addHook('onRequest', async (request, reply) => {
      try {
        requirePermission(operatorOf(request), request.routeOptions.config.permission!);
      } catch (error) {
        return kit.problem(request, reply, error, '/console/bank/import');
      }
    });
    upload.addHook('preValidation', async (request, reply) => {
      if (!request.isMultipart()) {
        bodyRead.add(request);
        return;
      }
      const fields: Form = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] ??= String(part.value);
          continue;
        }
        if (!kit.csrfOk(request, fields.csrf)) return kit.formExpired(request, reply);
        uploaded.set(request, { content: await part.toBuffer(), truncated: part.file.truncated });
      }
      request.body = fields;
      bodyRead.add(request);
    });
    upload.addHook('onSend', async (request, reply) => {
      if (!bodyRead.has(request)) reply.header('connection', 'close');
    });

    upload.post('/console/bank/import', { config: { permission: 'move_payouts' } }, async (request, reply) => {
      const file = uploaded.get(request);
      let report: Awaited<ReturnType<typeof bank.importReport>>;
      try {
        if (file?.truncated)
          throw new AppError(
            'bank_report_invalid',
            `The file is larger than ${MAX_REPORT_BYTES} bytes (32 MiB), the limit of a bank report; nothing was imported.`,
          );
        report = await bank.importReport(operatorOf(request), file?.content ?? Buffer.alloc(0));
      } catch (error) {
        return kit.problem(request, reply, error, '/console/bank/import');
      }
      const problems = report.problems.map(
        (p) =>
          html`<tr><td data-label="Reference"><code>${p.reference}</code></td><td data-label="Problem">${p.problem}</td></tr>`,
      );
      return kit.render(
        request,
        reply,
        'Bank report imported',
        html`<p><a href="/console/bank/files">Payment files</a> › <a href="/console/bank/import">Import a bank report</a> ›</p>
<h1>Bank report imported</h1>
<p role="status">${report.message_type} <code>${report.message_id}</code>: ${report.applied} applied, ${report.unchanged} unchanged, ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}.</p>
<dl class="facts"><dt>Message id</dt><dd><code>${report.message_id}</code></dd><dt>Type</dt><dd>${report.message_type}</dd><dt>Applied</dt><dd>${report.applied}</dd><dt>Unchanged</dt><dd>${report.unchanged}</dd><dt>Problems</dt><dd>${report.problems.length}</dd></dl>
${
  problems.length
    ? html`<h2>Problems: not applied</h2><div class="table-wrap"><table class="stack"><caption class="visually-hidden">Report lines not applied, with the reason</caption><thead><tr><th scope="col">Reference</th><th scope="col">Problem</th></tr></thead><tbody>${problems}</tbody></table></div>`
    : html``
}
<p><a href="/console/bank/import">Import another report</a> · <a href="/console/bank/files">Payment files</a></p>`,
        '/console/bank/files',
      );
    });
  });
}
