/** Invoices in the console: a filtered, paged list (an unreadable filter lists nothing); one invoice's totals and its lines (payouts). */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { html } from '../html.js';
import { formatKroner } from '../money.js';
import { field, Fields, listOrExplain, operatorOf, type PageDeps, pager, Text } from './kit/index.js';
import { invoiceFacts } from './invoice-documents.page.js';

const InvoicesQuery = Fields({
  partner: Text('Partner id', 20),
  due_from: Text('Due from', 20),
  due_to: Text('Due to', 20),
  page: Text('Page', 20),
});
const InvoiceQuery = Fields({ page: Text('Page', 20) });

export async function invoicesPage(app: FastifyInstance, { kit, console }: PageDeps): Promise<void> {
  const money = console.money;

  app.get<{ Querystring: Static<typeof InvoicesQuery> }>(
    '/console/invoices',
    { schema: { querystring: InvoicesQuery } },
    async (request, reply) => {
      const params = {
        partner: field(request.query, 'partner'),
        due_from: field(request.query, 'due_from'),
        due_to: field(request.query, 'due_to'),
      };
      const { found: listed, problem } = await listOrExplain(
        request,
        reply,
        () => money.invoices(operatorOf(request), { ...params, page: field(request.query, 'page') }),
        null,
      );
      const rows = (listed?.rows ?? []).map(
        (invoice) =>
          html`<tr><td><a href="/console/invoices/${invoice.id}">${invoice.id}</a></td><td>${listed?.partnerNames.get(invoice.partnerId) ?? invoice.partnerId}</td><td>${invoice.dueDate}</td><td class="num">${invoice.payoutCount}</td><td class="num">${formatKroner(invoice.excl)}</td><td class="num">${formatKroner(invoice.incl)}</td><td>${invoice.createdAt.slice(0, 10)}</td></tr>`,
      );
      return kit.render(
        request,
        reply,
        'Invoices',
        html`<h1>Invoices</h1>
<form class="filters" method="get" action="/console/invoices">
<label for="i-partner">Partner id<input type="text" inputmode="numeric" id="i-partner" name="partner" value="${params.partner}" size="6"></label>
<label for="i-from">Due from<input type="date" id="i-from" name="due_from" value="${params.due_from}"></label>
<label for="i-to">Due to<input type="date" id="i-to" name="due_to" value="${params.due_to}"></label>
<button type="submit">Filter</button> <a href="/console/invoices">Clear</a>
</form>
${
  listed
    ? html`<p>${listed.total} invoice${listed.total === 1 ? '' : 's'}.</p>
${rows.length ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Invoice</th><th scope="col">Partner</th><th scope="col">Due</th><th scope="col" class="num">Payouts</th><th scope="col" class="num">Excl. VAT</th><th scope="col" class="num">Incl. VAT</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table></div>` : html``}
${pager('/console/invoices', params, { page: listed.page, perPage: money.perPage, total: listed.total })}`
    : problem
}`,
        '/console/invoices',
      );
    },
  );

  app.get<{ Params: { id: string }; Querystring: Static<typeof InvoiceQuery> }>(
    '/console/invoices/:id',
    { schema: { querystring: InvoiceQuery } },
    async (request, reply) => {
      const first = `/console/invoices/${encodeURIComponent(request.params.id)}`;
      const { found, problem } = await listOrExplain(
        request,
        reply,
        async () => {
          try {
            return await money.invoice(operatorOf(request), request.params.id, field(request.query, 'page'));
          } catch (error) {
            // Not found (or not allowed) is the problem page's; an unreadable page number is listOrExplain's.
            if (error instanceof AppError && error.code !== 'validation_failed')
              return kit.problem(request, reply, error, '/console/invoices');
            throw error;
          }
        },
        null,
      );
      if (found !== null && !('invoice' in found)) return found;
      if (!found)
        return kit.render(
          request,
          reply,
          'Invoice',
          html`<p><a href="/console/invoices">Invoices</a> ›</p><h1>Invoice ${request.params.id}</h1>
${problem}
<p><a href="${first}">The invoice's first page</a></p>`,
          '/console/invoices',
        );
      const { invoice, lines, page } = found;
      const total = (label: string, amount: string) =>
        html`<tr><th scope="row">${label}</th><td class="num">${formatKroner(amount)}</td></tr>`;
      const rows = lines.rows.map(
        (row) =>
          html`<tr><td><a href="/console/payouts/${row.id}">${row.id}</a></td><td><a href="/console/employees/${row.userId}">${found.employeeNames.get(`${row.partnerId}:${row.userId}`) || `Employee ${row.userId}`}</a> <small class="muted">(${row.userId})</small></td><td>${row.date}</td><td>${row.status}</td><td class="num">${formatKroner(row.net)}</td><td class="num">${formatKroner(row.invoiceIncl)}</td></tr>`,
      );
      return kit.render(
        request,
        reply,
        `Invoice ${invoice.id}`,
        html`<p><a href="/console/invoices">Invoices</a> ›</p>
<h1>Invoice ${invoice.id}</h1>
<dl class="facts"><dt>Partner</dt><dd>${found.partnerName} (${invoice.partnerId})</dd><dt>Due</dt><dd>${invoice.dueDate}</dd><dt>Created</dt><dd>${invoice.createdAt.slice(0, 16).replace('T', ' ')} UTC</dd>
<dt>Payouts</dt><dd>${invoice.payoutCount}: ${found.statuses.map((s) => `${s.count} ${s.status}`).join(', ')} (<a href="/console/payouts?invoice=${invoice.id}">act on them</a>)</dd></dl>
${await invoiceFacts(console, operatorOf(request), invoice.id)}
<h2>Totals</h2>
<div class="table-wrap"><table id="invoice-totals"><tbody>
${total('Salary', invoice.salary)}${total('Vacation pay', invoice.vacation)}${total('Pension', invoice.pension)}${total("Employer's contribution", invoice.employerContribution)}${total('Service fee', invoice.serviceFee)}${total('Total excl. VAT', invoice.excl)}${total('VAT', invoice.vat)}${total('Total incl. VAT', invoice.incl)}
</tbody></table></div>
<h2>Lines</h2>
<div class="table-wrap"><table><thead><tr><th scope="col">Payout</th><th scope="col">Employee</th><th scope="col">Work date</th><th scope="col">Status</th><th scope="col" class="num">Net</th><th scope="col" class="num">Incl. VAT</th></tr></thead><tbody>${rows}</tbody></table></div>
${pager(`/console/invoices/${invoice.id}`, {}, { page, perPage: money.perPage, total: lines.totals.count })}`,
        '/console/invoices',
      );
    },
  );
}
