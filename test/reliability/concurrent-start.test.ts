/**
 * Several processes migrating and starting at once on one fresh database: every one succeeds, the
 * schema is complete, and exactly one demo partner (one banner) is created between them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { migrations } from '../../src/db/migrations/index.js';
import { createAuditService } from '../../src/modules/audit/index.js';
import { createPartnerService } from '../../src/modules/partners/partners.service.js';
import { cliEnv, scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { startOnpay } from '../helpers/faults.js';

const ROUNDS = 3;
const CONNECTIONS = 4;

describe(`starting together on one fresh database (${testEngine})`, () => {
  const opened: Db[] = [];
  const databases: TestDatabase[] = [];

  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
    for (const database of databases.splice(0)) await database.drop();
  });

  async function fresh(): Promise<{ url: string; connect(): Db }> {
    const database = await scratchDatabase('onpay-start');
    databases.push(database);
    return {
      url: database.url,
      connect() {
        const db = createDb(parseDatabaseUrl(database.url));
        opened.push(db);
        return db;
      },
    };
  }

  async function expectCompleteSchema(db: Db): Promise<void> {
    const applied = await db.db.introspection.getTables({ withInternalKyselyTables: true });
    const names = applied.map((table) => table.name);
    for (const table of ['partners', 'users', 'partner_users', 'payouts', 'invoices', 'settings', 'kysely_migration'])
      expect(names).toContain(table);
    const recorded = await (db.db as unknown as import('kysely').Kysely<{ kysely_migration: { name: string } }>)
      .selectFrom('kysely_migration')
      .select('name')
      .orderBy('name')
      .execute();
    expect(recorded.map((row) => row.name)).toEqual(Object.keys(migrations));
  }

  it('migrates from several connections at once: each migration applied once, every caller succeeds', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const database = await fresh();
      const dbs = Array.from({ length: CONNECTIONS }, () => database.connect());
      const results = await Promise.allSettled(dbs.map((db) => migrateToLatest(db)));
      for (const result of results) expect(result.status === 'rejected' ? String(result.reason) : 'ok').toBe('ok');
      const applied = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
      expect(applied.sort()).toEqual(Object.keys(migrations));
      await expectCompleteSchema(dbs[0]!);
    }
  });

  it('creates one demo partner between instances that start at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const database = await fresh();
      const dbs = Array.from({ length: CONNECTIONS }, () => database.connect());
      await migrateToLatest(dbs[0]!);
      const created = await Promise.all(
        dbs.map((db) =>
          createPartnerService({
            db: db.db,
            clock: systemClock,
            env: 'sandbox',
            audit: createAuditService({ db: db.db, clock: systemClock }),
          }).createDemoPartner('Demo partner'),
        ),
      );
      expect(created.filter((credentials) => credentials !== null)).toHaveLength(1);
      expect(await dbs[0]!.db.selectFrom('partners').select('id').execute()).toHaveLength(1);
    }
  });

  it('creates no demo partner on a database that already has partners', async () => {
    const database = await fresh();
    const db = database.connect();
    await migrateToLatest(db);
    const partners = createPartnerService({
      db: db.db,
      clock: systemClock,
      env: 'sandbox',
      audit: createAuditService({ db: db.db, clock: systemClock }),
    });
    await partners.createPartner('Existing');
    expect(await partners.createDemoPartner('Demo partner')).toBeNull();
    expect(await partners.countPartners()).toBe(1);
  });

  it('runs `onpay migrate` twice and `onpay serve` twice, all at once: every process succeeds, one banner', async () => {
    const database = await fresh();
    const env = cliEnv({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'warn' });
    const servers = [startOnpay(['serve'], env), startOnpay(['serve'], env)];
    const migrators = [startOnpay(['migrate'], env), startOnpay(['migrate'], env)];
    try {
      for (const migrator of migrators) expect(await migrator.exited, migrator.output()).toBe(0);
      await Promise.all(servers.map((server) => server.printed(/listening on/)));
      const db = database.connect();
      await expectCompleteSchema(db);
      expect(await db.db.selectFrom('partners').select('name').execute()).toEqual([{ name: 'Demo partner' }]);
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      for (const server of servers) expect(await server.exited, server.output()).toBe(0);
    }
    // The banner follows the listening line: count it once everything is printed.
    const banners = servers.filter((server) => server.output().includes('a demo partner was created'));
    expect(banners).toHaveLength(1);
  }, 90_000);
});
