import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../platform/openapi.js';
import { callerOf, writeContext } from '../../platform/request-context.js';
import { UserIdParams } from '../users/users.schemas.js';
import { sandboxIdentity } from './providers/sandbox.js';
import type { ReturnUrlService } from './return-urls.service.js';
import type { SessionService } from './sessions.service.js';
import { CompleteBody, FlowCreated, RegisterReturnUrlBody, ReturnUrlRequest, SessionParams, SessionStatus, StartFlowBody } from './verification.schemas.js';

export interface VerificationRoutesDeps {
  returnUrls: ReturnUrlService;
  sessions: SessionService;
  sandbox: boolean;
}

const tags = ['Verification'];

export function verificationRoutes({ returnUrls, sessions, sandbox }: VerificationRoutesDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/verification-return-urls',
      {
        schema: {
          tags,
          summary: 'Register a return URL for approval',
          description: 'Creates a request in `pending`; an operator approves or rejects it. Registering the same URL again returns the existing request.',
          body: RegisterReturnUrlBody,
          response: { 201: ReturnUrlRequest, ...errorResponses(400, 401, 422, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await returnUrls.register(writeContext(request), request.body.partner_return_url)),
    );

    app.post(
      '/users/:id/verification/flows',
      {
        schema: {
          tags,
          summary: 'Start a verification session',
          description: 'Starts a session (replacing a pending one of the same employee). Open `verification_url` in the end user’s browser, then poll the status.',
          params: UserIdParams,
          body: StartFlowBody,
          response: { 201: FlowCreated, ...errorResponses(400, 401, 404, 422, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await sessions.start(writeContext(request), request.params.id, request.body)),
    );

    app.get(
      '/verification/status/:verificationSession',
      {
        schema: {
          tags,
          summary: 'Poll a verification session',
          description: 'Poll every 2 to 5 seconds while `pending`. Terminal states are final.',
          params: SessionParams,
          response: { 200: SessionStatus, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => sessions.status(callerOf(request).partnerId, request.params.verificationSession),
    );

    if (!sandbox) return;
    app.post(
      '/test-helpers/verification/:verificationSession/complete',
      {
        schema: {
          tags: ['Sandbox test helpers'],
          summary: 'Sandbox only: end a pending session with the given status',
          description: 'Approving fills a complete test identity. Absent in live.',
          params: SessionParams,
          body: CompleteBody,
          response: { 200: SessionStatus, ...errorResponses(400, 401, 403, 404, 422, 429), 409: errorResponses(404)[404]! },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        return sessions.completeForTest(caller.partnerId, request.params.verificationSession, request.body.status, (userId) => ({
          status: 'approved',
          identity: sandboxIdentity(userId),
        }));
      },
    );
  };
}
