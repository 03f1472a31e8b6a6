/**
 * node bin/run-ts.js bench/webhooks-process.ts DATABASE_URL EVENTS OUT.json
 *
 * The webhook delivery scenario, in a process of its own: one partner with one endpoint (a local
 * receiver answering 204, in this process), EVENTS events written in transactions of 500, then one
 * worker (the services' own) run until every event is delivered. Writes {events, seconds,
 * perSecond} to OUT.json. Measures the worker: enqueueing from the feed, signing, the HTTP round
 * trip on loopback and recording each attempt.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/kysely.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { createServices } from '../src/services.js';

const [url, count, out] = process.argv.slice(2);
if (!url || !count || !out) {
  process.stderr.write('usage: node bin/run-ts.js bench/webhooks-process.ts DATABASE_URL EVENTS OUT.json\n');
  process.exit(2);
}
const events = Number(count);
const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
const db = createDb(config.database);
let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.statusCode = 204;
    res.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const services = await (async () => {
  await migrateToLatest(db.db);
  return createServices({ config, db, connectRedis: false });
})();
try {
  const partner = await services.partners.createPartner('Webhook bench');
  const partnerId = partner.partner_id;
  const ctx = { caller: { partnerId, tokenId: 0, rateLimitKey: 'bench' }, idempotency: null };
  await services.webhooks.service.create(ctx, {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    event_types: ['payout.*'],
  });
  for (let written = 0; written < events; written += 500) {
    const batch = Array.from({ length: Math.min(500, events - written) }, (_, i) => ({
      partnerId,
      type: 'payout.paid' as const,
      object: {
        id: written + i + 1,
        user_id: 42,
        status: 'paid',
        amount: '1875.00',
        paid_at: new Date().toISOString(),
      },
      previousAttributes: { status: 'pending', paid_at: null },
    }));
    await db.db.transaction().execute((trx) => services.events.service.emit(trx, batch));
  }
  const started = performance.now();
  while (received < events) {
    const did = await services.webhookWorker.runOnce();
    if (did.queued + did.attempts === 0) throw new Error(`the worker stopped with ${received} of ${events} delivered`);
  }
  const seconds = (performance.now() - started) / 1000;
  fs.writeFileSync(out, JSON.stringify({ events, seconds, perSecond: events / seconds }));
} finally {
  await services.close();
  await db.close();
  receiver.close();
}
