import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { Caller } from '../modules/partners/partners.service.js';
import type { Idempotency, IdempotencyClaim } from './idempotency.js';
import type { Metrics } from './metrics.js';
import type { RateLimitStore } from './rate-limit.js';
import { isUuid } from './secrets.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated partner; set on every /api/v1 route that passed the guard. */
    caller: Caller | null;
    /** The request's Idempotency-key, if it sent one. */
    idempotency: IdempotencyClaim | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no partner credentials (the OpenAPI document). */
    public?: boolean;
  }
}

export interface ApiGuardDeps {
  clock: Clock;
  authenticate(token: string, apiKey: string): Promise<Caller | null>;
  /** null: no limiter at all (benchmarks only: ONPAY_BENCH_DISABLE_RATE_LIMIT, refused in live). */
  rateLimit: RateLimitStore | null;
  rateLimitPerMinute: number;
  idempotency: Idempotency;
  metrics: Metrics;
  /** Which request paths are partner API routes. */
  isGuarded(url: string): boolean;
}

const WINDOW_MS = 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '');
  return match?.[1];
}

/**
 * The gate in front of every partner route, in this order: credentials are resolved; the request
 * is counted against the token's rolling budget (or the client address's, without valid
 * credentials) before anything else can reject it; then 401; then the Idempotency-key check.
 */
export function registerApiGuard(app: FastifyInstance, deps: ApiGuardDeps): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('idempotency', null);

  const limiter = deps.rateLimit;

  async function countRequest(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> {
    if (!limiter) return;
    let decision;
    try {
      decision = await limiter.hit(key, deps.clock.now().getTime(), deps.rateLimitPerMinute, WINDOW_MS);
    } catch (error) {
      // The limiter protects the service; it must not take the API down with it. Fail open, loudly.
      deps.metrics.rateLimitStoreErrors.inc();
      request.log.warn({ err: error }, 'rate-limit store unavailable; request not counted');
      return;
    }
    const resetSeconds = Math.ceil(decision.resetMs / 1000);
    reply.header('RateLimit-Limit', decision.limit);
    reply.header('RateLimit-Remaining', decision.remaining);
    reply.header('RateLimit-Reset', resetSeconds);
    if (!decision.allowed) {
      deps.metrics.rateLimitRejections.inc({ kind: key.startsWith('token:') ? 'token' : 'address' });
      reply.header('Retry-After', Math.max(1, resetSeconds));
      throw new AppError('rate_limited');
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] as string;
    if (!deps.isGuarded(path) || request.routeOptions.config?.public) return;

    const token = bearer(request);
    const apiKey = header(request, 'api-key');
    const caller = token && apiKey ? await deps.authenticate(token, apiKey) : null;

    await countRequest(request, reply, caller ? caller.rateLimitKey : `addr:${request.ip}`);
    if (!caller) throw new AppError('unauthenticated');
    request.caller = caller;

    const key = header(request, 'idempotency-key');
    if (key === undefined) return;
    if (!isUuid(key)) throw new AppError('idempotency_key_invalid');
    const normalised = key.toLowerCase();
    if (await deps.idempotency.isUsed(caller.partnerId, normalised)) throw new AppError('idempotency_key_used');
    request.idempotency = {
      partnerId: caller.partnerId,
      key: normalised,
      method: request.method,
      path: request.url,
      stored: false,
    };
  });

  // Any successful write that carried a key stores it, unless its service already did in-transaction.
  // Callback-style: most responses carry no key, and they should not pay for a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (!claim || claim.stored || !WRITE_METHODS.has(request.method) || reply.statusCode >= 300) return done(null, payload);
    deps.idempotency.storeAfterSuccess(claim).then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.error({ err: error }, 'could not store Idempotency-key after a successful write');
        done(null, payload);
      },
    );
  });
}
