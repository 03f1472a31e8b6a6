/**
 * node bin/run-ts.js bench/crypto-share.ts [sqlite | postgres]
 *
 * What field encryption costs GET /users/{id}, measured in one process so the machine's other
 * load cancels out: the mean time of 3 000 requests (Fastify inject, the full route) and of
 * opening the same link's encrypted columns 3 000 times (docs/performance.md, "Field encryption").
 * The database is a fresh one (bench/in-process.ts).
 */
import type { Engine } from '../src/db/dialect.js';
import { openValues } from '../src/db/sealed-columns.js';
import { nextTurn, startInProcess } from './in-process.js';

const engine = (process.argv[2] ?? 'sqlite') as Engine;
const { app, db, services, headers, userId, close } = await startInProcess(engine, {
  LOG_LEVEL: 'silent',
  ONPAY_BENCH_DISABLE_RATE_LIMIT: '1',
});
const row = await db.db.selectFrom('partner_users').selectAll().executeTakeFirstOrThrow();
const N = 3000;
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  for (let i = 0; i < N; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/users/${userId}`, headers });
    if (res.statusCode !== 200) throw new Error(res.body);
    await nextTurn();
  }
  const request = (performance.now() - t) / N;
  t = performance.now();
  for (let i = 0; i < N; i++) openValues(services.fieldCrypto, 'partner_users', row, row);
  const open = (performance.now() - t) / N;
  console.log(
    `${engine}: GET /users/{id} ${(request * 1000).toFixed(0)} µs per request; opening the link ${(open * 1000).toFixed(0)} µs (${((open / request) * 100).toFixed(1)} %)`,
  );
}
await close();
