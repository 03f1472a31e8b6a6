import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployees, type Employee } from '../helpers/employees.js';
import { batch, createPayouts, item, postPayouts } from '../helpers/payouts.js';

/** Invoice numbers are gapless (docs/decisions.md §24): taken in the batch's transaction, on both engines. */
describe('gapless invoice numbers', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let acmeStaff: Employee[];
  let globexStaff: Employee[];
  let crash = false;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
      afterPayoutChunk: () => {
        if (crash) throw new Error('injected crash after the invoice was written');
      },
    });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    acmeStaff = await onboardedEmployees(t, acme, 2);
    globexStaff = await onboardedEmployees(t, globex, 2);
  });
  afterAll(() => t.close());

  const numbers = async () =>
    (await t.db.db.selectFrom('invoices').select(['id', 'number']).orderBy('id').execute()).map((r) => r.number);

  it('a batch rolled back after its invoice was written leaves no gap: the next batch takes its number', async () => {
    const first = await createPayouts(t, acme, batch(acmeStaff.map((e) => item(e))));
    crash = true;
    const failed = await postPayouts(t, acme, batch(acmeStaff.map((e) => item(e))));
    crash = false;
    expect(failed.statusCode).toBe(500);
    const next = await createPayouts(t, globex, batch(globexStaff.map((e) => item(e))));
    const [a, b] = await Promise.all(
      [first.invoice_id, next.invoice_id].map(
        async (id) =>
          (await t.db.db.selectFrom('invoices').select('number').where('id', '=', id).executeTakeFirstOrThrow()).number,
      ),
    );
    expect(b).toBe((a as number) + 1);
    expect(await numbers()).toEqual([1, 2]);
  });

  it('concurrent batches of two partners get distinct, consecutive numbers', async () => {
    const before = await numbers();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? createPayouts(t, acme, batch(acmeStaff.map((e) => item(e))))
          : createPayouts(t, globex, batch(globexStaff.map((e) => item(e)))),
      ),
    );
    expect(new Set(results.map((r) => r.invoice_id)).size).toBe(12);
    const all = await numbers();
    expect(all).toHaveLength(before.length + 12);
    expect([...all].sort((x, y) => x - y)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});
