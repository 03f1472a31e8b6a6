/**
 * A partner's page, the parts issue 25 item 4 adds: employees by onboarding state (links into the
 * employees list), payout volume and fees by month, the last API activity, and the request log
 * with its own page (`/console/partners/:id/requests`: newest first, paged, by status class, route
 * and time, so support can answer "what did we send you at 10:02?"; docs/decisions.md §25).
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ConsoleService, RequestLogPage } from '../../modules/console/index.js';
import type { StuckState } from '../../modules/console/index.js';
import type { ConsoleOperator } from '../../modules/operators/index.js';
import type { RequestLogEntry } from '../../modules/request-log/index.js';
import { html, type SafeHtml } from '../html.js';
import { formatKroner } from '../money.js';
import {
  type Cell,
  type ConsoleKit,
  count,
  field,
  Fields,
  intOf,
  listOrExplain,
  operatorOf,
  pager,
  table,
  Text,
  urlWith,
} from './kit/index.js';

const RequestsQuery = Fields({
  status: Text('Status', 20),
  route: Text('Route', 255),
  from: Text('From', 40),
  until: Text('Until', 40),
  after: Text('Page position', 20),
});

/** The states "what is stuck" lists (docs/decisions.md §28), each linked with `partner=<id>&state=<state>`. */
const STUCK_LINKS: ReadonlyArray<[StuckState, string]> = [
  ['not_onboarded', 'Not onboarded'],
  ['invited_only', 'Invited only'],
  ['missing_bank_account', 'Missing a bank account'],
  ['verification_pending', 'Verifications waiting'],
  ['verification_error', 'Verifications ended in an error'],
];

/** `2026-11-26T10:02:31.123Z` → `2026-11-26 10:02:31.123`: the log is read to the second. */
function exact(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}

function statusCell(status: number): SafeHtml {
  const tone = status >= 400 ? 'status-bad' : 'status-ok';
  return html`<span class="${tone}">${status}</span>`;
}

function idsOf(entry: RequestLogEntry): string {
  return Object.entries(entry.path_ids)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
}

function requestRows(entries: readonly RequestLogEntry[]): Cell[][] {
  return entries.map((e) => [
    html`<time datetime="${e.at}">${exact(e.at)}</time>`,
    e.method,
    html`<code>${e.route}</code>`,
    idsOf(e),
    statusCell(e.status),
    e.duration_ms.toFixed(1),
    html`<code>${e.request_id}</code>`,
    e.idempotency_key ? html`<code>${e.idempotency_key}</code>` : null,
  ]);
}

const REQUEST_COLUMNS = [
  { label: 'Arrived (UTC)' },
  { label: 'Method' },
  { label: 'Route' },
  { label: 'Ids in the path' },
  { label: 'Status', num: true },
  { label: 'ms', num: true },
  { label: 'Request id' },
  { label: 'Idempotency-key' },
];

/** The sections the partner's page shows under its facts and tokens. */
export async function partnerOverview(
  console: ConsoleService,
  operator: ConsoleOperator,
  partnerId: number,
): Promise<SafeHtml> {
  const { months, lastRequest } = await console.partnerPage.overview(operator, partnerId);
  const counts = await console.stuck.countsFor(operator, partnerId);
  const states = STUCK_LINKS.map(
    ([state, label]) =>
      html`<li><a href="${urlWith('/console/employees/stuck', { partner: partnerId, state })}">${label}</a>: ${count(counts[state])}</li>`,
  );
  const monthRows = months.map((m) => [m.month, count(m.count), formatKroner(m.net), formatKroner(m.fees)]);
  const last = lastRequest
    ? html`<p id="last-api-request">Last request: <time datetime="${lastRequest.at}">${exact(lastRequest.at)} UTC</time>, ${lastRequest.method} <code>${lastRequest.route}</code> answered ${statusCell(lastRequest.status)}.</p>`
    : html`<p id="last-api-request">No API request recorded in the log's period.</p>`;
  return html`<h2>Employees by onboarding state</h2>
<ul>${states}</ul>
<h2>Payouts by month</h2>
${table(
  'Payouts by month',
  [
    { label: 'Month' },
    { label: 'Payouts', num: true },
    { label: 'Net to employees', num: true },
    { label: 'Service fees', num: true },
  ],
  monthRows,
  'No payouts in the last 12 months.',
)}
<p class="muted">By payout date, the last 12 months; cancelled payouts are left out.</p>
<h2>API activity</h2>
${last}
<p><a href="/console/partners/${partnerId}/requests">The partner's request log</a> (every API request of the last 30 days: route, ids in the path, status, timing; no bodies).</p>`;
}

export interface PartnerRequestsDeps {
  kit: ConsoleKit;
  console: ConsoleService;
}

/** The request log's filter form, keeping what was asked. */
function filterForm(path: string, filter: RequestLogPage['filter']): SafeHtml {
  const statuses = ['2xx', '3xx', '4xx', '5xx'].map(
    (s) => html`<option value="${s}"${filter.status === s ? html` selected` : html``}>${s}</option>`,
  );
  const minute = (iso: string | undefined) => (iso ? iso.slice(0, 16) : '');
  return html`<form method="get" action="${path}" class="filters" role="search">
<label for="status">Status<select id="status" name="status"><option value="">any</option>${statuses}</select></label>
<label for="route">Route template<input id="route" name="route" type="text" maxlength="255" value="${filter.route ?? ''}" placeholder="/api/v1/users/:id"></label>
<label for="from">From (UTC)<input id="from" name="from" type="datetime-local" value="${minute(filter.from)}"></label>
<label for="until">Until (UTC)<input id="until" name="until" type="datetime-local" value="${minute(filter.until)}"></label>
<button type="submit" class="secondary">Show</button>
</form>`;
}

export async function partnerRequestsPage(app: FastifyInstance, deps: PartnerRequestsDeps): Promise<void> {
  const { kit, console } = deps;

  app.get<{ Params: { id: string }; Querystring: Static<typeof RequestsQuery> }>(
    '/console/partners/:id/requests',
    { schema: { querystring: RequestsQuery } },
    async (request, reply) => {
      const operator = operatorOf(request);
      const partnerId = intOf(request.params.id) ?? 0;
      const path = `/console/partners/${partnerId}/requests`;
      const text = Object.fromEntries(
        ['status', 'route', 'from', 'until', 'after'].map((name) => [name, field(request.query, name)]),
      );
      let read;
      try {
        read = await listOrExplain(request, reply, () => console.partnerPage.requests(operator, partnerId, text), null);
      } catch (error) {
        return kit.problem(request, reply, error, '/console/partners');
      }
      const { found, problem } = read;
      const shown: RequestLogPage['filter'] = found?.page.filter ?? {
        status: text.status,
        route: text.route,
        from: text.from,
        until: text.until,
      };
      const keep = { status: shown.status, route: shown.route, from: shown.from, until: shown.until };
      const name = found?.partner.name ?? `Partner ${partnerId}`;
      return kit.render(
        request,
        reply,
        `Request log of ${name}`,
        html`<p><a href="/console/partners">Partners</a> › <a href="/console/partners/${partnerId}">${name}</a></p>
<h1>Request log of ${name}</h1>
<p class="muted">Every API request this partner made with valid credentials in the last 30 days, newest first: when it arrived, the route template and the ids in its path, the answer and how long it took, its request id (the <code>X-Request-Id</code> header) and Idempotency-key. Bodies, query values and addresses are never recorded. Requests appear within a few seconds.</p>
${filterForm(path, shown)}
${
  problem ??
  html`${table(
    'Requests, newest first',
    REQUEST_COLUMNS,
    requestRows(found?.page.entries ?? []),
    'No request matches.',
  )}
${pager(
  '',
  {},
  {
    first: text.after ? urlWith(path, keep) : null,
    firstLabel: 'Newest requests',
    next: found?.page.olderAfter ? urlWith(path, { ...keep, after: found.page.olderAfter }) : null,
    nextLabel: 'Older requests',
  },
)}`
}`,
        '/console/partners',
      );
    },
  );
}
