/**
 * node bin/run-ts.js bench/request-log-budget.ts [--engine sqlite|postgres] [--requests 5000] [--rounds 5]
 *
 * What the request log (docs/decisions.md §25) adds to the point read, as CPU time per request:
 * two services in this one process, one with the log and one without
 * (`ONPAY_BENCH_DISABLE_REQUEST_LOG=1`), asked `GET /users/{id}` through Fastify inject in
 * alternating rounds, so the machine's other load falls on both alike. The log's batched writes
 * (one every 500 requests, as the buffer fills) run in this process and are counted.
 */
import { parseArgs } from 'node:util';
import type { Engine } from '../src/db/dialect.js';
import { systemClock } from '../src/clock.js';
import { createRequestLog } from '../src/modules/request-log/index.js';
import { nextTurn, startInProcess, type InProcess } from './in-process.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '5' },
  },
});
const engine = args.engine as Engine;
const N = Number(args.requests);

const on = await startInProcess(engine, { ONPAY_BENCH_DISABLE_RATE_LIMIT: '0' });
const off = await startInProcess(engine, {
  ONPAY_BENCH_DISABLE_RATE_LIMIT: '0',
  ONPAY_BENCH_DISABLE_REQUEST_LOG: '1',
});

async function run(service: InProcess, n: number): Promise<number> {
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const res = await service.app.inject({
      method: 'GET',
      url: `/api/v1/users/${service.userId}`,
      headers: service.headers,
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    await nextTurn();
  }
  // What the log still holds is written now, and counted in this round.
  await service.services.requestLog.flush();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / n;
}

await run(on, 2000);
await run(off, 2000);
const withLog: number[] = [];
const without: number[] = [];
for (let round = 0; round < Number(args.rounds); round++) {
  // Alternating which goes first, so neither always runs after the other's garbage.
  if (round % 2 === 0) {
    withLog.push(await run(on, N));
    without.push(await run(off, N));
  } else {
    without.push(await run(off, N));
    withLog.push(await run(on, N));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
const a = median(withLog);
const b = median(without);
const logged = await on.db.db
  .selectFrom('request_log')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
console.log(`\n${engine}, ${N} requests per round, GET /users/{id}, CPU µs per request (median; rounds):`);
console.log(`  request log on   ${a.toFixed(1).padStart(7)} µs  (${fmt(withLog)})`);
console.log(`  request log off  ${b.toFixed(1).padStart(7)} µs  (${fmt(without)})`);
console.log(`  difference       ${(a - b).toFixed(1).padStart(7)} µs  ${(((a - b) / b) * 100).toFixed(1)} %`);
console.log(`  rows written: ${Number(logged.n)}; dropped: ${on.services.requestLog.dropped}`);

// The parts on their own, less disturbed by the machine's load than a whole request: the hook's
// buffer push (on the request path, after the response) and the batched write per entry (off it).
const M = 50_000;
const parts = createRequestLog({
  db: on.db.db,
  clock: systemClock,
  tuning: { bufferMax: M, batchSize: M + 1 },
});
const note = {
  partnerId: (await on.services.partners.listPartners())[0]!.partner_id,
  method: 'GET',
  route: '/api/v1/users/:id',
  params: { id: on.userId },
  status: 200,
  durationMs: 0.8,
  requestId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  idempotencyKey: null,
};
const cpuUs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / M;
};
const pushStart = process.cpuUsage();
for (let i = 0; i < M; i++) parts.note(note);
const pushUs = cpuUs(pushStart);
const writeStart = process.cpuUsage();
await parts.flush();
const writeUs = cpuUs(writeStart);
console.log(
  `  per entry: buffer push ${pushUs.toFixed(2)} µs (on the request path), batched write ${writeUs.toFixed(2)} µs (off it)`,
);
await on.close();
await off.close();
