import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { IdempotencyClaim } from './idempotency.js';

/** Who is calling, once both credential headers have been checked. */
export interface Caller {
  partnerId: number;
  tokenId: number;
  /** Identifies the token's rate-limit budget; derived from its digest, so unique across deployments. */
  rateLimitKey: string;
}

/** What a service write needs to know about the request: who calls, and its Idempotency-key. */
export interface WriteContext {
  caller: Caller;
  idempotency: IdempotencyClaim | null;
}

/** The authenticated caller of a guarded route (the API guard guarantees it is set). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('unauthenticated');
  return request.caller;
}

export function writeContext(request: FastifyRequest): WriteContext {
  return { caller: callerOf(request), idempotency: request.idempotency };
}
