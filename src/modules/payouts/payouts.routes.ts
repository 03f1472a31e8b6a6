import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { described, errorResponses } from '../../platform/openapi.js';
import { toPage } from '../../platform/pagination.js';
import { callerOf, writeContext } from '../../platform/request-context.js';
import { UserIdParams } from '../users/index.js';
import type { PayoutBatchService } from './payout-batch.service.js';
import type { PayoutService } from './payouts.service.js';
import {
  CreatePayoutsBody,
  PayoutList,
  PayoutListQuery,
  PayoutParams,
  PayoutSchema,
  PayoutsCreated,
  UserPayoutListQuery,
} from './payouts.schemas.js';

export interface PayoutRoutesDeps {
  batches: PayoutBatchService;
  payouts: PayoutService;
  publicBaseUrl: string;
}

const tags = ['Payouts'];
const LIST_DESCRIPTION =
  'Newest first (`created_at`, then `id`). Filters: `status`, and `from` / `to` on the payout `date` (inclusive). `next` and `previous` are absolute URLs keeping your filters, or "" when there is no such page.';
const badFilter = errorResponses(
  AppError.field('status', 'status must be one of pending, processing, paid, cancelled, failed.'),
);

export function payoutRoutes({ batches, payouts, publicBaseUrl }: PayoutRoutesDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/payouts',
      {
        schema: {
          tags,
          operationId: 'createPayouts',
          summary: 'Create payouts on one shared invoice',
          description:
            'Validates the whole batch first; any invalid item rejects the request with 422 naming it (`payouts.3.products.0.price`), and nothing is stored. Every employee must be linked to you and onboarded. All payouts of the request share one invoice. Amounts are decimal strings with two decimals, computed exactly (see the payouts guide). Send an `Idempotency-key` so a retry cannot pay anyone twice: a key already used answers 400.',
          body: CreatePayoutsBody,
          response: {
            201: described(PayoutsCreated, 'The payouts were created on one new invoice'),
            ...errorResponses(
              AppError.field(
                'payouts.0.user_id',
                'payouts.0: the employee is not onboarded yet (missing: id_verification).',
              ),
            ),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await batches.create(writeContext(request), request.body)),
    );

    app.get(
      '/payouts',
      {
        schema: {
          tags,
          operationId: 'listPayouts',
          summary: 'Your payouts, newest first',
          description: `All your payouts, of every employee; \`user_id\` narrows to one employee, \`invoice_id\` to one invoice (another partner's invoice lists nothing, as a foreign \`user_id\` does). ${LIST_DESCRIPTION}`,
          querystring: PayoutListQuery,
          response: { 200: described(PayoutList, 'One page of your payouts'), ...badFilter },
        },
      },
      async (request) => {
        const { total, results } = await payouts.list(callerOf(request).partnerId, request.query);
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );

    app.get(
      '/payouts/:payout',
      {
        schema: {
          tags,
          operationId: 'getPayout',
          summary: 'One payout',
          description:
            'The payout with its amounts and status: `pending` until the operator marks it `paid` (`paid_at` set), or `cancelled`, or `failed` (the bank rejected it; it may be retried).',
          params: PayoutParams,
          response: { 200: described(PayoutSchema, 'The payout'), ...errorResponses('payout_not_found') },
        },
      },
      async (request) => payouts.get(callerOf(request).partnerId, request.params.payout),
    );

    app.get(
      '/users/:id/payouts',
      {
        schema: {
          tags,
          operationId: 'listUserPayouts',
          summary: "One employee's payouts, newest first",
          description: `The payouts you made to one of your employees. ${LIST_DESCRIPTION}`,
          params: UserIdParams,
          querystring: UserPayoutListQuery,
          response: {
            200: described(PayoutList, "One page of the employee's payouts"),
            ...errorResponses('user_not_found'),
            ...badFilter,
          },
        },
      },
      async (request) => {
        const { total, results } = await payouts.listForUser(
          callerOf(request).partnerId,
          request.params.id,
          request.query,
        );
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );
  };
}
