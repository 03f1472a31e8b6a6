import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { Metrics } from './metrics.js';
import type { RateLimitDecision, RateLimitStore } from './rate-limit.js';

export const WINDOW_MS = 60_000;

/** What a budget limits: a partner's access token, an address without credentials, an address on the pages. */
export type BudgetKind = 'token' | 'address' | 'page';

export interface Budget {
  kind: BudgetKind;
  key: string;
  limit: number;
}

export interface LimiterDeps {
  store: RateLimitStore;
  clock: Clock;
  metrics: Metrics;
}

/**
 * The rolling budgets of every request, over one store. The store protects the service; it must
 * not take the service down with it: when it fails (Redis down or not answering within its command
 * timeout) the request is let through uncounted, counted as a store error and logged.
 */
export function createLimiter({ store, clock, metrics }: LimiterDeps) {
  async function consult(
    request: FastifyRequest,
    op: 'hit' | 'peek',
    budget: Budget,
  ): Promise<RateLimitDecision | null> {
    try {
      return await store[op](budget.key, clock.now().getTime(), budget.limit, WINDOW_MS);
    } catch (error) {
      metrics.rateLimitStoreErrors.inc();
      request.log.warn({ err: error, budget: budget.kind }, 'rate-limit store unavailable; request not counted');
      return null;
    }
  }

  return {
    /** Counts the request; null when the store failed (let through). */
    hit: (request: FastifyRequest, budget: Budget) => consult(request, 'hit', budget),
    /** What counting would decide, counting nothing; null when the store failed. */
    peek: (request: FastifyRequest, budget: Budget) => consult(request, 'peek', budget),
    /** Records a refusal and sets Retry-After (seconds until a slot frees, at least 1). */
    refuse(reply: FastifyReply, budget: Budget, decision: RateLimitDecision): void {
      metrics.rateLimitRejections.inc({ kind: budget.kind });
      reply.header('Retry-After', Math.max(1, Math.ceil(decision.resetMs / 1000)));
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

/** RateLimit-Limit, -Remaining and -Reset of the budget a request was counted against. */
export function setRateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header('RateLimit-Limit', decision.limit);
  reply.header('RateLimit-Remaining', decision.remaining);
  reply.header('RateLimit-Reset', Math.ceil(decision.resetMs / 1000));
}
