/**
 * The console's people search through its trigram index (docs/decisions.md §23), on the engine
 * under test, through the partner API (which writes names and e-mails) and the console's page: one
 * folding rule (æ, ø, å, accents, case), names from every partner's link, changes and erasure
 * reflected in the same transaction, texts under 3 characters answered with a sentence, pages
 * without a total. The raw database keeps no trace of an erased person's name.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { scratchDatabase } from '../helpers/cli.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import type { TestDatabase } from '../helpers/engine.js';
import { rawDatabaseText } from '../helpers/raw-database.js';
import { createUser, email, putProfile } from '../helpers/users.js';

let database: TestDatabase;
let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let admin: Browser;
const people: Record<string, string> = {};

/** The ids of the people the search page lists for `q` (its links to each person). */
async function found(q: string): Promise<string[]> {
  const res = await admin.get(`/console/employees?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return [...res.body.matchAll(/<td[^>]*><a href="\/console\/employees\/(\d+)">/g)].map((m) => m[1]!);
}

/** A person created by Acme with this name; their id. */
async function person(key: string, first: string, last: string): Promise<string> {
  const user = await createUser(t, acme, { first_name: first, last_name: last });
  people[key] = user.id;
  return user.id;
}

/** Letters no e-mail, token or ciphertext of the test is likely to hold three of in a row. */
function rareWord(): string {
  return Array.from({ length: 9 }, () => 'jqvwxz'[randomInt(6)]).join('');
}

beforeAll(async () => {
  database = await scratchDatabase('onpay-search');
  t = await buildTestApp({ database, env: { RATE_LIMIT_PAGES_PER_MINUTE: '1000000' } });
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('Globex Bemanning');
  admin = await signedIn(t, await readyOperator(t, 'admin'));
  await person('saether', 'Ingrid', 'Sæther');
  await person('soren', 'Søren', 'Lie');
  await person('haland', 'Kåre', 'Håland');
  await person('soeren', 'Soeren', 'Dahl');
  await person('zoe', 'Zoë', 'Brontë');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe(`the console's people search (${process.env.ONPAY_TEST_ENGINE ?? 'sqlite'})`, () => {
  it('folds case, æ, ø, å and accents alike in names and queries', async () => {
    const cases: Array<[string, string[]]> = [
      ['saether', ['saether']],
      ['Saether', ['saether']],
      ['sæther', ['saether']],
      ['SÆTHER', ['saether']],
      ['ingrid sae', ['saether']],
      ['soren', ['soren']],
      ['Søren', ['soeren', 'soren']],
      ['soeren', ['soeren', 'soren']],
      ['haland', ['haland']],
      ['haaland', ['haland']],
      ['Håland', ['haland']],
      ['kare', ['haland']],
      ['zoe bronte', ['zoe']],
      ['brontë', ['zoe']],
    ];
    for (const [q, keys] of cases) expect((await found(q)).sort(), q).toEqual(keys.map((key) => people[key]!).sort());
    // Nothing matches across two names or the e-mail and a name.
    expect(await found('lie soeren')).toEqual([]);
  });

  it('finds a part of the e-mail, newest first', async () => {
    const address = email('mailsearch');
    const first = await createUser(t, acme, { email: address });
    const second = await createUser(t, acme, { email: email('mailsearch') });
    expect(await found(address.split('@')[0]!.toUpperCase())).toEqual([first.id]);
    expect(await found('mailsearch')).toEqual([second.id, first.id]);
  });

  it("finds a person by any partner's name for them; a changed name is found by the new one only", async () => {
    const id = await person('renamed', 'Tor', 'Wexwold');
    const link = await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: await emailOf(id) } });
    expect(link.statusCode, link.body).toBe(200);
    await putProfile(t, globex, id, { first_name: 'Tore', last_name: 'Qvistad' });
    expect(await found('wexwold')).toEqual([id]);
    expect(await found('qvistad')).toEqual([id]);

    await putProfile(t, acme, id, { first_name: 'Tor', last_name: 'Vågsbygd' });
    expect(await found('wexwold')).toEqual([]);
    expect(await found('vagsbygd')).toEqual([id]);
    expect(await found('vaagsbygd')).toEqual([id]);
    expect(await found('qvistad')).toEqual([id]);
  });

  it('a text under 3 characters asks for more and lists no one; digits of any length stay a search', async () => {
    for (const q of ['ab', 'æ', 'Øy ', ' é ']) {
      const res = await admin.get(`/console/employees?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.body, q).toContain('Type at least 3 letters');
      expect(res.body, q).not.toMatch(/<td[^>]*><a href="\/console\/employees\/\d+">/);
    }
    // `øya` folds to `oya` and `oeya`: long enough.
    expect((await admin.get(`/console/employees?q=${encodeURIComponent('øya')}`)).body).not.toContain(
      'Type at least 3 letters',
    );
    const res = await admin.get('/console/employees?q=7');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Type at least 3 letters');
  });

  it('pages without counting: how many only when they fit on one page, else Next and Previous', async () => {
    for (let i = 0; i < 51; i++) await createUser(t, acme, { first_name: 'Pagina', last_name: `Manyfold${i}` });
    const first = await admin.get('/console/employees?q=manyfold');
    expect(first.body).toContain('People 1 to 50 match “manyfold”, newest first.');
    expect(first.body).toContain('href="/console/employees?q=manyfold&amp;page=2" rel="next"');
    const second = await admin.get('/console/employees?q=manyfold&page=2');
    expect(second.body).toContain('People 51 to 51 match “manyfold”');
    expect(second.body).toContain('rel="prev"');
    expect(second.body).not.toContain('rel="next"');
    expect((await admin.get('/console/employees?q=haland')).body).toContain('1 person matches “haland”.');
  });

  it('erasure removes the person from the index in its transaction; the raw database keeps no trace of the name', async () => {
    const word = rareWord();
    const trigrams = [...Array(word.length - 2).keys()].map((i) => word.slice(i, i + 3));
    const count = (raw: string) => trigrams.reduce((n, tri) => n + raw.split(tri).length - 1, 0);
    const checkpoint = async () => {
      if (t.engine === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(t.db.db);
    };
    await checkpoint();
    const before = count(await rawDatabaseText(database));

    const id = await person('erased', 'Gudrun', `Ærlig${word}`);
    expect(await found(word)).toEqual([id]);
    expect(await found(`aerlig${word}`)).toEqual([id]);
    await checkpoint();
    const raw = await rawDatabaseText(database);
    expect(raw).toContain(`aerlig${word}`);
    // SQLite's FTS5 index holds the name's trigrams: the scan sees them.
    if (t.engine === 'sqlite') expect(count(raw)).toBeGreaterThan(before);

    const erased = await admin.post(
      `/console/employees/${id}/erase`,
      { confirmed: '1', reason: 'GDPR request 9' },
      { from: `/console/employees/${id}` },
    );
    expect(erased.statusCode, erased.body.slice(0, 300)).toBe(303);
    expect(await found(word)).toEqual([]);
    expect(await found('gudrun')).toEqual([]);
    const row = await t.db.db.selectFrom('people_search').selectAll().where('user_id', '=', Number(id)).execute();
    expect(row).toEqual([]);

    await checkpoint();
    const after = await rawDatabaseText(database);
    expect(after.includes(`aerlig${word}`), 'the folded name is still in the raw database').toBe(false);
    // FTS5's secure-delete removed the trigrams from the index's pages, not only marked them deleted.
    expect(count(after)).toBe(before);
  });
});

async function emailOf(id: string): Promise<string> {
  const row = await t.db.db.selectFrom('users').select('email').where('id', '=', Number(id)).executeTakeFirstOrThrow();
  return row.email;
}
