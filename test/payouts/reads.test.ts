import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { linkEmployee, onboardedEmployee, onboardedEmployees, type Employee } from '../helpers/employees.js';
import {
  batch,
  createPayouts,
  expectPayout,
  getPayout,
  item,
  type PayoutBody,
  type PayoutPage,
} from '../helpers/payouts.js';
import { expect404, expect422 } from '../helpers/users.js';

const BASE = 'http://onpay.test';

/** GET /payouts, GET /payouts/{payout}, GET /users/{id}/payouts. */
describe('reading payouts', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let ann: Employee;
  let bob: Employee;
  let shared: Employee;
  /** Every payout of Acme, newest first, as the API returns them. */
  let acmeAll: PayoutBody[];
  let globexPayoutId: number;

  const get = (partner: TestPartner, url: string) => t.as(partner, { method: 'GET', url });
  const page = (res: LightMyRequestResponse): PayoutPage => {
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PayoutPage;
    expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results', 'total']);
    expect(body.count).toBe(body.results.length);
    body.results.forEach(expectPayout);
    return body;
  };
  /** Follows a paging link: it is absolute, under PUBLIC_BASE_URL. */
  const follow = (partner: TestPartner, link: string) => {
    expect(link.startsWith(`${BASE}/api/v1/`)).toBe(true);
    return get(partner, link.slice(BASE.length));
  };
  /** Walks next links from the first page; returns every id in the order served. */
  async function walk(partner: TestPartner, firstUrl: string): Promise<{ ids: number[]; pages: PayoutPage[] }> {
    const pages: PayoutPage[] = [page(await get(partner, firstUrl))];
    while ((pages.at(-1) as PayoutPage).next !== '')
      pages.push(page(await follow(partner, (pages.at(-1) as PayoutPage).next)));
    return { ids: pages.flatMap((p) => p.results.map((r) => r.id)), pages };
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    [ann, bob] = (await onboardedEmployees(t, acme, 2)) as [Employee, Employee];
    shared = await onboardedEmployee(t, acme);
    await linkEmployee(t, globex, shared);

    // Three Acme batches a minute apart (23 payouts), dated across March; one Globex batch in between.
    const dates = ['2026-03-01', '2026-03-14', '2026-03-15', '2026-03-16', '2026-03-31'];
    await createPayouts(
      t,
      acme,
      batch(Array.from({ length: 10 }, (_, i) => item(i % 2 ? ann : bob, { date: dates[i % 5] as string }))),
    );
    t.clock.advance(60_000);
    globexPayoutId = (await createPayouts(t, globex, batch([item(shared), item(shared, { date: '2026-03-15' })])))
      .payout_ids[0] as number;
    t.clock.advance(60_000);
    await createPayouts(
      t,
      acme,
      batch(Array.from({ length: 8 }, (_, i) => item(i % 2 ? shared : ann, { date: dates[(i + 2) % 5] as string }))),
    );
    t.clock.advance(60_000);
    await createPayouts(t, acme, batch(Array.from({ length: 5 }, (_, i) => item(bob, { date: dates[i] as string }))));
    t.clock.advance(60_000);

    acmeAll = page(await get(acme, '/api/v1/payouts?per_page=100')).results;
  });
  afterAll(() => t.close());

  describe('GET /payouts', () => {
    it('lists only your payouts, newest first (created_at, then id, descending)', async () => {
      expect(acmeAll).toHaveLength(23);
      const sorted = [...acmeAll].sort((a, b) =>
        a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1,
      );
      expect(acmeAll.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
      expect(new Set(acmeAll.map((p) => p.created_at)).size).toBe(3);
      expect(acmeAll.map((p) => p.id)).not.toContain(globexPayoutId);

      const theirs = page(await get(globex, '/api/v1/payouts'));
      expect(theirs.total).toBe(2);
      expect(theirs.results.every((p) => p.user_id === shared.userId)).toBe(true);
    });

    it('defaults to 25 per page: first page of 23 rows has no next or previous', async () => {
      const first = page(await get(acme, '/api/v1/payouts'));
      expect(first).toMatchObject({ total: 23, count: 23, next: '', previous: '' });
    });

    it('walks every row exactly once with next, and back with previous', async () => {
      const { ids, pages } = await walk(acme, '/api/v1/payouts?per_page=5');
      expect(ids).toEqual(acmeAll.map((p) => p.id));
      expect(pages.map((p) => p.count)).toEqual([5, 5, 5, 5, 3]);
      expect(pages.every((p) => p.total === 23)).toBe(true);
      expect(pages[0]?.previous).toBe('');
      expect(pages[4]?.next).toBe('');
      expect(pages[1]?.next).toBe(`${BASE}/api/v1/payouts?per_page=5&page=3`);

      const back: number[][] = [];
      let current = pages[4] as PayoutPage;
      back.unshift(current.results.map((r) => r.id));
      while (current.previous !== '') {
        current = page(await follow(acme, current.previous));
        back.unshift(current.results.map((r) => r.id));
      }
      expect(back.flat()).toEqual(ids);
    });

    it('a page past the end is empty and points back to the last page', async () => {
      const beyond = page(await get(acme, '/api/v1/payouts?per_page=10&page=9'));
      expect(beyond).toMatchObject({ total: 23, count: 0, next: '' });
      expect(beyond.previous).toBe(`${BASE}/api/v1/payouts?per_page=10&page=3`);
    });

    it('paging links keep the other query parameters', async () => {
      const first = page(
        await get(acme, `/api/v1/payouts?status=pending&user_id=${bob.userId}&from=2026-03-01&per_page=2`),
      );
      const next = new URL(first.next);
      expect(Object.fromEntries(next.searchParams)).toEqual({
        status: 'pending',
        user_id: String(bob.userId),
        from: '2026-03-01',
        page: '2',
        per_page: '2',
      });
      const { ids } = await walk(
        acme,
        `/api/v1/payouts?status=pending&user_id=${bob.userId}&from=2026-03-01&per_page=2`,
      );
      expect(ids).toEqual(acmeAll.filter((p) => p.user_id === bob.userId).map((p) => p.id));
    });

    it.each([
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['status=unknown', 'status'],
      ['from=2026-13-01', 'from'],
      ['to=2026-02-30', 'to'],
      ['to=yesterday', 'to'],
      ['user_id=abc', 'user_id'],
      ['user_id=0', 'user_id'],
    ])('?%s → 422 naming %s', async (query, field) => {
      expect422(await get(acme, `/api/v1/payouts?${query}`), field);
    });

    describe('filters', () => {
      beforeAll(async () => {
        const [paid, cancelled, failed] = acmeAll.slice(0, 3) as [PayoutBody, PayoutBody, PayoutBody];
        await t.services.payouts.payouts.transition(paid.id, 'paid');
        await t.services.payouts.payouts.transition(cancelled.id, 'cancelled');
        await t.services.payouts.payouts.transition(failed.id, 'failed');
        acmeAll = page(await get(acme, '/api/v1/payouts?per_page=100')).results;
      });

      const ids = (rows: PayoutBody[]) => rows.map((p) => p.id);
      const query = async (q: string) => {
        const all = page(await get(acme, `/api/v1/payouts?per_page=100&${q}`));
        expect(all.total).toBe(all.count);
        return all.results;
      };

      it('status', async () => {
        for (const status of ['pending', 'paid', 'cancelled', 'failed'] as const) {
          const rows = await query(`status=${status}`);
          expect(ids(rows)).toEqual(ids(acmeAll.filter((p) => p.status === status)));
          expect(rows.length).toBeGreaterThan(0);
        }
      });

      it('user_id (and another partner’s employee gives an empty list, not their payouts)', async () => {
        expect(ids(await query(`user_id=${ann.userId}`))).toEqual(ids(acmeAll.filter((p) => p.user_id === ann.userId)));
        expect(ids(await query(`user_id=${shared.userId}`))).toEqual(
          ids(acmeAll.filter((p) => p.user_id === shared.userId)),
        );
        const outsider = await onboardedEmployee(t, globex);
        expect(await query(`user_id=${outsider.userId}`)).toEqual([]);
        expect(await query('user_id=999999')).toEqual([]);
        expect(await query('user_id=2147483648')).toEqual([]);
      });

      it('from and to are inclusive, on the payout date', async () => {
        const between = (from: string, to: string) => ids(acmeAll.filter((p) => p.date >= from && p.date <= to));
        expect(ids(await query('from=2026-03-15'))).toEqual(between('2026-03-15', '9999-12-31'));
        expect(ids(await query('to=2026-03-15'))).toEqual(between('0000-01-01', '2026-03-15'));
        const day = await query('from=2026-03-15&to=2026-03-15');
        expect(day.length).toBeGreaterThan(0);
        expect(day.every((p) => p.date === '2026-03-15')).toBe(true);
        expect(ids(day)).toEqual(between('2026-03-15', '2026-03-15'));
        expect(await query('from=2026-04-01')).toEqual([]);
        expect(await query('from=2026-03-20&to=2026-03-10')).toEqual([]);
      });

      it('combine (all must hold)', async () => {
        const rows = await query(`status=pending&user_id=${bob.userId}&from=2026-03-14&to=2026-03-16`);
        expect(ids(rows)).toEqual(
          ids(
            acmeAll.filter(
              (p) =>
                p.status === 'pending' && p.user_id === bob.userId && p.date >= '2026-03-14' && p.date <= '2026-03-16',
            ),
          ),
        );
        expect(rows.length).toBeGreaterThan(0);
      });
    });
  });

  describe('GET /payouts/{payout}', () => {
    it('returns the Payout object, the same as in the list', async () => {
      const listed = acmeAll[5] as PayoutBody;
      expect(await getPayout(t, acme, listed.id)).toEqual(listed);
    });

    it.each([
      ['another partner’s payout', () => String(globexPayoutId)],
      ['an unknown id', () => '999999'],
      ['a non-numeric id', () => 'abc'],
      ['id 0', () => '0'],
      ['a negative id', () => '-1'],
      ['a decimal id', () => '1.5'],
      ['an id beyond the 32-bit id range', () => '2147483648'],
      ['an id too large for a number', () => '99999999999999999999'],
    ])('%s → 404 {message}', async (_name, id) => {
      const res = await get(acme, `/api/v1/payouts/${id()}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect((res.json() as { message: string }).message).not.toBe('');
    });

    it('the other partner reads its own payout', async () => {
      expect(await getPayout(t, globex, globexPayoutId)).toMatchObject({ id: globexPayoutId, user_id: shared.userId });
    });
  });

  describe('GET /users/{id}/payouts', () => {
    it("lists the employee's payouts from you only, newest first", async () => {
      const mine = page(await get(acme, `/api/v1/users/${shared.id}/payouts?per_page=100`));
      expect(mine.results.map((p) => p.id)).toEqual(
        acmeAll.filter((p) => p.user_id === shared.userId).map((p) => p.id),
      );
      const theirs = page(await get(globex, `/api/v1/users/${shared.id}/payouts`));
      expect(theirs.total).toBe(2);
      expect(theirs.results.map((p) => p.id)).toContain(globexPayoutId);
    });

    it('pages and filters like GET /payouts', async () => {
      const { ids, pages } = await walk(acme, `/api/v1/users/${bob.id}/payouts?per_page=3&status=pending`);
      expect(ids).toEqual(acmeAll.filter((p) => p.user_id === bob.userId && p.status === 'pending').map((p) => p.id));
      expect(pages.length).toBeGreaterThan(1);
      expect(new URL(pages[0]?.next as string).pathname).toBe(`/api/v1/users/${bob.id}/payouts`);
      expect(new URL(pages[0]?.next as string).searchParams.get('status')).toBe('pending');

      const day = page(await get(acme, `/api/v1/users/${bob.id}/payouts?from=2026-03-15&to=2026-03-15`));
      expect(day.results.map((p) => p.id)).toEqual(
        acmeAll.filter((p) => p.user_id === bob.userId && p.date === '2026-03-15').map((p) => p.id),
      );
      expect422(await get(acme, `/api/v1/users/${bob.id}/payouts?status=unknown`), 'status');
      expect422(await get(acme, `/api/v1/users/${bob.id}/payouts?from=2026-13-01`), 'from');
    });

    it('an employee with no payouts: an empty page', async () => {
      const idle = await onboardedEmployee(t, acme);
      expect(page(await get(acme, `/api/v1/users/${idle.id}/payouts`))).toEqual({
        total: 0,
        count: 0,
        next: '',
        previous: '',
        results: [],
      });
    });

    it("another partner's employee, an unknown or a malformed id → 404 {error}", async () => {
      const outsider = await onboardedEmployee(t, globex);
      await createPayouts(t, globex, batch([item(outsider)]));
      expect404(await get(acme, `/api/v1/users/${outsider.id}/payouts`));
      expect404(await get(acme, '/api/v1/users/999999/payouts'));
      expect404(await get(acme, '/api/v1/users/abc/payouts'));
      expect404(await get(acme, '/api/v1/users/2147483648/payouts'));
    });
  });

  it('all three reads need credentials: 401 {message}', async () => {
    for (const url of ['/api/v1/payouts', `/api/v1/payouts/${globexPayoutId}`, `/api/v1/users/${ann.id}/payouts`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });
});
