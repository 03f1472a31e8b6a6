import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
import type { Db } from '../db/kysely.js';
import type { Metrics } from './metrics.js';

export interface OpsDeps {
  db: Pick<Db, 'ping' | 'lockWaits'>;
  redis: Pick<Redis, 'ping' | 'status' | 'once' | 'off'> | null;
  metrics: Metrics;
}

type CheckResult = 'ok' | 'unavailable';

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
    ]);
    return 'ok';
  } catch {
    return 'unavailable';
  }
}

/** How long a check may take; past it the dependency counts as unavailable. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Resolves once the Redis client is connected, or after the check's timeout. The client queues no
 * command while it (re)connects, so a ping at that moment (an instance's first seconds) would fail
 * at once although Redis is fine.
 */
function connected(redis: Pick<Redis, 'status' | 'once' | 'off'>): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, CHECK_TIMEOUT_MS).unref();
    redis.once('ready', done);
  });
}

/**
 * Operational endpoints for load balancers and scrapers; no credentials, outside /api/v1.
 *
 * Readiness means "this instance can serve the API": the database answers (and the process is not
 * shutting down; requests are refused with 503 before reaching here then). Redis is reported but
 * does not gate: without it the rate limiter fails open and the API keeps serving, and taking every
 * instance out of the load balancer because the shared Redis is down would turn a degraded limiter
 * into a full outage.
 */
export function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  const hide = { hide: true } as Record<string, unknown>;
  const up = new Gauge({
    name: 'onpay_dependency_up',
    help: 'Whether a dependency answered its last /readyz check (1) or not (0); only the database gates readiness',
    labelNames: ['dependency'] as const,
    registers: [deps.metrics.registry],
  });

  new Gauge({
    name: 'onpay_db_lock_waits',
    help: "Statements now waiting for another process's SQLite write lock (0 on PostgreSQL)",
    registers: [deps.metrics.registry],
    collect() {
      this.set(deps.db.lockWaits());
    },
  });

  app.get('/healthz', { schema: hide }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: hide }, async (_request, reply) => {
    const [database, redis] = await Promise.all([
      check(() => deps.db.ping()),
      deps.redis
        ? check(async () => {
            await connected(deps.redis!);
            return deps.redis!.ping();
          })
        : null,
    ]);
    up.set({ dependency: 'database' }, database === 'ok' ? 1 : 0);
    if (redis !== null) up.set({ dependency: 'redis' }, redis === 'ok' ? 1 : 0);
    const ready = database === 'ok';
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', checks: { database, redis: redis ?? 'not configured' } });
  });

  app.get('/metrics', { schema: hide }, async (_request, reply) => {
    reply.type(deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });
}
