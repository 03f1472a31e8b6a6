import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { NAME as FOLDED_SEARCH } from '../../src/db/migrations/2026-11-26-0036-folded-search.js';
import { migrations } from '../../src/db/migrations/index.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';

const TABLES = ['partners', 'api_keys', 'access_tokens', 'idempotency_keys', 'terms', 'settings'] as const;

describe(`migrations on ${testEngine}`, () => {
  const opened: Db[] = [];
  let database: TestDatabase | null = null;

  async function open(): Promise<Db> {
    database ??= await freshDatabase(testEngine);
    const db = createDb(parseDatabaseUrl(database.url));
    opened.push(db);
    return db;
  }

  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
    await database?.drop();
    database = null;
  });

  it('applies every migration on a fresh database, in order', async () => {
    const db = await open();
    expect(db.engine).toBe(testEngine);

    const applied = await migrateToLatest(db.db);
    expect(applied).toEqual(Object.keys(migrations));
    expect(applied).toContain('2026-11-21-0001-foundation');

    for (const table of TABLES) {
      const row = await db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBeGreaterThanOrEqual(0);
    }
  });

  it('applies nothing on a second run, and does not fail', async () => {
    const db = await open();
    await migrateToLatest(db.db);
    const terms = await db.db.selectFrom('terms').selectAll().execute();

    await expect(migrateToLatest(db.db)).resolves.toEqual([]);
    // Nothing ran twice: the seeded row is still the only one.
    expect(await db.db.selectFrom('terms').selectAll().execute()).toEqual(terms);
  });

  it('ships an initial terms version, so GET /terms always answers', async () => {
    const db = await open();
    await migrateToLatest(db.db);
    const rows = await db.db.selectFrom('terms').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      code: 'onpay-2026-01',
      title: expect.any(String),
      url: expect.stringMatching(/^https:\/\//),
    });
    expect(rows[0]!.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('creates the constraints the platform relies on', async () => {
    const db = await open();
    await migrateToLatest(db.db);
    const now = '2026-11-21T10:00:00.000Z';
    const partner = await db.db
      .insertInto('partners')
      .values({ name: 'Acme', fee_rate: '0.05', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = {
      partner_id: partner.id,
      key: '6f1c1f8e-7c53-4b8e-9a51-3f0c4f3d2a10',
      method: 'POST',
      path: '/x',
      created_at: now,
      expires_at: now,
    };
    await db.db.insertInto('idempotency_keys').values(key).execute();
    // One key per partner: the idempotency store depends on this unique constraint.
    await expect(db.db.insertInto('idempotency_keys').values(key).execute()).rejects.toThrow();
    // Foreign keys are enforced (SQLite needs them switched on per connection).
    await expect(
      db.db
        .insertInto('api_keys')
        .values({ partner_id: partner.id + 1000, key_hash: 'a'.repeat(64), created_at: now })
        .execute(),
    ).rejects.toThrow();
  });

  it('lets a second instance starting at the same time migrate the same database', async () => {
    const first = await open();
    const second = await open();
    // On SQLite :memory: every connection is its own database; the point there is that both succeed.
    const [a, b] = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
    if (testEngine === 'postgres') expect([...a, ...b]).toEqual(Object.keys(migrations));
    expect(await first.db.selectFrom('terms').select('code').execute()).toHaveLength(1);
    expect(await second.db.selectFrom('terms').select('code').execute()).toHaveLength(1);
  });

  it('the folded search (0036) goes down with its index and comes back up', async () => {
    const db = await open();
    // The release that brought it: every migration up to 0036 (later ones need not go down).
    const upTo = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= FOLDED_SEARCH));
    const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => upTo } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const names = Object.keys(upTo).sort();
    const down = await migrator.migrateTo(names[names.indexOf(FOLDED_SEARCH) - 1]!);
    expect(down.error).toBeUndefined();
    await expect(db.db.selectFrom('people_search').selectAll().execute()).rejects.toThrow();
    const up = await migrator.migrateToLatest();
    expect(up.results?.map((r) => r.migrationName)).toEqual([FOLDED_SEARCH]);
    expect(await db.db.selectFrom('people_search').selectAll().execute()).toEqual([]);
  });

  it('the stuck filters (0041) go down with their indexes and come back up', async () => {
    const db = await open();
    const STUCK = '2026-11-26-0041-stuck-filters';
    const upTo = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= STUCK));
    const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => upTo } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const names = Object.keys(upTo).sort();
    expect((await migrator.migrateTo(names[names.indexOf(STUCK) - 1]!)).error).toBeUndefined();
    // Up again creates every index again: it fails if down left one behind.
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toEqual([STUCK]);
  });
});
