/**
 * node bin/run-ts.js bench/crypto-share.ts [sqlite | postgres DATABASE_URL]
 *
 * What field encryption costs GET /users/{id}, measured in one process so the machine's other
 * load cancels out: the mean time of 3 000 requests (Fastify inject, the full route) and of
 * opening the same link's encrypted columns 3 000 times (docs/performance.md, "Field encryption").
 * The database must be empty (a fresh PostgreSQL database; SQLite runs in memory).
 */
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/kysely.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { fieldKeysForMigrations } from '../src/platform/field-keys.js';
import { openValues } from '../src/db/sealed-columns.js';
import { buildApp } from '../src/app.js';
import { createServices } from '../src/services.js';

const engine = process.argv[2] ?? 'sqlite';
const url = engine === 'sqlite' ? 'sqlite::memory:' : process.argv[3]!;
const config = loadConfig({
  DATABASE_URL: url,
  ONPAY_ENV: 'sandbox',
  LOG_LEVEL: 'silent',
  ONPAY_BENCH_DISABLE_RATE_LIMIT: '1',
});
const db = createDb(config.database);
await migrateToLatest(db, fieldKeysForMigrations(config));
const services = await createServices({ config, db, connectRedis: false });
const app = await buildApp(services);
const p = await services.partners.createPartner('P');
const headers = { authorization: `Bearer ${p.access_token}`, 'api-key': p.api_key };
const user = (
  await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers,
    payload: { email: 'a@b.example', bank_account_number: '12345678903' },
  })
).json();
await app.inject({
  method: 'PUT',
  url: `/api/v1/users/${user.id}/profile`,
  headers,
  payload: {
    first_name: 'A',
    last_name: 'B',
    address: 'Storgata 1',
    postal_code: '0155',
    city: 'Oslo',
    dial_code: '+47',
    phone: '41234567',
    main_work: 'true',
  },
});
await app.inject({
  method: 'PUT',
  url: `/api/v1/users/${user.id}/identity`,
  headers,
  payload: { identification: '17059012355', country_code: 'NO', birthday: '1990-05-17', document_id: 'PA1' },
});
const row = await db.db.selectFrom('partner_users').selectAll().executeTakeFirstOrThrow();
const N = 3000;
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  for (let i = 0; i < N; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  const request = (performance.now() - t) / N;
  t = performance.now();
  for (let i = 0; i < N; i++) openValues(services.fieldCrypto, 'partner_users', row, row);
  const open = (performance.now() - t) / N;
  console.log(
    `${engine}: GET /users/{id} ${(request * 1000).toFixed(0)} µs per request; opening the link ${(open * 1000).toFixed(0)} µs (${((open / request) * 100).toFixed(1)} %)`,
  );
}
await app.close();
await services.close();
await db.close();
