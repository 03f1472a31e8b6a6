import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
import type { Db } from '../db/kysely.js';
import type { Metrics } from './metrics.js';

export interface OpsDeps {
  db: Pick<Db, 'ping' | 'lockWaits'>;
  redis: Pick<Redis, 'ping'> | null;
  metrics: Metrics;
}

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'unavailable'> {
  try {
    await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())]);
    return 'ok';
  } catch {
    return 'unavailable';
  }
}

/** Operational endpoints for load balancers and scrapers; no credentials, outside /api/v1. */
export function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  const hide = { hide: true } as Record<string, unknown>;

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
    const checks: Record<string, string> = { database: await check(() => deps.db.ping()) };
    checks.redis = deps.redis ? await check(() => deps.redis!.ping()) : 'not configured';
    const ready = Object.values(checks).every((v) => v !== 'unavailable');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  app.get('/metrics', { schema: hide }, async (_request, reply) => {
    reply.type(deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });
}
