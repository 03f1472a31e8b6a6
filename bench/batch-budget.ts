/**
 * node bin/run-ts.js bench/batch-budget.ts [--engine sqlite|postgres] [--users 5000] [--requests 10]
 *
 * `POST /payouts` of 1 000 items named by ssn (the benchmark's `payouts.create.ssn`), measured
 * in one process: this process's CPU time and the wall time per request, after two unmeasured
 * requests (docs/performance.md, "Point read budget (issue 24 item 4)").
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Engine } from '../src/db/dialect.js';
import { startInProcess } from './in-process.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    users: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '10' },
  },
});
const service = await startInProcess(args.engine as Engine, {}, Number(args.users));
const { partner, userIds, onboardedIds } = service.seeded!;
const headers = { authorization: `Bearer ${partner.accessToken}`, 'api-key': partner.apiKey };
// The seed gave the n-th employee the verified number 10 000 000 000 + 7n (bench/seed.ts).
const ssnOf = new Map(userIds.map((id, n) => [id, String(10_000_000_000 + n * 7)]));
const date = new Date().toISOString().slice(0, 10);
let offset = 0;

async function batch(): Promise<void> {
  const payouts = Array.from({ length: 1000 }, () => ({
    ssn: ssnOf.get(onboardedIds[offset++ % onboardedIds.length] as number) as string,
    date,
    hours: 7.5,
    description: 'Evening shift',
    products: [
      { quantity: 7.5, price: 250, description: 'Hours' },
      { quantity: 1, price: 120, description: 'Travel allowance' },
    ],
  }));
  const res = await service.app.inject({
    method: 'POST',
    url: '/api/v1/payouts',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { due_date: date, payouts },
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body.slice(0, 500)}`);
}

for (let i = 0; i < 2; i++) await batch();
const cpu: number[] = [];
const wall: number[] = [];
for (let i = 0; i < Number(args.requests); i++) {
  const c = process.cpuUsage();
  const t = performance.now();
  await batch();
  const used = process.cpuUsage(c);
  cpu.push((used.user + used.system) / 1000);
  wall.push(performance.now() - t);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  `${args.engine}: POST /payouts, 1 000 items by ssn: median ${median(cpu).toFixed(1)} ms CPU, ${median(wall).toFixed(1)} ms wall per request (${cpu.length} requests)`,
);
await service.close();
