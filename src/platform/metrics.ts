import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: 'onpay_http_requests_total',
      help: 'HTTP requests by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'onpay_http_request_duration_seconds',
      help: 'HTTP request latency by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    rateLimitStoreErrors: new Counter({
      name: 'onpay_rate_limit_store_errors_total',
      help: 'Requests let through uncounted because the rate-limit store (Redis) did not answer',
      registers: [registry],
    }),
    rateLimitRejections: new Counter({
      name: 'onpay_rate_limit_rejections_total',
      help: 'Requests refused with 429, by what was limited (token or client address)',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    requestLogDropped: new Counter({
      name: 'onpay_request_log_dropped_total',
      help: 'Partner API requests left out of the request log because its buffer was full (docs/decisions.md §25)',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Counts every response by route template (never the raw URL: ids would explode the label set). */
export function registerMetricsHooks(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
