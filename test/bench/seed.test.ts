/**
 * The benchmark's seed (bench/seed-process.ts, as `npm run bench` runs it) leaves a database the
 * service works on as if it had written every row itself: list counters and places exact (what
 * `onpay lists check` reads), every index the migrations made back in place, links encrypted and
 * readable through the API, and the people search finding a folded name. On SQLite also: the file
 * back in write-ahead-log mode, and the FTS5 index whole (built after the rows, docs/performance.md).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedResult } from '../../bench/seed.js';
import { parseDatabaseUrl } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { createDb } from '../../src/db/kysely.js';
import { storeEveryOnboarding } from '../../src/db/link-onboarding.js';
import { listDrift } from '../../src/db/list-counters.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { searchIds } from '../../src/db/people-search.js';
import { foldedForms } from '../../src/platform/search-text.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { cliEnv, root, scratchDatabase } from '../helpers/cli.js';
import { readyOperator, signedIn } from '../helpers/console.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';

const USERS = 700;

/** Every index of the database by name (SQLite's own for constraints included). */
async function indexNames(db: Kysely<Database>): Promise<string[]> {
  const { rows } =
    testEngine === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' order by name`.execute(db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() order by indexname`.execute(db);
  return rows.map((row) => row.name);
}

/** Every foreign key of the database with its definition (PostgreSQL; SQLite's are part of each table's SQL and never dropped). */
async function foreignKeys(db: Kysely<Database>): Promise<string[]> {
  if (testEngine === 'sqlite') return [];
  const { rows } = await sql<{
    key: string;
  }>`select t.relname || '.' || c.conname || ' ' || pg_get_constraintdef(c.oid) as key
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())
    order by 1`.execute(db);
  return rows.map((row) => row.key);
}

describe(`benchmark seed (${testEngine})`, () => {
  let database: TestDatabase;
  let seeded: SeedResult;
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-seed-test-'));

  beforeAll(async () => {
    database = await scratchDatabase('onpay-seed');
    const out = path.join(dir, 'seed.json');
    const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['bin/run-ts.js', 'bench/seed-process.ts', database.url, String(USERS), out],
        { cwd: root, env: cliEnv({}), timeout: 120_000 },
        (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(run.code, run.stderr).toBe(0);
    seeded = JSON.parse(fs.readFileSync(out, 'utf8')) as SeedResult;
    // The service on the seeded database, with the sandbox keys the seed found there.
    t = await buildTestApp({ database });
  }, 150_000);

  afterAll(async () => {
    await t?.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('counts and numbers every list exactly (what onpay lists check reads: no drift)', async () => {
    expect(seeded.counts.users).toBe(USERS);
    expect(await listDrift(t.db.db)).toEqual([]);
    const places = await t.db.db
      .selectFrom('partner_users')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('list_position').as('top')])
      .where('partner_id', '=', seeded.partner.partnerId)
      .executeTakeFirstOrThrow();
    expect(Number(places.n)).toBe(USERS);
    expect(Number(places.top)).toBe(USERS);
  });

  it("stores each link's onboarding as the service's writers do (what GET /users/{id} computes)", async () => {
    const stored = await t.db.db
      .selectFrom('partner_users')
      .select((eb) => ['onboarded', eb.fn.countAll<number>().as('n')])
      .groupBy('onboarded')
      .execute();
    // Both states occur (bench/seed.ts: 14 in 20 of the bench partner's employees are onboarded).
    expect(stored.map((row) => Number(row.onboarded)).sort()).toEqual([0, 1]);
    // Recomputing every link by the rule changes none.
    expect(await storeEveryOnboarding(t.db.db)).toBe(0);
    const partner = {
      headers: { authorization: `Bearer ${seeded.partner.accessToken}`, 'api-key': seeded.partner.apiKey },
    };
    for (const n of [0, 15, 18, 19]) {
      const userId = seeded.userIds[n]!;
      const row = await t.db.db
        .selectFrom('partner_users')
        .select('onboarded')
        .where('partner_id', '=', seeded.partner.partnerId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${userId}`, ...partner });
      expect(res.statusCode, res.body).toBe(200);
      expect(Number(row.onboarded), `employee ${n}`).toBe(
        (res.json() as { onboarding: { is_onboarded: boolean } }).onboarding.is_onboarded ? 1 : 0,
      );
    }
  });

  it('puts back every index and foreign key the migrations made (built and checked after the rows)', async () => {
    const fresh = await freshDatabase(testEngine);
    const migrated = createDb(parseDatabaseUrl(fresh.url));
    try {
      await migrateToLatest(migrated.db);
      expect(await indexNames(t.db.db)).toEqual(await indexNames(migrated.db));
      expect(await foreignKeys(t.db.db)).toEqual(await foreignKeys(migrated.db));
    } finally {
      await migrated.close();
      await fresh.drop();
    }
  });

  it('stores links encrypted with their blind indexes, and the API reads them back', async () => {
    const n = 0; // onboarded (bench/seed.ts: stateOf), verified by the bench partner
    const userId = seeded.userIds[n]!;
    const raw = await t.db.db
      .selectFrom('partner_users')
      .select(['phone', 'phone_index', 'verified_identification', 'verified_identification_index'])
      .where('partner_id', '=', seeded.partner.partnerId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(raw.phone).toMatch(/^e1\./);
    expect(raw.verified_identification).toMatch(/^e1\./);
    expect(raw.phone_index).not.toBeNull();
    expect(raw.verified_identification_index).not.toBeNull();

    const partner = {
      headers: { authorization: `Bearer ${seeded.partner.accessToken}`, 'api-key': seeded.partner.apiKey },
    };
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/users/${userId}`, ...partner });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(String(40_000_000 + n));
    expect(response.json()).toMatchObject({ phone: String(40_000_000 + n), address: 'Storgata 1' });
  });

  it("stores a declined session's reason encrypted, and the console reads it back", async () => {
    const n = 17; // n % 40 === 17 and not onboarded or verifying: a declined session (bench/seed.ts)
    const userId = seeded.userIds[n]!;
    const raw = await t.db.db
      .selectFrom('verification_sessions')
      .select(['status', 'outcome_reason'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(raw.status).toBe('declined');
    expect(raw.outcome_reason).toMatch(/^e1\./);
    const operator = await signedIn(t, await readyOperator(t, 'viewer'));
    const page = await operator.get(`/console/employees/${userId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('(document not accepted)');
  });

  it('the people search finds a folded name (Sæther as "saether")', async () => {
    // bench/seed.ts names the n-th person FIRST[n % 16] LAST[floor(n / 16) % 24]; Sæther is LAST[10].
    // Everyone's e-mail address carries the name's folded spelling (those with a profile, the name too).
    const expected = seeded.userIds.filter((_, n) => Math.floor(n / 16) % 24 === 10).sort((a, b) => b - a);
    expect(expected.length).toBeGreaterThan(10);
    expect(foldedForms('Sæther')).toContain('saether');
    expect(await searchIds(t.db.db, ['saether'], 1000, 0)).toEqual(expected);
    // The trigram index answers for people added after the seed too (the insert trigger is back).
    const partner = {
      headers: { authorization: `Bearer ${seeded.partner.accessToken}`, 'api-key': seeded.partner.apiKey },
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: { email: 'zygmunt.quokkason@example.com' },
      ...partner,
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(await searchIds(t.db.db, ['quokkason'], 10, 0)).toHaveLength(1);
    expect(await listDrift(t.db.db)).toEqual([]);
  });

  it('leaves the search index whole; SQLite: the file back in WAL mode', async () => {
    if (testEngine === 'postgres') {
      const { rows } = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_index i
        join pg_class c on c.oid = i.indexrelid where c.relname = 'people_search_folded_trgm_idx'`.execute(t.db.db);
      expect(rows).toEqual([{ valid: true }]);
      return;
    }
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.db.db);
    expect(rows[0]?.journal_mode).toBe('wal');
    // FTS5 checks its index against the table's content (an error if they differ).
    await sql`INSERT INTO people_search_fts(people_search_fts, rank) VALUES ('integrity-check', 1)`.execute(t.db.db);
    const { rows: triggers } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'trigger' and tbl_name = 'people_search' order by name`.execute(t.db.db);
    expect(triggers.map((row) => row.name)).toEqual([
      'people_search_fts_delete',
      'people_search_fts_insert',
      'people_search_fts_update',
    ]);
  });
});
