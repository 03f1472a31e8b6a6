/**
 * The confirmation a console page shows once after a form's redirect (post, redirect, get): kept in
 * a short-lived cookie sealed with AES-256-GCM under a key derived from the service secret and
 * bound to the session, so a new access token shown once never travels in a URL or a log line and
 * no other session can read it. Taking it clears it.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html, type SafeHtml } from '../../html.js';

export interface Flash {
  message: string;
  /** A secret shown once (a new access token or API key): label → value. */
  secrets?: Record<string, string>;
}

const LIFETIME_SECONDS = 5 * 60;

export function createFlash({
  serviceSecret,
  secure,
  sessionCookie,
}: {
  serviceSecret: string;
  secure: boolean;
  sessionCookie: string;
}) {
  const name = secure ? '__Host-onpay_console_flash' : 'onpay_console_flash';
  const options = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure };
  const key = createHmac('sha256', serviceSecret).update('console-flash').digest();
  const bound = (request: FastifyRequest) =>
    createHash('sha256')
      .update(request.cookies[sessionCookie] ?? '')
      .digest('base64url');

  return {
    /** Sets the confirmation the next console page shows. */
    set(request: FastifyRequest, reply: FastifyReply, flash: Flash): void {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([
        cipher.update(JSON.stringify({ s: bound(request), f: flash, e: Date.now() + LIFETIME_SECONDS * 1000 }), 'utf8'),
        cipher.final(),
      ]);
      reply.setCookie(name, Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url'), {
        ...options,
        maxAge: LIFETIME_SECONDS,
      });
    },

    /** The pending confirmation as HTML (empty without one), cleared as it is shown. */
    take(request: FastifyRequest, reply: FastifyReply): SafeHtml {
      const sealed = request.cookies[name];
      if (!sealed) return html``;
      reply.clearCookie(name, options);
      let flash: Flash | null = null;
      try {
        const raw = Buffer.from(sealed, 'base64url');
        // A full 16-byte tag or nothing: GCM would otherwise accept a truncated one.
        if (raw.length < 28) throw new Error('short flash cookie');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12), { authTagLength: 16 });
        decipher.setAuthTag(raw.subarray(12, 28));
        const opened = JSON.parse(
          Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
        ) as { s: string; f: Flash; e: number };
        if (opened.s === bound(request) && opened.e > Date.now()) flash = opened.f;
      } catch {
        flash = null;
      }
      if (!flash) return html``;
      const secrets = Object.entries(flash.secrets ?? {});
      return html`<div class="notice ok" role="status"><p>${flash.message}</p>${
        secrets.length
          ? html`<p><strong>Copy ${secrets.length > 1 ? 'these now: they are' : 'this now: it is'} not shown again.</strong></p><dl class="facts">${secrets.map(
              ([label, value]) => html`<dt>${label}</dt><dd><code data-secret="${label}">${value}</code></dd>`,
            )}</dl>`
          : html``
      }</div>`;
    },
  };
}

export type FlashStore = ReturnType<typeof createFlash>;
