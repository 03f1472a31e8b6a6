/**
 * The console's dashboard and the bank (docs/console.md): a card for the payouts the bank rejected
 * or returned, and one for those at the bank not yet confirmed, each linked to its list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

describe('the dashboard and the bank', () => {
  let t: TestApp;
  let op: Browser;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await signedIn(t, await readyOperator(t, 'operator'));
  });
  afterAll(() => t.close());

  it('the dashboard counts the payouts the bank rejected and those at the bank, linked to their lists', async () => {
    const partner = await t.partner('Dashboard bank');
    const kari = await onboardedEmployee(t, partner);
    const [atBank, rejected] = (await createPayouts(t, partner, batch([item(kari), item(kari)]))).payout_ids as [
      number,
      number,
    ];
    const before = await op.get('/console');
    const count = (body: string, label: string) => {
      const cards = body.slice(0, body.indexOf(label)).match(/<div class="count">(\d+)<\/div>/g);
      const last = cards?.at(-1);
      return last ? Number(/(\d+)/.exec(last)![1]) : null;
    };
    const atBankBefore = count(before.body, 'Payouts at the bank, not yet confirmed');
    const failedBefore = count(before.body, 'Payouts failed: rejected or returned by the bank');
    expect(atBankBefore).not.toBeNull();
    await t.services.bank.files.exportFile({ partnerId: partner.partnerId });
    await t.services.payouts.payouts.transition(rejected, 'failed', undefined, 'The bank phoned: account closed');
    const after = await op.get('/console');
    expect(count(after.body, 'Payouts at the bank, not yet confirmed')).toBe((atBankBefore ?? 0) + 1);
    expect(count(after.body, 'Payouts failed: rejected or returned by the bank')).toBe((failedBefore ?? 0) + 1);
    expect(after.body).toContain('href="/console/payouts?status=processing"');
    expect(after.body).toContain('href="/console/payouts?status=failed"');
    const listed = await op.get('/console/payouts?status=processing');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(`>${atBank}<`);
  });
});
