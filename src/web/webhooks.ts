import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocWebhook } from '../modules/verification/index.js';
import { pageBudget, type PageBudget } from './pages-plugin.js';

export interface WebhookRoutesDeps {
  /** Null: no document vendor configured, so no webhook endpoint. */
  docWebhook: DocWebhook | null;
  /** The pages' per-address budget, which unsigned deliveries count against; null: no limiter. */
  budget: PageBudget | null;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function delivery(request: FastifyRequest) {
  return {
    rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    headers: {
      authClient: header(request.headers['x-auth-client']),
      signature: header(request.headers['x-hmac-signature']),
    },
  };
}

/**
 * Provider webhooks, outside /api/v1 (no partner credentials: the vendor signs its deliveries).
 * The signature is over the exact bytes sent, so this plugin's scope keeps every body raw.
 */
export async function webhookRoutes(app: FastifyInstance, deps: WebhookRoutesDeps): Promise<void> {
  const webhook = deps.docWebhook;
  if (!webhook) return;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  // The signature is checked before any address limit: the vendor's deliveries are never refused
  // for what others sent from its address; unsigned deliveries count against the address.
  const budget = deps.budget;
  if (budget) {
    app.addHook('preHandler', async (request, reply) => {
      const { rawBody, headers } = delivery(request);
      if (webhook.authentic(rawBody, headers)) return;
      const decision = await budget.limiter.hit(request, pageBudget(request, budget.perMinute));
      if (!decision || decision.allowed) return;
      budget.limiter.refuse(reply, pageBudget(request, budget.perMinute), decision);
      return reply.status(429).send({ message: 'Too Many Requests' });
    });
  }

  app.post('/webhooks/provider-doc', async (request, reply) => {
    const { rawBody, headers } = delivery(request);
    const result = await webhook.receive(rawBody, headers);
    if (!result.accepted) {
      // Never the headers or the body: they carry the integration key, the signature and personal data.
      request.log.warn(
        { webhook: 'provider-doc', status: result.status, reason: result.reason, remoteAddress: request.ip },
        'webhook rejected',
      );
      return reply.status(result.status).send({ error: result.reason });
    }
    request.log.info(
      { webhook: 'provider-doc', verificationId: result.sessionId, note: result.note },
      'webhook accepted',
    );
    return reply.status(200).send({ status: 'ok' });
  });
}
