/**
 * Load generation: autocannon for throughput scenarios (a warm-up run, then a measured run), and
 * sequential requests for latency-per-request scenarios. Latency percentiles are computed here
 * from every response's own timing (autocannon's histogram rounds to whole milliseconds).
 */
import autocannon, { type Request, type Result } from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for every request: path and body per request (random ids, unique e-mails). */
  setupRequest?: (request: Request) => Request;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export function median(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const mid = Math.floor(n / 2);
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

async function once(options: LoadOptions, seconds: number, record: boolean): Promise<LoadResult> {
  let samples = new Float64Array(1 << 16);
  let count = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'GET',
        headers: options.headers,
        connections: options.connections,
        duration: seconds,
        requests: options.setupRequest ? [{ setupRequest: options.setupRequest }] : undefined,
      },
      (error: unknown, done: Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    if (!record) return;
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode < 200 || statusCode >= 300) return;
      if (count === samples.length) {
        const grown = new Float64Array(samples.length * 2);
        grown.set(samples);
        samples = grown;
      }
      samples[count++] = responseTime;
    });
  });
  const sorted = samples.subarray(0, count).sort();
  let sum = 0;
  for (let i = 0; i < count; i++) sum += sorted[i] as number;
  return {
    requestsPerSecond: round(result['2xx'] / result.duration, 0),
    p50Ms: round(median(sorted)),
    p99Ms: round(percentile(sorted, 99)),
    meanMs: round(count > 0 ? sum / count : NaN),
    requests: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    seconds: round(result.duration),
  };
}

/** A warm-up run (JIT, caches, connection pools), then the measured run. */
export async function throughput(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await once(options, options.warmupSeconds, false);
  return once(options, options.durationSeconds, true);
}

export interface SequentialResult {
  requests: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  minMs: number;
  maxMs: number;
  failures: number;
  firstFailure?: string;
}

/** One connection, one request after another: latency per request of a heavy operation. */
export async function sequential(
  count: number,
  warmup: number,
  send: (i: number) => Promise<Response>,
): Promise<SequentialResult> {
  const times: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  for (let i = 0; i < warmup + count; i++) {
    const started = performance.now();
    const response = await send(i);
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (!response.ok) {
      failures += 1;
      firstFailure ??= `${response.status} ${body.slice(0, 300)}`;
      continue;
    }
    if (i >= warmup) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    medianMs: round(median(times)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    minMs: round(times[0] ?? NaN),
    maxMs: round(times[times.length - 1] ?? NaN),
    failures,
    ...(firstFailure ? { firstFailure } : {}),
  };
}

/** Several runs of one scenario as one: summed requests over summed time; latencies averaged. */
export function combine(runs: LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => runs.reduce((total, r) => total + f(r), 0);
  const mean = (f: (r: LoadResult) => number) => Math.round((sum(f) / runs.length) * 100) / 100;
  return {
    requestsPerSecond: Math.round(sum((r) => r.requests) / sum((r) => r.seconds)),
    p50Ms: mean((r) => r.p50Ms),
    p99Ms: mean((r) => r.p99Ms),
    meanMs: mean((r) => r.meanMs),
    requests: sum((r) => r.requests),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    seconds: sum((r) => r.seconds),
  };
}
