import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { described, errorResponses } from '../../platform/openapi.js';
import { PageQuery, toPage } from '../../platform/pagination.js';
import { callerOf, writeContext } from '../../platform/request-context.js';
import {
  CreateEndpointBody,
  DeliveryAttemptList,
  EndpointParams,
  PatchEndpointBody,
  ReplayAccepted,
  ReplayBody,
  TestAccepted,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from './webhooks.schemas.js';
import type { WebhookService } from './webhooks.service.js';

const tags = ['Webhooks'];
const EXTENSION = 'An extension to the interface specification (the Events and webhooks guide).';
const badUrl = AppError.field('url', 'url must be an https:// URL.');
const badTypes = AppError.field(
  'event_types',
  'event_types must be event types or prefixes ending in .* (payout.*); see the Event schema for the types.',
);
const DeletedEndpoint = Type.Object(
  { id: Type.Integer(), deleted: Type.Literal(true) },
  { additionalProperties: false, examples: [{ id: 7, deleted: true }] },
);

export function webhookRoutes(webhooks: WebhookService, publicBaseUrl: string): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/webhook-endpoints',
      {
        schema: {
          tags,
          operationId: 'createWebhookEndpoint',
          summary: 'Register a webhook endpoint',
          description: `Your events of the given types are POSTed to \`url\` from now on, signed per Standard Webhooks. The answer holds the signing \`secret\`: it is shown only here (and after a rotation). ${EXTENSION}`,
          body: CreateEndpointBody,
          response: {
            201: described(WebhookEndpointWithSecret, 'The endpoint, with its signing secret (shown once)'),
            ...errorResponses(badUrl, badTypes),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await webhooks.create(writeContext(request), request.body)),
    );

    app.get(
      '/webhook-endpoints',
      {
        schema: {
          tags,
          operationId: 'listWebhookEndpoints',
          summary: 'Your webhook endpoints',
          description: `Your endpoints, oldest first (secrets are never shown again). ${EXTENSION}`,
          querystring: PageQuery,
          response: { 200: described(WebhookEndpointList, 'One page of your endpoints') },
        },
      },
      async (request) => {
        const { total, results } = await webhooks.list(callerOf(request).partnerId, request.query);
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );

    app.get(
      '/webhook-endpoints/:id',
      {
        schema: {
          tags,
          operationId: 'getWebhookEndpoint',
          summary: 'One webhook endpoint',
          description: `One of your endpoints. ${EXTENSION}`,
          params: EndpointParams,
          response: {
            200: described(WebhookEndpoint, 'The endpoint'),
            ...errorResponses('webhook_endpoint_not_found'),
          },
        },
      },
      async (request) => webhooks.get(callerOf(request).partnerId, request.params.id),
    );

    app.patch(
      '/webhook-endpoints/:id',
      {
        schema: {
          tags,
          operationId: 'updateWebhookEndpoint',
          summary: 'Change a webhook endpoint',
          description: `Change the URL, the event types or the description, or disable (\`disabled: true\`) and re-enable it; a re-enabled endpoint resumes where it stopped. ${EXTENSION}`,
          params: EndpointParams,
          body: PatchEndpointBody,
          response: {
            200: described(WebhookEndpoint, 'The endpoint as it is now'),
            ...errorResponses('webhook_endpoint_not_found', badUrl, badTypes),
          },
        },
      },
      async (request) => webhooks.patch(writeContext(request), request.params.id, request.body),
    );

    app.delete(
      '/webhook-endpoints/:id',
      {
        schema: {
          tags,
          operationId: 'deleteWebhookEndpoint',
          summary: 'Delete a webhook endpoint',
          description: `Nothing more is delivered to it; its deliveries and attempts are deleted with it. ${EXTENSION}`,
          params: EndpointParams,
          response: {
            200: described(DeletedEndpoint, 'The endpoint is deleted'),
            ...errorResponses('webhook_endpoint_not_found'),
          },
        },
      },
      async (request) => {
        await webhooks.remove(writeContext(request), request.params.id);
        return { id: Number(request.params.id), deleted: true as const };
      },
    );

    app.post(
      '/webhook-endpoints/:id/rotate-secret',
      {
        schema: {
          tags,
          operationId: 'rotateWebhookSecret',
          summary: 'Rotate the signing secret',
          description: `A new secret signs from now on; for 24 hours the old one signs too (two signatures in \`webhook-signature\`), so you can switch your receiver without losing a delivery. ${EXTENSION}`,
          params: EndpointParams,
          response: {
            200: described(WebhookEndpointWithSecret, 'The endpoint, with its new secret (shown once)'),
            ...errorResponses('webhook_endpoint_not_found'),
          },
        },
      },
      async (request) => webhooks.rotateSecret(writeContext(request), request.params.id),
    );

    app.post(
      '/webhook-endpoints/:id/test',
      {
        schema: {
          tags,
          operationId: 'testWebhookEndpoint',
          summary: 'Send a test event',
          description: `Queues a \`webhook.test\` event (sequence 0, not part of your feed) for the endpoint, signed like every delivery. ${EXTENSION}`,
          params: EndpointParams,
          response: {
            202: described(TestAccepted, 'The test event is queued'),
            ...errorResponses('webhook_endpoint_not_found'),
          },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await webhooks.sendTest(writeContext(request), request.params.id)),
    );

    app.get(
      '/webhook-endpoints/:id/deliveries',
      {
        schema: {
          tags,
          operationId: 'listWebhookDeliveries',
          summary: 'Delivery attempts of an endpoint',
          description: `Every attempt to deliver to the endpoint, newest first: the event, when, your answer's status, how long it took, the error, and when it is tried again. ${EXTENSION}`,
          params: EndpointParams,
          querystring: PageQuery,
          response: {
            200: described(DeliveryAttemptList, 'One page of attempts'),
            ...errorResponses('webhook_endpoint_not_found'),
          },
        },
      },
      async (request) => {
        const { total, results } = await webhooks.attempts(
          callerOf(request).partnerId,
          request.params.id,
          request.query,
        );
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );

    app.post(
      '/webhook-endpoints/:id/replay',
      {
        schema: {
          tags,
          operationId: 'replayWebhookEvents',
          summary: 'Re-send events from a sequence',
          description: `Queues your events after \`after\` (of the endpoint's types, still in the feed) again, in order, up to the last one already queued; later events come as usual. One replay covers at most 10 000 sequences after \`after\`: when more are left, \`next_after\` is the \`after\` of the next replay. A replayed event has its original \`webhook-id\`. ${EXTENSION}`,
          params: EndpointParams,
          body: ReplayBody,
          response: {
            202: described(ReplayAccepted, 'The events are queued'),
            ...errorResponses(
              'webhook_endpoint_not_found',
              new AppError(
                'events_expired',
                'Events up to sequence 120 have aged out of the feed; the oldest available is 121.',
                undefined,
                { oldest_available: 121 },
              ),
            ),
          },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await webhooks.replay(writeContext(request), request.params.id, request.body.after)),
    );
  };
}
