/**
 * node bin/run-ts.js bench/seed-process.ts DATABASE_URL USERS OUT.json
 *
 * Migrates and seeds a database in a process of its own, so the benchmark driver (which also
 * generates the load) starts measuring with a small, quiet heap; writes the SeedResult to OUT.json.
 * It also signs in a console operator (created, set up and signed in through the operators
 * service, with real TOTP codes) for the console scenarios.
 */
import fs from 'node:fs';
import { generate } from 'otplib';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/kysely.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { fieldKeysOf, openFieldCrypto } from '../src/platform/field-keys.js';
import { createServices } from '../src/services.js';
import { seed, type SeedResult } from './seed.js';

const [url, users, out] = process.argv.slice(2);
if (!url || !users || !out) {
  process.stderr.write('usage: node bin/run-ts.js bench/seed-process.ts DATABASE_URL USERS OUT.json\n');
  process.exit(2);
}
// The benchmark's service runs as a sandbox: the same signing secret (kept in the database) seals the operator's key.
// A bulk load's statements (an index built over 1 000 000 rows, VACUUM ANALYZE) take far longer
// than a request's 5 s: the seed's connection allows 30 minutes each.
const config = loadConfig({
  DATABASE_URL: url,
  ONPAY_ENV: 'sandbox',
  LOG_LEVEL: 'warn',
  DATABASE_STATEMENT_TIMEOUT_MS: '1800000',
  DATABASE_QUERY_TIMEOUT_MS: '1810000',
});
const db = createDb(config.database, { timeouts: config.databaseTimeouts });
try {
  await migrateToLatest(db.db);
  // The keys the service will use (a sandbox's are generated and kept in the database).
  const crypto = await openFieldCrypto(db.db, config, new Date().toISOString());
  // The same keys for the seed's sealing thread.
  const keys = await fieldKeysOf(db.db, config);
  const result: SeedResult = await seed(db.db, { users: Number(users), engine: config.database.engine, crypto, keys });
  result.console = await signedInOperator();
  fs.writeFileSync(out, JSON.stringify(result));
} finally {
  await db.close();
}

/** An operator (role operator) set up and signed in: the session cookie's value, and the pending payouts to mark paid. */
async function signedInOperator(): Promise<NonNullable<SeedResult['console']>> {
  const services = await createServices({ config, db, connectRedis: false });
  try {
    const password = 'bench operator passphrase';
    const created = await services.operators.create('bench.operator@onpay.example', 'operator');
    const token = new URL(created.setupUrl).pathname.split('/').pop() as string;
    await services.operators.choosePassword(token, password, password);
    const state = await services.operators.setupState(token);
    if (state?.step !== 'totp') throw new Error('operator set-up did not reach the authenticator step');
    const epoch = Math.floor(Date.now() / 1000);
    await services.operators.confirmAuthenticator(token, await generate({ secret: state.secret, epoch }));
    // The enrolment used this step's code: sign in with the next step's (one step of tolerance).
    const signedIn = await services.operators.signIn(
      'bench.operator@onpay.example',
      password,
      await generate({ secret: state.secret, epoch: epoch + 30 }),
      '127.0.0.1',
    );
    if (signedIn.kind !== 'signed_in') throw new Error(`bench operator sign-in: ${signedIn.kind}`);
    const pending = await db.db
      .selectFrom('payouts')
      .select('id')
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(2000)
      .execute();
    return { sessionToken: signedIn.token, pendingPayoutIds: pending.map((row) => row.id) };
  } finally {
    await services.close();
  }
}

// The database's pages are on disk before measuring starts, not flushed by the kernel meanwhile.
if (config.database.engine === 'sqlite') {
  const fd = fs.openSync(config.database.path, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}
