/**
 * Erasing a person in the console (docs/data-protection.md, "Export and erasure"; docs/console.md):
 * admin only, and only the review page's button erases. The review states the impact: whom the
 * partners lose, which payouts stay, and which payouts block it.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REASON_MAX } from '../../modules/console/index.js';
import { html } from '../html.js';
import { act, field, FormFields, IdParams, operatorOf, type PageDeps, Text } from './kit/index.js';

const EraseForm = FormFields({ reason: Text('Reason', REASON_MAX), confirmed: Text('Confirmation', 1) });
type EraseRequest = FastifyRequest<{ Params: { id: string }; Body: Static<typeof EraseForm> }>;

export async function erasePage(app: FastifyInstance, deps: PageDeps) {
  const { kit } = deps;
  const privacy = deps.console.privacy;
  const backOf = (request: EraseRequest) => `/console/employees/${encodeURIComponent(request.params.id)}`;

  async function review(request: EraseRequest, reply: FastifyReply): Promise<FastifyReply> {
    const back = backOf(request);
    let impact: Awaited<ReturnType<typeof privacy.reviewErasure>>;
    try {
      impact = await privacy.reviewErasure(operatorOf(request), request.params.id);
    } catch (error) {
      return kit.problem(request, reply, error, back);
    }
    const id = impact.userId;
    const crumbs = html`<p><a href="/console/employees">Employees</a> › <a href="${back}">Employee ${id}</a> ›</p>`;
    if (impact.openPayouts.length > 0)
      return kit.render(
        request,
        reply,
        `Employee ${id} cannot be erased yet`,
        html`${crumbs}
<h1>Employee ${id} cannot be erased yet</h1>
<div class="notice bad" role="alert" id="erase-blocked"><p>These payouts are not settled, and their money may still move to the person's account: pay, cancel or settle them first.</p>
<ul>${impact.openPayouts.map((p) => html`<li>Payout ${p.id} (${p.status})</li>`)}</ul></div>
<p><a href="${back}">Back to employee ${id}</a></p>`,
        '/console/employees',
      );
    const partners = impact.partners.map((p) => html`<li>${p.name} (partner ${p.id})</li>`);
    return kit.render(
      request,
      reply,
      `Erase employee ${id}?`,
      html`${crumbs}
<h1>Erase employee ${id}?</h1>
<div class="notice bad" role="alert" id="erase-impact">
<p>Everything stored about this person goes, and cannot be brought back: the e-mail, what each partner entered (names, phone, address, identity numbers, bank accounts), verifications, mail, login links and sessions; their data inside the partners' events is redacted.</p>
<p>${impact.partners.length === 0 ? html`No partner is linked to them any more.` : html`${impact.partners.length === 1 ? 'This partner loses' : `These ${impact.partners.length} partners lose`} the employee (every lookup answers 404) and ${impact.partners.length === 1 ? 'gets' : 'get'} the event <code>user.erased</code>:`}</p>
${partners.length ? html`<ul>${partners}</ul>` : html``}
<p>${impact.keptPayouts} payout${impact.keptPayouts === 1 ? '' : 's'} stay${impact.keptPayouts === 1 ? 's' : ''} for bookkeeping, with amounts and dates, without the bank account.</p>
${impact.erasedAt ? html`<p>This person was erased already (${impact.erasedAt.slice(0, 10)}): erasing again repeats the cleanup.</p>` : html``}
</div>
<form method="post" action="${back}/erase">${kit.csrfField(request)}<input type="hidden" name="confirmed" value="1">
<label for="erase-reason">Reason (kept in the audit log: the request's reference, not the person's name)</label><br>
<input type="text" id="erase-reason" name="reason" required minlength="3" maxlength="${REASON_MAX}" size="40" value="${field(request.body, 'reason')}">
<p><button type="submit">Erase employee ${id}</button> <a href="${back}">Back to employee ${id}, erase nothing</a></p>
</form>`,
      '/console/employees',
    );
  }

  app.post<{ Params: { id: string }; Body: Static<typeof EraseForm> }>(
    '/console/employees/:id/erase/review',
    { config: { permission: 'erase_personal_data' }, schema: { params: IdParams, body: EraseForm } },
    review,
  );

  app.post<{ Params: { id: string }; Body: Static<typeof EraseForm> }>(
    '/console/employees/:id/erase',
    { config: { permission: 'erase_personal_data' }, schema: { params: IdParams, body: EraseForm } },
    (request, reply) => {
      // Only the review page's button erases: a form without it gets the review first.
      if (field(request.body, 'confirmed') !== '1') return review(request, reply);
      const back = backOf(request);
      return act(deps, request, reply, back, async () => {
        await privacy.erase(operatorOf(request), request.params.id, field(request.body, 'reason'));
        return {
          to: back,
          message: 'The person is erased; their partners were told (user.erased) and the reason is in the audit log.',
        };
      });
    },
  );
}
