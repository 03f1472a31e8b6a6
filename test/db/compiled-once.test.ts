import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { countCompilations } from '../helpers/compilations.js';
import { onboardedEmployees } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

/**
 * Every partner read runs a statement compiled once (src/db/sqlite-driver.ts,
 * StableParameterCompiler): SQLite expired a list's statement on each execution because its LIMIT
 * and its partner were bound parameters the planner looked at, and better-sqlite3 then built a new
 * row constructor per request. Counted here as functions built from source text while the reads
 * repeat with the same and with other arguments.
 */
describe('partner reads compile nothing per request', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let reads: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    const [first, second] = await onboardedEmployees(t, acme, 2);
    const created = await createPayouts(t, acme, batch([item(first!), item(second!)]));
    const [event] = (
      (await t.as(acme, { method: 'GET', url: '/api/v1/events' })).json() as { results: { id: string }[] }
    ).results;
    reads = [
      '/api/v1/users?per_page=1',
      '/api/v1/users?per_page=1&page=2',
      `/api/v1/users/${first!.userId}`,
      `/api/v1/users/${first!.userId}/payouts`,
      `/api/v1/users/${second!.userId}/payouts?per_page=1`,
      '/api/v1/payouts?per_page=1&page=2',
      '/api/v1/payouts?from=2026-01-01&to=2026-12-31',
      `/api/v1/payouts/${created.payout_ids[0]}`,
      '/api/v1/invoices',
      `/api/v1/invoices/${created.invoice_id}`,
      '/api/v1/events?limit=1',
      `/api/v1/events/${event!.id}`,
    ];
  });
  afterAll(() => t.close());

  it('lists, pages and point reads, again and again, for two partners', async () => {
    const readAll = async () => {
      for (const url of reads) {
        const res = await t.as(acme, { method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
      expect((await t.as(globex, { method: 'GET', url: '/api/v1/payouts' })).statusCode).toBe(200);
      expect((await t.as(globex, { method: 'GET', url: '/api/v1/users' })).statusCode).toBe(200);
    };
    await readAll();
    await readAll();
    expect(
      await countCompilations(async () => {
        for (let i = 0; i < 3; i++) await readAll();
      }),
    ).toBe(0);
  });
});
