import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/db/kysely.js';

/** The SQLite statement cache behind every query the service runs (src/db/kysely.ts). */
describe('SQLite prepared-statement cache', () => {
  let sqlite: SQLite.Database;

  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('create table items (id integer primary key, name text)');
    sqlite.exec("insert into items (name) values ('a'), ('b'), ('c')");
  });
  afterEach(() => sqlite.close());

  it('prepares a statement once and hands the same one out again', () => {
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('select name from items where id = ?');
    expect(cached.prepare('select name from items where id = ?')).toBe(first);
    expect(cached.prepare('select name from items where id = ?').all([2])).toEqual([{ name: 'b' }]);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cached = withStatementCache(sqlite, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('never hands out a statement that is still being iterated', () => {
    const cached = withStatementCache(sqlite);
    const text = 'select name from items order by id';
    const streaming = cached.prepare(text);
    const iterator = streaming.iterate([]);
    expect(iterator.next().value).toEqual({ name: 'a' });
    const again = cached.prepare(text);
    expect(again).not.toBe(streaming);
    expect(again.all([])).toHaveLength(3);
    expect([...iterator]).toEqual([{ name: 'b' }, { name: 'c' }]);
  });

  it('serves Kysely: streams and queries of the same text, and schema changes are picked up', async () => {
    const db = new Kysely<{ items: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    const query = () => db.selectFrom('items').select('name').orderBy('id');
    const names: string[] = [];
    for await (const row of query().stream()) names.push(row.name);
    expect(names).toEqual(['a', 'b', 'c']);
    expect(await query().execute()).toHaveLength(3);
    expect(await query().execute()).toHaveLength(3);

    await sql`alter table items add column note text`.execute(db);
    await sql`update items set note = 'n'`.execute(db);
    expect(await sql`select * from items where id = ${1}`.execute(db).then((r) => r.rows)).toEqual([
      { id: 1, name: 'a', note: 'n' },
    ]);
    await db.destroy();
  });
});
