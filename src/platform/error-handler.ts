import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { replyIfDatabaseUnavailable } from './unavailable.js';
import { toValidationError } from './validation.js';

function fromFastifyError(error: FastifyError): AppError | null {
  if (error.validation) return toValidationError(error.validation as never, error.validationContext ?? 'body');
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('malformed_body', 'The request body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('malformed_body', 'The request body is not valid JSON.');
    default:
      break;
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return new AppError('malformed_body', 'The request body is not valid JSON.');
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
    const internal = new AppError('internal');
    return reply.status(500).send(internal.body());
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
  const appError =
    error.code === 'FST_ERR_BAD_URL'
      ? new AppError('bad_url')
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError('uri_too_long')
        : new AppError('internal');
  if (appError.status >= 500) request.log.error({ err: error }, 'request failed in the router');
  reply.header('X-Request-Id', request.id).status(appError.status).send(appError.body());
  request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
}
