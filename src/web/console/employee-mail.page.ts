/**
 * The mail and login links sent to one employee (docs/decisions.md §28, docs/console.md "Mail and
 * login links of an employee"): when, why, delivered or not, used or expired; in the sandbox the
 * operator role and above can read a body (audited); live never shows one.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ConsoleService } from '../../modules/console/index.js';
import type { LinkKind, SentLink } from '../../modules/console/index.js';
import { html, type SafeHtml } from '../html.js';
import { Fields, FormFields, IdParams, listOrExplain, operatorOf, type PageDeps } from './kit/index.js';

/** The page takes no query: a parameter it does not know lists nothing and is named. */
const MailQuery = Fields({});
const BodyParams = Type.Object({
  id: IdParams.properties.id,
  mailId: Type.String({ title: 'Message', maxLength: 20 }),
});
const ReadForm = FormFields({});

const KIND: Record<LinkKind, string> = {
  own_sign_in: 'their own sign-in at /login',
  payout: 'a partner’s link to a payout',
  employee_pages: 'a partner’s link to their pages',
};

const when = (at: string) => at.slice(0, 16).replace('T', ' ');

function delivery(link: SentLink): SafeHtml {
  const mail = link.mail;
  if (!mail) return html`<span class="muted">not mailed: the partner took the link itself</span>`;
  const state = mail.status === 'pending' && mail.attempts > 0 ? 'retrying' : mail.status;
  return html`<span class="${mail.status === 'failed' ? 'status-bad' : mail.status === 'sent' ? 'status-ok' : ''}">${state}</span>${
    mail.sent_at ? html`<br><small class="muted">${when(mail.sent_at)}</small>` : html``
  }${mail.last_error ? html`<br><small class="muted">${mail.last_error}</small>` : html``}`;
}

export async function employeeMailPage(app: FastifyInstance, { kit, console }: PageDeps): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: Static<typeof MailQuery> }>(
    '/console/employees/:id/mail',
    { schema: { querystring: MailQuery } },
    async (request, reply) => {
      const { found: history, problem } = await listOrExplain(
        request,
        reply,
        async () => {
          try {
            return await console.mailHistory.history(operatorOf(request), request.params.id);
          } catch (error) {
            // Not found (or not allowed) is the problem page's.
            return kit.problem(request, reply, error, '/console/employees');
          }
        },
        null,
      );
      if (history !== null && !('links' in history)) return history;
      if (!history)
        return kit.render(
          request,
          reply,
          'Mail and login links',
          html`<p><a href="/console/employees">Employees</a> ›</p>
<h1>Mail and login links</h1>
${problem}
<p><a href="/console/employees/${encodeURIComponent(request.params.id)}/mail">The page without a filter</a></p>`,
          '/console/employees',
        );
      const csrf = kit.csrfField(request);
      const rows = history.links.map(
        (link) => html`<tr>
<td>${when(link.createdAt)}</td>
<td>${KIND[link.kind]}${link.partnerName ? html`<br><small class="muted">${link.partnerName}</small>` : html``}${link.payoutId !== null ? html`<br><small class="muted">payout ${link.payoutId}</small>` : html``}</td>
<td>${link.mail ? link.mail.subject : '—'}</td>
<td>${delivery(link)}</td>
<td>${link.state === 'used' ? html`used ${when(link.usedAt!)}` : link.state === 'expired' ? html`expired ${when(link.expiresAt)}` : html`open until ${when(link.expiresAt)}`}</td>
<td>${
          !link.mail
            ? html``
            : link.mail.body_removed_at
              ? html`<small class="muted">body removed ${when(link.mail.body_removed_at)}</small>`
              : history.mayReadBodies
                ? html`<form method="post" action="/console/employees/${history.userId}/mail/${link.mail.id}/body" class="inline">${csrf}<button type="submit" class="secondary">Read<span class="visually-hidden"> message ${link.mail.id}</span></button></form>`
                : html`<small class="muted">${history.sandbox ? 'operators and administrators can read it' : 'never shown in live'}</small>`
        }</td>
</tr>`,
      );
      const notice = history.sandbox
        ? history.sendsMail
          ? html`<p class="notice">This is a sandbox that delivers mail through its SMTP server (<code>SMTP_URL</code>). Bodies can be read here by operators and administrators; each reading is audited.</p>`
          : html`<p class="notice">This is a sandbox: <strong>it sends nothing</strong>. Mail stays in the outbox; “pending” means it was never delivered to anyone. Bodies can be read here by operators and administrators; each reading is audited.</p>`
        : html`<p class="notice">Live: the console never shows a mail body, to anyone.</p>`;
      return kit.render(
        request,
        reply,
        `Mail of employee ${history.userId}`,
        html`<p><a href="/console/employees">Employees</a> › <a href="/console/employees/${history.userId}">Employee ${history.userId}</a> ›</p>
<h1>Mail and login links</h1>
${notice}
<p>The most recent login links made for this person, newest first, and the mail that carried each; links are kept for a while after they expire, then forgotten.</p>
${
  rows.length
    ? html`<div class="table-wrap"><table><caption class="visually-hidden">Mail and login links</caption><thead><tr><th scope="col">Made (UTC)</th><th scope="col">Why</th><th scope="col">Subject</th><th scope="col">Delivered</th><th scope="col">Link</th><th scope="col">Body</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>No login links or mail.</p>`
}`,
        '/console/employees',
      );
    },
  );

  app.post<{ Params: Static<typeof BodyParams>; Body: Static<typeof ReadForm> }>(
    '/console/employees/:id/mail/:mailId/body',
    { config: { permission: 'read_mail_body' }, schema: { params: BodyParams, body: ReadForm } },
    async (request, reply) => {
      const back = `/console/employees/${encodeURIComponent(request.params.id)}/mail`;
      let read: Awaited<ReturnType<ConsoleService['mailHistory']['readBody']>>;
      try {
        read = await console.mailHistory.readBody(operatorOf(request), request.params.id, request.params.mailId);
      } catch (error) {
        return kit.problem(request, reply, error, back);
      }
      return kit.render(
        request,
        reply,
        `Message ${read.mail.id}`,
        html`<p><a href="/console/employees/${read.userId}">Employee ${read.userId}</a> › <a href="${back}">Mail and login links</a> ›</p>
<h1>Message ${read.mail.id}</h1>
<p class="notice">Sandbox: this message was not sent to anyone unless this sandbox has an SMTP server. Your reading is in the audit log.</p>
<dl class="facts"><dt>Subject</dt><dd>${read.mail.subject}</dd><dt>To</dt><dd>${read.mail.to}</dd><dt>Queued</dt><dd>${when(read.mail.created_at)}</dd></dl>
${read.text === null ? html`<p><strong>The body was removed</strong> on ${when(read.mail.body_removed_at ?? '')} (the link in it expired or was used, or the retention ran out): only the record that it was sent is kept.</p>` : html`<pre class="mail-body" tabindex="0" role="region" aria-label="Message body">${read.text}</pre>`}`,
        '/console/employees',
      );
    },
  );
}
