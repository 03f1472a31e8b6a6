/**
 * The lists' totals come from per-partner counters and their pages from a seek on each row's place
 * (docs/decisions.md §22). After a mix of every writer (new employees, linking an existing person
 * by e-mail, erasure, payouts created and cancelled) each partner's totals equal a count of its
 * rows, every page equals the same slice of the full newest-first list, a shared person counts
 * once for each partner, and the drift check finds nothing; a counter or place set wrong is found
 * by `onpay lists check` and repaired by `onpay lists recount`. On the engine under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDrift } from '../../src/db/list-counters.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, jsonLine, runCli, scratchDatabase } from '../helpers/cli.js';
import { linkEmployee, onboardedEmployee, type Employee } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import type { TestDatabase } from '../helpers/engine.js';
import { createUser } from '../helpers/users.js';

interface Envelope {
  total: number;
  count: number;
  next: string;
  results: Array<{ id: string | number }>;
}

describe('list totals and pages after a mix of writers', () => {
  let database: TestDatabase;
  let t: TestApp;
  let acme: TestPartner;
  let beta: TestPartner;
  /** Each partner's employees in the order their links were made (what the list shows reversed). */
  const linked = new Map<number, string[]>();

  const list = async (partner: TestPartner, url: string): Promise<Envelope> => {
    const res = await t.as(partner, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Envelope;
  };
  const newestFirst = (partner: TestPartner) => [...(linked.get(partner.partnerId) ?? [])].reverse();
  const create = async (partner: TestPartner) => {
    t.clock.advance(1000);
    const id = (await createUser(t, partner)).id;
    linked.set(partner.partnerId, [...(linked.get(partner.partnerId) ?? []), id]);
    return id;
  };
  const link = async (partner: TestPartner, employee: Employee) => {
    t.clock.advance(1000);
    await linkEmployee(t, partner, employee, { onboard: false });
    linked.set(partner.partnerId, [...(linked.get(partner.partnerId) ?? []), employee.id]);
  };
  const erase = async (id: string) => {
    await t.services.privacy.erase(Number(id), 'ticket 24');
    for (const [partnerId, ids] of linked)
      linked.set(
        partnerId,
        ids.filter((x) => x !== id),
      );
  };
  /** What a count of the rows says, the oracle the counters must equal. */
  const counted = async (partnerId: number) => {
    const n = async (table: 'partner_users' | 'payouts', status?: 'cancelled') => {
      let query = t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('partner_id', '=', partnerId);
      if (status) query = query.where('status' as never, '=', status as never);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    return { users: await n('partner_users'), payouts: await n('payouts'), cancelled: await n('payouts', 'cancelled') };
  };
  /** Every page of a list at per_page, following `next`; the ids in the order served. */
  const walk = async (partner: TestPartner, path: string, perPage: number) => {
    const ids: string[] = [];
    let url = `${path}?per_page=${perPage}`;
    for (;;) {
      const page = await list(partner, url.replace('http://onpay.test', ''));
      ids.push(...page.results.map((r) => String(r.id)));
      if (page.next === '') return ids;
      url = page.next;
    }
  };

  beforeAll(async () => {
    database = await scratchDatabase('onpay-lists');
    t = await buildTestApp({ database });
    [acme, beta] = [await t.partner('Acme'), await t.partner('Beta')];
    const paid: Employee[] = [];
    for (let i = 0; i < 2; i++) {
      t.clock.advance(1000);
      const employee = await onboardedEmployee(t, acme);
      linked.set(acme.partnerId, [...(linked.get(acme.partnerId) ?? []), employee.id]);
      paid.push(employee);
    }
    for (let i = 0; i < 5; i++) await create(acme);
    for (let i = 0; i < 3; i++) await create(beta);
    // Two of Acme's people also work for Beta (one of them is paid by Acme), then Beta takes on more.
    const [sharedPaid, sharedFree] = [paid[0]!, { id: (linked.get(acme.partnerId) ?? [])[3]! }];
    const sharedFreeEmail = (await t.as(acme, { method: 'GET', url: `/api/v1/users/${sharedFree.id}` })).json().email;
    await link(beta, sharedPaid);
    await link(beta, { ...sharedPaid, id: sharedFree.id, email: sharedFreeEmail });
    await create(beta);
    // Payouts: two batches for Acme, one payout cancelled by the operator.
    const first = await createPayouts(t, acme, batch(paid.map((e) => item(e))));
    t.clock.advance(1000);
    await createPayouts(t, acme, batch([item(paid[1]!), item(paid[1]!, { date: '2026-03-16' })]));
    await t.services.payouts.operations.transitionMany([first.payout_ids[0]!], 'cancelled');
    // Erasure: the shared person with no payouts (both lists lose them), and an Acme-only person
    // from the middle of Acme's list.
    await erase(sharedFree.id);
    await erase((linked.get(acme.partnerId) ?? [])[4]!);
    await create(acme);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('totals equal a count of the rows, per partner; a shared person counts once for each', async () => {
    for (const partner of [acme, beta]) {
      const rows = await counted(partner.partnerId);
      expect((await list(partner, '/api/v1/users')).total).toBe(rows.users);
      expect(rows.users).toBe(newestFirst(partner).length);
      expect((await list(partner, '/api/v1/payouts')).total).toBe(rows.payouts);
      expect((await list(partner, '/api/v1/payouts?status=cancelled')).total).toBe(rows.cancelled);
    }
    expect((await counted(acme.partnerId)).users).toBe(6);
    expect((await counted(beta.partnerId)).users).toBe(5);
    expect((await counted(beta.partnerId)).payouts).toBe(0);
    expect(await listDrift(t.db.db)).toEqual([]);
  });

  it('every page is the slice of the newest-first list, on every page size', async () => {
    for (const partner of [acme, beta])
      for (const perPage of [1, 2, 4, 100])
        expect(await walk(partner, '/api/v1/users', perPage)).toEqual(newestFirst(partner));
    const payouts = await t.db.db
      .selectFrom('payouts')
      .select('id')
      .where('partner_id', '=', acme.partnerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const perPage of [1, 3])
      expect(await walk(acme, '/api/v1/payouts', perPage)).toEqual(payouts.map((p) => String(p.id)));
  });

  it('between two requests a new employee moves every row one place down; an erased one moves the rows after it up', async () => {
    const before = await list(acme, '/api/v1/users?page=2&per_page=2');
    const added = await create(acme);
    const after = await list(acme, '/api/v1/users?page=2&per_page=2');
    expect(after.total).toBe(before.total + 1);
    expect(after.results.map((r) => String(r.id))).toEqual(newestFirst(acme).slice(2, 4));
    expect(String(after.results[1]!.id)).toBe(String(before.results[0]!.id));
    await erase(added);
    const again = await list(acme, '/api/v1/users?page=2&per_page=2');
    expect(again.results.map((r) => String(r.id))).toEqual(before.results.map((r) => String(r.id)));
    expect(await listDrift(t.db.db)).toEqual([]);
  });

  it('writers at once (new employees, links, an erasure, a payout batch) lose no count and leave no gap', async () => {
    const gamma = await t.partner('Gamma');
    const people: string[] = [];
    for (let i = 0; i < 4; i++) people.push((await createUser(t, gamma)).id);
    const acmeOnes = newestFirst(acme).slice(0, 2);
    const emails = await Promise.all(
      acmeOnes.map(
        async (id) => (await t.as(acme, { method: 'GET', url: `/api/v1/users/${id}` })).json().email as string,
      ),
    );
    const paidByAcme = (
      await t.db.db
        .selectFrom('payouts')
        .select('user_id')
        .where('partner_id', '=', acme.partnerId)
        .executeTakeFirstOrThrow()
    ).user_id;
    const erased = [people[1]!, people[2]!];
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () => createUser(t, gamma)),
      ...emails.map((address) => t.as(gamma, { method: 'POST', url: '/api/v1/users', payload: { email: address } })),
      ...erased.map((id) => t.services.privacy.erase(Number(id), 'ticket 25')),
      createPayouts(t, acme, batch([item({ userId: paidByAcme })])),
    ]);
    expect(results).toHaveLength(17);
    const rows = await counted(gamma.partnerId);
    expect(rows.users).toBe(4 - 2 + 12 + 2);
    expect((await list(gamma, '/api/v1/users')).total).toBe(rows.users);
    expect((await list(acme, '/api/v1/payouts')).total).toBe((await counted(acme.partnerId)).payouts);
    expect(await listDrift(t.db.db)).toEqual([]);
    expect(new Set(await walk(gamma, '/api/v1/users', 3)).size).toBe(rows.users);
  });

  it('onpay lists check finds a counter or a place set wrong; onpay lists recount repairs both', async () => {
    const env = cliEnv({ DATABASE_URL: database.url, ONPAY_ENV: 'sandbox' });
    const clean = await runCli(['lists', 'check', '--json'], env);
    expect(clean.code, clean.stderr).toBe(0);
    expect(jsonLine(clean)).toEqual({ drift: [] });
    await t.db.db
      .updateTable('partner_counters')
      .set({ value: 99 })
      .where('partner_id', '=', beta.partnerId)
      .where('what', '=', 'links')
      .execute();
    await t.db.db
      .updateTable('payouts')
      .set({ list_position: 7 })
      .where('partner_id', '=', acme.partnerId)
      .where('list_position', '=', 1)
      .execute();
    const drift = [
      { partner_id: acme.partnerId, list: 'payouts', counter: 5, rows: 5, dense: false },
      { partner_id: beta.partnerId, list: 'links', counter: 99, rows: 5, dense: true },
    ];
    const check = await runCli(['lists', 'check'], env);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain(`partner ${beta.partnerId}, links: counter 99, rows 5`);
    const recount = await runCli(['lists', 'recount', '--json'], env);
    expect(recount.code, recount.stderr).toBe(0);
    expect(jsonLine(recount)).toEqual({ repaired: drift });
    expect(await listDrift(t.db.db)).toEqual([]);
    expect((await list(beta, '/api/v1/users')).total).toBe(5);
    expect(await walk(beta, '/api/v1/users', 2)).toEqual(newestFirst(beta));
    expect(await walk(acme, '/api/v1/payouts', 1)).toHaveLength(5);
  });
});
