/**
 * node bin/run-ts.js bench/point-read-budget.ts [--engine sqlite|postgres] [--requests 20000] [--rounds 3]
 *                                              [--write-profile FILE.cpuprofile] [--list-per-page N]
 *                                              [--list-values all|one|none]
 *
 * The point read's per-request CPU budget (issue 24 item 4), measured in one process so the
 * machine's other load mostly cancels out. Rounds alternate between a bare Fastify route (the
 * ceiling's route), `GET /healthz`, `GET /terms` and `GET /users/{id}`, all through Fastify inject
 * (no socket: HTTP parsing and `writev` are not in these numbers), and report this process's CPU
 * time per request. Then one CPU profile of the point read, each sample charged to the innermost
 * frame that belongs to a stage (guard, limiter, read, decryption, payload, serialisation, ...):
 * docs/performance.md, "Point read budget (issue 24 item 4)".
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import type { Engine } from '../src/db/dialect.js';
import { nextTurn, startInProcess } from './in-process.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    /** Also writes the profiled request's profile there, for bench/profile-top.ts. */
    'write-profile': { type: 'string' },
    /**
     * Also measures `GET /users?per_page=N` of a partner with 1 000 seeded employees, and profiles
     * it instead of the point read (what one more employee on a page costs).
     */
    'list-per-page': { type: 'string' },
    /**
     * With --list-per-page: which of the listed employees' encrypted values stay (`all`, the seed's
     * phone, address and bank account; `one`, the bank account only, as one sealed bundle per link
     * would leave; `none`): what decryption costs a page (docs/performance.md, "What sealing the
     * shown values together would buy").
     */
    'list-values': { type: 'string', default: 'all' },
  },
});
const engine = args.engine as Engine;
const N = Number(args.requests);

const perPage = args['list-per-page'] ? Number(args['list-per-page']) : null;
const service = await startInProcess(engine, { ONPAY_BENCH_DISABLE_RATE_LIMIT: '0' }, perPage ? 1000 : 0);
const { app, headers } = service;
const seeded = service.seeded?.partner;
const listValues = args['list-values'];
if (!['all', 'one', 'none'].includes(listValues)) throw new Error('--list-values must be all, one or none');
if (seeded && listValues !== 'all')
  await service.db.db
    .updateTable('partner_users')
    .set(
      listValues === 'one'
        ? { phone: null, address: null }
        : {
            phone: null,
            address: null,
            bank_account_number: null,
            bank_iban_number: null,
            bank_bic_number: null,
          },
    )
    .where('partner_id', '=', seeded.partnerId)
    .execute();
const seededHeaders = seeded ? { authorization: `Bearer ${seeded.accessToken}`, 'api-key': seeded.apiKey } : headers;
const ceiling = Fastify({ logger: false });
const body = { status: 'ok', service: 'onpay-bench-ceiling' };
ceiling.get('/ceiling', async () => body);
await ceiling.ready();

type Inject = () => Promise<{ statusCode: number; body: string }>;
const routes: Array<[string, Inject]> = [
  ['bare Fastify route (ceiling)', () => ceiling.inject({ method: 'GET', url: '/ceiling' })],
  ['GET /healthz', () => app.inject({ method: 'GET', url: '/healthz' })],
  ['GET /terms (guard, answer from memory)', () => app.inject({ method: 'GET', url: '/api/v1/terms', headers })],
  ['GET /users/{id}', () => app.inject({ method: 'GET', url: `/api/v1/users/${service.userId}`, headers })],
  ...(perPage
    ? ([
        [
          `GET /users?per_page=${perPage}`,
          () => app.inject({ method: 'GET', url: `/api/v1/users?page=2&per_page=${perPage}`, headers: seededHeaders }),
        ],
      ] as Array<[string, Inject]>)
    : []),
];
const profiled = routes.length - 1;

async function run(inject: Inject, n: number): Promise<{ cpuUs: number; wallUs: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await inject();
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    await nextTurn();
  }
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / n, wallUs: ((performance.now() - t) * 1000) / n };
}

for (const [, inject] of routes) await run(inject, 2000);
const cpuOf = new Map<string, number[]>();
for (let round = 0; round < Number(args.rounds); round++) {
  for (const [name, inject] of routes) {
    const { cpuUs } = await run(inject, N);
    cpuOf.set(name, [...(cpuOf.get(name) ?? []), cpuUs]);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const ceilingUs = median(cpuOf.get(routes[0]![0])!);
console.log(`\n${engine}, ${N} requests per round, CPU µs per request (median of rounds; rounds):`);
for (const [name, xs] of cpuOf) {
  const us = median(xs);
  console.log(
    `  ${name.padEnd(42)} ${us.toFixed(1).padStart(7)} µs  ${((ceilingUs / us) * 100).toFixed(1).padStart(5)} % of the ceiling  (${xs.map((x) => x.toFixed(1)).join(', ')})`,
  );
}

// Stages, matched leaf first against each sample's stack: the innermost frame that matches decides.
const STAGES: Array<[string, (url: string, fn: string) => boolean]> = [
  ['garbage collection', (_u, fn) => fn === '(garbage collector)'],
  ['decryption (openValues)', (u) => /field-crypto|sealed-columns/.test(u)],
  ['credentials (digests, cache)', (u) => /partners\.service|secrets\.ts|epoch-cache/.test(u)],
  ['rate limiter + RateLimit headers', (u) => /limiter\.ts|rate-limit\.ts/.test(u)],
  ['guard (rest)', (u) => /api-guard|api-plugin|request-context/.test(u)],
  ['terms (cached)', (u) => /terms\.service|terms\.repository/.test(u)],
  [
    'read: statement, driver, row split',
    (u) => /users\.repository|reusable-query|kysely|better-sqlite3|\/pg\/|pg-protocol|pg-pool|\/db\//.test(u),
  ],
  ['payload (row → User)', (u) => /users\.payload|onboarding\.ts/.test(u)],
  [
    'response serialisation',
    (u, fn) => /fast-json-stringify/.test(u) || (/fastify\/lib\/reply\.js/.test(u) && /serialize/i.test(fn)),
  ],
  ['access log (pino)', (u) => /pino|logging\.ts/.test(u)],
  ['metrics', (u) => /prom-client|metrics\.ts/.test(u)],
  ['request id, actor scope, drain', (u) => /actor\.ts|drain\.ts|async_hooks|\/app\.ts/.test(u)],
  ['handler, service', (u) => /users\.(service|routes)|user-id/.test(u)],
  ['inject (not on the wire)', (u) => /light-my-request/.test(u)],
  ['Fastify core (routing, hooks, validation)', (u) => /fastify|find-my-way|avvio|ajv/.test(u)],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
const inject = routes[profiled]![1];
await run(inject, N);
const { profile } = (await session.post('Profiler.stop')) as unknown as {
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
};
session.disconnect();
if (args['write-profile']) fs.writeFileSync(args['write-profile'], JSON.stringify(profile));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const stageOf = new Map<number, string>();
function stage(id: number): string {
  const known = stageOf.get(id);
  if (known) return known;
  const node = byId.get(id)!;
  const { url, functionName } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)') return functionName;
  // The profiler's own stop call, at the end: not the request's.
  if (url === 'node:inspector') return '(idle)';
  const found = STAGES.find(([, matches]) => matches(url, functionName))?.[0];
  const up = parent.get(id);
  const result = found ?? (up === undefined ? 'other' : stage(up));
  stageOf.set(id, result);
  return result;
}
const time = new Map<string, number>();
const unmatched = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, i) => {
  const name = stage(id);
  const dt = profile.timeDeltas[i] ?? 0;
  time.set(name, (time.get(name) ?? 0) + dt);
  if (name !== '(idle)') busy += dt;
  if (name === 'other') {
    const { functionName, url } = byId.get(id)!.callFrame;
    const frame = `${functionName || '(anonymous)'} ${url}`;
    unmatched.set(frame, (unmatched.get(frame) ?? 0) + dt);
  }
});
// The profiler samples wall time (on a busy machine a descheduled thread is charged too): its
// shares are spread over the CPU time per request measured without it.
const pointReadUs = median(cpuOf.get(routes[profiled]![0])!);
console.log(
  `\n${routes[profiled]![0]}: ${pointReadUs.toFixed(1)} µs CPU per request, by stage (shares of the profile's samples):`,
);
for (const [name, us] of [...time].sort((a, b) => b[1] - a[1])) {
  if (name === '(idle)') continue;
  const share = us / busy;
  console.log(
    `  ${name.padEnd(42)} ${(share * pointReadUs).toFixed(1).padStart(6)} µs  ${(share * 100).toFixed(1).padStart(5)} %`,
  );
}
console.log('  "other", by leaf frame:');
for (const [frame, us] of [...unmatched].sort((a, b) => b[1] - a[1]).slice(0, 8))
  console.log(`    ${frame.padEnd(50)} ${((us / busy) * 100).toFixed(1).padStart(5)} %`);

await ceiling.close();
await service.close();
