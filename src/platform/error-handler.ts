import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../errors.js';
import { replyIfDatabaseUnavailable } from './unavailable.js';
import { toValidationError } from './validation.js';

/**
 * What a request must be like to meet an error: any request; one to a route with a path
 * parameter; one whose method carries a body (POST, PUT, PATCH, DELETE: Fastify reads it whether
 * or not the route takes one); one to a route with a body schema; one with a query string (every
 * partner route reads its query string, see query-rules.ts).
 */
export type Exposure = 'any' | 'path' | 'body' | 'schema-body' | 'query';

/** An error the error handler or the router answers, with its own text where the code's default would not say it. */
export interface SharedError {
  code: ErrorCode;
  message?: string;
  on: Exposure;
}

const NOT_JSON = 'The request body is not valid JSON.';
const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/** Outside the partner API only: its JSON parser reads an empty body as none (api-plugin.ts). */
const EMPTY_JSON_BODY: SharedError = {
  code: 'malformed_body',
  message: 'The request body is empty; send a JSON object.',
  on: 'body',
};

/** Fastify's own errors (by their code), as the spec's. */
const FASTIFY_ERRORS = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', on: 'body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', on: 'body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_body', message: NOT_JSON, on: 'body' },
  FST_ERR_BAD_URL: { code: 'bad_url', on: 'path' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', on: 'path' },
} as const satisfies Record<string, SharedError>;

const VALIDATION_ERRORS = {
  notAnObject: { code: 'malformed_body', message: NOT_AN_OBJECT, on: 'schema-body' },
  body: { code: 'validation_failed', on: 'schema-body' },
  querystring: { code: 'validation_failed', on: 'query' },
} as const satisfies Record<string, SharedError>;

/** A request that failed (a bug, a dependency), and a database passing through an outage (unavailable.ts). */
const FAILURES = [
  { code: 'internal', on: 'any' },
  { code: 'service_unavailable', on: 'any' },
] as const satisfies readonly SharedError[];

/**
 * Everything the error handler and the router answer with by themselves, whatever the route does.
 * The OpenAPI document lists each on every operation it can reach (openapi.ts): the handler
 * answers from these tables, so the document follows them.
 */
export const HANDLER_ERRORS: readonly SharedError[] = [
  ...Object.values(FASTIFY_ERRORS),
  ...Object.values(VALIDATION_ERRORS),
  ...FAILURES,
];

function toAppError(shared: SharedError): AppError {
  return new AppError(shared.code, shared.message);
}

function fromFastifyError(error: FastifyError): AppError | null {
  if (error.validation) {
    const context = error.validationContext ?? 'body';
    const appError = toValidationError(error.validation as never, context);
    if (appError.code === 'malformed_body') return toAppError(VALIDATION_ERRORS.notAnObject);
    return appError;
  }
  const known = FASTIFY_ERRORS[error.code as keyof typeof FASTIFY_ERRORS] as SharedError | undefined;
  if (known) return toAppError(known);
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return toAppError(EMPTY_JSON_BODY);
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return toAppError(FASTIFY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY);
  }
  if (error.statusCode === 404) return new AppError('route_not_found');
  return null;
}

/** Every error leaves in one of the spec's shapes; 5xx detail goes to the log only, never the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (replyIfDatabaseUnavailable(error, request, reply)) return reply;
    const appError = error instanceof AppError ? error : fromFastifyError(error);
    if (appError) {
      if (appError.status < 500) return reply.status(appError.status).send(appError.body());
      // A service's detail on a 5xx (AppError('internal', detail)) is for the log, not the client.
      request.log.error({ err: error }, 'request failed');
      return reply.status(appError.status).send(new AppError(appError.code).body());
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(toAppError(FAILURES[0]).body());
  });

  app.setNotFoundHandler(answerNotFound);
}

export function answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const error = new AppError('route_not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`);
  return reply.status(404).send(error.body());
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a malformed
 * percent-encoding, a path parameter over the length limit. They leave in the spec's shapes too;
 * no hook runs for them, so the request id header and the access-log line are written here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FASTIFY_ERRORS[error.code as keyof typeof FASTIFY_ERRORS] as SharedError | undefined;
  const appError = toAppError(known ?? FAILURES[0]);
  if (appError.status >= 500) request.log.error({ err: error }, 'request failed in the router');
  reply.header('X-Request-Id', request.id).status(appError.status).send(appError.body());
  request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
}
