import '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LoginLinkService } from '../modules/login-links/index.js';
import { html, messagePage, page } from './html.js';
import { pageHeaders } from './security.js';

export const SESSION_COOKIE = 'onpay_session';

export interface LoginPagesDeps {
  links: LoginLinkService;
  secureCookies: boolean;
}

const PROBLEMS = {
  invalid: {
    status: 404,
    title: 'This link is not valid',
    message: 'The link is incomplete or has been changed. Copy the whole link from the e-mail, or ask for a new one.',
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    message: 'Login links work for 24 hours. Ask the company that sent it for a new one.',
  },
  used: {
    status: 410,
    title: 'This link has already been used',
    message: 'Each login link works once. Ask the company that sent it for a new one.',
  },
} as const;

/** Magic-link landing: GET shows a Continue button, POST uses the link and signs the employee in. */
export async function loginPages(app: FastifyInstance, deps: LoginPagesDeps): Promise<void> {
  function problem(reply: FastifyReply, kind: keyof typeof PROBLEMS) {
    const p = PROBLEMS[kind];
    return pageHeaders(reply.status(p.status)).send(messagePage(p.title, p.message));
  }

  /** The landing page of a usable link: who sent it, and the Continue button. */
  async function landing(reply: FastifyReply, token: string) {
    const state = await deps.links.state(token);
    if (state.kind !== 'ready') return problem(reply, state.kind);
    const forPayout = state.link.payout_id !== null;
    return pageHeaders(reply).send(
      page({
        title: 'Sign in',
        body: html`<h1>${forPayout ? 'See your payout' : 'Sign in to onpay'}</h1>
<p>${state.partnerName === null ? 'You asked for this link.' : `${state.partnerName} sent you this link.`} It works once.</p>
<form method="post" action="/login/${token}">
<button type="submit">Continue</button>
</form>`,
      }),
    );
  }

  const signInForm = html`<form method="post" action="/login">
<p><label for="email">Your e-mail address</label><br>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254"></p>
<button type="submit">Send me a sign-in link</button>
</form>`;

  // The person's own sign-in: a link to all their payouts, from every employer, by e-mail.
  app.get('/login', async (_request, reply) =>
    pageHeaders(reply).send(
      page({
        title: 'Sign in',
        body: html`<h1>Sign in to onpay</h1>
<p>See all your payouts, from every employer that pays you through onpay. We e-mail you a link that signs you in; it works once, for 24 hours.</p>
${signInForm}`,
      }),
    ),
  );

  app.post<{ Body: { email?: unknown } }>('/login', async (request, reply) => {
    const email = typeof request.body?.email === 'string' ? request.body.email : '';
    // Login CSRF: a form posted from another site only gets the form back.
    if (request.headers['sec-fetch-site'] === 'cross-site' || !/^[^\s@]{1,64}@[^\s@]{1,189}$/.test(email.trim())) {
      return pageHeaders(reply.status(400)).send(
        page({
          title: 'Sign in',
          body: html`<h1>Sign in to onpay</h1><p>Enter the e-mail address your employer has for you.</p>${signInForm}`,
        }),
      );
    }
    const outcome = await deps.links.requestSignIn(email, request.ip);
    if (outcome === 'limited') {
      return pageHeaders(reply.status(429).header('Retry-After', 3600)).send(
        messagePage('Too many sign-in requests', 'Please wait an hour before asking for another sign-in link.'),
      );
    }
    // The same page whether or not the address belongs to anyone: it must not tell.
    return pageHeaders(reply).send(
      messagePage(
        'Check your e-mail',
        'If the address belongs to an onpay account, a sign-in link is on its way. It works once, for 24 hours. No e-mail? Check the address with your employer.',
      ),
    );
  });

  // A wildcard, not `:token`: a parametric segment over Fastify's 100-character limit would get a
  // bare JSON 414 instead of the "not valid" page (a link with text glued on from an e-mail client).
  app.get<{ Params: { '*': string } }>('/login/*', async (request, reply) => landing(reply, request.params['*']));

  app.post<{ Params: { '*': string } }>('/login/*', async (request, reply) => {
    const token = request.params['*'];
    // Login CSRF: another site must not be able to submit someone's link in the employee's browser
    // and sign them in as that person. A cross-site POST only gets the landing page, whose button
    // cannot be pressed from another site (the page refuses framing).
    if (request.headers['sec-fetch-site'] === 'cross-site') return landing(reply, token);
    const result = await deps.links.consume(token);
    if (result.kind !== 'signed_in') return problem(reply, result.kind);
    reply.setCookie(SESSION_COOKIE, result.sessionToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      maxAge: result.sessionMaxAgeSeconds,
    });
    return pageHeaders(reply).redirect(result.target, 303);
  });
}
