import type { FastifyInstance } from 'fastify';
import type { SandboxMailbox } from '../modules/mail/index.js';
import { escapeHtml, html, messagePage, page, SafeHtml } from './html.js';
import { pageHeaders } from './security.js';

/** Escapes the text, then makes its http(s) links clickable. */
function linkify(text: string): SafeHtml {
  return new SafeHtml(escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`));
}

/** A timestamp as "2026-11-21 10:00 UTC": shorter than ISO 8601, and it can wrap on a phone. */
function when(iso: string): SafeHtml {
  return html`<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`;
}

const NOT_FOUND = [
  'Mailbox not found',
  'This mailbox address is not valid. Ask the API for yours: GET /api/v1/test-helpers/mailbox.',
] as const;

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
        // Two columns, the address under the subject and the status under the time: four do not fit a phone.
        html`<tr><td><a href="/sandbox/mailbox/${request.params.token}/${m.id}">${m.subject}</a><br><small>To ${m.to}</small></td><td>${when(m.created_at)}<br><small>${m.status}${m.body_removed_at ? ' · body removed' : ''}</small></td></tr>`,
    );
    return pageHeaders(reply).send(
      page({
        title: 'Sandbox mailbox',
        body: html`<h1>Sandbox mailbox</h1><p class="muted">Mail your requests caused, which the sandbox would have sent, newest first (the last 100). Only you have this page's address.</p>
${rows.length ? html`<table><thead><tr><th scope="col">Message</th><th scope="col">Queued</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p>No mail yet.</p>`}`,
      }),
    );
  });

  app.get<{ Params: { token: string; id: string } }>('/sandbox/mailbox/:token/:id', async (request, reply) => {
    const partnerId = mailbox.partnerOf(request.params.token);
    if (partnerId === null) return pageHeaders(reply.status(404)).send(messagePage(...NOT_FOUND));
    const mail = await mailbox.message(partnerId, request.params.id);
    if (!mail)
      return pageHeaders(reply.status(404)).send(
        messagePage('No such message', 'This message does not exist in your mailbox.'),
      );
    return pageHeaders(reply).send(
      page({
        title: mail.subject,
        body: html`<p><a href="/sandbox/mailbox/${request.params.token}">← Mailbox</a></p><h1>${mail.subject}</h1><p class="muted">To ${mail.to} · ${when(mail.created_at)} · ${mail.status}</p>${mail.body_removed_at ? html`<p>${mail.text}</p>` : html`<pre style="white-space:pre-wrap">${linkify(mail.text)}</pre>`}`,
      }),
    );
  });
}
