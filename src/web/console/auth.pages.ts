/**
 * The console's doors: set-up (password, then authenticator, then recovery codes shown once),
 * sign-in (password and code, the same answer whatever was wrong), sign-out (here, or everywhere).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { MIN_PASSWORD_LENGTH, type OperatorService } from '../../modules/operators/index.js';
import { html, SafeHtml } from '../html.js';
import type { ConsoleKit, Form } from './kit/index.js';

export interface AuthPagesDeps {
  operators: OperatorService;
  kit: ConsoleKit;
  requireTotp: boolean;
}

const SETUP_GONE = html`<h1>This set-up link does not work</h1>
<p>It was used already, or its 24 hours are over. Ask an administrator for a new one (<code>onpay operator reset</code>).</p>`;

export async function consoleAuthPages(
  app: FastifyInstance,
  { operators, kit, requireTotp }: AuthPagesDeps,
): Promise<void> {
  function signInPage(request: FastifyRequest, reply: FastifyReply, notice: SafeHtml = html``) {
    return kit.render(
      request,
      reply,
      'Sign in',
      html`<h1>Sign in to the console</h1>
${notice}
<form method="post" action="/console/login">
${kit.preCsrfField(request, reply)}
<p><label for="email">E-mail address</label><br><input id="email" name="email" type="text" inputmode="email" autocomplete="username" required maxlength="254"></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"></p>
<p><label for="code">Code from your authenticator app${requireTotp ? '' : ' (not needed in this sandbox)'}</label><br>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" ${requireTotp ? html`required ` : html``}maxlength="14" aria-describedby="code-help">
<br><small id="code-help" class="muted">Six digits, or one of your recovery codes.</small></p>
<button type="submit">Sign in</button>
</form>`,
    );
  }

  app.get('/console/login', async (request, reply) => {
    if (request.operator) return reply.redirect('/console', 303);
    return signInPage(request, reply);
  });

  app.post<{ Body: Form }>('/console/login', async (request, reply) => {
    if (!kit.preCsrfOk(request, request.body?.csrf)) return forbidden(request, reply);
    const body = request.body ?? {};
    const result = await operators.signIn(
      String(body.email ?? ''),
      String(body.password ?? ''),
      String(body.code ?? ''),
      request.ip,
    );
    if (result.kind === 'limited') {
      reply.status(429);
      return signInPage(
        request,
        reply,
        html`<p class="notice bad" role="alert">Too many sign-in attempts for this account or from your network. Wait 15 minutes, then try again.</p>`,
      );
    }
    if (result.kind === 'refused') {
      reply.status(401);
      return signInPage(
        request,
        reply,
        html`<p class="notice bad" role="alert">The e-mail address, password or code is not right.</p>`,
      );
    }
    // A new session, never one the browser brought: no fixation. The pre-session cookie goes too.
    reply.setCookie(kit.sessionCookie, result.token, { ...kit.cookieOptions, maxAge: 12 * 60 * 60 });
    reply.clearCookie(kit.preCookie, kit.cookieOptions);
    return reply.redirect('/console', 303);
  });

  async function signOut(request: FastifyRequest<{ Body: Form }>, reply: FastifyReply, everywhere: boolean) {
    const operator = request.operator;
    if (!operator) return reply.redirect('/console/login', 303);
    if (!kit.csrfOk(request, request.body?.csrf)) return forbidden(request, reply);
    await operators.signOut(operator, everywhere);
    reply.clearCookie(kit.sessionCookie, kit.cookieOptions);
    request.operator = null;
    return kit.render(
      request,
      reply,
      'Signed out',
      html`<h1>Signed out</h1><p>${everywhere ? 'Every session of yours has ended, on every device.' : 'You are signed out.'}</p><p><a class="button" href="/console/login">Sign in again</a></p>`,
    );
  }
  app.post<{ Body: Form }>('/console/logout', (request, reply) => signOut(request, reply, false));
  app.post<{ Body: Form }>('/console/logout-everywhere', (request, reply) => signOut(request, reply, true));

  async function setupPage(
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
    notice: SafeHtml = html``,
  ) {
    const { token } = request.params;
    const state = await operators.setupState(token);
    if (!state) return kit.render(request, reply.status(410), 'Set-up link', SETUP_GONE);
    if (state.step === 'password') {
      return kit.render(
        request,
        reply,
        'Set up your account',
        html`<h1>Set up your console account</h1>
<p>For <strong>${state.operator.email}</strong> (${state.operator.role}). Step 1 of 2: choose a password of at least ${MIN_PASSWORD_LENGTH} characters. A long phrase is easier to remember and harder to guess.</p>
${notice}
<form method="post" action="/console/setup/${token}">
${kit.preCsrfField(request, reply)}<input type="hidden" name="step" value="password">
<input type="text" name="username" value="${state.operator.email}" autocomplete="username" hidden>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="256"></p>
<p><label for="repeat">The same password again</label><br><input id="repeat" name="repeat" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="256"></p>
<button type="submit">Continue</button>
</form>`,
      );
    }
    const enrolment = await operators.enrolment(state.secret, state.operator.email);
    return kit.render(
      request,
      reply,
      'Set up your authenticator',
      html`<h1>Set up your authenticator</h1>
<p>Step 2 of 2. Scan this code with an authenticator app (for example on your phone), or type the key in by hand.</p>
<div class="qr" role="img" aria-label="QR code of your authenticator key">${new SafeHtml(enrolment.svg)}</div>
<p>Key: <code data-totp-secret>${state.secret}</code></p>
${notice}
<form method="post" action="/console/setup/${token}">
${kit.preCsrfField(request, reply)}<input type="hidden" name="step" value="totp">
<p><label for="code">The 6-digit code the app shows now</label><br><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="7"></p>
<button type="submit">Finish</button>
</form>`,
    );
  }

  app.get<{ Params: { token: string } }>('/console/setup/:token', (request, reply) => setupPage(request, reply));

  app.post<{ Params: { token: string }; Body: Form }>('/console/setup/:token', async (request, reply) => {
    if (!kit.preCsrfOk(request, request.body?.csrf)) return forbidden(request, reply);
    const body = request.body ?? {};
    try {
      if (body.step === 'password') {
        await operators.choosePassword(request.params.token, String(body.password ?? ''), String(body.repeat ?? ''));
        return reply.redirect(`/console/setup/${request.params.token}`, 303);
      }
      const done = await operators.confirmAuthenticator(request.params.token, String(body.code ?? ''));
      return kit.render(
        request,
        reply,
        'Account ready',
        html`<h1>Your account is ready</h1>
<p>Keep these recovery codes somewhere safe, apart from your phone. Each one signs you in once in place of a code from the app. They are shown only now.</p>
<ul data-recovery-codes>${done.recoveryCodes.map((code) => html`<li><code>${code}</code></li>`)}</ul>
<p><a class="button" href="/console/login">Sign in</a></p>`,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'setup_link_invalid') return kit.render(request, reply.status(410), 'Set-up link', SETUP_GONE);
      reply.status(error.status);
      const message = error.fieldErrors ? Object.values(error.fieldErrors).flat().join(' ') : error.message;
      return setupPage(request, reply, html`<p class="notice bad" role="alert">${message}</p>`);
    }
  });

  function forbidden(request: FastifyRequest, reply: FastifyReply) {
    return kit.render(
      request,
      reply.status(403),
      'Form expired',
      html`<h1>This form has expired</h1><p>Nothing was changed. Go back, reload the page and send the form again.</p>`,
    );
  }
}
