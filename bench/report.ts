/** The results table, the performance targets (docs/performance.md), and the JSON written to bench/results/. */
import type { Engine } from '../src/db/dialect.js';
import type { LoadResult, SequentialResult } from './load.js';

export interface ScenarioResult {
  name: string;
  description: string;
  /** Throughput scenarios (autocannon, N connections). */
  load?: LoadResult;
  /** Latency-per-request scenarios (one connection, sequential). */
  sequential?: SequentialResult;
  /** requests/s as a fraction of the ceiling's (mean of the ceiling's runs). */
  ratioToCeiling?: number;
  /** Webhook delivery: one worker, one endpoint, a local receiver. */
  deliveries?: { events: number; seconds: number; perSecond: number };
  /**
   * Payment files (bench/bank-process.ts): one export of `items` pending payouts, or one import of a
   * camt.054 of `items` transactions; the export also measures the process's memory growth (peak
   * RSS and V8 heap during the export against a baseline after a full GC).
   */
  bank?: { items: number; seconds: number; fileMb: number; rssGrowthMb?: number; heapGrowthMb?: number };
  /**
   * A streamed export (GET /users/export, GET /payouts/export) read to its end by one client: its
   * rows, time, size, and how far the service's RSS rose above its level before the export.
   */
  exported?: { rows: number; seconds: number; mb: number; rssGrowthMb: number };
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

export interface BenchReport {
  engine: Engine;
  startedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    platform: string;
    totalMemoryMb: number;
    loadAverage: { start: number; end: number };
  };
  options: Record<string, unknown>;
  seed: Record<string, unknown>;
  ceiling: { runs: LoadResult[]; meanRequestsPerSecond: number };
  scenarios: ScenarioResult[];
  /** The same read (GET /users/{id}) on services that differ in one setting. */
  variants: {
    limiterOff?: LoadResult;
    limiterMemory?: LoadResult;
    limiterRedis?: LoadResult;
    logInfo?: LoadResult;
    requestLogOff?: LoadResult;
  };
  memory: { rssMb: number; peakMb: number } | null;
  targets: TargetCheck[];
  totalSeconds: number;
}

const pct = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : `${(x * 100).toFixed(1)} %`);
const num = (x: number | undefined, digits = 1) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(digits));

/**
 * Throughput lost to each variant: the limiters against no limiter, info logging against warn, the
 * request log against none (the in-process limiter's service has it on).
 */
export function overheads(variants: BenchReport['variants']): {
  limiterMemory?: number;
  limiterRedis?: number;
  logInfo?: number;
  requestLog?: number;
} {
  const lost = (run: LoadResult | undefined, baseline: LoadResult | undefined) =>
    run && baseline ? 1 - run.requestsPerSecond / baseline.requestsPerSecond : undefined;
  return {
    limiterMemory: lost(variants.limiterMemory, variants.limiterOff),
    limiterRedis: lost(variants.limiterRedis, variants.limiterOff),
    logInfo: lost(variants.logInfo, variants.limiterMemory),
    requestLog: lost(variants.limiterMemory, variants.requestLogOff),
  };
}

export function evaluateTargets(report: Omit<BenchReport, 'targets' | 'totalSeconds'>): TargetCheck[] {
  const byName = new Map(report.scenarios.map((s) => [s.name, s]));
  const checks: TargetCheck[] = [];
  const readRatio = report.engine === 'sqlite' ? 0.4 : 0.2;

  const get = byName.get('users.get');
  if (get?.load && get.ratioToCeiling !== undefined) {
    checks.push({
      target: `GET /users/{id} ≥ ${readRatio * 100} % of ceiling`,
      measured: pct(get.ratioToCeiling),
      met: get.ratioToCeiling >= readRatio,
    });
    if (report.engine === 'sqlite')
      checks.push({
        target: 'GET /users/{id} p99 < 10 ms',
        measured: `${num(get.load.p99Ms, 2)} ms`,
        met: get.load.p99Ms < 10,
      });
  }
  const status = byName.get('verification.status');
  if (status?.ratioToCeiling !== undefined) {
    checks.push({
      target: `status polling ≥ ${readRatio * 100} % of ceiling`,
      measured: pct(status.ratioToCeiling),
      met: status.ratioToCeiling >= readRatio,
    });
  }
  const first = byName.get('users.list.first')?.load;
  const deep = byName.get('users.list.deep')?.load;
  if (first && deep) {
    const factor = deep.p50Ms / first.p50Ms;
    checks.push({ target: 'deep page p50 ≤ 2× first page p50', measured: `${factor.toFixed(2)}×`, met: factor <= 2 });
  }
  const payouts = byName.get('payouts.create')?.sequential;
  if (payouts) {
    const limit = report.engine === 'sqlite' ? 250 : 500;
    checks.push({
      target: `POST /payouts (1 000 items) median < ${limit} ms`,
      measured: `${num(payouts.medianMs)} ms`,
      met: payouts.failures === 0 && payouts.medianMs < limit,
    });
  }
  for (const name of ['console.dashboard', 'console.payouts', 'console.payouts.pending']) {
    const page = byName.get(name)?.sequential;
    if (page)
      checks.push({
        target: `${name} p95 < 100 ms`,
        measured: `${num(page.p95Ms)} ms`,
        met: page.failures === 0 && page.p95Ms < 100,
      });
  }
  const search = byName.get('console.search')?.sequential;
  if (search)
    checks.push({
      target: 'console.search p95 < 20 ms',
      measured: `${num(search.p95Ms)} ms`,
      met: search.failures === 0 && search.p95Ms < 20,
    });
  const bulk = byName.get('console.markPaid')?.sequential;
  if (bulk)
    checks.push({
      target: 'console: mark 1 000 payouts paid < 1 s',
      measured: `${num(bulk.maxMs)} ms (slowest)`,
      met: bulk.failures === 0 && bulk.maxMs < 1000,
    });
  const overhead = overheads(report.variants);
  if (overhead.limiterMemory !== undefined) {
    checks.push({
      target: 'limiter overhead (in-process) < 10 %',
      measured: pct(overhead.limiterMemory),
      met: overhead.limiterMemory < 0.1,
    });
  }
  if (overhead.limiterRedis !== undefined) {
    checks.push({
      target: 'limiter overhead (Redis) < 25 %',
      measured: pct(overhead.limiterRedis),
      met: overhead.limiterRedis < 0.25,
    });
  }
  for (const [name, run] of Object.entries(report.variants)) {
    const failed = run.non2xx + run.errors;
    if (failed > 0) checks.push({ target: `${name}: every response 2xx`, measured: `${failed} failed`, met: false });
  }
  const webhooks = byName.get('webhooks.deliver')?.deliveries;
  if (webhooks)
    checks.push({
      target: 'webhook delivery (one worker) ≥ 500 events/s',
      measured: `${num(webhooks.perSecond, 0)} events/s`,
      met: webhooks.perSecond >= 500,
    });
  const exported = byName.get('bank.export')?.bank;
  if (exported) {
    checks.push({
      target: `export of ${exported.items} payouts < 2 s`,
      measured: `${num(exported.seconds, 2)} s`,
      met: exported.seconds < 2,
    });
    checks.push({
      target: `export of ${exported.items} payouts: memory growth < 50 MB`,
      measured: `RSS +${num(exported.rssGrowthMb)} MiB (heap +${num(exported.heapGrowthMb)} MiB)`,
      met: (exported.rssGrowthMb ?? Infinity) < 50,
    });
  }
  for (const name of ['users.export', 'users.export.csv', 'payouts.export']) {
    const streamed = byName.get(name)?.exported;
    if (!streamed) continue;
    // Issue 24: 1 000 000 employees in under 30 s, so 30 µs a row.
    checks.push({
      target: `${name}: under 30 s per 1 000 000 rows`,
      measured: `${streamed.rows} rows in ${num(streamed.seconds, 2)} s`,
      met: streamed.seconds < (30 * streamed.rows) / 1_000_000,
    });
    checks.push({
      target: `${name}: service memory growth < 50 MB`,
      measured: `RSS +${num(streamed.rssGrowthMb)} MiB`,
      met: streamed.rssGrowthMb < 50,
    });
  }
  const imported = byName.get('bank.import')?.bank;
  if (imported)
    checks.push({
      target: `import of a ${imported.items}-transaction camt.054 < 2 s`,
      measured: `${num(imported.seconds, 2)} s`,
      met: imported.seconds < 2,
    });
  if (report.memory)
    checks.push({
      target: 'RSS after the runs < 200 MB',
      measured: `${num(report.memory.rssMb)} MiB`,
      met: report.memory.rssMb < 200,
    });
  for (const scenario of report.scenarios) {
    const failed = scenario.load ? scenario.load.non2xx + scenario.load.errors : (scenario.sequential?.failures ?? 0);
    if (failed > 0)
      checks.push({ target: `${scenario.name}: every response 2xx`, measured: `${failed} failed`, met: false });
  }
  return checks;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, c) => (c === 0 ? ':' : '-') + '-'.repeat(w) + (c === 0 ? '-' : ':')).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

/** The table printed at the end of a run (Markdown, so it pastes into docs/performance.md). */
export function formatReport(report: BenchReport): string {
  const rows: string[][] = [['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs ceiling']];
  for (const run of report.ceiling.runs)
    rows.push([
      'ceiling: bare Fastify, constant JSON',
      num(run.requestsPerSecond, 0),
      num(run.p50Ms, 2),
      num(run.p99Ms, 2),
      '100 %',
    ]);
  for (const s of report.scenarios) {
    if (s.load)
      rows.push([
        s.description,
        num(s.load.requestsPerSecond, 0),
        num(s.load.p50Ms, 2),
        num(s.load.p99Ms, 2),
        pct(s.ratioToCeiling),
      ]);
    if (s.sequential) {
      const perSecond = 1000 / s.sequential.medianMs;
      rows.push([s.description, num(perSecond, 1), num(s.sequential.medianMs, 1), num(s.sequential.p99Ms, 1), '—']);
    }
    if (s.deliveries) rows.push([s.description, num(s.deliveries.perSecond, 0), '—', '—', '—']);
    if (s.bank)
      rows.push([s.description, num(s.bank.items / s.bank.seconds, 0), num(s.bank.seconds * 1000, 0), '—', '—']);
    if (s.exported)
      rows.push([
        `${s.description}: ${num(s.exported.mb)} MiB, RSS +${num(s.exported.rssGrowthMb)} MiB`,
        num(s.exported.rows / s.exported.seconds, 0),
        num(s.exported.seconds * 1000, 0),
        '—',
        '—',
      ]);
  }
  const v = report.variants;
  const ceiling = report.ceiling.meanRequestsPerSecond;
  for (const [label, run] of [
    ['GET /users/{id}, limiter off', v.limiterOff],
    ['GET /users/{id}, limiter in-process', v.limiterMemory],
    ['GET /users/{id}, limiter in Redis', v.limiterRedis],
    ['GET /users/{id}, in-process, LOG_LEVEL=info', v.logInfo],
    ['GET /users/{id}, in-process, request log off', v.requestLogOff],
  ] as const) {
    if (run)
      rows.push([
        label,
        num(run.requestsPerSecond, 0),
        num(run.p50Ms, 2),
        num(run.p99Ms, 2),
        pct(run.requestsPerSecond / ceiling),
      ]);
  }

  const lines = [
    `onpay bench: ${report.engine}, ${report.options.connections} connections, ${report.options.durationSeconds} s per scenario after ${report.options.warmupSeconds} s warm-up, ${report.seed.users} employees`,
    `${report.machine.cpus} × ${report.machine.cpuModel}, Node ${report.machine.node}, ${report.options.compiled ? 'compiled JavaScript (dist/, as npm start runs it)' : 'TypeScript through tsx (--tsx)'}; load average ${report.machine.loadAverage.start} at start`,
    '',
    table(rows),
    '',
  ];
  const overhead = overheads(v);
  if (overhead.limiterMemory !== undefined || overhead.limiterRedis !== undefined) {
    lines.push(
      `Limiter overhead vs off: in-process ${pct(overhead.limiterMemory)}, Redis ${pct(overhead.limiterRedis)}; LOG_LEVEL=info vs warn: ${pct(overhead.logInfo)}; the request log vs off: ${pct(overhead.requestLog)}`,
    );
  }
  if (report.memory)
    lines.push(
      `Service memory after the runs: RSS ${num(report.memory.rssMb)} MiB (peak ${num(report.memory.peakMb)} MiB)`,
    );
  const exported = report.scenarios.find((s) => s.name === 'bank.export')?.bank;
  if (exported)
    lines.push(
      `Export of ${exported.items} payouts (${num(exported.fileMb)} MiB of XML): RSS +${num(exported.rssGrowthMb)} MiB, V8 heap +${num(exported.heapGrowthMb)} MiB at their peaks`,
    );
  lines.push(
    '',
    table([['target', 'measured', 'met'], ...report.targets.map((t) => [t.target, t.measured, t.met ? 'yes' : 'NO'])]),
  );
  return lines.join('\n');
}
