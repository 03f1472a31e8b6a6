/**
 * node bin/run-ts.js bench/seed-process.ts DATABASE_URL USERS OUT.json
 *
 * Migrates and seeds a database in a process of its own, so the benchmark driver (which also
 * generates the load) starts measuring with a small, quiet heap; writes the SeedResult to OUT.json.
 */
import fs from 'node:fs';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/kysely.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { seed } from './seed.js';

const [url, users, out] = process.argv.slice(2);
if (!url || !users || !out) {
  process.stderr.write('usage: node bin/run-ts.js bench/seed-process.ts DATABASE_URL USERS OUT.json\n');
  process.exit(2);
}
const config = loadConfig({ DATABASE_URL: url });
const db = createDb(config.database);
try {
  await migrateToLatest(db.db);
  const result = await seed(db.db, { users: Number(users), engine: config.database.engine });
  fs.writeFileSync(out, JSON.stringify(result));
} finally {
  await db.close();
}
// The database's pages are on disk before measuring starts, not flushed by the kernel meanwhile.
if (config.database.engine === 'sqlite') {
  const fd = fs.openSync(config.database.path, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}
