import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, messageErrorResponses } from '../../platform/openapi.js';
import { writeContext } from '../../platform/request-context.js';
import { PayoutParams } from '../payouts/payouts.schemas.js';
import { UserIdParams } from '../users/users.schemas.js';
import { LoginLinkBody, LoginLinkSchema } from './login-links.schemas.js';
import type { LoginLinkService } from './login-links.service.js';

export function loginLinkRoutes(links: LoginLinkService): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The body is optional: no body means { send_email: false }.
    app.addHook('preValidation', async (request) => {
      if (request.body === undefined || request.body === null) request.body = {};
    });

    app.post(
      '/users/:id/login-link',
      {
        schema: {
          tags: ['Login links'],
          summary: 'A signed, single-use login link for the employee (24 hours)',
          params: UserIdParams,
          body: LoginLinkBody,
          response: { 200: LoginLinkSchema, ...errorResponses(400, 401, 404, 422, 429) },
        },
      },
      async (request) => links.issueForUser(writeContext(request), request.params.id, request.body.send_email === true),
    );

    app.post(
      '/payouts/:payout/login-link',
      {
        schema: {
          tags: ['Login links'],
          summary: "A login link that lands on the payout's page (24 hours)",
          params: PayoutParams,
          body: LoginLinkBody,
          response: { 200: LoginLinkSchema, ...messageErrorResponses(400, 401, 404, 422, 429) },
        },
      },
      async (request) => links.issueForPayout(writeContext(request), request.params.payout, request.body.send_email === true),
    );
  };
}
