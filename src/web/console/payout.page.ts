/**
 * One payout's story (docs/console.md, "A payout's page"; docs/decisions.md §27): its amounts and
 * how they were computed, the account it goes to (masked; revealed with a reason, audited), its
 * timeline, its events and their webhook deliveries, its audit entries. The bank history's old
 * address (`/console/bank/payouts/:id`) redirects here.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { REASON_MAX, type Guarded } from '../../modules/console/index.js';
import { can } from '../../modules/operators/index.js';
import { html, type SafeHtml } from '../html.js';
import { formatKroner } from '../money.js';
import { auditObjectLink } from './object-links.js';
import {
  field,
  Fields,
  FormFields,
  IdParams,
  listOrExplain,
  operatorOf,
  type PageDeps,
  table,
  Text,
  when,
} from './kit/index.js';

/** `saved` is the confirmation after a reveal's redirect. */
const PayoutQuery = Fields({ saved: Text('Confirmation', 20) });
const RevealForm = FormFields({ field: Text('Value', 40), reason: Text('Reason', REASON_MAX) });

const FIELD_LABEL: Record<string, string> = {
  bank_account_number: 'Bank account',
  bank_iban_number: 'IBAN',
};

export async function payoutPage(app: FastifyInstance, { kit, console }: PageDeps): Promise<void> {
  const story = console.story;

  app.get<{ Params: { id: string }; Querystring: Static<typeof PayoutQuery> }>(
    '/console/payouts/:id',
    { schema: { querystring: PayoutQuery } },
    async (request, reply) => {
      const { found, problem } = await listOrExplain(
        request,
        reply,
        async () => {
          try {
            return await story.story(operatorOf(request), request.params.id);
          } catch (error) {
            if (error instanceof AppError && error.code === 'payout_not_found') {
              reply.status(404);
              return kit.render(
                request,
                reply,
                'Payout not found',
                html`<p><a href="/console/payouts">Payouts</a> ›</p><h1>Payout not found</h1>
<p class="notice bad" role="alert">There is no payout ${request.params.id}.</p>
<p><a href="/console/payouts">Back to the payouts</a></p>`,
                '/console/payouts',
              );
            }
            return kit.problem(request, reply, error, '/console/payouts');
          }
        },
        null,
      );
      if (found !== null && !('payout' in found)) return found;
      if (!found)
        return kit.render(
          request,
          reply,
          `Payout ${request.params.id}`,
          html`<p><a href="/console/payouts">Payouts</a> ›</p><h1>Payout ${request.params.id}</h1>
${problem}
<p><a href="/console/payouts/${encodeURIComponent(request.params.id)}">The payout's page</a></p>`,
          '/console/payouts',
        );
      const { payout } = found;
      const operator = operatorOf(request);
      const mayReveal = can(operator.role, 'reveal_personal_data');
      const csrf = kit.csrfField(request);

      const guarded = (value: Guarded | null): SafeHtml => {
        if (!value) return html`<span class="muted">not given</span>`;
        const id = `reveal-${value.field}`;
        if (value.revealed)
          return html`<code>${value.value}</code> <small class="muted">(revealed to you; audited)</small>`;
        return html`<span class="visually-hidden">masked, ending in ${value.value.replace(/•/g, '')}</span><code aria-hidden="true">${value.value}</code>${
          mayReveal
            ? html`<details class="reveal"><summary>Reveal</summary>
<form method="post" action="/console/payouts/${payout.id}/reveal">${csrf}
<input type="hidden" name="field" value="${value.field}">
<label for="${id}">Reason (kept in the audit log)</label><br><input type="text" id="${id}" name="reason" required minlength="3" maxlength="${REASON_MAX}" size="30">
<button type="submit">Reveal ${(FIELD_LABEL[value.field] ?? value.field).toLowerCase()}</button>
</form></details>`
            : html``
        }`;
      };

      const amounts = table(
        `How payout ${payout.id}'s amounts were computed`,
        [{ label: 'Amount' }, { label: 'Kroner', num: true }, { label: 'How' }],
        found.amounts.lines.map((line) => [line.label, formatKroner(line.amount), line.how]),
        'No amounts.',
      );
      const rates = Object.entries(found.amounts.rates).map(
        ([name, value]) => html`<dt>${name}</dt><dd><code>${value}</code></dd>`,
      );

      const timeline = found.timeline.map(
        (entry) =>
          html`<li><time datetime="${entry.at}">${when(entry.at)}</time> — <strong>${entry.link ? html`<a href="${entry.link}">${entry.what}</a>` : entry.what}</strong> <small class="muted">(${entry.who})</small>${entry.detail ? html`<br><span>${entry.detail}</span>` : html``}</li>`,
      );

      const bank = table(
        `Bank report lines applied to payout ${payout.id}, oldest first`,
        [
          { label: 'Report' },
          { label: 'Trace id' },
          { label: 'Bank status' },
          { label: 'Outcome' },
          { label: 'Code' },
          { label: 'Text' },
          { label: 'Date' },
          { label: 'Imported' },
        ],
        found.history.map((h) => [
          html`${h.report_message_id ?? ''}${h.report_type ? html`<br><small class="muted">${h.report_type}</small>` : html``}`,
          html`<code>${h.trace_id}</code>`,
          h.bank_status,
          h.outcome,
          h.code ?? '',
          h.text ?? '',
          h.date ?? '',
          when(h.recorded_at),
        ]),
        'No bank report has said anything of this payout yet.',
      );
      const files = table(
        `Payment files payout ${payout.id} went into`,
        [{ label: 'File' }, { label: 'Trace id' }, { label: 'File status' }, { label: 'Created' }],
        found.attempts.map((a) => [
          html`<a href="/console/bank/files/${a.file_id}">${a.file_id}</a>`,
          html`<code>${a.trace_id}</code>`,
          a.status,
          when(a.created_at),
        ]),
        'Not in any payment file yet.',
      );

      const events = table(
        `Events about payout ${payout.id}`,
        [{ label: 'Event' }, { label: 'Type' }, { label: 'Sequence', num: true }, { label: 'Created' }],
        found.events.map((e) => [
          html`<code>${e.id}</code>`,
          html`<code>${e.type}</code>`,
          e.sequence,
          when(e.created_at),
        ]),
        'No events about this payout in the partner’s feed (the feed keeps 30 days).',
      );
      const deliveries = table(
        `Webhook deliveries of payout ${payout.id}'s events`,
        [
          { label: 'Delivery', num: true },
          { label: 'Event' },
          { label: 'Endpoint' },
          { label: 'Status' },
          { label: 'Attempts', num: true },
          { label: 'Last answer' },
        ],
        found.deliveries.map((d) => [
          d.id,
          html`<code>${d.eventType}</code>`,
          d.url,
          d.status,
          d.attempts,
          d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—'),
        ]),
        'No webhook deliveries of these events.',
      );
      const audit = table(
        `Audit entries of payout ${payout.id}`,
        [
          { label: 'When' },
          { label: 'Actor' },
          { label: 'Action' },
          { label: 'Fields' },
          { label: 'Reason' },
          { label: 'Request' },
        ],
        found.audit.map((e) => [
          when(e.at),
          e.actor.label,
          html`<code>${e.action}</code>`,
          e.fields.join(', '),
          e.reason,
          e.request_id ? html`<code>${e.request_id}</code>` : '',
        ]),
        'No audit entries.',
      );

      const saved = field(request.query, 'saved');
      return kit.render(
        request,
        reply,
        `Payout ${payout.id}`,
        html`<p><a href="/console/payouts">Payouts</a> ›</p>
<h1>Payout ${payout.id}</h1>
${saved === 'revealed' ? html`<p class="notice ok" role="status">Revealed for 5 minutes, to you only; the reveal and its reason are in the audit log.</p>` : html``}
<dl class="facts" id="payout-facts">
<dt>Employee</dt><dd><a href="/console/employees/${payout.user_id}">${found.employeeName}</a> <small class="muted">(${payout.user_id})</small></dd>
<dt>Partner</dt><dd>${found.partnerName} (${found.partnerId})</dd>
<dt>Invoice</dt><dd><a href="/console/invoices/${payout.invoice_id}">${payout.invoice_id}</a></dd>
<dt>Status</dt><dd><strong>${payout.status}</strong>${payout.paid_at ? ` on ${when(payout.paid_at)}` : ''}</dd>
${found.failure && payout.status === 'failed' ? html`<dt>Failure</dt><dd id="payout-failure">${[found.failure.code, found.failure.message].filter(Boolean).join(': ')}</dd>` : html``}
<dt>Work date</dt><dd>${payout.date}</dd>
<dt>To pay out</dt><dd>${formatKroner((Number(payout.net_salary) + Number(payout.net_vacation)).toFixed(2))}</dd>
${payout.description ? html`<dt>Description</dt><dd>${payout.description}</dd>` : html``}
${payout.trace_id ? html`<dt>Trace id</dt><dd><code>${payout.trace_id}</code></dd>` : html``}
</dl>
<h2 id="amounts">Amounts and how they were computed</h2>
${amounts}
<details><summary>The rates used (stored with the payout)</summary><dl class="facts" id="payout-rates">${rates}</dl></details>
<h2 id="account">The account it goes to</h2>
${mayReveal ? html`` : html`<p class="muted">Your role (${operator.role}) sees the account masked.</p>`}
<dl class="facts"><dt>Bank account</dt><dd>${guarded(found.account.account)}</dd><dt>IBAN</dt><dd>${guarded(found.account.iban)}</dd><dt>BIC</dt><dd>${found.account.bic ?? '—'}</dd></dl>
<p class="muted">The account copied onto the payout when it was created; the employee's current account is on <a href="/console/employees/${payout.user_id}">their page</a>.</p>
<h2 id="timeline">Timeline</h2>
<ol class="timeline" id="payout-timeline">${timeline}</ol>
<h2 id="bank">Payment files and what the bank reported</h2>
${files}
${bank}
<h2 id="events">Events</h2>
${events}
<h2 id="deliveries">Webhook deliveries</h2>
${deliveries}
<p><a href="/console/webhooks?partner=${found.partnerId}">The partner's webhooks</a></p>
<h2 id="audit">Audit entries</h2>
${audit}
<p><a href="${auditObjectLink(`payout:${payout.id}`)}">In the audit log</a></p>`,
        '/console/payouts',
      );
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof RevealForm> }>(
    '/console/payouts/:id/reveal',
    { config: { permission: 'reveal_personal_data' }, schema: { params: IdParams, body: RevealForm } },
    async (request, reply) => {
      const back = `/console/payouts/${encodeURIComponent(request.params.id)}`;
      try {
        await story.reveal(operatorOf(request), request.params.id, {
          field: field(request.body, 'field'),
          reason: field(request.body, 'reason'),
        });
      } catch (error) {
        return kit.problem(request, reply, error, back);
      }
      return reply.redirect(`${back}?saved=revealed`, 303);
    },
  );
}
