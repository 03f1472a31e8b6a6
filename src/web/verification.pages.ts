import '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  REPLACED_REASON,
  SANDBOX_OUTCOMES,
  type BrowserFlow,
  type SandboxOutcome,
  type Step,
} from '../modules/verification/index.js';
import { html, messagePage, page } from './html.js';
import { originOf, pageHeaders } from './security.js';

export interface VerificationPagesDeps {
  flow: BrowserFlow;
  sandbox: boolean;
  secureCookies: boolean;
}

const PROVIDER_TEXT = {
  provider_eid: 'You will sign in with your national electronic ID (for example BankID).',
  provider_doc: 'You will photograph an identity document and yourself with your phone or computer.',
} as const;

const OUTCOME_LABEL: Record<SandboxOutcome, string> = {
  approved: 'Approve: the identity checks out',
  declined: 'Decline: the identity does not check out',
  cancelled: 'Cancel: the person gives up',
  error: 'Error: the provider fails',
};

/** The end user's verification pages: start page, provider hand-off and return, sandbox provider. */
export async function verificationPages(app: FastifyInstance, deps: VerificationPagesDeps): Promise<void> {
  const { flow } = deps;

  function send(reply: FastifyReply, step: Step) {
    if (step.kind === 'page') return pageHeaders(reply.status(step.status)).send(messagePage(step.title, step.message));
    if (step.binding) {
      reply.setCookie(step.binding.name, step.binding.value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        maxAge: 3600,
      });
    }
    return pageHeaders(reply).redirect(step.location, 303);
  }

  app.get<{ Params: { token: string } }>('/verify/:token', async (request, reply) => {
    const view = await flow.view(request.params.token);
    if (view.kind !== 'ready') pageHeaders(reply);
    if (view.kind === 'unknown') {
      return reply
        .status(404)
        .send(
          messagePage(
            'Link not found',
            'This verification link is not valid. Ask the company that sent it for a new one.',
          ),
        );
    }
    if (view.kind === 'finished') {
      const { status, outcome_reason: reason } = view.session;
      const back = html`<p><a class="button" href="${view.returnTo}">Back to ${view.partnerName}</a></p>`;
      if (status === 'expired') {
        return reply
          .status(410)
          .send(
            messagePage(
              'This link has expired',
              `The time to verify ran out. ${view.partnerName} can send you a new link.`,
              back,
            ),
          );
      }
      if (status === 'cancelled' && reason === REPLACED_REASON) {
        return reply
          .status(410)
          .send(
            messagePage(
              'This link was replaced',
              `${view.partnerName} started a newer verification for you. Use the newest link you received; this one no longer works.`,
              back,
            ),
          );
      }
      return reply.send(
        messagePage(
          'This verification is finished',
          `This verification has ended (${status}). There is nothing more to do here.`,
          back,
        ),
      );
    }
    const { session, partnerName } = view;
    return pageHeaders(reply, (await flow.startPageTargets(session)).map(originOf)).send(
      page({
        title: 'Verify your identity',
        body: html`<h1>Verify your identity</h1>
<p><strong>${partnerName}</strong> asks you to verify your identity before you can be paid through onpay.</p>
<p>${PROVIDER_TEXT[session.provider]}</p>
<form method="post" action="/verify/${request.params.token}">
<button type="submit">Continue</button>
</form>
<p class="muted">This link works until ${new Date(session.expires_at).toUTCString()}.</p>`,
      }),
    );
  });

  app.post<{ Params: { token: string } }>('/verify/:token', async (request, reply) =>
    send(reply, await flow.begin(request.params.token)),
  );

  app.get<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>(
    '/verify/callback/:provider',

    async (request, reply) => {
      const provider = request.params.provider;
      if (provider !== 'provider_eid' && provider !== 'provider_doc') {
        return pageHeaders(reply.status(404)).send(messagePage('Not found', 'There is no such page.'));
      }
      const ref = provider === 'provider_eid' ? request.query.state : request.query.ref;
      return send(reply, await flow.callback(provider, ref, request.query, request.cookies));
    },
  );

  if (!deps.sandbox) return;

  app.get<{ Params: { token: string } }>('/sandbox/provider/:token', async (request, reply) => {
    const found = await flow.sandboxSession(request.params.token, request.cookies);
    if ('kind' in found) return send(reply, found);
    const { session } = found;
    // The choice is answered with a redirect to the partner's return URL.
    const formTargets = [originOf(session.partner_return_url)];
    const options = SANDBOX_OUTCOMES.map(
      (outcome, i) =>
        html`<p><label><input type="radio" name="outcome" value="${outcome}"${i === 0 ? html` checked` : html``}> ${OUTCOME_LABEL[outcome]}</label></p>`,
    );
    return pageHeaders(reply, formTargets).send(
      page({
        title: 'Sandbox identity provider',
        body: html`<h1>Sandbox identity provider</h1>
<p class="muted">This page stands in for ${session.provider === 'provider_eid' ? 'the national eID' : 'the document check'} in the sandbox. No real identity is checked. Expiry happens by time.</p>
<form method="post" action="/sandbox/provider/${request.params.token}">
<fieldset><legend>Outcome of the verification</legend>
${options}
</fieldset>
<button type="submit">Finish verification</button>
</form>`,
      }),
    );
  });

  app.post<{ Params: { token: string }; Body: { outcome?: string } }>(
    '/sandbox/provider/:token',
    async (request, reply) => {
      const outcome = request.body?.outcome;
      if (!SANDBOX_OUTCOMES.includes(outcome as SandboxOutcome)) {
        return pageHeaders(reply.status(400)).send(
          messagePage('Choose an outcome', 'Go back and pick one of the outcomes.'),
        );
      }
      return send(reply, await flow.sandboxDecide(request.params.token, outcome as SandboxOutcome, request.cookies));
    },
  );
}
