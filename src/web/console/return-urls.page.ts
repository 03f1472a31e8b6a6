/**
 * The return-URL queue: each request with its canonical parts (scheme, host, port, path) and the
 * partner's already approved URLs beside it; approve, reject or revoke with a reason that the audit
 * log keeps. Deciding needs the operator role; everyone may read.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { REASON_MAX, RETURN_URL_STATUSES } from '../../modules/console/index.js';
import { can } from '../../modules/operators/index.js';
import type { ReturnUrlCommand } from '../../modules/verification/index.js';
import { html } from '../html.js';
import {
  act,
  Fields,
  FormFields,
  IdParams,
  intOf,
  listOrExplain,
  operatorOf,
  type PageDeps,
  pager,
  Text,
  urlWith,
  when,
} from './kit/index.js';

const QueueQuery = Fields({
  status: Text('Status', 20),
  partner: Text('Partner id', 20),
  after: Text('Page position', 20),
});
const DecisionForm = FormFields({
  reason: Type.Optional(Type.String({ title: 'Reason', maxLength: REASON_MAX, multiline: true })),
});

const LABELS: Record<ReturnUrlCommand, string> = { approve: 'Approve', reject: 'Reject', revoke: 'Revoke' };
const DONE: Record<ReturnUrlCommand, string> = { approve: 'approved', reject: 'rejected', revoke: 'revoked' };

export async function returnUrlPages(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { kit, console } = deps;
  const flash = kit.flash;

  app.get<{ Querystring: Static<typeof QueueQuery> }>(
    '/console/return-urls',
    { schema: { querystring: QueueQuery } },
    async (request, reply) => {
      const operator = operatorOf(request);
      const q = request.query;
      const { found: queue, problem } = await listOrExplain(
        request,
        reply,
        () => console.admin.returnUrlQueue(operator, { status: q.status, partner: q.partner, after: q.after }),
        null,
      );
      // What the form shows: the filter as read, or as sent when it could not be read.
      const status = queue ? queue.filter.status : (q.status ?? '').trim() || 'pending';
      const partnerText = queue ? String(queue.filter.partnerId ?? '') : (q.partner ?? '').trim();
      const after = queue?.filter.after ?? 0;
      const mayDecide = can(operator.role, 'decide_return_urls');
      const filterParams = { status: status ?? 'all', partner: queue?.filter.partnerId };

      const items = (queue?.requests ?? []).map(({ row, partnerName, parts, approved }) => {
        const commands: ReturnUrlCommand[] =
          row.status === 'pending' ? ['approve', 'reject'] : row.status === 'approved' ? ['revoke'] : ['approve'];
        const decide = mayDecide
          ? html`<form method="post" action="/console/return-urls/${row.id}/${commands[0]}">
${kit.csrfField(request)}
<p><label for="reason-${row.id}">Reason${commands.includes('approve') && commands.length === 1 ? ' (optional)' : commands.includes('approve') ? ' (required to reject)' : ''}</label><br>
<textarea id="reason-${row.id}" name="reason" rows="2" cols="40" maxlength="${REASON_MAX}"></textarea></p>
${commands.map(
  (command, index) =>
    html`<button type="submit"${index > 0 ? html` formaction="/console/return-urls/${row.id}/${command}" class="secondary"` : html``}>${LABELS[command]}<span class="visually-hidden"> return URL ${row.id}</span></button>`,
)}
</form>`
          : html``;
        return html`<section class="card" style="margin:1rem 0" aria-labelledby="url-${row.id}">
<h2 id="url-${row.id}"><code>${row.requested_url}</code></h2>
<dl class="facts">
<dt>Request</dt><dd>${row.id}, ${row.status}, asked ${when(row.requested_at)}${row.decided_at ? `, decided ${when(row.decided_at)}` : ''}</dd>
<dt>Partner</dt><dd><a href="/console/partners/${row.partner_id}">${partnerName}</a> (${row.partner_id})</dd>
<dt>Scheme</dt><dd><code>${parts.scheme}</code></dd>
<dt>Host</dt><dd><code>${parts.host}</code></dd>
<dt>Port</dt><dd><code>${parts.port}</code></dd>
<dt>Path</dt><dd><code>${parts.path}</code> and every path below it</dd>
<dt>Already approved</dt><dd>${approved.length ? html`<ul>${approved.map((a) => html`<li><code>${a.requested_url}</code></li>`)}</ul>` : 'none'}</dd>
</dl>
${decide}
</section>`;
      });

      const statusOptions = [...RETURN_URL_STATUSES, 'all'].map(
        (value) =>
          html`<option value="${value}"${(status ?? 'all') === value ? html` selected` : html``}>${value}</option>`,
      );
      const last = queue?.requests.at(-1)?.row.id;
      return kit.render(
        request,
        reply,
        'Return URLs',
        html`<h1>Return URLs</h1>
${flash.take(request, reply)}
<p>Partners register the addresses their employees return to after a verification. Approve one only when the host belongs to the partner. ${
          mayDecide ? '' : 'Operators and administrators decide; you can read.'
        }</p>
<form method="get" action="/console/return-urls" class="filters">
<label for="status">Status<select id="status" name="status">${statusOptions}</select></label>
<label for="partner">Partner id<input id="partner" name="partner" type="text" inputmode="numeric" value="${partnerText}" maxlength="15"></label>
<button type="submit" class="secondary">Show</button>
</form>
${
  problem ??
  html`${items.length ? html`${items}` : html`<p>${status === 'pending' && after === 0 ? 'No return URL is waiting for a decision.' : 'No return URLs to show.'}</p>`}
${pager('/console/return-urls', filterParams, {
  first: after > 0 ? urlWith('/console/return-urls', filterParams) : null,
  firstLabel: 'First page',
  next: queue?.has_more && last ? urlWith('/console/return-urls', { ...filterParams, after: last }) : null,
})}`
}`,
        '/console/return-urls',
      );
    },
  );

  for (const command of ['approve', 'reject', 'revoke'] as const) {
    app.post<{ Params: { id: string }; Body: Static<typeof DecisionForm> }>(
      `/console/return-urls/:id/${command}`,
      { config: { permission: 'decide_return_urls' }, schema: { params: IdParams, body: DecisionForm } },
      (request, reply) => {
        const id = intOf(request.params.id) ?? 0;
        return act(deps, request, reply, '/console/return-urls', async () => {
          const { row, changed } = await console.admin.decideReturnUrl(
            operatorOf(request),
            id,
            command,
            request.body?.reason,
          );
          return {
            to: '/console/return-urls',
            message: `Return URL ${row.id} (${row.requested_url}) ${changed ? 'was' : 'was already'} ${DONE[command]}.`,
          };
        });
      },
    );
  }
}
