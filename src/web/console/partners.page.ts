/**
 * Partners: a searchable list paged on the server, a partner's page (tokens, fee, return URLs, recent
 * activity), and the administrator's forms (create a partner, a token, revoke one, set the fee).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PARTNER_ORDERS } from '../../modules/console/index.js';
import { can } from '../../modules/operators/index.js';
import { html } from '../html.js';
import {
  act,
  ago,
  type Cell,
  Fields,
  FormFields,
  IdParams,
  intOf,
  listOrExplain,
  operatorOf,
  orderChoice,
  type PageDeps,
  pager,
  Sort,
  table,
  Text,
  when,
} from './kit/index.js';
import { activityTable } from './audit.page.js';
import { partnerDetailsSection } from './invoice-documents.page.js';
import { partnerOverview } from './partner-requests.page.js';

const PartnersQuery = Fields({ q: Text('Search', 255), page: Text('Page', 20), sort: Sort(PARTNER_ORDERS) });
/** The partners list's orders in words (its search form's choice). */
const ORDER_WORDS = [
  ['id', 'Oldest first'],
  ['-id', 'Newest first'],
] as const satisfies ReadonlyArray<readonly [(typeof PARTNER_ORDERS)[number], string]>;
const NewPartner = FormFields({ name: Text('Name', 255) });
const FeeForm = FormFields({ rate: Text('Service fee', 20) });
const TokenParams = Type.Object({
  id: IdParams.properties.id,
  tokenId: Type.String({ title: 'Token', maxLength: 20 }),
});
const RevokeForm = FormFields({ confirmed: Text('Confirmation', 1) });

export async function partnersPages(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { kit, console } = deps;
  const flash = kit.flash;

  app.get<{ Querystring: Static<typeof PartnersQuery> }>(
    '/console/partners',
    { schema: { querystring: PartnersQuery } },
    async (request, reply) => {
      const operator = operatorOf(request);
      const search = (request.query.q ?? '').trim();
      const sort = (request.query.sort ?? '').trim();
      const { found, problem } = await listOrExplain(
        request,
        reply,
        () => console.admin.partners(operator, { q: search, page: request.query.page, sort }),
        null,
      );
      const page = found?.page ?? 1;
      const rows = (found?.partners ?? []).map((p) => [
        p.partner_id,
        html`<a href="/console/partners/${p.partner_id}">${p.name}</a>`,
        p.fee_rate,
        p.active_tokens,
        when(p.created_at),
      ]);
      const create = can(operator.role, 'manage_partners')
        ? html`<h2>New partner</h2>
<form method="post" action="/console/partners">
${kit.csrfField(request)}
<p><label for="name">Name</label><br><input id="name" name="name" type="text" required maxlength="255" autocomplete="organization"></p>
<button type="submit">Create partner</button>
</form>
<p class="muted">The partner's API key and first access token are shown once, on the next page.</p>`
        : html`<p class="muted">Only administrators create partners.</p>`;
      return kit.render(
        request,
        reply,
        'Partners',
        html`<h1>Partners</h1>
${flash.take(request, reply)}
<form method="get" action="/console/partners" class="filters" role="search">
<label for="q">Name or id<input id="q" name="q" type="search" value="${search}" maxlength="255"></label>
${orderChoice(ORDER_WORDS, sort || PARTNER_ORDERS[0])}
<button type="submit" class="secondary">Search</button>
</form>
${
  problem ??
  html`${table(
    'Partners',
    [
      { label: 'Id', num: true, sort: 'id' },
      { label: 'Name' },
      { label: 'Fee', num: true },
      { label: 'Active tokens', num: true },
      { label: 'Created' },
    ],
    rows,
    search ? `No partner matches “${search}”.` : 'No partners yet.',
    {
      id: 'partners',
      sorted: { path: '/console/partners', params: { q: search }, current: sort || PARTNER_ORDERS[0] },
    },
  )}
${pager('/console/partners', { q: search, sort }, { page, hasMore: found?.has_more ?? false })}`
}
${create}`,
        '/console/partners',
      );
    },
  );

  app.post<{ Body: Static<typeof NewPartner> }>(
    '/console/partners',
    { config: { permission: 'manage_partners' }, schema: { body: NewPartner } },
    (request, reply) =>
      act(deps, request, reply, '/console/partners', async () => {
        const created = await console.admin.createPartner(operatorOf(request), request.body?.name ?? '');
        return {
          to: `/console/partners/${created.partner_id}`,
          message: `Partner ${created.partner_id} was created with an API key and an access token.`,
          secrets: { 'API key': created.api_key, 'Access token': created.access_token },
        };
      }),
  );

  app.get<{ Params: { id: string } }>('/console/partners/:id', async (request, reply) => {
    const operator = operatorOf(request);
    let detail;
    try {
      detail = await console.admin.partner(operator, intOf(request.params.id) ?? 0);
    } catch (error) {
      return kit.problem(request, reply, error, '/console/partners');
    }
    const { partner, tokens, returnUrls, activity } = detail;
    const id = partner.partner_id;
    const mayTokens = can(operator.role, 'manage_tokens');
    const mayPartners = can(operator.role, 'manage_partners');
    const tokenRows = tokens.map((t) => {
      const cells: Cell[] = [
        t.token_id,
        html`<code>${t.prefix}…</code>`,
        when(t.created_at),
        t.revoked_at
          ? html`<span class="status-bad">revoked ${when(t.revoked_at)}</span>`
          : html`<span class="status-ok">active</span>`,
        t.last_used_at ? when(t.last_used_at) : html`<span class="muted">none recorded</span>`,
      ];
      if (mayTokens) {
        // Revoking goes through a review page that says what it would stop.
        cells.push(
          t.revoked_at
            ? null
            : html`<form method="post" action="/console/partners/${id}/tokens/${t.token_id}/revoke/review" class="inline">${kit.csrfField(request)}<button type="submit" class="secondary">Revoke<span class="visually-hidden"> token ${t.token_id}</span></button></form>`,
        );
      }
      return cells;
    });
    const urlRows = returnUrls.map((u) => [
      u.id,
      html`<code>${u.requested_url}</code>`,
      u.status,
      when(u.requested_at),
      when(u.decided_at),
    ]);
    return kit.render(
      request,
      reply,
      `Partner ${id}`,
      html`<p><a href="/console/partners">Partners</a></p>
<h1>${partner.name}</h1>
${flash.take(request, reply)}
<dl class="facts"><dt>Id</dt><dd>${id}</dd><dt>Service fee</dt><dd>${partner.fee_rate}</dd><dt>Active tokens</dt><dd>${partner.active_tokens}</dd><dt>Created</dt><dd>${when(partner.created_at)}</dd></dl>
${
  mayPartners
    ? html`<form method="post" action="/console/partners/${id}/fee" class="filters">
${kit.csrfField(request)}
<label for="rate">Service fee on new payouts (a fraction: 0.05 is 5 %)<input id="rate" name="rate" type="text" inputmode="decimal" required maxlength="6" value="${partner.fee_rate}"></label>
<button type="submit">Set fee</button>
</form>`
    : html``
}
${await partnerDetailsSection(kit, console, request, id)}
<h2>Access tokens</h2>
${table(
  'Access tokens',
  [
    { label: 'Id', num: true },
    { label: 'Begins with' },
    { label: 'Created' },
    { label: 'Status' },
    { label: 'Last used' },
    ...(mayTokens ? [{ label: 'Action', action: true }] : []),
  ],
  tokenRows,
  'No access tokens.',
)}
${
  mayTokens
    ? html`<form method="post" action="/console/partners/${id}/tokens">${kit.csrfField(request)}<button type="submit">Create access token</button></form>
<p class="muted">A new token is shown once. A revoked token stops working at once; the next page says what revoking it would stop before anything changes. Last uses are recorded to the minute.</p>`
    : html`<p class="muted">Only administrators create and revoke tokens.</p>`
}
<h2>Return URLs</h2>
${table(
  'Return URLs',
  [{ label: 'Id', num: true }, { label: 'URL' }, { label: 'Status' }, { label: 'Requested' }, { label: 'Decided' }],
  urlRows,
  'This partner has registered no return URL.',
)}
<p><a href="/console/return-urls?partner=${id}&amp;status=pending">Pending return URLs of this partner</a></p>
${await partnerOverview(console, operator, id)}
<h2>Recent activity</h2>
${activityTable(activity, 'No activity yet.')}
<p><a href="/console/audit?object=partner:${id}">This partner in the audit log</a></p>`,
      '/console/partners',
    );
  });

  app.post<{ Params: { id: string }; Body: Static<typeof FeeForm> }>(
    '/console/partners/:id/fee',
    { config: { permission: 'manage_partners' }, schema: { params: IdParams, body: FeeForm } },
    (request, reply) => {
      const id = intOf(request.params.id) ?? 0;
      return act(deps, request, reply, `/console/partners/${id}`, async () => {
        const result = await console.admin.setFeeRate(operatorOf(request), id, request.body?.rate ?? '');
        return {
          to: `/console/partners/${id}`,
          message: `Partner ${id} now pays a ${result.fee_rate} service fee on new payouts.`,
        };
      });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/console/partners/:id/tokens',
    { config: { permission: 'manage_tokens' }, schema: { params: IdParams, body: FormFields({}) } },
    (request, reply) => {
      const id = intOf(request.params.id) ?? 0;
      return act(deps, request, reply, `/console/partners/${id}`, async () => {
        const issued = await console.admin.createToken(operatorOf(request), id);
        return {
          to: `/console/partners/${id}`,
          message: `Access token ${issued.token_id} was created.`,
          secrets: { 'Access token': issued.access_token },
        };
      });
    },
  );

  type TokenRequest = FastifyRequest<{ Params: Static<typeof TokenParams>; Body: Static<typeof RevokeForm> }>;

  /** The review before revoking: what stops, the token's last use, the partner's other tokens. */
  async function revokeReview(request: TokenRequest, reply: FastifyReply): Promise<FastifyReply> {
    const id = intOf(request.params.id) ?? 0;
    const back = `/console/partners/${id}`;
    let review;
    try {
      review = await console.admin.reviewTokenRevocation(operatorOf(request), id, intOf(request.params.tokenId) ?? 0);
    } catch (error) {
      return kit.problem(request, reply, error, back);
    }
    const { partner, token, otherActive, now } = review;
    const facts = html`<dl class="facts"><dt>Partner</dt><dd>${partner.name} (${partner.id})</dd><dt>Token</dt><dd>${token.token_id}, begins with <code>${token.prefix}…</code></dd><dt>Created</dt><dd>${when(token.created_at)}</dd></dl>`;
    if (token.revoked_at)
      return kit.render(
        request,
        reply,
        'Revoke token',
        html`<h1>Access token ${token.token_id} is revoked already</h1>
${facts}
<p>It was revoked ${when(token.revoked_at)}; there is nothing to do.</p>
<p><a href="${back}">Back to ${partner.name}</a></p>`,
        '/console/partners',
      );
    const lastUse = token.last_used_at
      ? html`${partner.name}'s last request with this token was <strong>${ago(token.last_used_at, now)}</strong> (${when(token.last_used_at)}; uses are recorded to the minute).`
      : html`No request with this token has been recorded.`;
    const others =
      otherActive === 0
        ? html`It is ${partner.name}'s <strong>only active token</strong>: nothing of their integration works until you create another and they put it in place.`
        : html`${partner.name} has ${otherActive} other active token${otherActive === 1 ? '' : 's'}; requests with ${otherActive === 1 ? 'it' : 'them'} keep working.`;
    return kit.render(
      request,
      reply,
      'Revoke token',
      html`<p><a href="${back}">${partner.name}</a> ›</p>
<h1>Revoke access token ${token.token_id} of ${partner.name}?</h1>
<div class="notice bad" role="alert" id="revoke-impact">
<p>${partner.name}'s integration stops at once for this token: from the moment you press the button, every request with it is refused (401).</p>
<p id="token-last-use">${lastUse}</p>
<p>${others}</p>
</div>
${facts}
<form method="post" action="/console/partners/${partner.id}/tokens/${token.token_id}/revoke">${kit.csrfField(request)}<input type="hidden" name="confirmed" value="1">
<button type="submit">Revoke token ${token.token_id}</button> <a href="${back}">Back to ${partner.name}, revoke nothing</a>
</form>`,
      '/console/partners',
    );
  }

  app.post<{ Params: Static<typeof TokenParams>; Body: Static<typeof RevokeForm> }>(
    '/console/partners/:id/tokens/:tokenId/revoke/review',
    { config: { permission: 'manage_tokens' }, schema: { params: TokenParams, body: RevokeForm } },
    revokeReview,
  );

  app.post<{ Params: Static<typeof TokenParams>; Body: Static<typeof RevokeForm> }>(
    '/console/partners/:id/tokens/:tokenId/revoke',
    { config: { permission: 'manage_tokens' }, schema: { params: TokenParams, body: RevokeForm } },
    (request, reply) => {
      const id = intOf(request.params.id) ?? 0;
      // Only the review page's button revokes: a form without it (an old page) gets the review first.
      if (request.body?.confirmed !== '1') return revokeReview(request, reply);
      return act(deps, request, reply, `/console/partners/${id}`, async () => {
        const result = await console.admin.revokeToken(operatorOf(request), id, intOf(request.params.tokenId) ?? 0);
        return {
          to: `/console/partners/${id}`,
          message: result.revoked
            ? `Access token ${result.token_id} was revoked.`
            : `Access token ${result.token_id} was already revoked.`,
        };
      });
    },
  );
}
