import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployees, type Employee } from '../helpers/employees.js';
import { batch, createPayouts, item, keyStored, postPayouts, stored } from '../helpers/payouts.js';

/**
 * The invoice, every payout and the Idempotency-key are one transaction: a crash after some of the
 * payouts were inserted leaves nothing behind. The crash is injected through the app's test seam,
 * which runs after each chunk of 200 inserted payouts.
 */
describe('POST /payouts is all or nothing', () => {
  let t: TestApp;
  let acme: TestPartner;
  let staff: Employee[];
  /** When set, the seam throws once this many payouts have been inserted. */
  let crashAfter: number | null = null;
  const seen: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
      afterPayoutChunk: (insertedSoFar) => {
        seen.push(insertedSoFar);
        if (crashAfter !== null && insertedSoFar >= crashAfter)
          throw new Error(`injected crash after ${insertedSoFar} payouts`);
      },
    });
    acme = await t.partner('Acme');
    staff = await onboardedEmployees(t, acme, 3);
  });
  afterAll(() => t.close());

  const fiveHundred = () => batch(Array.from({ length: 500 }, (_, i) => item(staff[i % staff.length] as Employee)));

  it('a crash after the first 200 of 500 payouts: 500 Server Error, no invoice, no payout, no key', async () => {
    const key = randomUUID();
    crashAfter = 200;
    seen.length = 0;
    const res = await postPayouts(t, acme, fiveHundred(), key);
    crashAfter = null;

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    // The failure really came mid-batch: one chunk of 200 had been inserted when it struck.
    expect(seen).toEqual([200]);
    expect(await stored(t)).toEqual({ payouts: 0, invoices: 0 });
    expect(await keyStored(t, acme.partnerId, key)).toBe(false);

    // Nothing remembers the failed attempt: the retry with the same key creates the whole batch once.
    seen.length = 0;
    const retry = await createPayouts(t, acme, fiveHundred(), key);
    expect(seen).toEqual([200, 400, 500]);
    expect(await stored(t)).toEqual({ payouts: 500, invoices: 1 });
    expect((await postPayouts(t, acme, fiveHundred(), key)).statusCode).toBe(400);
    expect(retry.count).toBe(500);
  });

  it('a crash in the last chunk also leaves the earlier batches as they were', async () => {
    const before = await stored(t);
    crashAfter = 500;
    seen.length = 0;
    const res = await postPayouts(t, acme, fiveHundred());
    crashAfter = null;
    expect(res.statusCode).toBe(500);
    expect(seen).toEqual([200, 400, 500]);
    expect(await stored(t)).toEqual(before);
  });
});
