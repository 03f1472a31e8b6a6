/**
 * Payouts in the console: filtered, paged lists; select some (or all matching the filter), review
 * the count, the totals, the filter and the employees, then mark paid / fail / cancel / retry them
 * in one all-or-nothing action. A filter that cannot be read lists nothing and selects nothing.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { PAGE_SIZES, PAYOUT_ORDERS, PAYOUT_STATUSES } from '../../modules/console/index.js';
import { can } from '../../modules/operators/index.js';
import {
  MAX_PAYOUTS_PER_ACTION,
  type OperationsFilter,
  type PayoutLine,
  type PayoutMove,
} from '../../modules/payouts/index.js';
import { html, type SafeHtml } from '../html.js';
import { formatKroner } from '../money.js';
import {
  chip,
  type Column,
  csvLink,
  field,
  fields,
  Fields,
  FormFields,
  listOrExplain,
  operatorOf,
  orderChoice,
  type PageDeps,
  pager,
  PerPage,
  perPageChoice,
  type Query,
  sendCsv,
  Sort,
  type Sorted,
  table,
  Text,
  unfitFields,
  urlWith,
} from './kit/index.js';

/** The payouts list's filter, as a query or as the hidden fields of the selection's forms. */
const FILTER = {
  status: Text('Status', 20),
  partner: Text('Partner', 20),
  due: Text('Due', 20),
  due_from: Text('Due from', 20),
  due_to: Text('Due to', 20),
  invoice: Text('Invoice', 20),
};
const PayoutsQuery = Fields({
  ...FILTER,
  page: Text('Page', 20),
  per_page: PerPage(PAGE_SIZES),
  sort: Sort(PAYOUT_ORDERS),
});
const ExportQuery = Fields(FILTER);
/** The payouts list's orders in words (its filter form's choice). */
const ORDER_WORDS = [
  ['-id', 'Newest first'],
  ['id', 'Oldest first'],
] as const satisfies ReadonlyArray<readonly [(typeof PAYOUT_ORDERS)[number], string]>;
/** The payouts a form selects: `id` repeats, one a ticked box. */
const Ids = Type.Optional(
  Type.Union(
    [Type.String({ title: 'Payout', maxLength: 20 }), Type.Array(Type.String({ title: 'Payout', maxLength: 20 }))],
    {
      title: 'Payouts',
    },
  ),
);
const ConfirmForm = FormFields({
  ...FILTER,
  move: Text('Action', 20),
  back: Text('Back', 2048),
  all: Text('All matching', 1),
  all_on_page: Text('Every payout on this page', 1),
  id: Ids,
  page_id: Ids,
});
const ApplyForm = FormFields({ move: Text('Action', 20), back: Text('Back', 2048), id: Ids });

/** The form's names for the moves, and how the pages say them. */
const MOVES: Record<string, { to: PayoutMove; label: string; done: string }> = {
  paid: { to: 'paid', label: 'Mark paid', done: 'marked paid' },
  failed: { to: 'failed', label: 'Mark failed', done: 'marked failed' },
  cancelled: { to: 'cancelled', label: 'Cancel', done: 'cancelled' },
  retry: { to: 'pending', label: 'Retry', done: 'retried' },
};

interface FilterParams {
  status: string;
  partner: string;
  due_from: string;
  due_to: string;
  invoice: string;
}

/** The filter's text as sent (`due` fills both ends of the range when they are empty); the action reads it. */
function paramsOf(source: Query | undefined): FilterParams {
  const due = field(source, 'due');
  return {
    status: field(source, 'status'),
    partner: field(source, 'partner'),
    due_from: field(source, 'due_from') || due,
    due_to: field(source, 'due_to') || due,
    invoice: field(source, 'invoice'),
  };
}

const hiddenFilter = (params: FilterParams) =>
  Object.entries(params).map(([name, value]) =>
    value ? html`<input type="hidden" name="${name}" value="${value}">` : html``,
  );

/** The filter in words, as the review step repeats it. */
export function describeFilter(filter: OperationsFilter, partnerNames: Map<number, string>): string | null {
  const parts: string[] = [];
  if (filter.status) parts.push(`status ${filter.status}`);
  if (filter.partnerId !== undefined)
    parts.push(`partner ${partnerNames.get(filter.partnerId) ?? 'that does not exist'} (${filter.partnerId})`);
  if (filter.dueFrom && filter.dueTo)
    parts.push(filter.dueFrom === filter.dueTo ? `due ${filter.dueFrom}` : `due ${filter.dueFrom} to ${filter.dueTo}`);
  else if (filter.dueFrom) parts.push(`due from ${filter.dueFrom}`);
  else if (filter.dueTo) parts.push(`due by ${filter.dueTo}`);
  if (filter.invoiceId !== undefined) parts.push(`invoice ${filter.invoiceId}`);
  return parts.length ? parts.join(', ') : null;
}

/** The employee a payout pays, as its partner entered them, linked to their page. */
function employeeCell(row: PayoutLine, employeeNames: Map<string, string>): SafeHtml {
  const name = employeeNames.get(`${row.partnerId}:${row.userId}`) || `Employee ${row.userId}`;
  return html`<span><a href="/console/employees/${row.userId}">${name}</a> <small class="muted">(${row.userId})</small></span>`;
}

function linesTable(
  rows: PayoutLine[],
  names: { partners: Map<number, string>; employees: Map<string, string> },
  select: boolean,
  sorted?: Sorted,
): SafeHtml {
  const columns: Column[] = [
    ...(select ? [{ label: 'Select', action: true }] : []),
    { label: 'Payout', nowrap: true, sort: '-id' },
    { label: 'Partner' },
    { label: 'Employee' },
    { label: 'Invoice', nowrap: true },
    { label: 'Due', nowrap: true },
    { label: 'Status' },
    { label: 'Net', num: true },
    { label: 'Invoiced incl. VAT', num: true },
  ];
  const cells = rows.map((row) => [
    ...(select
      ? [
          html`<input type="checkbox" name="id" value="${row.id}" id="pick-${row.id}"><label for="pick-${row.id}" class="visually-hidden">Select payout ${row.id}</label>`,
        ]
      : []),
    html`<a href="/console/payouts/${row.id}">${row.id}</a>`,
    names.partners.get(row.partnerId) ?? row.partnerId,
    employeeCell(row, names.employees),
    html`<a href="/console/invoices/${row.invoiceId}">${row.invoiceId}</a>`,
    row.dueDate,
    html`<span>${chip(row.status)}${row.paidAt ? html` <small class="muted">${row.paidAt.slice(0, 10)}</small>` : html``}</span>`,
    formatKroner(row.net),
    formatKroner(row.invoiceIncl),
  ]);
  return table('Payouts', columns, cells, 'No payouts match.', { id: select ? 'payouts' : 'selection', sorted });
}

/** The employees a selection pays, each once, by name (the first 50, then how many more). */
function employeesOf(rows: PayoutLine[], employeeNames: Map<string, string>): string {
  const people = new Map<number, string>();
  for (const row of rows)
    if (!people.has(row.userId))
      people.set(row.userId, `${employeeNames.get(`${row.partnerId}:${row.userId}`) || 'Employee'} (${row.userId})`);
  const named = [...people.values()];
  const more = named.length > 50 ? ` and ${named.length - 50} more` : '';
  return `${named.length} employee${named.length === 1 ? '' : 's'}: ${named.slice(0, 50).join(', ')}${more}.`;
}

/** Where to go back to after an action: the list the operator came from (only a payouts list). */
function backTo(raw: string): string {
  if (!/^\/console\/payouts(\?|$)/.test(raw)) return '/console/payouts';
  const url = new URL(raw, 'http://console.invalid');
  return `${url.pathname}${url.search}`;
}

export async function payoutsPage(app: FastifyInstance, { kit, console }: PageDeps): Promise<void> {
  const money = console.money;
  const confirmations = kit.flash;

  app.get<{ Querystring: Static<typeof PayoutsQuery> }>(
    '/console/payouts',
    { schema: { querystring: PayoutsQuery } },
    async (request, reply) => {
      const params = paramsOf(request.query);
      const pageText = field(request.query, 'page');
      const perPage = Number(field(request.query, 'per_page')) || money.perPage;
      // The page size and the order travel with the filter (pager, headings, review's way back) only when chosen.
      const size = field(request.query, 'per_page') ? perPage : undefined;
      const sort = field(request.query, 'sort');
      const operator = operatorOf(request);
      const [{ found: listed, problem }, partners] = await Promise.all([
        listOrExplain(
          request,
          reply,
          () => money.payouts(operator, { ...params, page: pageText, sort }, perPage),
          null,
        ),
        money.partnerChoices(operator),
      ]);
      const page = listed?.page ?? 1;
      const mayMove = can(operatorOf(request).role, 'move_payouts');
      const here = urlWith('/console/payouts', { ...params, per_page: size, sort, page: page > 1 ? page : undefined });
      const partnerOptions = partners.map(
        (p) =>
          html`<option value="${p.id}"${String(p.id) === params.partner ? html` selected` : html``}>${p.name} (${p.id})</option>`,
      );

      let list: SafeHtml = html``;
      if (listed) {
        const { totals } = listed;
        const actions = mayMove
          ? html`<fieldset><legend>With the selected payouts</legend>
${Object.entries(MOVES).map(([value, move], i) => html`<label><input type="radio" name="move" value="${value}"${i === 0 ? html` checked` : html``}> ${move.label}</label>`)}
<label><input type="checkbox" name="all_on_page" value="1"> Select every payout on this page (${listed.rows.length})</label>
<label><input type="checkbox" name="all" value="1"> Select all ${totals.count} payouts matching the filter${totals.count > MAX_PAYOUTS_PER_ACTION ? ` (at most ${MAX_PAYOUTS_PER_ACTION} per action: narrow the filter)` : ''}</label>
<button type="submit">Review the selection</button>
</fieldset>`
          : html``;
        const names = { partners: listed.partnerNames, employees: listed.employeeNames };
        const sorted = {
          path: '/console/payouts',
          params: { ...params, per_page: size },
          current: sort || PAYOUT_ORDERS[0],
        };
        const rowsTable = linesTable(listed.rows, names, mayMove, sorted);
        list = html`<p id="matching"><strong>${totals.count}</strong> payout${totals.count === 1 ? '' : 's'} match: ${formatKroner(totals.net)} to pay out, ${formatKroner(totals.invoiceIncl)} invoiced incl. VAT.</p>
${
  mayMove && listed.rows.length
    ? html`<form method="post" action="/console/payouts/confirm">${kit.csrfField(request)}${hiddenFilter(params)}<input type="hidden" name="back" value="${here}">
${listed.rows.map((row) => html`<input type="hidden" name="page_id" value="${row.id}">`)}
${rowsTable}${actions}</form>`
    : rowsTable
}
${pager('/console/payouts', { ...params, per_page: size, sort }, { page, perPage: listed.perPage, total: totals.count })}
${totals.count > 0 ? csvLink(operatorOf(request), '/console/payouts.csv', { ...params }) : html``}`;
      }

      return kit.render(
        request,
        reply,
        'Payouts',
        html`<h1>Payouts</h1>
${confirmations.take(request, reply)}
<form class="filters" method="get" action="/console/payouts">
<label for="f-status">Status<select id="f-status" name="status"><option value="">Any</option>${PAYOUT_STATUSES.map((s) => html`<option value="${s}"${s === params.status ? html` selected` : html``}>${s}</option>`)}</select></label>
<label for="f-partner">Partner<select id="f-partner" name="partner" style="max-width:15rem"><option value="">Any</option>${partnerOptions}</select></label>
<label for="f-from">Due from<input type="date" id="f-from" name="due_from" value="${params.due_from}"></label>
<label for="f-to">Due to<input type="date" id="f-to" name="due_to" value="${params.due_to}"></label>
<label for="f-invoice">Invoice<input type="text" inputmode="numeric" id="f-invoice" name="invoice" value="${params.invoice}" size="8"></label>
${perPageChoice(PAGE_SIZES, perPage)}
${orderChoice(ORDER_WORDS, sort || PAYOUT_ORDERS[0])}
<button type="submit">Filter</button> <a href="/console/payouts">Clear</a>
</form>
${problem ?? list}`,
        '/console/payouts',
      );
    },
  );

  // The list above as a file: every payout matching the filter, the same columns.
  app.get<{ Querystring: Static<typeof ExportQuery> }>(
    '/console/payouts.csv',
    { config: { permission: 'export_lists' }, schema: { querystring: ExportQuery } },
    async (request, reply) => {
      const unfit = unfitFields(request);
      if (unfit) return kit.problem(request, reply, AppError.fields({ filter: unfit }), '/console/payouts');
      try {
        return await sendCsv(
          reply,
          'payouts',
          console.exports.payouts(operatorOf(request), { ...paramsOf(request.query) }),
        );
      } catch (error) {
        return kit.problem(request, reply, error, '/console/payouts');
      }
    },
  );

  async function confirm(request: FastifyRequest<{ Body: Static<typeof ConfirmForm> }>, reply: FastifyReply) {
    const body = request.body;
    const move = MOVES[field(body, 'move')];
    const back = backTo(field(body, 'back'));
    const all = field(body, 'all') === '1';
    try {
      const selection = await money.confirmMove(
        operatorOf(request),
        {
          all,
          // "Every payout on this page": the page's ids, sent as hidden fields (no JavaScript needed).
          ids:
            field(body, 'all_on_page') === '1'
              ? [...new Set([...fields(body, 'page_id'), ...fields(body, 'id')])]
              : fields(body, 'id'),
          filter: { ...paramsOf(body) },
        },
        move?.to,
      );
      if (!move) throw new Error('confirmMove accepted no move');
      const blocked = selection.rows.filter((row) => !money.canMove(row.status, move.to));
      const shown = selection.rows.slice(0, 100);
      const { totals } = selection;
      const count = `${totals.count} payout${totals.count === 1 ? '' : 's'}`;
      const filter = describeFilter(selection.filter, selection.partnerNames);
      // What was selected, and under which filter: the operator sees what "all" meant before pressing.
      const chosen = selection.all
        ? filter
          ? html`<p id="selection-filter">All ${count} matching the filter: <strong>${filter}</strong>.</p>`
          : html`<p id="selection-filter" class="notice bad" role="alert">All ${count}: the list had <strong>no filter</strong>, so this is every payout of every partner.</p>`
        : html`<p id="selection-filter">The ${count} you ticked${filter ? html`, on the list filtered by <strong>${filter}</strong>` : html`, on the list without a filter`}.</p>`;
      return kit.render(
        request,
        reply,
        'Confirm',
        html`<h1>${move.label}: ${count}?</h1>
${chosen}
<p id="selection-employees">They pay ${employeesOf(selection.rows, selection.employeeNames)}</p>
<dl class="facts" id="selection-totals"><dt>Payouts</dt><dd>${totals.count}</dd><dt>To pay out (net)</dt><dd>${formatKroner(totals.net)}</dd><dt>Invoiced incl. VAT</dt><dd>${formatKroner(totals.invoiceIncl)}</dd></dl>
${selection.missing.length ? html`<p class="notice bad" role="alert">These payouts no longer exist: ${selection.missing.join(', ')}.</p>` : html``}
${
  blocked.length
    ? html`<p class="notice bad" role="alert">${blocked.length} of them cannot be ${move.done} (status now): ${blocked
        .slice(0, 50)
        .map((b) => `${b.id} (${b.status})`)
        .join(
          ', ',
        )}${blocked.length > 50 ? ` and ${blocked.length - 50} more` : ''}. The action would change nothing; go back and change the selection.</p>`
    : html``
}
<form method="post" action="/console/payouts/apply">${kit.csrfField(request)}
<input type="hidden" name="move" value="${field(body, 'move')}"><input type="hidden" name="back" value="${back}">
${selection.rows.map((row) => html`<input type="hidden" name="id" value="${row.id}">`)}
<button type="submit">${move.label}: ${count}</button> <a href="${back}">Back to the list, change nothing</a>
</form>
<h2>The selection</h2>
${linesTable(shown, { partners: selection.partnerNames, employees: selection.employeeNames }, false)}
${selection.rows.length > shown.length ? html`<p>And ${selection.rows.length - shown.length} more.</p>` : html``}`,
        '/console/payouts',
      );
    } catch (error) {
      return kit.problem(request, reply, error, back);
    }
  }
  app.post<{ Body: Static<typeof ConfirmForm> }>(
    '/console/payouts/confirm',
    { config: { permission: 'move_payouts' }, schema: { body: ConfirmForm } },
    confirm,
  );

  app.post<{ Body: Static<typeof ApplyForm> }>(
    '/console/payouts/apply',
    { config: { permission: 'move_payouts' }, schema: { body: ApplyForm } },
    async (request, reply) => {
      const body = request.body;
      const move = MOVES[field(body, 'move')];
      const back = backTo(field(body, 'back'));
      try {
        const outcome = await money.movePayouts(operatorOf(request), fields(body, 'id'), move?.to);
        if (outcome.blocked) {
          reply.status(409);
          return kit.render(
            request,
            reply,
            'Not done',
            html`<h1>Nothing was changed</h1>
<p class="notice bad" role="alert">${outcome.message}</p>
<ul id="blocked">${outcome.blocked.slice(0, 200).map((b) => html`<li>Payout ${b.id}: ${b.status ?? 'does not exist'}</li>`)}</ul>
<p><a href="${back}">Back to the list</a></p>`,
            '/console/payouts',
          );
        }
        // The confirmation travels in the sealed, session-bound flash, not the URL: a link cannot fake it.
        confirmations.set(request, reply, {
          message: `${outcome.moved} payout${outcome.moved === 1 ? '' : 's'} ${move!.done}.`,
        });
        return reply.redirect(back, 303);
      } catch (error) {
        return kit.problem(request, reply, error, back);
      }
    },
  );
}
