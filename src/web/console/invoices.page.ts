/** Invoices in the console: a filtered, paged list (an unreadable filter lists nothing); one invoice's totals and its lines (payouts). */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { html } from '../html.js';
import { formatKroner } from '../money.js';
import { INVOICE_ORDERS, PAYOUT_ORDERS } from '../../modules/console/index.js';
import {
  chip,
  field,
  Fields,
  listOrExplain,
  operatorOf,
  orderChoice,
  type PageDeps,
  pager,
  Sort,
  table,
  Text,
} from './kit/index.js';
import { invoiceFacts } from './invoice-documents.page.js';

const InvoicesQuery = Fields({
  partner: Text('Partner id', 20),
  due_from: Text('Due from', 20),
  due_to: Text('Due to', 20),
  page: Text('Page', 20),
  sort: Sort(INVOICE_ORDERS),
});
/** An invoice's lines are its payouts: they sort as the payouts list does. */
const InvoiceQuery = Fields({ page: Text('Page', 20), sort: Sort(PAYOUT_ORDERS) });
/** An invoice's lines' orders in words (the choice above them). */
const LINE_ORDER_WORDS = [
  ['-id', 'Newest first'],
  ['id', 'Oldest first'],
] as const satisfies ReadonlyArray<readonly [(typeof PAYOUT_ORDERS)[number], string]>;
/** The invoices list's orders in words (its filter form's choice). */
const ORDER_WORDS = [
  ['-id', 'Newest first'],
  ['id', 'Oldest first'],
  ['due_date', 'Due date, earliest first'],
  ['-due_date', 'Due date, latest first'],
  ['-amount', 'Largest first'],
  ['amount', 'Smallest first'],
] as const satisfies ReadonlyArray<readonly [(typeof INVOICE_ORDERS)[number], string]>;

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
      const sort = field(request.query, 'sort');
      const { found: listed, problem } = await listOrExplain(
        request,
        reply,
        () => money.invoices(operatorOf(request), { ...params, page: field(request.query, 'page'), sort }),
        null,
      );
      const rows = (listed?.rows ?? []).map((invoice) => [
        html`<a href="/console/invoices/${invoice.id}">${invoice.id}</a>`,
        listed?.partnerNames.get(invoice.partnerId) ?? invoice.partnerId,
        invoice.dueDate,
        invoice.payoutCount,
        formatKroner(invoice.excl),
        formatKroner(invoice.incl),
        invoice.createdAt.slice(0, 10),
      ]);
      return kit.render(
        request,
        reply,
        'Invoices',
        html`<h1>Invoices</h1>
<form class="filters" method="get" action="/console/invoices">
<label for="i-partner">Partner id<input type="text" inputmode="numeric" id="i-partner" name="partner" value="${params.partner}" size="6"></label>
<label for="i-from">Due from<input type="date" id="i-from" name="due_from" value="${params.due_from}"></label>
<label for="i-to">Due to<input type="date" id="i-to" name="due_to" value="${params.due_to}"></label>
${orderChoice(ORDER_WORDS, sort || INVOICE_ORDERS[0])}
<button type="submit">Filter</button> <a href="/console/invoices">Clear</a>
</form>
${
  listed
    ? html`<p>${listed.total} invoice${listed.total === 1 ? '' : 's'}.</p>
${table(
  'Invoices',
  [
    { label: 'Invoice', nowrap: true, sort: '-id' },
    { label: 'Partner' },
    { label: 'Due', nowrap: true, sort: 'due_date' },
    { label: 'Payouts', num: true },
    { label: 'Excl. VAT', num: true },
    { label: 'Incl. VAT', num: true, sort: '-amount' },
    { label: 'Created', nowrap: true },
  ],
  rows,
  '',
  { id: 'invoices', sorted: { path: '/console/invoices', params, current: sort || INVOICE_ORDERS[0] } },
)}
${pager('/console/invoices', { ...params, sort }, { page: listed.page, perPage: money.perPage, total: listed.total })}`
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
            return await money.invoice(operatorOf(request), request.params.id, {
              page: field(request.query, 'page'),
              sort: field(request.query, 'sort'),
            });
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
      const sort = field(request.query, 'sort');
      const path = `/console/invoices/${invoice.id}`;
      const total = (label: string, amount: string) =>
        html`<tr><th scope="row">${label}</th><td class="num">${formatKroner(amount)}</td></tr>`;
      const rows = lines.rows.map((row) => [
        html`<a href="/console/payouts/${row.id}">${row.id}</a>`,
        html`<span><a href="/console/employees/${row.userId}">${found.employeeNames.get(`${row.partnerId}:${row.userId}`) || `Employee ${row.userId}`}</a> <small class="muted">(${row.userId})</small></span>`,
        row.date,
        chip(row.status),
        formatKroner(row.net),
        formatKroner(row.invoiceIncl),
      ]);
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
<form class="filters" method="get" action="${path}">${orderChoice(LINE_ORDER_WORDS, sort || PAYOUT_ORDERS[0])} <button type="submit">Show</button></form>
${table(
  'Invoice lines',
  [
    { label: 'Payout', nowrap: true, sort: '-id' },
    { label: 'Employee' },
    { label: 'Work date', nowrap: true },
    { label: 'Status' },
    { label: 'Net', num: true },
    { label: 'Incl. VAT', num: true },
  ],
  rows,
  'No lines.',
  { id: 'invoice-lines', sorted: { path, params: {}, current: sort || PAYOUT_ORDERS[0] } },
)}
${pager(path, { sort }, { page, perPage: money.perPage, total: lines.totals.count })}`,
        '/console/invoices',
      );
    },
  );
}
