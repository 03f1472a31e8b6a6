import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { findMail, recentMail } from '../modules/mail/mail.repository.js';
import { escapeHtml, html, messagePage, page, SafeHtml } from './html.js';
import { pageHeaders } from './security.js';

/** Escapes the text, then makes its http(s) links clickable. */
function linkify(text: string): SafeHtml {
  return new SafeHtml(escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`));
}

/** Sandbox only: the outbox as a mailbox, so partners can follow e-mailed links without SMTP. */
export async function mailboxPages(app: FastifyInstance, deps: { db: Kysely<Database> }): Promise<void> {
  app.get('/sandbox/mailbox', async (_request, reply) => {
    const mails = await recentMail(deps.db, 100);
    const rows = mails.map(
      (m) => html`<tr><td><a href="/sandbox/mailbox/${m.id}">${m.subject}</a></td><td>${m.to_address}</td><td>${m.created_at}</td><td>${m.status}</td></tr>`,
    );
    return pageHeaders(reply).send(
      page({
        title: 'Sandbox mailbox',
        body: html`<h1>Sandbox mailbox</h1><p class="muted">Mail the sandbox would have sent, newest first (the last 100).</p>
${rows.length ? html`<table><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Queued</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p>No mail yet.</p>`}`,
      }),
    );
  });

  app.get<{ Params: { id: string } }>('/sandbox/mailbox/:id', async (request, reply) => {
    const mail = /^[1-9][0-9]{0,15}$/.test(request.params.id) ? await findMail(deps.db, Number(request.params.id)) : undefined;
    if (!mail) return pageHeaders(reply.status(404)).send(messagePage('No such message', 'This message does not exist.'));
    return pageHeaders(reply).send(
      page({
        title: mail.subject,
        body: html`<p><a href="/sandbox/mailbox">← Mailbox</a></p><h1>${mail.subject}</h1><p class="muted">To ${mail.to_address} · ${mail.created_at} · ${mail.status}</p><pre style="white-space:pre-wrap">${linkify(mail.text_body)}</pre>`,
      }),
    );
  });
}
