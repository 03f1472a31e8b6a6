import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../errors.js';
import { actAs } from './actor.js';
import type { Caller } from './request-context.js';
import { outcomeOf, type Idempotency, type IdempotencyClaim } from './idempotency.js';
import { setRateLimitHeaders, type Budget, type Limiter } from './limiter.js';
import type { RateLimitDecision } from './rate-limit.js';
import { isUuid } from './secrets.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated partner; set on every partner API route that passed the guard. */
    caller: Caller | null;
    /** The request's Idempotency-key, if it sent one. */
    idempotency: IdempotencyClaim | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no partner credentials (the OpenAPI document); still limited per address. */
    public?: boolean;
  }
}

export interface ApiGuardDeps {
  authenticate(token: string, apiKey: string): Promise<Caller | null>;
  /** null: no limiter at all (benchmarks only: ONPAY_BENCH_DISABLE_RATE_LIMIT, refused in live). */
  limiter: Limiter | null;
  /** Per access token. */
  rateLimitPerMinute: number;
  /** Per client address, for requests without valid credentials. */
  unauthenticatedPerMinute: number;
  idempotency: Idempotency;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every refusal of the guard, on any route behind it. The OpenAPI document lists these on every
 * operation (openapi.ts), so a refusal the guard adds must be added here: `refusal` takes no other.
 */
export const GUARD_ERRORS = [
  'idempotency_key_invalid',
  'idempotency_key_used',
  'unauthenticated',
  'rate_limited',
] as const satisfies readonly ErrorCode[];

function refusal(code: (typeof GUARD_ERRORS)[number]): AppError {
  return new AppError(code);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '');
  return match?.[1];
}

/**
 * The gate in front of every partner route, as hooks of the encapsulated plugin that holds them
 * (so a route registered there cannot skip it). In this order: an address that has used up its
 * budget for requests without valid credentials is refused before any credential lookup; the
 * credentials are resolved; the request is counted against the token's budget (or the address's,
 * without valid credentials) before anything else can reject it; then 401; then the
 * Idempotency-key check. Authenticated requests never count against their address: partners
 * behind one address must not share a budget.
 */
export function registerApiGuard(api: FastifyInstance, deps: ApiGuardDeps): void {
  api.decorateRequest('caller', null);
  api.decorateRequest('idempotency', null);

  const limiter = deps.limiter;

  function refuse(reply: FastifyReply, budget: Budget, decision: RateLimitDecision): never {
    setRateLimitHeaders(reply, decision);
    limiter?.refuse(reply, budget, decision);
    throw refusal('rate_limited');
  }

  api.addHook('onRequest', async (request, reply) => {
    const address: Budget = { kind: 'address', key: `addr:${request.ip}`, limit: deps.unauthenticatedPerMinute };
    // A store that failed once is not asked again for this request: a frozen Redis costs one timeout.
    let storeUp = limiter !== null;

    if (limiter) {
      const before = await limiter.peek(request, address);
      if (!before) storeUp = false;
      else if (!before.allowed) refuse(reply, address, before);
    }

    const caller = request.routeOptions.config?.public ? null : await credentials(request);
    const budget: Budget = caller
      ? { kind: 'token', key: caller.rateLimitKey, limit: deps.rateLimitPerMinute }
      : address;
    if (limiter && storeUp) {
      const decision = await limiter.hit(request, budget);
      if (decision) {
        if (!decision.allowed) refuse(reply, budget, decision);
        setRateLimitHeaders(reply, decision);
      }
    }
    if (request.routeOptions.config?.public) return;
    if (!caller) throw refusal('unauthenticated');
    request.caller = caller;
    actAs({
      type: 'partner',
      id: String(caller.partnerId),
      label: `partner ${caller.partnerId} (token ${caller.tokenId})`,
    });

    const key = header(request, 'idempotency-key');
    if (key === undefined) return;
    if (!isUuid(key)) throw refusal('idempotency_key_invalid');
    const normalised = key.toLowerCase();
    if (await deps.idempotency.isUsed(caller.partnerId, normalised)) throw refusal('idempotency_key_used');
    request.idempotency = {
      partnerId: caller.partnerId,
      key: normalised,
      method: request.method,
      path: request.url,
      stored: false,
    };
  });

  function credentials(request: FastifyRequest): Promise<Caller | null> | null {
    const token = bearer(request);
    const apiKey = header(request, 'api-key');
    return token && apiKey ? deps.authenticate(token, apiKey) : null;
  }

  // Any successful write that carried a key stores it with what it answered (a service that reserved
  // it in its transaction gets the answer recorded on it). Callback-style: most responses carry no
  // key, and they should not pay for a promise.
  api.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (!claim || !WRITE_METHODS.has(request.method) || reply.statusCode >= 300) return done(null, payload);
    deps.idempotency.storeAfterSuccess(claim, outcomeOf(reply.statusCode, payload)).then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.error({ err: error }, 'could not store Idempotency-key after a successful write');
        done(null, payload);
      },
    );
  });
}
