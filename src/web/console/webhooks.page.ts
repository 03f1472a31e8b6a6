/**
 * Webhooks in the console (docs/console.md "Webhooks"): partners' endpoints, each endpoint's delivery
 * log, one delivery (request and answers; personal fields masked until revealed with a reason),
 * resend, replay from a sequence (with a review step), disable and enable.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { REASON_MAX, type WebhookActions } from '../../modules/console/index.js';
import { can } from '../../modules/operators/index.js';
import { CONSOLE_REPLAY_MAX, DELIVERY_STATUSES, ENDPOINT_STATES } from '../../modules/webhooks/index.js';
import { html, type SafeHtml } from '../html.js';
import {
  act,
  type Cell,
  chip,
  field,
  Fields,
  FormFields,
  IdParams,
  listOrExplain,
  operatorOf,
  type PageDeps,
  pager,
  table,
  Text,
  urlWith,
  when,
} from './kit/index.js';

const EndpointsQuery = Fields({ partner: Text('Partner id', 20), state: Text('State', 20) });
const LogQuery = Fields({ status: Text('Status', 20), before: Text('Page position', 20) });
const DeliveryParams = Type.Object({
  id: IdParams.properties.id,
  deliveryId: Type.String({ title: 'Delivery', maxLength: 20 }),
});
/** A form that is its button alone. */
const ButtonForm = FormFields({});
const ReasonForm = FormFields({ reason: Text('Reason', REASON_MAX) });
const ReviewForm = FormFields({ from: Text('Replay from sequence', 20) });
/** The review page's form: the range it showed and its confirmation (without it, the review is shown first). */
const ReplayForm = FormFields({
  from: Text('Replay from sequence', 20),
  through: Text('Through sequence', 20),
  confirmed: Text('Confirmation', 1),
});

type Endpoint = Awaited<ReturnType<WebhookActions['endpoint']>>['endpoint'];

function stateCell(e: Pick<Endpoint, 'state' | 'disabled_reason' | 'failing_since'>): SafeHtml {
  const why =
    e.state === 'disabled'
      ? e.disabled_reason === 'failing'
        ? ' (failing for 5 days)'
        : e.disabled_reason === 'operator'
          ? ' (by an operator)'
          : ' (by the partner)'
      : '';
  return html`${chip(e.state)}${why}`;
}

function options(values: readonly string[], chosen: string | null, any: string): SafeHtml[] {
  return [
    html`<option value="">${any}</option>`,
    ...values.map((v) => html`<option value="${v}"${chosen === v ? html` selected` : html``}>${v}</option>`),
  ];
}

/** The headers each attempt of the delivery carried (the signature's value is not kept: it is made at each attempt). */
function requestHeaders(eventId: string, bytes: number): SafeHtml {
  const rows: Array<[string, SafeHtml | string]> = [
    ['content-type', 'application/json'],
    ['content-length', String(bytes)],
    ['user-agent', 'onpay-webhooks/1'],
    ['webhook-id', eventId],
    ['webhook-timestamp', 'the attempt’s time, in Unix seconds'],
    [
      'webhook-signature',
      html`<code>v1,…</code> <small class="muted">(HMAC-SHA256 of id, timestamp and body with the endpoint’s secret; neither the secret nor the signature is shown)</small>`,
    ],
  ];
  return html`<dl class="facts">${rows.map(([name, value]) => html`<dt><code>${name}</code></dt><dd>${value}</dd>`)}</dl>`;
}

export async function webhooksPage(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { kit, console } = deps;
  const flash = kit.flash;
  const hooks = console.webhooks;

  app.get<{ Querystring: Static<typeof EndpointsQuery> }>(
    '/console/webhooks',
    { schema: { querystring: EndpointsQuery } },
    async (request, reply) => {
      const operator = operatorOf(request);
      const { found, problem } = await listOrExplain(
        request,
        reply,
        () =>
          hooks.endpoints(operator, { partner: field(request.query, 'partner'), state: field(request.query, 'state') }),
        null,
      );
      const rows = (found?.endpoints ?? []).map((e): Cell[] => [
        html`<a href="/console/webhooks/${e.id}">${e.id}</a>`,
        html`${found?.partnerNames.get(e.partner_id) ?? ''} <small class="muted">(${e.partner_id})</small>`,
        html`<code>${e.url}</code>`,
        e.event_types.join(', '),
        stateCell(e),
        when(e.last_success) || 'never',
        when(e.failing_since),
        `${e.deliveries.pending} / ${e.deliveries.failed} / ${e.deliveries.delivered}`,
      ]);
      return kit.render(
        request,
        reply,
        'Webhooks',
        html`<h1>Webhooks</h1>
${flash.take(request, reply)}
<p>Partners' webhook endpoints. <em>failing</em>: the last attempt failed (since the time shown); <em>disabled</em>: nothing is sent until it is enabled again (by the partner, an operator, or after failing for 5 days). Open an endpoint for its delivery log.</p>
<form method="get" action="/console/webhooks" class="filters">
<label for="partner">Partner id<input type="text" inputmode="numeric" id="partner" name="partner" value="${field(request.query, 'partner')}" size="8"></label>
<label for="state">State<select id="state" name="state">${options(ENDPOINT_STATES, found?.state ?? null, 'any')}</select></label>
<button type="submit" class="secondary">Show</button>
</form>
${
  problem ??
  table(
    'Webhook endpoints',
    [
      { label: 'Endpoint', num: true },
      { label: 'Partner' },
      { label: 'URL' },
      { label: 'Event types' },
      { label: 'State' },
      { label: 'Last success' },
      { label: 'Failing since' },
      { label: 'Pending / failed / delivered' },
    ],
    rows,
    'No webhook endpoints match.',
  )
}`,
        '/console/webhooks',
      );
    },
  );

  app.get<{ Params: { id: string }; Querystring: Static<typeof LogQuery> }>(
    '/console/webhooks/:id',
    { schema: { querystring: LogQuery } },
    async (request, reply) => {
      const operator = operatorOf(request);
      // A log filter that does not fit or cannot be read: said, and nothing listed (docs/console.md, "Filters").
      const { found, problem } = await listOrExplain(
        request,
        reply,
        async () => {
          try {
            return await hooks.endpoint(operator, request.params.id, {
              status: field(request.query, 'status'),
              before: field(request.query, 'before'),
            });
          } catch (error) {
            // Not found (or not allowed) is the problem page's; an unreadable filter is listOrExplain's.
            if (error instanceof AppError && error.code !== 'validation_failed')
              return kit.problem(request, reply, error, '/console/webhooks');
            throw error;
          }
        },
        null,
      );
      if (found !== null && !('endpoint' in found)) return found;
      if (!found)
        return kit.render(
          request,
          reply,
          'Webhook endpoint',
          html`<h1>Webhook endpoint</h1>
${problem}
<p><a href="/console/webhooks/${request.params.id}">Show the whole log</a></p>`,
          '/console/webhooks',
        );
      const { endpoint: e } = found;
      const csrf = kit.csrfField(request);
      const mayManage = can(operator.role, 'manage_webhooks');
      const path = `/console/webhooks/${e.id}`;
      const rows = found.deliveries.map((d): Cell[] => [
        html`<a href="${path}/deliveries/${d.id}">${d.id}</a>`,
        Number(d.sequence),
        d.event_type,
        chip(d.status),
        d.attempts,
        when(d.created_at),
        d.status === 'pending' ? `next ${when(d.next_attempt_at)}` : when(d.finished_at),
      ]);
      const manage = mayManage
        ? html`<h2>Actions</h2>
${
  e.state === 'disabled'
    ? html`<form method="post" action="${path}/enable">${csrf}<button type="submit">Enable endpoint ${e.id}</button></form>
<p class="muted">Deliveries resume where they stopped: the events written while it was disabled are sent in order.</p>`
    : html`<form method="post" action="${path}/disable" class="filters">${csrf}
<label for="disable-reason">Reason (kept in the audit log)<input type="text" id="disable-reason" name="reason" required minlength="3" maxlength="${REASON_MAX}" size="30"></label>
<button type="submit" class="secondary">Disable endpoint ${e.id}</button></form>
<p class="muted">Nothing is sent while it is disabled; nothing is lost either: enabled again, it resumes where it stopped. The partner sees <code>disabled_reason: operator</code> and may enable it again.</p>`
}
<form method="post" action="${path}/replay/review" class="filters">${csrf}
<label for="replay-from">Replay from sequence<input type="text" inputmode="numeric" id="replay-from" name="from" required size="10"></label>
<button type="submit" class="secondary">Review the replay…</button></form>
<p class="muted">Queues again the events this endpoint would have received from that sequence on (at most ${CONSOLE_REPLAY_MAX} sequences at a time); the next page shows how many before anything is queued.</p>`
        : html`<p class="muted">Your role (${operator.role}) sees the log; operators and administrators can resend, replay, disable and enable.</p>`;
      const oldest = found.deliveries.at(-1)?.id;
      return kit.render(
        request,
        reply,
        `Webhook endpoint ${e.id}`,
        html`<p><a href="/console/webhooks">Webhooks</a> ›</p>
<h1>Webhook endpoint ${e.id}</h1>
${flash.take(request, reply)}
<dl class="facts">
<dt>Partner</dt><dd>${found.partnerName} (${e.partner_id})</dd>
<dt>URL</dt><dd><code>${e.url}</code></dd>
${e.description ? html`<dt>Description</dt><dd>${e.description}</dd>` : html``}
<dt>Event types</dt><dd>${e.event_types.join(', ')}</dd>
<dt>State</dt><dd>${stateCell(e)}${e.disabled_at ? html` <small class="muted">since ${when(e.disabled_at)}</small>` : html``}</dd>
<dt>Last success</dt><dd>${when(e.last_success) || 'never'}</dd>
<dt>Failing since</dt><dd>${when(e.failing_since) || '—'}</dd>
<dt>Queued up to sequence</dt><dd>${e.cursor}</dd>
<dt>Deliveries</dt><dd>${e.deliveries.pending} pending, ${e.deliveries.failed} failed, ${e.deliveries.delivered} delivered</dd>
</dl>
${manage}
<h2>Delivery log</h2>
<form method="get" action="${path}" class="filters">
<label for="status">Status<select id="status" name="status">${options(DELIVERY_STATUSES, found.status, 'all')}</select></label>
<button type="submit" class="secondary">Show</button>
</form>
${table(
  'Deliveries, newest first',
  [
    { label: 'Delivery', num: true },
    { label: 'Sequence', num: true },
    { label: 'Event type' },
    { label: 'Status' },
    { label: 'Attempts', num: true },
    { label: 'Queued' },
    { label: 'Finished' },
  ],
  rows,
  found.status ? `No ${found.status} deliveries.` : 'No deliveries yet.',
)}
${pager(
  '',
  {},
  {
    first: found.before ? urlWith(path, { status: found.status }) : null,
    firstLabel: 'Newest deliveries',
    next: found.hasMore && oldest ? urlWith(path, { status: found.status, before: oldest }) : null,
    nextLabel: 'Older deliveries',
  },
)}`,
        '/console/webhooks',
      );
    },
  );

  app.get<{ Params: { id: string; deliveryId: string } }>(
    '/console/webhooks/:id/deliveries/:deliveryId',
    async (request, reply) => {
      const operator = operatorOf(request);
      let found: Awaited<ReturnType<WebhookActions['delivery']>>;
      try {
        found = await hooks.delivery(operator, request.params.id, request.params.deliveryId);
      } catch (error) {
        return kit.problem(request, reply, error, `/console/webhooks/${encodeURIComponent(request.params.id)}`);
      }
      const { delivery: d, body } = found;
      const endpointPath = `/console/webhooks/${found.endpoint.id}`;
      const path = `${endpointPath}/deliveries/${d.id}`;
      const csrf = kit.csrfField(request);
      const mayReveal = can(operator.role, 'reveal_personal_data');
      const mayManage = can(operator.role, 'manage_webhooks');
      const attempts = found.attempts.map((a): Cell[] => [
        when(a.attempted_at),
        a.status_code === null ? 'no answer' : a.status_code,
        `${a.duration_ms} ms`,
        a.error ?? 'delivered',
        when(a.next_retry_at),
      ]);
      const reveal = found.revealed
        ? html`<p class="muted">Personal fields revealed to you for a few minutes; the reveal and its reason are in the audit log.</p>`
        : body.personal.length === 0
          ? html`<p class="muted">This body holds no personal fields.</p>`
          : mayReveal
            ? html`<p class="muted">Personal fields (${body.personal.join(', ')}) are masked.</p>
<details class="reveal"><summary>Reveal the personal fields</summary>
<form method="post" action="${path}/reveal">${csrf}
<label for="reveal-reason">Reason (kept in the audit log)</label><br><input type="text" id="reveal-reason" name="reason" required minlength="3" maxlength="${REASON_MAX}" size="30">
<button type="submit">Reveal</button>
</form></details>`
            : html`<p class="muted">Personal fields (${body.personal.join(', ')}) are masked; your role (${operator.role}) cannot reveal them.</p>`;
      const resend = mayManage
        ? html`<form method="post" action="${path}/resend">${csrf}<button type="submit">Resend delivery ${d.id}</button></form>
<p class="muted">Sends the same event again (same body, same <code>webhook-id</code>: the receiver can tell it is the same one), after what is already queued. If it is already waiting to be sent, it is made due now instead; sending the form twice queues it once.</p>`
        : html``;
      return kit.render(
        request,
        reply,
        `Webhook delivery ${d.id}`,
        html`<p><a href="/console/webhooks">Webhooks</a> › <a href="${endpointPath}">Endpoint ${found.endpoint.id}</a> ›</p>
<h1>Webhook delivery ${d.id}</h1>
${flash.take(request, reply)}
<dl class="facts">
<dt>Partner</dt><dd>${found.partnerName} (${found.endpoint.partner_id})</dd>
<dt>Endpoint</dt><dd><code>${found.endpoint.url}</code></dd>
<dt>Event</dt><dd>${d.event_type}, sequence ${Number(d.sequence)} <small class="muted">(${d.event_id})</small></dd>
<dt>Status</dt><dd>${chip(d.status)}${d.status === 'pending' ? ` (next attempt ${when(d.next_attempt_at)})` : d.finished_at ? ` (${when(d.finished_at)})` : ''}</dd>
<dt>Attempts</dt><dd>${d.attempts}</dd>
<dt>Queued</dt><dd>${when(d.created_at)}</dd>
</dl>
${resend}
<h2>Request</h2>
<p><code>POST ${found.endpoint.url}</code></p>
${requestHeaders(d.event_id, body.bytes)}
<h3>Body</h3>
<pre tabindex="0" aria-label="Request body" id="delivery-body">${body.text}</pre>
${body.truncated ? html`<p class="muted">Cut after ${body.text.length} characters of ${body.bytes} bytes.</p>` : html``}
${reveal}
<h2>Answers</h2>
<p class="muted">Each attempt's status, time and onpay's own error text; the receiver's answer body is not kept (docs/decisions.md §26).</p>
${table(
  'Attempts, oldest first',
  [{ label: 'Attempted' }, { label: 'Status' }, { label: 'Duration' }, { label: 'Outcome' }, { label: 'Next retry' }],
  attempts,
  'Not attempted yet.',
)}`,
        '/console/webhooks',
      );
    },
  );

  const endpointBack = (request: FastifyRequest<{ Params: { id: string } }>) =>
    `/console/webhooks/${encodeURIComponent(request.params.id)}`;

  app.post<{ Params: Static<typeof DeliveryParams>; Body: Static<typeof ButtonForm> }>(
    '/console/webhooks/:id/deliveries/:deliveryId/resend',
    { config: { permission: 'manage_webhooks' }, schema: { params: DeliveryParams, body: ButtonForm } },
    (request, reply) =>
      act(deps, request, reply, endpointBack(request), async () => {
        const { id, deliveryId } = request.params;
        const { queued } = await hooks.resend(operatorOf(request), id, deliveryId);
        return {
          to: `${endpointBack(request)}/deliveries/${encodeURIComponent(deliveryId)}`,
          message:
            queued === 'new'
              ? `Delivery ${deliveryId} is queued again: the worker sends it shortly, after what is already queued for this endpoint.`
              : `The event of delivery ${deliveryId} was already waiting to be sent; it is due now.`,
        };
      }),
  );

  app.post<{ Params: Static<typeof DeliveryParams>; Body: Static<typeof ReasonForm> }>(
    '/console/webhooks/:id/deliveries/:deliveryId/reveal',
    { config: { permission: 'reveal_personal_data' }, schema: { params: DeliveryParams, body: ReasonForm } },
    (request, reply) =>
      act(deps, request, reply, endpointBack(request), async () => {
        const { id, deliveryId } = request.params;
        await hooks.reveal(operatorOf(request), id, deliveryId, field(request.body, 'reason'));
        return {
          to: `${endpointBack(request)}/deliveries/${encodeURIComponent(deliveryId)}`,
          message: 'Revealed for 5 minutes, to you only; the reveal and its reason are in the audit log.',
        };
      }),
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof ReasonForm> }>(
    '/console/webhooks/:id/disable',
    { config: { permission: 'manage_webhooks' }, schema: { params: IdParams, body: ReasonForm } },
    (request, reply) =>
      act(deps, request, reply, endpointBack(request), async () => {
        const { changed } = await hooks.disable(operatorOf(request), request.params.id, field(request.body, 'reason'));
        return {
          to: endpointBack(request),
          message: changed
            ? 'The endpoint is disabled: nothing is sent to it until it is enabled.'
            : 'The endpoint was already disabled.',
        };
      }),
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof ButtonForm> }>(
    '/console/webhooks/:id/enable',
    { config: { permission: 'manage_webhooks' }, schema: { params: IdParams, body: ButtonForm } },
    (request, reply) =>
      act(deps, request, reply, endpointBack(request), async () => {
        const { changed } = await hooks.enable(operatorOf(request), request.params.id);
        return {
          to: endpointBack(request),
          message: changed
            ? 'The endpoint is enabled: deliveries resume where they stopped.'
            : 'The endpoint was already enabled.',
        };
      }),
  );

  async function replayReview(
    request: FastifyRequest<{ Params: Static<typeof IdParams>; Body: Static<typeof ReplayForm> }>,
    reply: FastifyReply,
  ) {
    const back = endpointBack(request);
    let review: Awaited<ReturnType<WebhookActions['replayReview']>>;
    try {
      review = await hooks.replayReview(operatorOf(request), request.params.id, { from: field(request.body, 'from') });
    } catch (error) {
      return kit.problem(request, reply, error, back);
    }
    const toQueue = review.events - review.alreadyWaiting;
    return kit.render(
      request,
      reply,
      'Replay webhooks?',
      html`<p><a href="/console/webhooks">Webhooks</a> › <a href="${back}">Endpoint ${request.params.id}</a> ›</p>
<h1>Replay sequences ${review.from} to ${review.through}?</h1>
<dl class="facts">
<dt>Events of this endpoint's types</dt><dd>${review.events}</dd>
<dt>Already waiting to be sent</dt><dd>${review.alreadyWaiting} (not queued twice)</dd>
<dt>To queue</dt><dd><strong>${toQueue}</strong></dd>
</dl>
${review.nextFrom ? html`<p class="notice">A replay covers at most ${CONSOLE_REPLAY_MAX} sequences: the next one would start at ${review.nextFrom}.</p>` : html``}
<p>They are sent after what is already queued for this endpoint, with their original <code>webhook-id</code>, so the partner's receiver can tell them from new events.</p>
<form method="post" action="${back}/replay">${kit.csrfField(request)}
<input type="hidden" name="from" value="${review.from}"><input type="hidden" name="through" value="${review.through}"><input type="hidden" name="confirmed" value="1">
<button type="submit">Queue ${toQueue} event${toQueue === 1 ? '' : 's'} again</button> <a href="${back}">Back to the endpoint, queue nothing</a>
</form>`,
      '/console/webhooks',
    );
  }

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof ReviewForm> }>(
    '/console/webhooks/:id/replay/review',
    { config: { permission: 'manage_webhooks' }, schema: { params: IdParams, body: ReviewForm } },
    replayReview,
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof ReplayForm> }>(
    '/console/webhooks/:id/replay',
    { config: { permission: 'manage_webhooks' }, schema: { params: IdParams, body: ReplayForm } },
    (request, reply) => {
      // Only the review page's button replays: a form without it gets the review first.
      if (request.body?.confirmed !== '1') return replayReview(request, reply);
      return act(deps, request, reply, endpointBack(request), async () => {
        const { queued, skipped } = await hooks.replay(operatorOf(request), request.params.id, {
          from: field(request.body, 'from'),
          through: field(request.body, 'through'),
        });
        return {
          to: endpointBack(request),
          message: `${queued} event${queued === 1 ? '' : 's'} queued again${skipped ? `; ${skipped} already waiting to be sent were not queued twice` : ''}.`,
        };
      });
    },
  );
}
