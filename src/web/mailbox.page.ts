import type { FastifyInstance } from 'fastify';
import type { SandboxMailbox } from '../modules/mail/mailbox.service.js';
import { escapeHtml, html, messagePage, page, SafeHtml } from './html.js';
import { pageHeaders } from './security.js';

/** Escapes the text, then makes its http(s) links clickable. */
function linkify(text: string): SafeHtml {
  return new SafeHtml(escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`));
}

const NOT_FOUND = ['Mailbox not found', 'This mailbox address is not valid. Ask the API for yours: GET /api/v1/test-helpers/mailbox.'] as const;

/**
 * Sandbox only: one partner's outbox as a mailbox, so partners can follow e-mailed links without
 * SMTP. The address carries the partner's mailbox token; there is no page listing everyone's mail.
 */
export async function mailboxPages(app: FastifyInstance, deps: { mailbox: SandboxMailbox }): Promise<void> {
  const { mailbox } = deps;

  app.get<{ Params: { token: string } }>('/sandbox/mailbox/:token', async (request, reply) => {
    const partnerId = mailbox.partnerOf(request.params.token);
    if (partnerId === null) return pageHeaders(reply.status(404)).send(messagePage(...NOT_FOUND));
    const mails = await mailbox.list(partnerId);
    const rows = mails.map(
      (m) =>
        html`<tr><td><a href="/sandbox/mailbox/${request.params.token}/${m.id}">${m.subject}</a></td><td>${m.to_address}</td><td>${m.created_at}</td><td>${m.status}</td></tr>`,
    );
    return pageHeaders(reply).send(
      page({
        title: 'Sandbox mailbox',
        body: html`<h1>Sandbox mailbox</h1><p class="muted">Mail your requests caused, which the sandbox would have sent, newest first (the last 100). Only you have this page's address.</p>
${rows.length ? html`<table><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Queued</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p>No mail yet.</p>`}`,
      }),
    );
  });

  app.get<{ Params: { token: string; id: string } }>('/sandbox/mailbox/:token/:id', async (request, reply) => {
    const partnerId = mailbox.partnerOf(request.params.token);
    if (partnerId === null) return pageHeaders(reply.status(404)).send(messagePage(...NOT_FOUND));
    const mail = await mailbox.message(partnerId, request.params.id);
    if (!mail) return pageHeaders(reply.status(404)).send(messagePage('No such message', 'This message does not exist in your mailbox.'));
    return pageHeaders(reply).send(
      page({
        title: mail.subject,
        body: html`<p><a href="/sandbox/mailbox/${request.params.token}">← Mailbox</a></p><h1>${mail.subject}</h1><p class="muted">To ${mail.to_address} · ${mail.created_at} · ${mail.status}</p><pre style="white-space:pre-wrap">${linkify(mail.text_body)}</pre>`,
      }),
    );
  });
}
