/** The mail outbox: messages by status, newest first, paged on the server; sending a failed one again (operator). */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { OUTBOX_FILTERS } from '../../modules/console/index.js';
import { can } from '../../modules/operators/index.js';
import { html } from '../html.js';
import {
  act,
  type Cell,
  Fields,
  FormFields,
  IdParams,
  intOf,
  listOrExplain,
  operatorOf,
  type PageDeps,
  pager,
  table,
  Text,
  urlWith,
  when,
} from './kit/index.js';

const MailQuery = Fields({ status: Text('Status', 20), before: Text('Page position', 20) });

export async function mailPages(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { kit, console } = deps;
  const flash = kit.flash;

  app.get<{ Querystring: Static<typeof MailQuery> }>(
    '/console/mail',
    { schema: { querystring: MailQuery } },
    async (request, reply) => {
      const operator = operatorOf(request);
      const { found, problem } = await listOrExplain(
        request,
        reply,
        () => console.admin.outbox(operator, { status: request.query.status, before: request.query.before }),
        null,
      );
      const status = found?.status ?? null;
      const before = found?.before ?? null;
      const mayResend = can(operator.role, 'resend_mail');
      const rows = (found?.mail ?? []).map((m) => {
        // A message whose body was removed (its link expired or was used) has nothing left to send.
        const undelivered =
          m.body_removed_at === null && (m.status === 'failed' || (m.status === 'pending' && m.attempts > 0));
        const state = m.status === 'pending' && m.attempts > 0 ? 'retrying' : m.status;
        const cells: Cell[] = [
          m.id,
          when(m.created_at),
          m.to,
          m.subject,
          html`<span class="${m.status === 'failed' ? 'status-bad' : m.status === 'sent' ? 'status-ok' : ''}">${state}</span>${m.sent_at ? html`<br><small class="muted">${when(m.sent_at)}</small>` : html``}${m.body_removed_at ? html`<br><small class="muted">body removed ${when(m.body_removed_at)}</small>` : html``}`,
          m.attempts,
          m.last_error,
        ];
        if (mayResend) {
          cells.push(
            undelivered
              ? html`<form method="post" action="/console/mail/${m.id}/resend" class="inline">${kit.csrfField(request)}<button type="submit" class="secondary">Send again<span class="visually-hidden"> message ${m.id}</span></button></form>`
              : null,
          );
        }
        return cells;
      });
      const options = [
        html`<option value="">all</option>`,
        ...OUTBOX_FILTERS.map(
          (value) => html`<option value="${value}"${status === value ? html` selected` : html``}>${value}</option>`,
        ),
      ];
      const oldest = found?.mail.at(-1)?.id;
      return kit.render(
        request,
        reply,
        'Mail',
        html`<h1>Mail</h1>
${flash.take(request, reply)}
<p>What onpay sends (sign-in links, notices), newest first. Recipients are shown shortened; bodies are not shown. <em>retrying</em>: not delivered yet, tried again later; <em>failed</em>: given up. <em>body removed</em>: the link in it expired or was used, so only the record that it was queued is kept (and it cannot be sent again).${
          mayResend ? '' : ' Operators and administrators can send a message again.'
        }</p>
<form method="get" action="/console/mail" class="filters">
<label for="status">Status<select id="status" name="status">${options}</select></label>
<button type="submit" class="secondary">Show</button>
</form>
${
  problem ??
  html`${table(
    'Mail',
    [
      { label: 'Id', num: true },
      { label: 'Queued' },
      { label: 'To' },
      { label: 'Subject' },
      { label: 'Status' },
      { label: 'Attempts', num: true },
      { label: 'Last error' },
      ...(mayResend ? [{ label: 'Action', action: true }] : []),
    ],
    rows,
    status ? `No ${status} mail.` : 'No mail.',
  )}
${pager(
  '/console/mail',
  { status: status ?? undefined },
  {
    first: before ? urlWith('/console/mail', { status }) : null,
    firstLabel: 'Newest mail',
    next: found?.has_more && oldest ? urlWith('/console/mail', { status, before: oldest }) : null,
    nextLabel: 'Older mail',
  },
)}`
}`,
        '/console/mail',
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/console/mail/:id/resend',
    { config: { permission: 'resend_mail' }, schema: { params: IdParams, body: FormFields({}) } },
    (request, reply) => {
      const id = intOf(request.params.id) ?? 0;
      return act(deps, request, reply, '/console/mail', async () => {
        const mail = await console.admin.resendMail(operatorOf(request), id);
        return { to: '/console/mail', message: `Message ${mail.id} to ${mail.to} will be sent again shortly.` };
      });
    },
  );
}
