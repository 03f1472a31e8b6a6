/**
 * What is stuck (docs/decisions.md §28, docs/console.md "What is stuck"): the employees' partner
 * links in one onboarding state, with that partner's onboarding and missing steps, filtered by
 * partner and last change; the dashboard's cards link here.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { StuckRow, StuckState } from '../../modules/console/index.js';
import { html, type SafeHtml } from '../html.js';
import { field, Fields, listOrExplain, operatorOf, type PageDeps, pager, Text } from './kit/index.js';

const PATH = '/console/employees/stuck';

const StuckQuery = Fields({
  state: Text('State', 40),
  partner: Text('Partner id', 20),
  changed_from: Text('Changed from', 20),
  changed_to: Text('Changed to', 20),
  page: Text('Page', 20),
});

const STATE_LABEL: Record<StuckState, string> = {
  verification_error: 'Verification error',
  verification_pending: 'Waiting for verification',
  missing_bank_account: 'No bank account',
  invited_only: 'Invited only',
  not_onboarded: 'Not onboarded',
};

/** What each state means, said under the filters. */
const STATE_MEANS: Record<StuckState, string> = {
  verification_error: 'verification sessions that ended in an error, with the provider’s reason.',
  verification_pending: 'verification sessions started and not ended: the person has not finished.',
  missing_bank_account: 'links with neither a bank account number nor an IBAN.',
  invited_only: 'links with no profile, no bank account and no verification of that partner’s.',
  not_onboarded: 'links whose onboarding with that partner is not complete (any step missing).',
};

const STEP_LABEL: Record<string, string> = {
  email_verified: 'e-mail',
  terms_approved: 'terms',
  profile: 'profile',
  id_verification: 'identity verification',
  bank_account: 'bank account',
};

function onboardingCell(row: StuckRow): SafeHtml {
  if (!row.onboarding) return html`<span class="muted">link erased</span>`;
  if (row.onboarding.is_onboarded) return html`<strong class="status-ok">onboarded</strong>`;
  return html`<strong class="status-bad">not onboarded</strong><br><small>missing: ${row.onboarding.missing_steps.map((s) => STEP_LABEL[s] ?? s).join(', ')}</small>`;
}

export async function stuckPage(app: FastifyInstance, { kit, console }: PageDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof StuckQuery> }>(
    PATH,
    { schema: { querystring: StuckQuery } },
    async (request, reply) => {
      const text = {
        state: field(request.query, 'state'),
        partner: field(request.query, 'partner'),
        changed_from: field(request.query, 'changed_from'),
        changed_to: field(request.query, 'changed_to'),
      };
      const { found, problem } = await listOrExplain(
        request,
        reply,
        () => console.stuck.list(operatorOf(request), { ...text, page: field(request.query, 'page') }),
        null,
      );
      const state = found?.state ?? 'verification_error';
      const sessionStates = state === 'verification_error' || state === 'verification_pending';
      const rows = (found?.rows ?? []).map(
        (row) => html`<tr>
<td><a href="/console/employees/${row.userId}">${row.userId}</a></td>
<td>${row.email || html`<span class="muted">erased</span>`}</td>
<td>${row.partnerName} <small class="muted">(${row.partnerId})</small></td>
<td>${onboardingCell(row)}</td>
${sessionStates ? html`<td>${row.session?.reason ?? html`<span class="muted">none given</span>`}</td>` : html``}
<td>${row.changedAt.slice(0, 16).replace('T', ' ')}</td>
</tr>`,
      );
      const options = (Object.keys(STATE_LABEL) as StuckState[]).map(
        (value) =>
          html`<option value="${value}"${value === (text.state || state) ? html` selected` : html``}>${STATE_LABEL[value]}</option>`,
      );
      return kit.render(
        request,
        reply,
        'What is stuck',
        html`<p><a href="/console/employees">Employees</a> ›</p>
<h1>What is stuck</h1>
<p>Each row is one partner's link to a person: the onboarding and missing steps shown are that partner's (a person onboarded for one partner can be stuck with another).</p>
<form class="filters" method="get" action="${PATH}" role="search">
<label for="state">State<select id="state" name="state">${options}</select></label>
<label for="partner">Partner id<input type="text" inputmode="numeric" id="partner" name="partner" value="${text.partner}" size="6"></label>
<label for="changed_from">Changed from<input type="date" id="changed_from" name="changed_from" value="${text.changed_from}"></label>
<label for="changed_to">Changed to<input type="date" id="changed_to" name="changed_to" value="${text.changed_to}"></label>
<button type="submit">Filter</button>
</form>
${
  found
    ? html`<p role="status">${found.total} ${found.total === 1 ? (sessionStates ? 'verification' : 'link') : sessionStates ? 'verifications' : 'links'}: ${STATE_MEANS[state]}</p>
${
  rows.length
    ? html`<div class="table-wrap"><table><caption class="visually-hidden">${STATE_LABEL[state]}</caption><thead><tr><th scope="col">Employee</th><th scope="col">E-mail</th><th scope="col">Partner</th><th scope="col">Onboarding with this partner</th>${sessionStates ? html`<th scope="col">Provider's reason</th>` : html``}<th scope="col">Last change (UTC)</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html``
}
${pager(PATH, { ...text, state }, { page: found.page, perPage: console.stuck.perPage, total: found.total })}`
    : problem
}`,
        '/console/employees',
      );
    },
  );
}
