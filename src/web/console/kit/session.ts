/**
 * What every console page shares: the cookies (`__Host-` over https), CSRF tokens bound to the
 * session (or, before sign-in, to a pre-session cookie), the confirmation shown once after a form
 * (flash), the layout with the operator's navigation, and answering a refused action or a value
 * that does not fit as a page.
 */
import { createHmac, randomBytes } from 'node:crypto';
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { AppError } from '../../../errors.js';
import { can, type ConsoleOperator, type Permission } from '../../../modules/operators/index.js';
import { safeEqual } from '../../../platform/secrets.js';
import { html, page, type SafeHtml } from '../../html.js';
import { pageHeaders } from '../../security.js';
import { schemaOf, unfitProblems } from './fields.js';
import { createFlash } from './flash.js';
import { inFormWords } from './words.js';
import { unreadableFilter } from './lists.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in console operator (set by the console's guard on its pages). */
    operator: ConsoleOperator | null;
  }
}

export interface ConsoleKitOptions {
  serviceSecret: string;
  /** https: `__Host-` cookies with Secure; plain http (a local sandbox): unprefixed names, as browsers refuse `__Host-` there. */
  secure: boolean;
}

export const NAV: ReadonlyArray<{ href: string; label: string; permission: Permission }> = [
  { href: '/console', label: 'Dashboard', permission: 'view' },
  { href: '/console/return-urls', label: 'Return URLs', permission: 'view' },
  { href: '/console/partners', label: 'Partners', permission: 'view' },
  { href: '/console/employees', label: 'Employees', permission: 'view' },
  { href: '/console/payouts', label: 'Payouts', permission: 'view' },
  { href: '/console/invoices', label: 'Invoices', permission: 'view' },
  { href: '/console/bank/files', label: 'Payment files', permission: 'view' },
  { href: '/console/terms', label: 'Terms', permission: 'view' },
  { href: '/console/audit', label: 'Audit log', permission: 'view' },
  { href: '/console/mail', label: 'Mail', permission: 'view' },
  { href: '/console/webhooks', label: 'Webhooks', permission: 'view' },
];

export function createConsoleKit({ serviceSecret, secure }: ConsoleKitOptions) {
  const sessionCookie = secure ? '__Host-onpay_console' : 'onpay_console';
  const preCookie = secure ? '__Host-onpay_console_pre' : 'onpay_console_pre';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure };
  const mac = (purpose: string, value: string) =>
    createHmac('sha256', serviceSecret).update(`${purpose}:${value}`).digest('base64url');

  /** The pre-session cookie (set when missing) that binds the sign-in and set-up forms' CSRF tokens. */
  function preSession(request: FastifyRequest, reply: FastifyReply): string {
    const existing = request.cookies[preCookie];
    if (existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing)) return existing;
    const fresh = randomBytes(24).toString('base64url');
    reply.setCookie(preCookie, fresh, { ...cookieOptions, maxAge: 60 * 60 });
    return fresh;
  }

  return {
    sessionCookie,
    preCookie,
    cookieOptions,
    /** The confirmation the next page shows once (post, redirect, get). */
    flash: createFlash({ serviceSecret, secure, sessionCookie }),

    /** The CSRF field of a signed-in page's forms. */
    csrfField(request: FastifyRequest): SafeHtml {
      return html`<input type="hidden" name="csrf" value="${mac('console', request.cookies[sessionCookie] ?? '')}">`;
    },

    /** The CSRF field of a form shown before sign-in (sign-in, set-up). */
    preCsrfField(request: FastifyRequest, reply: FastifyReply): SafeHtml {
      return html`<input type="hidden" name="csrf" value="${mac('console-pre', preSession(request, reply))}">`;
    },

    /** True when a signed-in form's token belongs to this session. */
    csrfOk(request: FastifyRequest, sent: unknown): boolean {
      const token = request.cookies[sessionCookie];
      return typeof sent === 'string' && Boolean(token) && safeEqual(sent, mac('console', token as string));
    },

    /** True when a pre-session form's token belongs to this browser's pre-session cookie. */
    preCsrfOk(request: FastifyRequest, sent: unknown): boolean {
      const pre = request.cookies[preCookie];
      return typeof sent === 'string' && Boolean(pre) && safeEqual(sent, mac('console-pre', pre as string));
    },

    /** A console page: wide, with the navigation the operator's role allows and a sign-out form. */
    render(request: FastifyRequest, reply: FastifyReply, title: string, body: SafeHtml, current = ''): FastifyReply {
      const operator = request.operator;
      const links = operator
        ? NAV.filter((item) => can(operator.role, item.permission)).map(
            (item) =>
              html`<a href="${item.href}"${item.href === current ? html` aria-current="page"` : html``}>${item.label}</a>`,
          )
        : [];
      const header = operator
        ? html`<span>onpay console</span> <small class="muted">· ${operator.email} (${operator.role})</small>
<nav class="console" aria-label="Console">${links}</nav>`
        : html`onpay console`;
      const signOut = operator
        ? html`<form method="post" action="/console/logout" class="inline">${this.csrfField(request)}<button type="submit" class="secondary">Sign out</button></form>
<form method="post" action="/console/logout-everywhere" class="inline">${this.csrfField(request)}<button type="submit" class="secondary">Sign out everywhere</button></form>`
        : html``;
      return pageHeaders(reply).send(
        page({ title: `${title} · console`, wide: true, header, body: html`${body}${signOut}` }),
      );
    },

    /** A signed-in page without a session: a page goes to sign-in, a form is refused (401). */
    signedOut(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect('/console/login', 303);
      reply.status(401);
      return this.render(
        request,
        reply,
        'Signed out',
        html`<h1>You are signed out</h1><p>Nothing was changed. <a href="/console/login">Sign in</a> and try again.</p>`,
      );
    },

    /** A signed-in form whose CSRF token is missing or another session's (403). */
    formExpired(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      reply.status(403);
      return this.render(
        request,
        reply,
        'Form expired',
        html`<h1>This form has expired</h1><p>Nothing was changed. Go back, reload the page and send the form again.</p>`,
      );
    },

    /**
     * A request that did not fit its route's schema (422): a page lists nothing and names each
     * field with why; a form changes nothing and names them.
     */
    unfit(request: FastifyRequest, reply: FastifyReply, errors: readonly ErrorObject[], part?: string): FastifyReply {
      const problems = unfitProblems(errors, schemaOf(request, part));
      reply.status(422);
      if (request.method === 'GET' || request.method === 'HEAD') {
        const path = request.url.split('?')[0] ?? '/console';
        return this.render(
          request,
          reply,
          'Nothing shown',
          html`<h1>Nothing is shown</h1>${unreadableFilter(problems)}<p><a href="${path}">The page without a filter</a></p>`,
        );
      }
      // Back to the section the form belongs to (its first path segment), never a URL the request named.
      const section = request.url.split('?')[0]?.split('/')[2];
      return this.problem(
        request,
        reply,
        AppError.fields({ form: problems }),
        section ? `/console/${section}` : '/console',
      );
    },

    /** A refused or failed action as a page with its status (403 role, 404, 409, 422), in the console's words. */
    problem(request: FastifyRequest, reply: FastifyReply, failure: unknown, back: string): FastifyReply {
      const error = inFormWords(failure);
      if (!(error instanceof AppError)) throw error;
      const details = error.fieldErrors ? Object.values(error.fieldErrors).flat() : [];
      reply.status(error.status);
      return this.render(
        request,
        reply,
        error.status === 403 ? 'Not allowed' : 'Not done',
        html`<h1>${error.status === 403 ? 'Not allowed' : 'Nothing was changed'}</h1>
<p class="notice bad" role="alert">${details.length > 1 ? details.join(' ') : error.message}</p>
<p><a href="${back}">Back</a></p>`,
      );
    },
  };
}

export type ConsoleKit = ReturnType<typeof createConsoleKit>;
