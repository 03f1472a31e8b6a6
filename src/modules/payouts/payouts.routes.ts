import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, messageErrorResponses } from '../../platform/openapi.js';
import { toPage } from '../../platform/pagination.js';
import { callerOf, writeContext } from '../../platform/request-context.js';
import { UserIdParams } from '../users/users.schemas.js';
import type { PayoutBatchService } from './payout-batch.service.js';
import type { PayoutService } from './payouts.service.js';
import { CreatePayoutsBody, PayoutList, PayoutListQuery, PayoutParams, PayoutSchema, PayoutsCreated, UserPayoutListQuery } from './payouts.schemas.js';

export interface PayoutRoutesDeps {
  batches: PayoutBatchService;
  payouts: PayoutService;
  publicBaseUrl: string;
}

const tags = ['Payouts'];

export function payoutRoutes({ batches, payouts, publicBaseUrl }: PayoutRoutesDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/payouts',
      {
        schema: {
          tags,
          summary: 'Create payouts on one shared invoice',
          description:
            'Validates the whole batch first; any invalid item rejects the request with 422 naming it, and nothing is stored. Send an `Idempotency-key` so a retry cannot pay anyone twice.',
          body: CreatePayoutsBody,
          response: { 201: PayoutsCreated, ...messageErrorResponses(400, 401, 422, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await batches.create(writeContext(request), request.body)),
    );

    app.get(
      '/payouts',
      {
        schema: {
          tags,
          summary: 'Your payouts, newest first',
          querystring: PayoutListQuery,
          response: { 200: PayoutList, ...messageErrorResponses(400, 401, 422, 429) },
        },
      },
      async (request) => {
        const { total, results } = await payouts.list(callerOf(request).partnerId, request.query);
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );

    app.get(
      '/payouts/:payout',
      { schema: { tags, summary: 'One payout', params: PayoutParams, response: { 200: PayoutSchema, ...messageErrorResponses(400, 401, 404, 429) } } },
      async (request) => payouts.get(callerOf(request).partnerId, request.params.payout),
    );

    app.get(
      '/users/:id/payouts',
      {
        schema: {
          tags,
          summary: "One employee's payouts, newest first",
          params: UserIdParams,
          querystring: UserPayoutListQuery,
          response: { 200: PayoutList, ...errorResponses(400, 401, 404, 422, 429) },
        },
      },
      async (request) => {
        const { total, results } = await payouts.listForUser(callerOf(request).partnerId, request.params.id, request.query);
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );
  };
}
