/**
 * node bin/run-ts.js bench/point-read-ab.ts --trees DIR[,DIR...] [--users 20000] [--rounds 8] [--seconds 5]
 *
 * `GET /users/{id}` of two (or more) checkouts side by side on PostgreSQL, e.g. a worktree of an
 * older commit and this one (`git worktree add ../wt-base 0636b48`, with node_modules linked).
 * Each checkout seeds its own database with its own bench/seed-process.ts and serves it from its
 * own compiled build (built here when dist/ is missing); all services are up at once and the
 * rounds alternate, so a noisy machine disturbs each alike. Besides requests per second, each
 * round reads the CPU time the service and its PostgreSQL backends used (`/proc/PID/stat`) and
 * divides it by the requests served: what a point read costs on each side of the connection,
 * which other load disturbs far less than throughput (docs/performance.md, "Prepared point reads
 * on PostgreSQL").
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPostgresDatabase, dropPostgresDatabase } from '../src/db/admin.js';

const { values: args } = parseArgs({
  options: {
    trees: { type: 'string' },
    users: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '5' },
    'pg-url': {
      type: 'string',
      default: process.env.ONPAY_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
if (!args.trees) throw new Error('--trees DIR[,DIR...] is required');
const trees = args.trees.split(',').map((tree) => path.resolve(tree));
const adminUrl = args['pg-url'] as string;
const TICKS = 100; // USER_HZ: /proc counts CPU time in hundredths of a second

interface Side {
  tree: string;
  url: string;
  name: string;
  seed: { partner: { apiKey: string; accessToken: string }; userIds: number[] };
  child?: ReturnType<typeof spawn>;
  base?: string;
  rounds: Array<{ rps: number; serviceUs: number; databaseUs: number }>;
}

function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0; // the backend ended
  }
}

function run(cwd: string, argv: string[]): void {
  const done = spawnSync(process.execPath, argv, { cwd, stdio: 'inherit' });
  if (done.status !== 0) throw new Error(`${argv.join(' ')} failed in ${cwd}`);
}

const sides: Side[] = [];
const admin = new pg.Client(adminUrl);
await admin.connect();
try {
  for (const [i, tree] of trees.entries()) {
    const name = `onpay_ab_${process.pid}_${i}`;
    const url = await createPostgresDatabase(adminUrl, name);
    const out = path.join(os.tmpdir(), `${name}.json`);
    console.log(`[ab] seeding ${args.users} employees for ${tree}`);
    run(tree, ['bin/run-ts.js', 'bench/seed-process.ts', url, args.users as string, out]);
    if (!fs.existsSync(path.join(tree, 'dist/cli/main.js')))
      run(tree, [path.join(tree, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
    sides.push({ tree, url, name, seed: JSON.parse(fs.readFileSync(out, 'utf8')) as Side['seed'], rounds: [] });
    fs.rmSync(out);
  }
  for (const side of sides) {
    const child = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/cli/main.js', 'serve'], {
      cwd: side.tree,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ONPAY_ENV: 'sandbox',
        DATABASE_URL: side.url,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '10000000',
        RATE_LIMIT_PAGES_PER_MINUTE: '10000000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    side.child = child;
    side.base = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.once('exit', (code) => reject(new Error(`${side.tree}: the service exited (${code})`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const match = /listening on (http:\/\/[^\s;]+)/.exec(text);
        if (match) resolve(match[1]!);
      });
    });
  }
  const backends = async (database: string) =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])).rows.map(
      (row) => row.pid,
    );
  // Round 0 warms every service up and is not counted.
  for (let round = 0; round <= Number(args.rounds); round++) {
    for (const side of sides) {
      const ids = side.seed.userIds;
      const before = new Map((await backends(side.name)).map((pid) => [pid, cpuSeconds(pid)]));
      const service0 = cpuSeconds(side.child!.pid!);
      const result = await autocannon({
        url: `${side.base}/api/v1/users/1`,
        connections: 50,
        duration: Number(args.seconds),
        headers: { authorization: `Bearer ${side.seed.partner.accessToken}`, 'api-key': side.seed.partner.apiKey },
        requests: [
          { setupRequest: (r) => ({ ...r, path: `/api/v1/users/${ids[Math.floor(Math.random() * ids.length)]}` }) },
        ],
      });
      const service = cpuSeconds(side.child!.pid!) - service0;
      let database = 0;
      for (const pid of await backends(side.name)) database += cpuSeconds(pid) - (before.get(pid) ?? 0);
      const n = result.requests.total;
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${side.tree}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      if (round === 0) continue;
      side.rounds.push({
        rps: result.requests.average,
        serviceUs: (service / n) * 1e6,
        databaseUs: (database / n) * 1e6,
      });
      console.log(
        `[ab] round ${round} ${side.tree}: ${result.requests.average} req/s (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
  }
  const median = (values: number[]) => values.slice().sort((a, b) => a - b)[values.length >> 1]!;
  console.log('\n| checkout | median req/s | service CPU µs/request | PostgreSQL CPU µs/request |\n|:--|--:|--:|--:|');
  for (const side of sides)
    console.log(
      `| ${side.tree} | ${median(side.rounds.map((r) => r.rps)).toFixed(0)} | ${median(side.rounds.map((r) => r.serviceUs)).toFixed(0)} | ${median(side.rounds.map((r) => r.databaseUs)).toFixed(0)} |`,
    );
} finally {
  for (const side of sides) side.child?.kill();
  await admin.end();
  for (const side of sides) await dropPostgresDatabase(adminUrl, side.name).catch(() => undefined);
}
