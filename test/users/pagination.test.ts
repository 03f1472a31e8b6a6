import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { countCompilations } from '../helpers/compilations.js';
import { expectUserPayload, type UserBody } from '../helpers/payload.js';
import { createUser, expect422 } from '../helpers/users.js';

interface Envelope {
  total: number;
  count: number;
  next: string;
  previous: string;
  results: UserBody[];
}

const BASE = 'http://onpay.test';

describe('GET /users: pagination', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  /** Acme's employees, newest first. */
  let newestFirst: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Three pairs share a creation instant: ties are broken by id, newest first.
      if (i % 7 !== 1) t.clock.advance(1000);
      ids.push((await createUser(t, acme, { internal_id: i })).id);
    }
    for (let i = 0; i < 3; i++) await createUser(t, globex);
    newestFirst = ids.reverse();
  });
  afterAll(() => t.close());

  /** GET by path or by an absolute paging link (which must start with the public base URL). */
  const list = async (url: string, partner = acme): Promise<Envelope> => {
    const path = url.startsWith(BASE) ? url.slice(BASE.length) : url;
    const res = await t.as(partner, { method: 'GET', url: path });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Envelope;
    expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results', 'total']);
    body.results.forEach(expectUserPayload);
    expect(body.count).toBe(body.results.length);
    return body;
  };

  it('compiles nothing per request: the page statement is prepared once, whatever the page and partner', async () => {
    // SQLite expired the page's statement on every execution (its partner, terms code and LIMIT
    // were bound parameters its plan looked at), and better-sqlite3 then built a new row
    // constructor: one compilation per request (docs/performance.md, "The list page compiled once").
    const urls = ['/api/v1/users?per_page=5', '/api/v1/users?per_page=5&page=3', '/api/v1/users?per_page=7&page=2'];
    for (const url of urls) await list(url);
    await list('/api/v1/users', globex);
    const compiled = await countCompilations(async () => {
      for (let i = 0; i < 5; i++) {
        for (const url of urls) expect((await list(url)).results.length).toBeGreaterThan(0);
        expect((await list('/api/v1/users', globex)).total).toBe(3);
      }
    });
    expect(compiled).toBe(0);
  });

  it('without paging parameters: page 1 of 25, every row, no links', async () => {
    const page = await list('/api/v1/users');
    expect(page).toMatchObject({ total: 23, count: 23, next: '', previous: '' });
    expect(page.results.map((u) => u.id)).toEqual(newestFirst);
  });

  it('following `next` walks every row exactly once, newest first; `previous` walks back', async () => {
    const pages: Envelope[] = [];
    let url = '/api/v1/users?per_page=5';
    for (;;) {
      const page = await list(url);
      pages.push(page);
      expect(page.total).toBe(23);
      if (page.next === '') break;
      expect(page.next.startsWith(`${BASE}/api/v1/users?`)).toBe(true);
      url = page.next;
    }
    expect(pages.map((p) => p.count)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flatMap((p) => p.results.map((u) => u.id))).toEqual(newestFirst);
    expect(pages[0]!.previous).toBe('');

    const back: string[][] = [];
    let current = pages[pages.length - 1]!;
    for (;;) {
      back.push(current.results.map((u) => u.id));
      if (current.previous === '') break;
      expect(current.previous.startsWith(`${BASE}/api/v1/users?`)).toBe(true);
      current = await list(current.previous);
    }
    expect(back.reverse()).toEqual(pages.map((p) => p.results.map((u) => u.id)));
  });

  it('links are absolute; a parameter the list does not take is refused, not carried along', async () => {
    const page = await list('/api/v1/users?page=2&per_page=5');
    const next = new URL(page.next);
    const previous = new URL(page.previous);
    expect(`${next.origin}${next.pathname}`).toBe(`${BASE}/api/v1/users`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ page: '3', per_page: '5' });
    expect(Object.fromEntries(previous.searchParams)).toEqual({ page: '1', per_page: '5' });
    // (GET /payouts keeps its filters in the links: test/payouts/reads.test.ts.)
    const unknown = await t.as(acme, { method: 'GET', url: '/api/v1/users?page=2&department=night&tag=a&tag=b' });
    expect(Object.keys(expect422(unknown, 'department', 'tag')).sort()).toEqual(['department', 'tag']);
  });

  it('the default per_page appears in the links', async () => {
    const page = await list('/api/v1/users?per_page=10');
    expect(new URL(page.next).searchParams.get('per_page')).toBe('10');
  });

  it('a page past the end is empty but still tells the total; previous leads to the last page', async () => {
    const page = await list('/api/v1/users?page=9&per_page=5');
    expect(page).toMatchObject({ total: 23, count: 0, results: [], next: '' });
    expect(new URL(page.previous).searchParams.get('page')).toBe('5');
  });

  it('per_page 100 is allowed', async () => {
    expect((await list('/api/v1/users?per_page=100')).count).toBe(23);
  });

  it("lists only the caller's employees", async () => {
    const page = await list('/api/v1/users', globex);
    expect(page.total).toBe(3);
    expect(page.results.some((u) => newestFirst.includes(u.id))).toBe(false);
  });

  it('a partner with no employees gets an empty first page', async () => {
    const nobody = await t.partner('Nobody');
    expect(await list('/api/v1/users', nobody)).toEqual({ total: 0, count: 0, next: '', previous: '', results: [] });
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', 'x'],
    ['page', '1.5'],
    ['per_page', '0'],
    ['per_page', '101'],
    ['per_page', 'x'],
    ['page', '1e300'],
    ['page', '0x10'],
    ['per_page', '1e1'],
  ])('%s=%s is a 422 naming the parameter', async (param, value) => {
    expect422(await t.as(acme, { method: 'GET', url: `/api/v1/users?${param}=${value}` }), param);
  });

  it.each(['1000000000000', '99999999999999999999', '9'.repeat(300)])(
    'a very large page (%s) is an empty page, not an error',
    async (value) => {
      const page = await list(`/api/v1/users?page=${value}&per_page=100`);
      expect(page).toMatchObject({ total: 23, count: 0, next: '' });
    },
  );

  it("an employee linked later appears first in the linking partner's list", async () => {
    const initech = await t.partner('Initech');
    const own = await createUser(t, initech);
    t.clock.advance(1000);
    const oldest = newestFirst[newestFirst.length - 1]!;
    const email = expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${oldest}` })).json()).email;
    expect((await t.as(initech, { method: 'POST', url: '/api/v1/users', payload: { email } })).statusCode).toBe(200);
    expect((await list('/api/v1/users', initech)).results.map((u) => u.id)).toEqual([oldest, own.id]);
  });
});
