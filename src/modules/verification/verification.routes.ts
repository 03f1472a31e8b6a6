import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { described, errorResponses } from '../../platform/openapi.js';
import { callerOf, writeContext } from '../../platform/request-context.js';
import { UserIdParams } from '../users/index.js';
import type { ReturnUrlService } from './return-urls.service.js';
import type { SessionService } from './sessions.service.js';
import {
  CompleteBody,
  FlowCreated,
  RegisterReturnUrlBody,
  ReturnUrlRequest,
  SessionParams,
  SessionStatus,
  StartFlowBody,
} from './verification.schemas.js';

export interface VerificationRoutesDeps {
  returnUrls: ReturnUrlService;
  sessions: SessionService;
  sandbox: boolean;
}

const tags = ['Verification'];

export function verificationRoutes({
  returnUrls,
  sessions,
  sandbox,
}: VerificationRoutesDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/verification-return-urls',
      {
        schema: {
          tags,
          operationId: 'registerReturnUrl',
          summary: 'Register a return URL for approval',
          description:
            'Creates a request in `pending`; an operator approves or rejects it, and only an approved URL can be used to start a verification flow. `requested_url` is the canonical form used for matching: trimmed, scheme and host lower-cased, default port, trailing slash, query and fragment dropped. Registering the same URL again returns the existing request (201). Sandbox also accepts `http`.',
          body: RegisterReturnUrlBody,
          response: {
            201: described(ReturnUrlRequest, 'The return URL request (new, or the existing one for the same URL)'),
            ...errorResponses(AppError.field('partner_return_url', 'partner_return_url must use https.')),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await returnUrls.register(writeContext(request), request.body.partner_return_url)),
    );

    app.post(
      '/users/:id/verification/flows',
      {
        schema: {
          tags,
          operationId: 'startVerificationFlow',
          summary: 'Start a verification session',
          description:
            'Starts a session of 60 minutes, replacing a pending one of the same employee (that one becomes `cancelled`). Open `verification_url` in the end user’s browser; after the provider step the browser is sent to `partner_return_url` with `verification_id` and `status` added to its query. Poll `GET /verification/status/{verificationSession}` with `verification_id`. 422 when the return URL does not match one of your approved URLs.',
          params: UserIdParams,
          body: StartFlowBody,
          response: {
            201: described(FlowCreated, 'The new pending session'),
            ...errorResponses(
              'user_not_found',
              new AppError(
                'conflict',
                'Another verification flow for this employee is being started at the same time; try again.',
              ),
              AppError.field('partner_return_url', 'partner_return_url does not match an approved return URL.'),
            ),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await sessions.start(writeContext(request), request.params.id, request.body)),
    );

    app.get(
      '/verification/status/:verificationSession',
      {
        schema: {
          tags,
          operationId: 'getVerificationStatus',
          summary: 'Poll a verification session',
          description:
            'Poll every 2 to 5 seconds while `pending`; a pending session read after `expires_at` is `expired`. Terminal states (`approved`, `declined`, `cancelled`, `expired`, `error`) are final. `next_action`: `continue_verification` while pending, `redirect_to_partner` after approved, `show_error` after declined, `retry` (start a new flow) otherwise. `onboarding` shows the steps left.',
          params: SessionParams,
          response: {
            200: described(SessionStatus, 'The session now'),
            ...errorResponses('session_forbidden', 'session_not_found'),
          },
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
          operationId: 'completeVerificationForTest',
          summary: 'Sandbox only: end a pending session with the given status',
          description:
            'For your automated tests: ends a pending session as if the end user had finished at the provider. Approving confirms `identity` when you send one, otherwise the identity you registered with `PUT /users/{id}/identity` when it is complete, otherwise a synthetic test identity. An approval whose identity differs from the one already verified for the person ends in `error` and changes nothing. 409 when the session is no longer pending. Absent in live (404).',
          params: SessionParams,
          body: CompleteBody,
          response: {
            200: described(SessionStatus, 'The session after completing it'),
            ...errorResponses(
              'session_forbidden',
              'session_not_found',
              new AppError('conflict', 'The session is already approved; terminal states are final.'),
              AppError.field('status', 'status must be one of approved, declined, cancelled, expired, error.'),
            ),
          },
        },
      },
      async (request) =>
        sessions.completeForTest(callerOf(request).partnerId, request.params.verificationSession, request.body),
    );
  };
}
