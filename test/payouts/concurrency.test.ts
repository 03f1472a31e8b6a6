import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployees, type Employee } from '../helpers/employees.js';
import {
  batch,
  createPayouts,
  item,
  keyStored,
  postPayouts,
  stored,
  type PayoutsCreatedBody,
} from '../helpers/payouts.js';

/** Idempotency-key on POST /payouts: one key, one batch, however many times and however concurrently it is sent. */
describe('POST /payouts with an Idempotency-key', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let staff: Employee[];

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    staff = await onboardedEmployees(t, acme, 3);
  });
  afterAll(() => t.close());

  const body = () => batch(staff.map((e) => item(e)));

  it('20 concurrent requests with one key: exactly one 201 and 19 × 400, one invoice, one batch', async () => {
    const before = await stored(t, acme.partnerId);
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => postPayouts(t, acme, body(), key)));

    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json()).toEqual({ error: expect.stringMatching(/already/i) });

    const batchCreated = (created[0] as (typeof responses)[number]).json() as PayoutsCreatedBody;
    expect(batchCreated.count).toBe(3);
    expect(await stored(t, acme.partnerId)).toEqual({ payouts: before.payouts + 3, invoices: before.invoices + 1 });
    const onInvoice = await t.db.db
      .selectFrom('payouts')
      .select('id')
      .where('invoice_id', '=', batchCreated.invoice_id)
      .orderBy('id')
      .execute();
    expect(onInvoice.map((r) => r.id)).toEqual([...batchCreated.payout_ids].sort((a, b) => a - b));
    expect(await keyStored(t, acme.partnerId, key)).toBe(true);
  });

  it('idempotency is by key, not by body: the same body with a new key is a second batch', async () => {
    const before = await stored(t, acme.partnerId);
    const first = await createPayouts(t, acme, body(), randomUUID());
    const second = await createPayouts(t, acme, body(), randomUUID());
    expect(second.invoice_id).not.toBe(first.invoice_id);
    expect(await stored(t, acme.partnerId)).toEqual({ payouts: before.payouts + 6, invoices: before.invoices + 2 });
  });

  it('without a key the same body twice is two batches', async () => {
    const before = await stored(t, acme.partnerId);
    await createPayouts(t, acme, body());
    await createPayouts(t, acme, body());
    expect(await stored(t, acme.partnerId)).toEqual({ payouts: before.payouts + 6, invoices: before.invoices + 2 });
  });

  it('a used key is refused with 400, in any letter case and with any body; nothing new is stored', async () => {
    const key = randomUUID();
    await createPayouts(t, acme, body(), key);
    const before = await stored(t, acme.partnerId);
    for (const sent of [key, key.toUpperCase()]) {
      const again = await postPayouts(t, acme, batch([item(staff[0] as Employee, { date: '2026-05-05' })]), sent);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: expect.stringMatching(/already/i) });
    }
    expect(await stored(t, acme.partnerId)).toEqual(before);
  });

  it('a key that is not a UUID is refused with 400 before anything is checked or stored', async () => {
    const before = await stored(t, acme.partnerId);
    for (const key of ['not-a-uuid', '12345', `${randomUUID()}x`]) {
      const res = await postPayouts(t, acme, body(), key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringMatching(/UUID/) });
    }
    expect(await stored(t, acme.partnerId)).toEqual(before);
  });

  it('concurrent batches (different keys) for one employee never spend a tax-free card twice', async () => {
    const [employee] = (await onboardedEmployees(t, acme, 1)) as [Employee];
    await t.services.users.tax.setTax(employee.userId, { freeCard: '3000' });
    // Each item is 2100.00 of income: the card covers one and a half of them, whatever the order.
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postPayouts(t, acme, batch([item(employee, { date: `2026-05-${String(i + 10)}` })]), randomUUID()),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const rows = await t.db.db
      .selectFrom('payouts')
      .select(['free_card_used', 'withholding_salary', 'withholding_vacation'])
      .where('user_id', '=', employee.userId)
      .execute();
    expect(rows.reduce((sum, r) => sum + Number(r.free_card_used), 0)).toBe(300_000);
    const withheld = rows
      .map((r) => Number(r.withholding_salary) + Number(r.withholding_vacation))
      .sort((a, b) => a - b);
    // One payout fully free, one partly (900.00 free), eight taxed in full at 50 %.
    expect(withheld).toEqual([0, 60_000, ...Array(8).fill(105_000)]);
  });

  it('keys are per partner: another partner may use the same key', async () => {
    const key = randomUUID();
    await createPayouts(t, acme, body(), key);
    const theirs = await onboardedEmployees(t, globex, 1);
    const created = await createPayouts(t, globex, batch([item(theirs[0] as Employee)]), key);
    expect(created.count).toBe(1);
  });
});
