/** Employees in the console: search across partners, one person's detail (personal numbers masked until revealed with a reason), tax facts. */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import {
  EMPLOYEE_ORDERS,
  PAGE_SIZES,
  REASON_MAX,
  type EmployeeView,
  type Guarded,
} from '../../modules/console/index.js';
import type { PersonSummary } from '../../modules/users/index.js';
import { can } from '../../modules/operators/index.js';
import { fromMinorUnits } from '../../modules/payouts/index.js';
import { html, type SafeHtml } from '../html.js';
import { formatKroner } from '../money.js';
import {
  act,
  chip,
  csvLink,
  field,
  Fields,
  FormFields,
  IdParams,
  listOrExplain,
  operatorOf,
  orderChoice,
  type PageDeps,
  pager,
  PerPage,
  perPageChoice,
  sendCsv,
  Sort,
  table,
  Text,
  unfitFields,
} from './kit/index.js';

const SearchQuery = Fields({
  q: Text('Search', 200),
  page: Text('Page', 20),
  per_page: PerPage(PAGE_SIZES),
  sort: Sort(EMPLOYEE_ORDERS),
});
/** The employees list's orders in words (its search form's choice and its sentence). */
const ORDER_WORDS = [
  ['-id', 'Newest first'],
  ['id', 'Oldest first'],
] as const satisfies ReadonlyArray<readonly [(typeof EMPLOYEE_ORDERS)[number], string]>;
const ExportQuery = Fields({ q: Text('Search', 200) });
const ReviewQuery = Fields({ page: Text('Page', 20) });
const RevealForm = FormFields({
  field: Text('Value', 40),
  partner: Text('Partner', 20),
  reason: Text('Reason', REASON_MAX),
});
const TaxForm = FormFields({
  percent: Text('Withholding %', 20),
  type: Text('Tax type', 64),
  table: Text('Tax table', 64),
  start: Text('Valid from', 20),
  free_card: Text('Tax-free card', 30),
});

const FIELD_LABEL: Record<Guarded['field'], string> = {
  identification: 'National identity number',
  verified_identification: 'Verified identity number',
  bank_account_number: 'Bank account',
  bank_iban_number: 'IBAN',
};

function badges(person: PersonSummary): SafeHtml {
  return html`${person.verified ? html` <small class="status-ok">verified</small>` : html``}${
    person.identityReview ? html` <small class="status-bad">identities differ</small>` : html``
  }`;
}

/**
 * What the search found, in words: how many when they fit on the first page, else which of them
 * this page shows (the search does not count every match: docs/decisions.md §23).
 */
function matchedSentence(
  found: { people: PersonSummary[]; page: number; hasMore: boolean; tooShort: boolean },
  q: string,
  perPage: number,
  sort: string,
): SafeHtml {
  if (found.tooShort)
    return html`<p role="status">Type at least 3 letters of a name or an e-mail address (a phone number or an internal id may be shorter).</p>`;
  const matching = q ? html` match “${q}”` : html``;
  const n = found.people.length;
  if (found.page === 1 && !found.hasMore)
    return q
      ? html`<p>${n} ${n === 1 ? 'person matches' : 'people match'} “${q}”.</p>`
      : html`<p>${n} ${n === 1 ? 'person' : 'people'}.</p>`;
  const first = (found.page - 1) * perPage + 1;
  return n === 0
    ? html`<p>No more people${matching}.</p>`
    : html`<p>People ${first} to ${first + n - 1}${matching}, ${sort === 'id' ? 'oldest' : 'newest'} first.</p>`;
}

export async function employeesPage(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { kit, console } = deps;
  const money = console.money;

  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    '/console/employees',
    { schema: { querystring: SearchQuery } },
    async (request, reply) => {
      const q = field(request.query, 'q');
      const perPage = Number(field(request.query, 'per_page')) || money.perPage;
      const size = field(request.query, 'per_page') ? perPage : undefined;
      const sort = field(request.query, 'sort');
      const { found, problem } = await listOrExplain(
        request,
        reply,
        () => money.searchEmployees(operatorOf(request), { q, page: field(request.query, 'page'), sort }, perPage),
        null,
      );
      const rows = (found?.people ?? []).map((person) => [
        html`<a href="/console/employees/${person.id}">${person.id}</a>`,
        html`<div>${person.email}${badges(person)}</div>`,
        html`<div>${person.links.map((l) => html`<div>${l.name || '—'} <small class="muted">(${found?.partnerNames.get(l.partnerId) ?? l.partnerId})</small></div>`)}</div>`,
        html`<div>${person.links.map((l) => html`<div>${l.phone ?? '—'}</div>`)}</div>`,
        html`<div>${person.links.map((l) => html`<div>${l.internalId ?? '—'}</div>`)}</div>`,
      ]);
      return kit.render(
        request,
        reply,
        'Employees',
        html`<h1>Employees</h1>
<form class="filters" method="get" action="/console/employees" role="search">
<label for="q">E-mail, name, phone or internal id<input type="search" id="q" name="q" value="${q}" autocomplete="off"></label>
${perPageChoice(PAGE_SIZES, perPage)}
${orderChoice(ORDER_WORDS, sort || EMPLOYEE_ORDERS[0])}
<button type="submit">Search</button>
</form>
<p><a href="/console/employees/stuck">What is stuck</a>: employees by onboarding state and missing steps, per partner.</p>
${
  found
    ? html`${matchedSentence(found, q, found.perPage, sort)}
${
  rows.length
    ? table(
        'Employees',
        [
          { label: 'Id', nowrap: true, sort: '-id' },
          { label: 'E-mail' },
          { label: 'Name (partner)' },
          { label: 'Phone', nowrap: true },
          { label: 'Internal id' },
        ],
        rows,
        '',
        {
          id: 'employees',
          sorted: { path: '/console/employees', params: { q, per_page: size }, current: sort || EMPLOYEE_ORDERS[0] },
        },
      )
    : html``
}
${pager('/console/employees', { q, per_page: size, sort }, { page: found.page, hasMore: found.hasMore })}
${rows.length > 0 ? csvLink(operatorOf(request), '/console/employees.csv', { q }) : html``}`
    : problem
}`,
        '/console/employees',
      );
    },
  );

  // The list above as a file: every matching person, one row per partner's link, the same columns.
  app.get<{ Querystring: Static<typeof ExportQuery> }>(
    '/console/employees.csv',
    { config: { permission: 'export_lists' }, schema: { querystring: ExportQuery } },
    async (request, reply) => {
      const unfit = unfitFields(request);
      if (unfit) return kit.problem(request, reply, AppError.fields({ q: unfit }), '/console/employees');
      try {
        const exported = console.exports.employees(operatorOf(request), { q: field(request.query, 'q') });
        return await sendCsv(reply, 'employees', exported);
      } catch (error) {
        return kit.problem(request, reply, error, '/console/employees');
      }
    },
  );

  // docs/decisions.md §14: two partners' verifications that confirmed different identities are an operator matter.
  app.get<{ Querystring: Static<typeof ReviewQuery> }>(
    '/console/employees/identity-review',
    { schema: { querystring: ReviewQuery } },
    async (request, reply) => {
      const { found, problem } = await listOrExplain(
        request,
        reply,
        () => money.identityReviews(operatorOf(request), { page: field(request.query, 'page') }),
        null,
      );
      const rows = (found?.people ?? []).map(
        (person) => html`<tr>
<td><a href="/console/employees/${person.id}">${person.id}</a></td>
<td>${person.email}</td>
<td>${person.links.map((l) => html`<div>${found?.partnerNames.get(l.partnerId) ?? l.partnerId}: ${l.verified ? 'verified' : 'not verified'}</div>`)}</td>
</tr>`,
      );
      return kit.render(
        request,
        reply,
        'Identities to review',
        html`<p><a href="/console/employees">Employees</a> ›</p>
<h1>Identities to review</h1>
<p>People for whom two partners' verifications confirmed different identities. Each partner's onboarding counts only its own verification (or one of exactly the identity it registered), so payouts are not blocked; open a person to compare the verified numbers (reveal with a reason) and contact the partners.</p>
${
  found
    ? html`<p>${found.total} ${found.total === 1 ? 'person' : 'people'}.</p>
${
  rows.length
    ? html`<div class="table-wrap"><table><caption class="visually-hidden">People with different verified identities</caption><thead><tr><th scope="col">Id</th><th scope="col">E-mail</th><th scope="col">Partners</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html``
}
${pager('/console/employees/identity-review', {}, { page: found.page, perPage: money.perPage, total: found.total })}`
    : problem
}`,
        '/console/employees',
      );
    },
  );

  app.get<{ Params: { id: string } }>('/console/employees/:id', async (request, reply) => {
    let person: EmployeeView;
    try {
      person = await money.employee(operatorOf(request), request.params.id);
    } catch (error) {
      return kit.problem(request, reply, error, '/console/employees');
    }
    const operator = operatorOf(request);
    const mayReveal = can(operator.role, 'reveal_personal_data');
    const csrf = kit.csrfField(request);

    const guarded = (value: Guarded | null): SafeHtml => {
      if (!value) return html`<span class="muted">not given</span>`;
      const id = `reveal-${value.field}-${value.partnerId ?? 'person'}`;
      if (value.revealed)
        return html`<code>${value.value}</code> <small class="muted">(revealed to you; audited)</small>`;
      return html`<span class="visually-hidden">masked, ending in ${value.value.replace(/•/g, '')}</span><code aria-hidden="true">${value.value}</code>${
        mayReveal
          ? html`<details class="reveal"><summary>Reveal</summary>
<form method="post" action="/console/employees/${person.id}/reveal">${csrf}
<input type="hidden" name="field" value="${value.field}"><input type="hidden" name="partner" value="${value.partnerId ?? ''}">
<label for="${id}">Reason (kept in the audit log)</label><br><input type="text" id="${id}" name="reason" required minlength="3" maxlength="${REASON_MAX}" size="30">
<button type="submit">Reveal ${FIELD_LABEL[value.field].toLowerCase()}</button>
</form></details>`
          : html``
      }`;
    };

    const steps = (onboarding: EmployeeView['links'][number]['onboarding']) =>
      html`<ul class="checklist">${Object.entries(onboarding.steps).map(([step, done]) => html`<li${done ? html` class="done"` : html``}>${step.replace(/_/g, ' ')}${done ? html`<span class="visually-hidden"> (done)</span>` : html`<span class="visually-hidden"> (missing)</span>`}</li>`)}</ul>`;

    const links = person.links.map(
      (link) => html`<section aria-labelledby="link-${link.partnerId}">
<h3 id="link-${link.partnerId}">${link.partnerName} <small class="muted">(partner ${link.partnerId})</small></h3>
<dl class="facts">
<dt>Name</dt><dd>${link.name || '—'}</dd>
<dt>Internal id</dt><dd>${link.internalId ?? '—'}</dd>
<dt>Phone</dt><dd>${link.phone ?? '—'}</dd>
<dt>Address</dt><dd>${link.address ?? '—'}</dd>
<dt>Identity number (registered)</dt><dd>${guarded(link.identification)}</dd>
<dt>Identity verified</dt><dd>${
        link.verified
          ? `${link.verified.at.slice(0, 10)} by this partner's flow${link.verified.name ? ` (${link.verified.name})` : ''}`
          : link.onboarding.steps.id_verification
            ? "by another partner's verification of the same registered identity"
            : 'no'
      }</dd>
${link.verified ? html`<dt>Identity number (verified)</dt><dd>${guarded(link.verified.identification)}${link.verified.country ? ` (${link.verified.country})` : ''}</dd>` : html``}
<dt>Bank account</dt><dd>${guarded(link.bankAccount)}</dd>
<dt>IBAN</dt><dd>${guarded(link.iban)}</dd>
<dt>BIC</dt><dd>${link.bic ?? '—'}</dd>
<dt>Linked</dt><dd>${link.createdAt.slice(0, 10)}</dd>
<dt>Onboarding</dt><dd>${link.onboarding.is_onboarded ? html`<strong class="status-ok">onboarded</strong>` : html`<strong class="status-bad">not onboarded</strong>`}${steps(link.onboarding)}</dd>
</dl>
</section>`,
    );

    const tax = person.tax;
    const taxForm = can(operator.role, 'set_tax')
      ? html`<form method="post" action="/console/employees/${person.id}/tax" class="filters">${csrf}
<label for="tax-percent">Withholding %<input type="text" inputmode="decimal" id="tax-percent" name="percent" value="${tax.percent ?? ''}" size="6"></label>
<label for="tax-type">Tax type<input type="text" id="tax-type" name="type" value="${tax.type}" size="12"></label>
<label for="tax-table">Tax table<input type="text" id="tax-table" name="table" value="${tax.table}" size="8"></label>
<label for="tax-start">Valid from<input type="date" id="tax-start" name="start" value="${tax.start}"></label>
<label for="tax-free">Tax-free card (kr)<input type="text" inputmode="decimal" id="tax-free" name="free_card" value="${tax.freeCard}" size="10"></label>
<button type="submit">Save tax facts</button>
</form><p class="muted">Empty fields are left as they are. Every partner linked to this person hears of the change (<code>user.updated</code>).</p>`
      : html`<dl class="facts"><dt>Withholding %</dt><dd>${tax.percent ?? '—'}</dd><dt>Tax type</dt><dd>${tax.type || '—'}</dd><dt>Tax table</dt><dd>${tax.table || '—'}</dd><dt>Valid from</dt><dd>${tax.start || '—'}</dd><dt>Tax-free card</dt><dd>${tax.freeCard || '—'}</dd></dl>`;

    const sessions = person.sessions.map(
      (s) =>
        html`<tr><td><code>${s.id.slice(0, 8)}</code></td><td>${person.partnerNames.get(s.partner_id) ?? s.partner_id}</td><td>${s.provider}</td><td>${chip(s.status)}${s.outcome_reason ? html` <small class="muted">(${s.outcome_reason})</small>` : html``}</td><td>${s.created_at.slice(0, 16).replace('T', ' ')}</td></tr>`,
    );
    const payouts = person.payouts.map(
      (p) =>
        html`<tr><td><a href="/console/payouts/${p.id}">${p.id}</a></td><td>${person.partnerNames.get(p.partner_id) ?? p.partner_id}</td><td>${p.date}</td><td>${chip(p.status)}</td><td class="num">${formatKroner(fromMinorUnits(Number(p.net_salary) + Number(p.net_vacation)))}</td></tr>`,
    );

    const erasedNotice = person.erasedAt
      ? html`<p class="notice" id="erased">This person was erased on ${person.erasedAt.slice(0, 10)} at their request: nothing personal is kept; their payouts stay for bookkeeping.</p>`
      : html``;
    const erase =
      !person.erasedAt && can(operator.role, 'erase_personal_data')
        ? html`<h2>Erasure</h2><form method="post" action="/console/employees/${person.id}/erase/review">${csrf}<button type="submit" class="secondary">Erase this person…</button></form><p class="muted">At the person's request (their right to erasure). The next page states what goes and what stays; nothing is erased before you confirm there.</p>`
        : html``;

    return kit.render(
      request,
      reply,
      `Employee ${person.id}`,
      html`<p><a href="/console/employees">Employees</a> ›</p>
<h1>${person.erasedAt ? `Erased employee ${person.id}` : person.email}</h1>
${kit.flash.take(request, reply)}
${erasedNotice}
<dl class="facts">
<dt>Employee id</dt><dd>${person.id}</dd>
<dt>E-mail verified</dt><dd>${person.emailVerifiedAt ? person.emailVerifiedAt.slice(0, 10) : 'no'}</dd>
<dt>Verified identities</dt><dd>${
        person.verifiedIdentities > 1
          ? html`<strong class="status-bad">${person.verifiedIdentities} different</strong> — partners' verifications confirmed different identities; see each partner below (<a href="/console/employees/identity-review">all such people</a>)`
          : person.verifiedIdentities === 1
            ? 'one (see the partners that verified it below)'
            : 'none'
      }</dd>
</dl>
${mayReveal ? html`` : html`<p class="muted">Your role (${operator.role}) sees personal numbers masked.</p>`}
<p><a href="/console/employees/${person.id}/mail">Mail and login links sent to this person</a></p>
<h2>Partners</h2>
${links.length ? links : html`<p>No partner links.</p>`}
<h2>Tax facts</h2>
${taxForm}
<h2>Verification sessions</h2>
${sessions.length ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Session</th><th scope="col">Partner</th><th scope="col">Provider</th><th scope="col">Status</th><th scope="col">Started (UTC)</th></tr></thead><tbody>${sessions}</tbody></table></div>` : html`<p>None.</p>`}
<h2>Payouts</h2>
${payouts.length ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Payout</th><th scope="col">Partner</th><th scope="col">Work date</th><th scope="col">Status</th><th scope="col" class="num">Net</th></tr></thead><tbody>${payouts}</tbody></table></div>` : html`<p>None.</p>`}
${erase}`,
      '/console/employees',
    );
  });

  app.post<{ Params: { id: string }; Body: Static<typeof RevealForm> }>(
    '/console/employees/:id/reveal',
    { config: { permission: 'reveal_personal_data' }, schema: { params: IdParams, body: RevealForm } },
    (request, reply) => {
      const back = `/console/employees/${encodeURIComponent(request.params.id)}`;
      return act(deps, request, reply, back, async () => {
        await money.reveal(operatorOf(request), request.params.id, {
          field: field(request.body, 'field'),
          partnerId: field(request.body, 'partner'),
          reason: field(request.body, 'reason'),
        });
        return {
          to: back,
          message: 'Revealed for 5 minutes, to you only; the reveal and its reason are in the audit log.',
        };
      });
    },
  );

  app.post<{ Params: { id: string }; Body: Static<typeof TaxForm> }>(
    '/console/employees/:id/tax',
    { config: { permission: 'set_tax' }, schema: { params: IdParams, body: TaxForm } },
    (request, reply) => {
      const back = `/console/employees/${encodeURIComponent(request.params.id)}`;
      const given = (name: string) => (field(request.body, name) === '' ? undefined : field(request.body, name));
      return act(deps, request, reply, back, async () => {
        await money.setTax(operatorOf(request), request.params.id, {
          percent: given('percent'),
          type: given('type'),
          table: given('table'),
          start: given('start'),
          freeCard: given('free_card'),
        });
        return { to: back, message: 'The tax facts were saved.' };
      });
    },
  );
}
