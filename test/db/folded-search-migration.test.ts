/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * The folded-search migration (0036) on a database written by the previous release: every person
 * gets the folded forms of the e-mail and of each partner's name (docs/decisions.md §23), an erased
 * person none; the console's search then finds them through the new index. On the engine under test.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { NAME as FOLDED_SEARCH } from '../../src/db/migrations/2026-11-26-0036-folded-search.js';
import { migrations } from '../../src/db/migrations/index.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { scratchDatabase } from '../helpers/cli.js';
import { readyOperator, signedIn } from '../helpers/console.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

const at = '2026-11-25T10:00:00.000Z';
const BEFORE = Object.keys(migrations)[Object.keys(migrations).indexOf(FOLDED_SEARCH) - 1] as string;

describe(`the folded-search migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await scratchDatabase('onpay-folded');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE);
    if (before.error) throw before.error;
    const partner = async (name: string) =>
      (
        await db
          .insertInto('partners')
          .values({ name, fee_rate: '0.05', created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [acme, globex] = [await partner('Acme'), await partner('Globex')];
    const person = async (key: string, email: string, erased = false) => {
      ids[key] = (
        await db
          .insertInto('users')
          .values({
            email: erased ? `erased:x` : email,
            email_normalized: erased ? `erased:x` : email.toLowerCase(),
            erased_at: erased ? at : null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      return ids[key]!;
    };
    const link = (partnerId: number, userId: number, first: string | null, last: string | null) =>
      db
        .insertInto('partner_users')
        .values({
          partner_id: partnerId,
          user_id: userId,
          first_name: first,
          last_name: last,
          created_at: at,
          updated_at: at,
        })
        .execute();
    await link(acme, await person('saether', 'Ingrid.S@Example.com'), 'Ingrid', 'Sæther');
    const soren = await person('soren', 'soren@example.com');
    await link(acme, soren, 'Søren', 'Lie');
    await link(globex, soren, 'Søren', 'Ødegård');
    await person('invited', 'only.invited@example.com');
    await person('erased', '', true);
    // More people than one batch of the migration (1 000), so the batches join up.
    for (let i = 0; i < 1_100; i += 100)
      await db
        .insertInto('users')
        .values(
          Array.from({ length: 100 }, (_, j) => ({
            email: `bulk.${i + j}@example.com`,
            email_normalized: `bulk.${i + j}@example.com`,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();

    expect(await migrateToLatest(db)).toContain(FOLDED_SEARCH);
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("holds each person's folded e-mail and names, every form; an erased person has no entry", async () => {
    const rows = await db.selectFrom('people_search').select(['user_id', 'folded']).execute();
    const text = new Map(rows.map((row: { user_id: number; folded: string }) => [row.user_id, row.folded]));
    expect(text.get(ids.saether!)).toBe('ingrid.s@example.com\ningrid saether');
    expect(text.get(ids.soren!)).toBe('soren@example.com\nsoren lie\nsoeren lie\nsoren odegard\nsoeren oedegaard');
    expect(text.get(ids.invited!)).toBe('only.invited@example.com');
    expect(text.has(ids.erased!)).toBe(false);
    expect(rows).toHaveLength(3 + 1_100);
  });

  it('the console finds them through the index', async () => {
    const t: TestApp = await buildTestApp({ database });
    try {
      const admin = await signedIn(t, await readyOperator(t, 'admin'));
      const found = async (q: string) =>
        [
          ...(await admin.get(`/console/employees?q=${encodeURIComponent(q)}`)).body.matchAll(
            /<td[^>]*><a href="\/console\/employees\/(\d+)">/g,
          ),
        ].map((m) => Number(m[1]));
      expect(await found('saether')).toEqual([ids.saether]);
      expect(await found('oedegaard')).toEqual([ids.soren]);
      expect(await found('søren ødegård')).toEqual([ids.soren]);
      expect(await found('invited')).toEqual([ids.invited]);
      expect(await found('bulk.1099@')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
