import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { described, errorResponses } from '../../platform/openapi.js';
import { writeContext } from '../../platform/request-context.js';
import { PayoutParams } from '../payouts/index.js';
import { UserIdParams } from '../users/index.js';
import { LoginLinkBody, LoginLinkSchema } from './login-links.schemas.js';
import type { LoginLinkService } from './login-links.service.js';

export function loginLinkRoutes(links: LoginLinkService): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The body is optional (LoginLinkBody): no body, or an empty one, is {} (the API plugin reads it
    // so); a JSON null is a body that is not an object, a 400 like everywhere else.
    app.post(
      '/users/:id/login-link',
      {
        schema: {
          tags: ['Login links'],
          operationId: 'createUserLoginLink',
          summary: 'A signed, single-use login link for the employee (24 hours)',
          description:
            "Returns a magic link to the employee's onpay pages. Opening it shows a Continue button (so mail scanners that prefetch links do not use it up); pressing it signs the employee in. The link works once, for 24 hours. With `send_email: true` the link is also e-mailed to the employee.",
          params: UserIdParams,
          body: LoginLinkBody,
          response: {
            200: described(LoginLinkSchema, 'The login link'),
            ...errorResponses('user_not_found', AppError.field('send_email', 'send_email must be a boolean.')),
          },
        },
      },
      async (request) => links.issueForUser(writeContext(request), request.params.id, request.body.send_email === true),
    );

    app.post(
      '/payouts/:payout/login-link',
      {
        schema: {
          tags: ['Login links'],
          operationId: 'createPayoutLoginLink',
          summary: "A login link that lands on the payout's page (24 hours)",
          description:
            "Like the employee's login link, but after Continue the employee lands on this payout's page. The link works once, for 24 hours. With `send_email: true` the link is also e-mailed to the employee.",
          params: PayoutParams,
          body: LoginLinkBody,
          response: {
            200: described(LoginLinkSchema, 'The login link'),
            ...errorResponses('payout_not_found', AppError.field('send_email', 'send_email must be a boolean.')),
          },
        },
      },
      async (request) =>
        links.issueForPayout(writeContext(request), request.params.payout, request.body.send_email === true),
    );
  };
}
