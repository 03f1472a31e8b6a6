/**
 * npm run bench -- --engine sqlite|postgres [--duration 10] [--connections 50] [--warmup 3]
 *                  [--users 100000] [--only users.get,payouts.create] [--profile] [--tsx]
 *                  [--webhook-events 5000] [--bank-payouts 10000]
 *                  [--results-dir bench/results] [--keep-database]
 *
 * The service runs as `npm start` runs it: built with tsc into dist/, then `node dist/cli/main.js
 * serve`; the ceiling is transpiled beside it. --tsx runs both from the TypeScript sources through
 * the tsx loader instead (what `npx onpay serve` does), to compare.
 *
 * Seeds a fresh database, starts the service and the ceiling (a bare Fastify route) as child
 * processes, drives each scenario with autocannon from this process, prints a table and writes
 * bench/results/<engine>-<date>.json. Everything runs against 127.0.0.1 and stops by itself.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Request } from 'autocannon';
import { createPostgresDatabase, dropPostgresDatabase } from '../src/db/admin.js';
import type { Engine } from '../src/db/dialect.js';
import { combine, sequential, throughput, type LoadOptions, type LoadResult } from './load.js';
import { buildCompiled, ROOT, startServer, type ServerProcess } from './process.js';
import { evaluateTargets, formatReport, type BenchReport, type ScenarioResult } from './report.js';
import type { SeedResult } from './seed.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    users: { type: 'string', default: '100000' },
    'payout-requests': { type: 'string', default: '20' },
    'webhook-events': { type: 'string', default: '5000' },
    'bank-payouts': { type: 'string', default: '10000' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    tsx: { type: 'boolean', default: false },
    'results-dir': { type: 'string' },
    'keep-database': { type: 'boolean', default: false },
    'pg-url': {
      type: 'string',
      default: process.env.ONPAY_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    'redis-url': { type: 'string', default: process.env.ONPAY_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
  allowPositionals: false,
});

function positiveInt(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive whole number (got "${raw}")`);
  return value;
}

const engine = args.engine as Engine;
if (engine !== 'sqlite' && engine !== 'postgres')
  throw new Error(`--engine must be sqlite or postgres (got "${args.engine}")`);
const durationSeconds = positiveInt('duration', args.duration);
const connections = positiveInt('connections', args.connections);
const warmupSeconds = Number(args.warmup);
if (!Number.isInteger(warmupSeconds) || warmupSeconds < 0)
  throw new Error(`--warmup must be a whole number of seconds (got "${args.warmup}")`);
const userCount = positiveInt('users', args.users);
const payoutRequests = positiveInt('payout-requests', args['payout-requests']);
const webhookEvents = positiveInt('webhook-events', args['webhook-events']);
const bankPayouts = positiveInt('bank-payouts', args['bank-payouts']);
const only = args.only ? new Set(args.only.split(',').map((s) => s.trim())) : null;
const wanted = (name: string) => only === null || only.has(name);

const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/:/g, '-').replace(/\..*$/, '');
const resultsDir = path.resolve(args['results-dir'] ?? path.join(ROOT, 'bench', 'results'));
const profileDir = path.join(resultsDir, 'profiles', `${engine}-${stamp}`);
// The same flags for every server this run starts: the ceiling and the service are comparable.
const nodeFlags = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** A fresh database: a SQLite file in a temporary directory, or a PostgreSQL database dropped at the end. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-bench-'));
    return {
      url: `sqlite:${path.join(dir, 'onpay.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = args['pg-url'] as string;
  const name = `onpay_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = await createPostgresDatabase(adminUrl, name);
  return { url, drop: () => dropPostgresDatabase(adminUrl, name) };
}

function serviceEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ONPAY_ENV: 'sandbox',
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // High enough that no scenario trips it; the limiter still counts every request.
    RATE_LIMIT_PER_MINUTE: '10000000',
    RATE_LIMIT_PAGES_PER_MINUTE: '10000000',
    ...extra,
  };
}

// `npm start` builds with tsc and runs dist/; --tsx runs the sources through the tsx loader instead.
const compiled = !(args.tsx as boolean);
/** The Node flags `npm start` gives the service (package.json), so the benchmark runs it the same way. */
function startScriptNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const match = /\bnode((?:\s+--\S+)*)\s+dist\/cli\/main\.js serve\b/.exec(pkg.scripts.start);
  if (!match)
    throw new Error(
      `package.json's start script no longer runs "node [flags] dist/cli/main.js serve": ${pkg.scripts.start}`,
    );
  return (match[1] ?? '')
    .trim()
    .split(/\s+/)
    .filter((flag) => flag !== '');
}
// Read even with --tsx, so a start script the benchmark no longer understands fails every run.
const startFlags = startScriptNodeFlags();
const serviceArgs = compiled ? [...startFlags, 'dist/cli/main.js', 'serve'] : ['bin/onpay.js', 'serve'];
const ceilingArgs = compiled
  ? [...startFlags, 'dist/bench/ceiling-server.js']
  : ['bin/run-ts.js', 'bench/ceiling-server.ts'];

const startService = (name: string, databaseUrl: string, extra?: Record<string, string>) =>
  startServer({ name, args: serviceArgs, env: serviceEnv(databaseUrl, extra), nodeFlags });
const startCeiling = () => startServer({ name: 'ceiling', args: ceilingArgs, env: { PORT: '0' }, nodeFlags });

/** Synthetic work added to the ceiling route for the calibration rows (microseconds per request). */
const CALIBRATION_US = [25, 50, 100] as const;

/** Rounds of the variants comparison. */
const ROUNDS = 2;

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)] as T;
}

async function main(): Promise<void> {
  const began = performance.now();
  const loadAtStart = os.loadavg();
  if (compiled) {
    log('building dist/ with tsc');
    buildCompiled();
  }
  const database = await freshDatabase();
  let service: ServerProcess | null = null;
  try {
    log(`seeding ${userCount} employees (${engine})`);
    const seeded = await seedDatabase(database.url);
    log(`seeded in ${seeded.seconds.toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);

    const headers = { authorization: `Bearer ${seeded.partner.accessToken}`, 'api-key': seeded.partner.apiKey };
    const base = { connections, durationSeconds, warmupSeconds };
    const ceilingRuns: LoadResult[] = [];
    const scenarios: ScenarioResult[] = [];
    const measureCeiling = async (calibrate: boolean) => {
      const ceiling = await startCeiling();
      try {
        log('ceiling');
        ceilingRuns.push(await throughput({ ...base, url: `${ceiling.baseUrl}/ceiling` }));
        if (!calibrate || !wanted('calibration')) return;
        for (const us of CALIBRATION_US) {
          log(`calibration: ceiling + ${us} µs`);
          const load = await throughput({ ...base, url: `${ceiling.baseUrl}/spin?us=${us}` });
          scenarios.push({
            name: `calibration.${us}`,
            description: `calibration: bare Fastify + ${us} µs of CPU per request`,
            load,
          });
        }
      } finally {
        await ceiling.stop();
      }
    };
    await measureCeiling(true);

    service = await startService('service', database.url);
    const api = `${service.baseUrl}/api/v1`;
    const run = async (name: string, description: string, options: Omit<LoadOptions, keyof typeof base>) => {
      if (!wanted(name)) return;
      log(name);
      scenarios.push({ name, description, load: await throughput({ ...base, headers, ...options }) });
    };

    // Two reference points between the ceiling and the real reads: the service answering without
    // auth or database (/healthz), and a partner route behind the full guard (credentials, limiter)
    // whose answer comes from memory (the current terms, cached): what the framework and the guard
    // cost before any row is read.
    await run('floor.healthz', 'reference: GET /healthz (no auth, no database)', { url: `${service.baseUrl}/healthz` });
    await run('floor.terms', 'reference: GET /terms (auth + limiter, answer from memory)', { url: `${api}/terms` });
    const byId = (request: Request): Request => ({ ...request, path: `/api/v1/users/${pick(seeded.userIds)}` });
    await run('users.get', `GET /users/{id} (${userCount} employees)`, { url: `${api}/users/1`, setupRequest: byId });
    await run('users.list.first', 'GET /users?page=1&per_page=25', { url: `${api}/users?page=1&per_page=25` });
    const deepPage = Math.max(1, Math.floor((seeded.counts.users * 0.75) / 25));
    await run('users.list.deep', `GET /users?page=${deepPage}&per_page=25`, {
      url: `${api}/users?page=${deepPage}&per_page=25`,
    });
    // The payout history (24 monthly invoices): its first page and a page three quarters down.
    await run('payouts.list.first', 'GET /payouts?page=1&per_page=25', { url: `${api}/payouts?page=1&per_page=25` });
    const deepPayouts = Math.max(1, Math.floor((seeded.counts.payouts * 0.75) / 25));
    await run('payouts.list.deep', `GET /payouts?page=${deepPayouts}&per_page=25`, {
      url: `${api}/payouts?page=${deepPayouts}&per_page=25`,
    });
    await run('verification.status', 'GET /verification/status/{id}', {
      url: `${api}/verification/status/x`,
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/verification/status/${pick(seeded.pendingSessionIds)}`,
      }),
    });
    let created = 0;
    const runId = randomBytes(3).toString('hex');
    await run('users.create', 'POST /users (create)', {
      url: `${api}/users`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          email: `new.hire.${runId}.${created++}@employee.example`,
          first_name: 'Nina',
          last_name: 'Berg',
          bank_account_number: '12345678903',
          internal_id: 9_000_000 + created,
        }),
      }),
    });

    /**
     * One client reads a whole export (rows/s in the table, ms for all of it); the service's RSS is
     * sampled every 20 ms meanwhile, and the growth is its peak over the level just before.
     */
    async function exportScenario(name: string, description: string, url: string, accept: string) {
      if (!wanted(name) || !service) return;
      log(name);
      const running = service;
      const before = running.memory()?.rssMb ?? 0;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, running.memory()?.rssMb ?? 0);
      }, 20);
      const started = performance.now();
      let bytes = 0;
      let lines = 0;
      try {
        const res = await fetch(url, { headers: { ...headers, accept } });
        if (res.status !== 200 || !res.body) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines++;
        }
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      peak = Math.max(peak, running.memory()?.rssMb ?? 0);
      // A CSV's first line is its header.
      const rows = accept === 'text/csv' ? lines - 1 : lines;
      scenarios.push({
        name,
        description,
        exported: { rows, seconds, mb: bytes / 2 ** 20, rssGrowthMb: peak - before },
      });
    }
    await exportScenario(
      'users.export',
      `GET /users/export, NDJSON (${userCount} employees)`,
      `${api}/users/export`,
      'application/x-ndjson',
    );
    await exportScenario(
      'users.export.csv',
      `GET /users/export, CSV (${userCount} employees)`,
      `${api}/users/export`,
      'text/csv',
    );
    await exportScenario(
      'payouts.export',
      `GET /payouts/export, NDJSON (${seeded.counts.payouts} seeded payouts)`,
      `${api}/payouts/export`,
      'application/x-ndjson',
    );

    /** POST /payouts of 1 000 items, one connection: each item names its employee as `nameOf` says. */
    async function payoutBatches(name: string, description: string, nameOf: (userId: number) => object) {
      log(name);
      let offset = 0;
      const date = new Date().toISOString().slice(0, 10);
      const result = await sequential(payoutRequests, 2, async () => {
        const payouts = Array.from({ length: 1000 }, () => ({
          ...nameOf(seeded.onboardedIds[offset++ % seeded.onboardedIds.length] as number),
          date,
          hours: 7.5,
          description: 'Evening shift',
          products: [
            { quantity: 7.5, price: 250, description: 'Hours' },
            { quantity: 1, price: 120, description: 'Travel allowance' },
          ],
        }));
        return fetch(`${api}/payouts`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ due_date: date, payouts }),
        });
      });
      scenarios.push({ name, description, sequential: result });
    }

    if (wanted('payouts.create'))
      await payoutBatches('payouts.create', 'POST /payouts, 1 000 items (1 connection)', (userId) => ({
        user_id: userId,
      }));

    if (wanted('payouts.create.ssn')) {
      // The seed gave the n-th employee the verified number 10 000 000 000 + 7n (bench/seed.ts):
      // items name the employee by it, so each is found through the identity lookup (a blind
      // index with field encryption on).
      const ssnOf = new Map(seeded.userIds.map((id, n) => [id, String(10_000_000_000 + n * 7)]));
      await payoutBatches('payouts.create.ssn', 'POST /payouts, 1 000 items named by ssn (1 connection)', (userId) => ({
        ssn: ssnOf.get(userId) as string,
      }));
    }

    if (seeded.console && (only === null || [...only].some((name) => name.startsWith('console'))))
      await consoleScenarios(service.baseUrl, seeded.console, scenarios);

    const memory = service.memory();
    await service.stop();
    service = null;

    // Webhook delivery, with no service running beside it (its own worker would share the work).
    if (wanted('webhooks.deliver')) {
      log(`webhooks.deliver (${webhookEvents} events)`);
      scenarios.push({
        name: 'webhooks.deliver',
        description: `webhook delivery: one worker, ${webhookEvents} events to a local receiver (events/s)`,
        deliveries: deliverWebhooks(database.url),
      });
    }

    // Payment files, with no service running beside it: an export of --bank-payouts pending payouts
    // (time and memory growth), then the import of a camt.054 booking every one of them.
    if (wanted('bank.export') || wanted('bank.import')) {
      log(`bank.export, bank.import (${bankPayouts} payouts)`);
      bankStep('seed', database.url);
      const exported = bankStep('export', database.url);
      scenarios.push({
        name: 'bank.export',
        description: `onpay bank export: one pain.001 of ${bankPayouts} payouts (ms per file)`,
        bank: {
          items: exported.payouts!,
          seconds: exported.seconds!,
          fileMb: exported.fileMb!,
          rssGrowthMb: exported.rssGrowthMb!,
          heapGrowthMb: exported.heapGrowthMb!,
        },
      });
      const imported = bankStep('import', database.url);
      scenarios.push({
        name: 'bank.import',
        description: `onpay bank import: a camt.054 booking ${bankPayouts} transactions (ms per file)`,
        bank: { items: imported.transactions!, seconds: imported.seconds!, fileMb: imported.fileMb! },
      });
    }

    // The same read against otherwise identical services: the limiter off, in-process and in Redis,
    // request logging at info, and the request log (docs/decisions.md §25) off. Started side by side and measured in alternating rounds, so
    // drift on a noisy machine hits every variant alike.
    const variantsReport: BenchReport['variants'] = {};
    if (wanted('variants')) {
      const variants = [
        ['limiterOff', { ONPAY_BENCH_DISABLE_RATE_LIMIT: '1' }],
        ['limiterMemory', {}],
        ['limiterRedis', { REDIS_URL: args['redis-url'] as string }],
        ['logInfo', { LOG_LEVEL: 'info' }],
        ['requestLogOff', { ONPAY_BENCH_DISABLE_REQUEST_LOG: '1' }],
      ] as const;
      const services: ServerProcess[] = [];
      try {
        for (const [variant, extra] of variants)
          services.push(await startService(`service (${variant})`, database.url, extra));
        const rounds: LoadResult[][] = variants.map(() => []);
        const roundSeconds = Math.max(2, Math.round(durationSeconds / ROUNDS));
        for (let round = 0; round < ROUNDS; round++) {
          for (const [i, [variant]] of variants.entries()) {
            log(`${variant} (round ${round + 1} of ${ROUNDS})`);
            const target = services[i] as ServerProcess;
            rounds[i]!.push(
              await throughput({
                ...base,
                durationSeconds: roundSeconds,
                warmupSeconds: round === 0 ? warmupSeconds : 0,
                headers,
                url: `${target.baseUrl}/api/v1/users/1`,
                setupRequest: byId,
              }),
            );
          }
        }
        variants.forEach(([variant], i) => {
          variantsReport[variant] = combine(rounds[i]!);
        });
      } finally {
        for (const started of services) await started.stop();
      }
    }

    await measureCeiling(false);
    const ceilingMean = ceilingRuns.reduce((sum, r) => sum + r.requestsPerSecond, 0) / ceilingRuns.length;
    for (const scenario of scenarios) {
      if (scenario.load) scenario.ratioToCeiling = scenario.load.requestsPerSecond / ceilingMean;
    }

    const partial = {
      engine,
      startedAt: startedAt.toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
        // Other work on the machine skews every number: the 1-minute load average around the run.
        loadAverage: { start: Math.round(loadAtStart[0]! * 100) / 100, end: Math.round(os.loadavg()[0]! * 100) / 100 },
      },
      options: {
        durationSeconds,
        connections,
        warmupSeconds,
        users: userCount,
        payoutRequests,
        webhookEvents,
        bankPayouts,
        nodeFlags,
        compiled,
        only: only ? [...only] : null,
      },
      seed: { ...seeded.counts, seconds: Math.round(seeded.seconds * 10) / 10 },
      ceiling: { runs: ceilingRuns, meanRequestsPerSecond: Math.round(ceilingMean) },
      scenarios,
      variants: variantsReport,
      memory,
    };
    const report: BenchReport = {
      ...partial,
      targets: evaluateTargets(partial),
      totalSeconds: Math.round((performance.now() - began) / 1000),
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `${engine}-${stamp}.json`);
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(
      `${formatReport(report)}\n\nWritten to ${path.relative(process.cwd(), file)} (${report.totalSeconds} s)\n`,
    );
    if (args.profile)
      process.stdout.write(
        `CPU profiles in ${path.relative(ROOT, profileDir)} (read with: node bin/run-ts.js bench/profile-top.ts FILE)\n`,
      );
  } finally {
    await service?.stop();
    // --keep-database: the seeded database stays for a look afterwards (EXPLAIN, onpay lists check); drop it yourself.
    if (args['keep-database']) log(`kept the database: ${database.url}`);
    else await database.drop();
  }
}

/**
 * The operator console, as one signed-in operator uses it (one connection, one page after another):
 * the dashboard and the payout list (first page, and filtered to pending) with p95, then "mark
 * paid" of 1 000 pending payouts in one action (the form after the confirm step), twice.
 */
async function consoleScenarios(
  baseUrl: string,
  session: NonNullable<SeedResult['console']>,
  scenarios: ScenarioResult[],
): Promise<void> {
  const cookie = `onpay_console=${session.sessionToken}`;
  const page = (url: string) => fetch(`${baseUrl}${url}`, { headers: { cookie }, redirect: 'manual' });
  const pages: Array<[string, string, string]> = [
    ['console.dashboard', '/console', 'console: GET /console, the dashboard (1 connection)'],
    ['console.payouts', '/console/payouts', 'console: GET /console/payouts, first page of all (1 connection)'],
    [
      'console.payouts.pending',
      '/console/payouts?status=pending',
      'console: GET /console/payouts?status=pending (1 connection)',
    ],
    [
      'console.employees.name',
      '/console/employees?q=hansen',
      'console: GET /console/employees?q=hansen, a common name (1 connection)',
    ],
    [
      'console.employees.phone',
      '/console/employees?q=40012345',
      'console: GET /console/employees?q=40012345, a phone number (1 connection)',
    ],
  ];
  for (const [name, url, description] of pages) {
    if (!wanted('console') && !wanted(name)) continue;
    log(name);
    scenarios.push({ name, description, sequential: await sequential(300, 30, () => page(url)) });
  }
  if (wanted('console') || wanted('console.search')) {
    // Texts an operator types, in turn (docs/decisions.md §23): folded spellings of names the seed
    // gives a few thousand people each (bench/seed.ts), a name shared by one in 12, a first and
    // last name, part of an e-mail, and a text nobody has.
    log('console.search');
    const url = (i: number) => `/console/employees?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length] as string)}`;
    scenarios.push({
      name: 'console.search',
      description: `console: GET /console/employees?q= (${SEARCHES.length} texts in turn: ${SEARCHES.join(', ')}; 1 connection)`,
      sequential: await sequential(300, 30, (i) => page(url(i))),
    });
  }
  if (!wanted('console') && !wanted('console.markPaid')) return;
  log('console.markPaid');
  const csrf = /name="csrf" value="([^"]+)"/.exec(await (await page('/console/payouts')).text())?.[1];
  if (!csrf) throw new Error('console: no CSRF field on the payouts page (is the operator signed in?)');
  // Two actions of 1 000 at the full seed; one smaller action on a tiny seed (the harness test).
  const rounds = Math.max(1, Math.floor(session.pendingPayoutIds.length / 1000));
  const result = await sequential(rounds, 0, async (i) => {
    const ids = session.pendingPayoutIds.slice(i * 1000, (i + 1) * 1000);
    const body = new URLSearchParams([
      ['move', 'paid'],
      ...ids.map((id): [string, string] => ['id', String(id)]),
      ['csrf', csrf],
    ]);
    const res = await fetch(`${baseUrl}/console/payouts/apply`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
    // The action answers 303 to the list: that is success.
    return res.status === 303 ? new Response('moved', { status: 200 }) : res;
  });
  scenarios.push({
    name: 'console.markPaid',
    description: 'console: mark 1 000 payouts paid in one action (1 connection)',
    sequential: result,
  });
}

/** What the console.search scenario types, in turn. */
const SEARCHES = ['saether', 'Søren', 'haaland', 'hansen', 'kari bra', 'aasen.1234', 'ødegård', 'nobody-xq'];

/** Seeds in a child process (see bench/seed-process.ts): this process keeps a small heap for autocannon. */
async function seedDatabase(url: string): Promise<SeedResult> {
  const out = path.join(os.tmpdir(), `onpay-bench-seed-${process.pid}.json`);
  const child = spawnSync(process.execPath, ['bin/run-ts.js', 'bench/seed-process.ts', url, String(userCount), out], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error('seeding failed');
  try {
    return JSON.parse(fs.readFileSync(out, 'utf8')) as SeedResult;
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/** The webhook scenario in a child process (bench/webhooks-process.ts). */
function deliverWebhooks(url: string): { events: number; seconds: number; perSecond: number } {
  const out = path.join(os.tmpdir(), `onpay-bench-webhooks-${process.pid}.json`);
  const child = spawnSync(
    process.execPath,
    ['bin/run-ts.js', 'bench/webhooks-process.ts', url, String(webhookEvents), out],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (child.status !== 0) throw new Error('the webhook scenario failed');
  try {
    return JSON.parse(fs.readFileSync(out, 'utf8')) as { events: number; seconds: number; perSecond: number };
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/** One step of the payment-file scenarios in a child process of its own (bench/bank-process.ts). */
function bankStep(step: 'seed' | 'export' | 'import', url: string): Record<string, number | undefined> {
  const out = path.join(os.tmpdir(), `onpay-bench-bank-${process.pid}.json`);
  const child = spawnSync(
    process.execPath,
    // The young generation the service runs with (`npm start`): the export measured is the console's, in the service.
    [
      '--expose-gc',
      '--max-semi-space-size=8',
      'bin/run-ts.js',
      'bench/bank-process.ts',
      step,
      url,
      String(bankPayouts),
      out,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (child.status !== 0) throw new Error(`the payment-file scenario failed (${step})`);
  try {
    return JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, number | undefined>;
  } finally {
    fs.rmSync(out, { force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
