/**
 * The benchmark harness (npm run bench) still runs end to end: a tiny seed, one-second scenarios,
 * the report and its JSON. Numbers are not checked (speed is measured by the benchmark, not by
 * tests); that every scenario ran, answered only 2xx and was written down is.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine.js';
import { cliEnv, root } from '../helpers/cli.js';

const SCENARIOS = [
  'floor.terms',
  'users.get',
  'users.list.first',
  'users.list.deep',
  'verification.status',
  'users.create',
  'payouts.create',
  'webhooks.deliver',
  'bank.export',
  'bank.import',
];

interface Report {
  engine: string;
  ceiling: { runs: { requestsPerSecond: number }[]; meanRequestsPerSecond: number };
  scenarios: {
    name: string;
    ratioToCeiling?: number;
    load?: { requestsPerSecond: number; non2xx: number; errors: number };
    sequential?: { medianMs: number; failures: number };
    deliveries?: { events: number; perSecond: number };
    bank?: { items: number; seconds: number; rssGrowthMb?: number };
  }[];
  targets: { target: string; measured: string; met: boolean }[];
  memory?: { rssMb: number };
}

describe(`benchmark harness (${testEngine})`, () => {
  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-bench-test-'));
  afterAll(() => fs.rmSync(resultsDir, { recursive: true, force: true }));

  it('seeds, measures every scenario against the ceiling and writes the report', async () => {
    // --tsx: no tsc build, so this cannot race the README test's `npm start` over dist/.
    const args = [
      'bin/run-ts.js',
      'bench/run.ts',
      '--engine',
      testEngine,
      '--tsx',
      '--users',
      '300',
      '--duration',
      '1',
      '--warmup',
      '0',
    ];
    args.push(
      '--connections',
      '4',
      '--payout-requests',
      '1',
      '--webhook-events',
      '200',
      '--bank-payouts',
      '50',
      '--only',
      [...SCENARIOS, 'calibration', 'console'].join(','),
      '--results-dir',
      resultsDir,
    );
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, args, { cwd: root, env: cliEnv({}), timeout: 150_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(run.code, run.stderr).toBe(0);

    const files = fs.readdirSync(resultsDir).filter((f) => f.startsWith(`${testEngine}-`) && f.endsWith('.json'));
    expect(files).toHaveLength(1);
    const report = JSON.parse(fs.readFileSync(path.join(resultsDir, files[0]!), 'utf8')) as Report;

    expect(report.engine).toBe(testEngine);
    expect(report.ceiling.runs).toHaveLength(2);
    expect(report.ceiling.meanRequestsPerSecond).toBeGreaterThan(0);
    const names = report.scenarios.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        ...SCENARIOS,
        'calibration.25',
        'calibration.50',
        'calibration.100',
        'console.dashboard',
        'console.payouts',
        'console.search',
        'console.markPaid',
      ]),
    );
    for (const scenario of report.scenarios) {
      if (scenario.load) {
        expect(scenario.load.requestsPerSecond, scenario.name).toBeGreaterThan(0);
        expect(scenario.load.non2xx + scenario.load.errors, scenario.name).toBe(0);
        expect(scenario.ratioToCeiling, scenario.name).toBeGreaterThan(0);
      } else if (scenario.bank) {
        expect(scenario.bank.items, scenario.name).toBe(50);
        expect(scenario.bank.seconds, scenario.name).toBeGreaterThan(0);
      } else if (scenario.deliveries) {
        expect(scenario.deliveries.events, scenario.name).toBe(200);
        expect(scenario.deliveries.perSecond, scenario.name).toBeGreaterThan(0);
      } else {
        expect(scenario.sequential?.failures, scenario.name).toBe(0);
        expect(scenario.sequential?.medianMs, scenario.name).toBeGreaterThan(0);
      }
    }
    // Every performance target is evaluated, none is reported as a failed 2xx check.
    expect(report.targets.some((t) => t.target.includes('GET /users/{id}'))).toBe(true);
    expect(report.targets.some((t) => t.target.startsWith('webhook delivery'))).toBe(true);
    expect(report.targets.map((t) => t.target)).toEqual(
      expect.arrayContaining([
        'export of 50 payouts < 2 s',
        'export of 50 payouts: memory growth < 50 MB',
        'import of a 50-transaction camt.054 < 2 s',
      ]),
    );
    expect(report.scenarios.find((s) => s.name === 'bank.export')?.bank?.rssGrowthMb).toBeGreaterThanOrEqual(0);
    expect(report.targets.filter((t) => t.target.includes('every response 2xx'))).toEqual([]);
    expect(report.memory?.rssMb).toBeGreaterThan(0);
    // The printed table names the ceiling and the scenarios.
    expect(run.stdout).toContain('ceiling: bare Fastify, constant JSON');
    expect(run.stdout).toContain('GET /verification/status/{id}');
  }, 180_000);
});
