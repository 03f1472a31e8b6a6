import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../errors.js';

/** How long a client is asked to wait before retrying after a database outage, in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * A database outage (busy past its wait, unreachable, frozen, shutting down, out of connections or disk)
 * answers 503 with Retry-After, so a client can tell a passing outage from a bug; the log gets a
 * warning, not an error. False when the error is something else.
 */
export function replyIfDatabaseUnavailable(error: unknown, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  request.log.warn({ err: error }, 'database unavailable; answered 503');
  void reply
    .status(503)
    .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    .send(new AppError('service_unavailable').body());
  return true;
}
