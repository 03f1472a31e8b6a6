import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dateWindow } from '../../src/modules/payouts/item-rules.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import {
  batch,
  createPayouts,
  item,
  keyStored,
  postPayouts,
  stored,
  type PayoutsRequestBody,
} from '../helpers/payouts.js';
import { expect422 } from '../helpers/users.js';

/**
 * Every date of a payout request lies between 2000-01-01 and one year after today, today being
 * the injected clock's date in UTC. The test clock starts at 2026-11-21T10:00Z.
 */
describe('POST /payouts: the date window', () => {
  const START = '2026-11-21T10:00:00.000Z';
  let t: TestApp;
  let acme: TestPartner;
  let kari: Employee;

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    kari = await onboardedEmployee(t, acme);
  });
  afterEach(() => t.clock.set(START));
  afterAll(() => t.close());

  const dated = (date: string, dueDate = '2026-12-01'): PayoutsRequestBody => batch([item(kari, { date })], dueDate);

  async function expectRefused(body: PayoutsRequestBody, problems: Record<string, string>): Promise<void> {
    const before = await stored(t, acme.partnerId);
    const key = randomUUID();
    const errors = expect422(await postPayouts(t, acme, body, key), ...Object.keys(problems));
    expect(errors).toEqual(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, [problem]])));
    expect(await stored(t, acme.partnerId)).toEqual(before);
    expect(await keyStored(t, acme.partnerId, key)).toBe(false);
  }

  it('an item dated 2000-01-01 is paid; 1999-12-31 is refused naming the item', async () => {
    expect((await createPayouts(t, acme, dated('2000-01-01'))).count).toBe(1);
    await expectRefused(dated('1999-12-31'), { 'payouts.0.date': 'payouts.0.date must not be before 2000-01-01.' });
  });

  it('an item dated one year after today is paid; a day later is refused', async () => {
    expect((await createPayouts(t, acme, dated('2027-11-21'))).count).toBe(1);
    await expectRefused(dated('2027-11-22'), {
      'payouts.0.date': 'payouts.0.date must not be more than one year ahead (after 2027-11-21).',
    });
  });

  it('due_date has the same window: a past due date is accepted back to 2000-01-01', async () => {
    expect((await createPayouts(t, acme, dated('2026-11-20', '2000-01-01'))).count).toBe(1);
    expect((await createPayouts(t, acme, dated('2026-11-20', '2027-11-21'))).count).toBe(1);
    await expectRefused(dated('2026-11-20', '1999-12-31'), { due_date: 'due_date must not be before 2000-01-01.' });
    await expectRefused(dated('2026-11-20', '2207-11-21'), {
      due_date: 'due_date must not be more than one year ahead (after 2027-11-21).',
    });
  });

  it('names every date out of the window at once, the item by its index, and stores nothing', async () => {
    const body = batch(
      [item(kari), item(kari, { date: '0202-03-15' }), item(kari), item(kari, { date: '2062-03-15' })],
      '1026-12-01',
    );
    await expectRefused(body, {
      due_date: 'due_date must not be before 2000-01-01.',
      'payouts.1.date': 'payouts.1.date must not be before 2000-01-01.',
      'payouts.3.date': 'payouts.3.date must not be more than one year ahead (after 2027-11-21).',
    });
  });

  it('"today" is the injected clock: moved on half a year, a date then a year ahead is paid', async () => {
    t.clock.set('2027-06-01T00:00:00.000Z');
    expect((await createPayouts(t, acme, dated('2028-06-01', '2028-06-01'))).count).toBe(1);
    await expectRefused(dated('2028-06-02'), {
      'payouts.0.date': 'payouts.0.date must not be more than one year ahead (after 2028-06-01).',
    });
  });

  it('the day turns at midnight UTC', async () => {
    t.clock.set('2026-11-21T23:59:59.999Z');
    await expectRefused(dated('2027-11-22'), {
      'payouts.0.date': 'payouts.0.date must not be more than one year ahead (after 2027-11-21).',
    });
    t.clock.set('2026-11-22T00:00:00.000Z');
    expect((await createPayouts(t, acme, dated('2027-11-22'))).count).toBe(1);
  });

  it('one year after 29 February is 1 March', () => {
    expect(dateWindow(new Date('2028-02-29T12:00:00.000Z'))).toEqual({ earliest: '2000-01-01', latest: '2029-03-01' });
    expect(dateWindow(new Date('2026-12-31T23:00:00.000Z'))).toEqual({ earliest: '2000-01-01', latest: '2027-12-31' });
  });
});
