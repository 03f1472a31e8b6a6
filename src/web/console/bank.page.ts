/**
 * Payment files in the console (docs/console.md): the list, one file with its payouts (their
 * status now), and its download, byte for byte as exported. Export, void and import are on the
 * command line (`onpay bank …`).
 */
import type { FastifyInstance } from 'fastify';
import { FILE_PAGE_ROWS, type ConsoleService } from '../../modules/console/index.js';
import { can } from '../../modules/operators/index.js';
import { html } from '../html.js';
import { formatKroner } from '../money.js';
import type { ConsoleKit } from './console-kit.js';

export async function bankPage(
  app: FastifyInstance,
  { kit, console }: { kit: ConsoleKit; console: ConsoleService },
): Promise<void> {
  const bank = console.bank;
  const when = (timestamp: string) => `${timestamp.slice(0, 16).replace('T', ' ')} UTC`;

  app.get('/console/bank/files', async (request, reply) => {
    let files: Awaited<ReturnType<typeof bank.files>>;
    try {
      files = await bank.files(request.operator!);
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
<p>Files of payouts for the bank (pain.001). Export with <code>onpay bank export --out FILE</code>, upload the file to the bank, and import what it sends back with <code>onpay bank import FILE</code>; void a file the bank will not pay with <code>onpay bank void ID</code>.</p>
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
      found = await bank.file(request.operator!, request.params.id);
    } catch (error) {
      return kit.problem(request, reply, error, '/console/bank/files');
    }
    const { file } = found;
    const rows = found.rows.map(
      (r) =>
        html`<tr><td>${r.payoutId}</td><td><code>${r.traceId}</code></td><td>${r.pmtInfId}</td><td class="num">${formatKroner(r.amount)}</td><td>${r.status ?? 'deleted'}</td></tr>`,
    );
    return kit.render(
      request,
      reply,
      `Payment file ${file.file_id}`,
      html`<p><a href="/console/bank/files">Payment files</a> ›</p>
<h1>Payment file ${file.file_id}</h1>
<dl class="facts"><dt>Status</dt><dd>${file.status}${file.voided_at ? html` (voided ${when(file.voided_at)} by ${file.voided_by ?? ''})` : html``}</dd><dt>Message id</dt><dd><code>${file.message_id}</code></dd><dt>Format</dt><dd>${file.format}</dd><dt>Payouts</dt><dd>${file.payouts}</dd><dt>Total</dt><dd>${formatKroner(file.control_sum)}</dd><dt>Created</dt><dd>${when(file.created_at)} by ${file.created_by}</dd></dl>
${can(request.operator!.role, 'move_payouts') ? html`<p><a href="/console/bank/files/${file.file_id}/download">Download the file</a> (as exported; the download is audited)</p>` : html``}
<h2>Payouts</h2>
${found.total > FILE_PAGE_ROWS ? html`<p>The first ${FILE_PAGE_ROWS} of ${found.total}.</p>` : html``}
<div class="table-wrap"><table><thead><tr><th scope="col">Payout</th><th scope="col">Trace id</th><th scope="col">Payment information</th><th scope="col" class="num">Amount</th><th scope="col">Status now</th></tr></thead><tbody>${rows}</tbody></table></div>`,
      '/console/bank/files',
    );
  });

  app.get<{ Params: { id: string } }>('/console/bank/files/:id/download', async (request, reply) => {
    let found: Awaited<ReturnType<typeof bank.download>>;
    try {
      found = await bank.download(request.operator!, request.params.id);
    } catch (error) {
      return kit.problem(request, reply, error, '/console/bank/files');
    }
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="onpay-${found.file.message_id}.xml"`)
      .header('cache-control', 'no-store')
      .send(found.xml);
  });
}
