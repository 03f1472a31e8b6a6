import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  linkEmployee,
  onboardedEmployee,
  onboardedEmployees,
  uniqueNorwegianId,
  type Employee,
} from '../helpers/employees.js';
import { expect422 } from '../helpers/users.js';
import {
  batch,
  cents,
  createPayouts,
  getPayout,
  item,
  MONEY_FIELDS,
  postPayouts,
  SHIFT,
  type PayoutBody,
} from '../helpers/payouts.js';

/** POST /payouts, the money path: every amount below is worked out by hand (docs/payouts.md). */
describe('POST /payouts', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const payoutsOf = (ids: number[]) => Promise.all(ids.map((id) => getPayout(t, acme, id)));

  it('creates a payout with the hand-worked amounts of 7.5 × 250.00 (no tax card: 50 %)', async () => {
    const employee = await onboardedEmployee(t, acme);
    const created = await createPayouts(t, acme, batch([item(employee)]));
    expect(created.count).toBe(1);

    const payout = await getPayout(t, acme, created.payout_ids[0] as number);
    const now = t.clock.now().toISOString();
    expect(payout).toEqual({
      id: created.payout_ids[0],
      user_id: employee.userId,
      invoice_id: created.invoice_id,
      status: 'pending',
      type: 'salary',
      salary: '1875.00', // 7.5 × 250.00
      vacation: '225.00', // 12 % of 1875.00
      pension: '37.50', // 2 % of 1875.00
      net_salary: '937.50', // 1875.00 − 50 % of 1875.00
      net_vacation: '112.50', // 225.00 − 50 % of 225.00
      invoice_excl: '2555.28', // 1875.00 + 225.00 + 37.50 + 296.10 + 121.68
      invoice_incl: '3194.10', // 2555.28 × 1.25
      paid_at: null,
      created_at: now,
      updated_at: now,
      date: '2026-03-15',
      hours: '7.5',
      description: 'March, week 11',
      tax_withheld: '1050.00', // 937.50 + 112.50
      employer_contribution: '296.10', // 14.1 % of (1875.00 + 225.00)
      service_fee: '121.68', // 5 % of 2433.60
      vat: '638.82', // 3194.10 − 2555.28
      trace_id: null, // not yet in a payment file
      failure_code: null,
      failure_message: null,
    });
  });

  it('the worked example of docs/payouts.md, amount by amount, and its invoice', async () => {
    const ann = await onboardedEmployee(t, acme);
    const bob = await onboardedEmployee(t, acme);
    await t.services.users.tax.setTax(bob.userId, { percent: '35.5', freeCard: '500.00' });
    const created = await createPayouts(t, acme, {
      due_date: '2026-04-30',
      payouts: [
        {
          user_id: ann.userId,
          date: '2026-04-10',
          hours: 7.5,
          description: 'Saturday 10 April',
          products: [{ quantity: 7.5, price: 250, description: 'Hours' }],
        },
        {
          phone: bob.phone,
          date: '2026-04-11',
          products: [
            { quantity: 3, price: 199.99, description: 'Deliveries' },
            { quantity: 1.3333, price: 12.34, description: 'Overtime' },
          ],
        },
      ],
    });
    const [first, second] = await payoutsOf(created.payout_ids);
    expect(first).toMatchObject({
      user_id: ann.userId,
      salary: '1875.00',
      vacation: '225.00',
      pension: '37.50',
      net_salary: '937.50',
      net_vacation: '112.50',
      tax_withheld: '1050.00',
      employer_contribution: '296.10',
      service_fee: '121.68',
      invoice_excl: '2555.28',
      vat: '638.82',
      invoice_incl: '3194.10',
    });
    expect(second).toMatchObject({
      user_id: bob.userId,
      hours: null,
      description: '',
      salary: '616.42', // 599.97 + 16.452922 → 16.45
      vacation: '73.97', // 73.9704
      pension: '12.33', // 12.3284
      net_salary: '575.09', // 500.00 free; 116.42 × 35.5 % = 41.3291 → 41.33
      net_vacation: '47.71', // card used up; 73.97 × 35.5 % = 26.25935 → 26.26
      tax_withheld: '67.59',
      employer_contribution: '97.34', // 690.39 × 14.1 % = 97.34499
      service_fee: '40.00', // 800.06 × 5 % = 40.003
      invoice_excl: '840.06',
      vat: '210.02',
      invoice_incl: '1050.08', // 1050.075, half-up
    });
    const invoice = await t.db.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', created.invoice_id)
      .executeTakeFirstOrThrow();
    expect(
      [
        invoice.total_salary,
        invoice.total_vacation,
        invoice.total_pension,
        invoice.total_employer_contribution,
        invoice.total_service_fee,
        invoice.total_excl,
        invoice.total_vat,
        invoice.total_incl,
      ].map(Number),
    ).toEqual([249142, 29897, 4983, 39344, 16168, 339534, 84884, 424418]);
    expect(invoice).toMatchObject({ due_date: '2026-04-30' });
  });

  it('rounds half-up to cents at each step (per product, then each derived amount)', async () => {
    const employee = await onboardedEmployee(t, acme);
    const products = [
      { quantity: 3, price: 199.99, description: 'Shifts' }, // 599.97
      { quantity: 0.5, price: 0.05, description: 'Half a unit' }, // 0.025 → 0.03
      { quantity: 1.3333, price: 12.34, description: 'Overtime' }, // 16.452922 → 16.45
    ];
    const created = await createPayouts(t, acme, batch([item(employee, { products })]));
    const payout = await getPayout(t, acme, created.payout_ids[0] as number);
    expect(payout).toMatchObject({
      salary: '616.45',
      vacation: '73.97', // 73.974
      pension: '12.33', // 12.329
      net_salary: '308.22', // 616.45 − 308.225 → 308.23
      net_vacation: '36.98', // 73.97 − 36.985 → 36.99
      tax_withheld: '345.22',
      employer_contribution: '97.35', // 690.42 × 0.141 = 97.34922
      service_fee: '40.01', // 800.10 × 0.05 = 40.005
      invoice_excl: '840.11',
      invoice_incl: '1050.14', // 1050.1375
      vat: '210.03',
    });
  });

  it('without hours or description: hours null, description ""', async () => {
    const employee = await onboardedEmployee(t, acme);
    const created = await createPayouts(
      t,
      acme,
      batch([{ user_id: employee.userId, date: '2026-03-15', products: [SHIFT] }]),
    );
    expect(await getPayout(t, acme, created.payout_ids[0] as number)).toMatchObject({
      hours: null,
      description: '',
      salary: '1875.00',
    });
  });

  it('puts every payout of a batch on one invoice whose totals are the exact sums of its payouts', async () => {
    const [a, b, c] = await onboardedEmployees(t, acme, 3);
    await t.services.users.tax.setTax((b as Employee).userId, { percent: '35.5' });
    const items = [
      item(a as Employee),
      item(b as Employee, { products: [{ quantity: 1.3333, price: 12.34, description: 'Overtime' }, SHIFT] }),
      item(c as Employee, { products: [{ quantity: 0.5, price: 0.05, description: 'Half a unit' }] }),
      item(a as Employee, { date: '2026-03-22' }),
    ];
    const created = await createPayouts(t, acme, batch(items, '2026-04-15'));
    const payouts = await payoutsOf(created.payout_ids);
    expect(payouts.map((p) => p.invoice_id)).toEqual(Array(4).fill(created.invoice_id));
    expect(payouts.map((p) => p.user_id)).toEqual(items.map((i) => i.user_id));

    const invoice = await t.db.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', created.invoice_id)
      .executeTakeFirstOrThrow();
    const sum = (field: (typeof MONEY_FIELDS)[number]) => payouts.reduce((total, p) => total + cents(p[field]), 0);
    expect({
      partner_id: invoice.partner_id,
      due_date: invoice.due_date,
      payout_count: Number(invoice.payout_count),
      total_salary: Number(invoice.total_salary),
      total_vacation: Number(invoice.total_vacation),
      total_pension: Number(invoice.total_pension),
      total_employer_contribution: Number(invoice.total_employer_contribution),
      total_service_fee: Number(invoice.total_service_fee),
      total_excl: Number(invoice.total_excl),
      total_vat: Number(invoice.total_vat),
      total_incl: Number(invoice.total_incl),
    }).toEqual({
      partner_id: acme.partnerId,
      due_date: '2026-04-15',
      payout_count: 4,
      total_salary: sum('salary'),
      total_vacation: sum('vacation'),
      total_pension: sum('pension'),
      total_employer_contribution: sum('employer_contribution'),
      total_service_fee: sum('service_fee'),
      total_excl: sum('invoice_excl'),
      total_vat: sum('vat'),
      total_incl: sum('invoice_incl'),
    });
    // The parts add up on every payout: excl = salary + vacation + pension + contribution + fee; incl = excl + VAT.
    for (const p of payouts) {
      expect(cents(p.invoice_excl)).toBe(
        cents(p.salary) + cents(p.vacation) + cents(p.pension) + cents(p.employer_contribution) + cents(p.service_fee),
      );
      expect(cents(p.invoice_incl)).toBe(cents(p.invoice_excl) + cents(p.vat));
      expect(cents(p.net_salary) + cents(p.net_vacation) + cents(p.tax_withheld)).toBe(
        cents(p.salary) + cents(p.vacation),
      );
    }
  });

  it("withholds the employee's tax_percent when set (35.5 %)", async () => {
    const employee = await onboardedEmployee(t, acme);
    await t.services.users.tax.setTax(employee.userId, { percent: '35.5' });
    const created = await createPayouts(t, acme, batch([item(employee)]));
    expect(await getPayout(t, acme, created.payout_ids[0] as number)).toMatchObject({
      salary: '1875.00',
      vacation: '225.00',
      net_salary: '1209.37', // 1875.00 − 665.625 → 665.63
      net_vacation: '145.12', // 225.00 − 79.875 → 79.88
      tax_withheld: '745.51',
      // What the partner is invoiced does not depend on the employee's tax.
      invoice_excl: '2555.28',
      invoice_incl: '3194.10',
    });
  });

  it('uses the per-partner service fee rate', async () => {
    const partner = await t.partner('Low fee');
    await t.db.db.updateTable('partners').set({ fee_rate: '0.03' }).where('id', '=', partner.partnerId).execute();
    const employee = await onboardedEmployee(t, partner);
    const created = await createPayouts(t, partner, batch([item(employee)]));
    expect(await getPayout(t, partner, created.payout_ids[0] as number)).toMatchObject({
      service_fee: '73.01', // 3 % of 2433.60 = 73.008
      invoice_excl: '2506.61',
      invoice_incl: '3133.26', // 3133.2625
    });
  });

  describe('tax-free card (3000.00 for the calendar year, no tax_percent: 50 % above it)', () => {
    let employee: Employee;
    let first: PayoutBody[];

    beforeAll(async () => {
      employee = await onboardedEmployee(t, acme);
      await t.services.users.tax.setTax(employee.userId, { freeCard: '3000' });
    });

    it('is used across the items of one batch, in item order', async () => {
      const created = await createPayouts(t, acme, batch([item(employee), item(employee, { date: '2026-03-22' })]));
      first = await payoutsOf(created.payout_ids);
      // Item 1: 2100.00 of income, all under the card (900.00 left).
      expect(first[0]).toMatchObject({ net_salary: '1875.00', net_vacation: '225.00', tax_withheld: '0.00' });
      // Item 2: 900.00 of the salary is free, 975.00 taxed at 50 %; the holiday pay is taxed in full.
      expect(first[1]).toMatchObject({ net_salary: '1387.50', net_vacation: '112.50', tax_withheld: '600.00' });
    });

    it('a later batch in the same year sees what earlier batches used; another year has its own card', async () => {
      const created = await createPayouts(
        t,
        acme,
        batch([item(employee, { date: '2026-06-01' }), item(employee, { date: '2027-01-10' })]),
      );
      const [sameYear, nextYear] = await payoutsOf(created.payout_ids);
      expect(sameYear).toMatchObject({ net_salary: '937.50', net_vacation: '112.50', tax_withheld: '1050.00' });
      expect(nextYear).toMatchObject({ net_salary: '1875.00', net_vacation: '225.00', tax_withheld: '0.00' });
    });

    it('a cancelled payout no longer counts toward the used card', async () => {
      await t.services.payouts.payouts.transition((first[0] as PayoutBody).id, 'cancelled');
      // Used in 2026 now: 900.00 (item 2 of the first batch) + 0.00; 2100.00 left.
      const created = await createPayouts(
        t,
        acme,
        batch([item(employee, { date: '2026-09-01' }), item(employee, { date: '2026-09-02' })]),
      );
      const [free, partly] = await payoutsOf(created.payout_ids);
      expect(free).toMatchObject({ net_salary: '1875.00', net_vacation: '225.00', tax_withheld: '0.00' });
      // Nothing left after that one: taxed in full.
      expect(partly).toMatchObject({ net_salary: '937.50', net_vacation: '112.50', tax_withheld: '1050.00' });
    });

    it('a failed payout still counts (it may be retried)', async () => {
      // 2025: a year no earlier test used.
      const created = await createPayouts(t, acme, batch([item(employee, { date: '2025-02-01' })]));
      await t.services.payouts.payouts.transition(created.payout_ids[0] as number, 'failed');
      const again = await createPayouts(t, acme, batch([item(employee, { date: '2025-02-02' })]));
      // 2100.00 used by the failed payout, 900.00 left.
      expect(await getPayout(t, acme, again.payout_ids[0] as number)).toMatchObject({
        net_salary: '1387.50',
        tax_withheld: '600.00',
      });
    });
  });

  describe('naming the employee', () => {
    it('by phone (spaces and dashes ignored) and by ssn, among the caller’s employees', async () => {
      const byPhone = await onboardedEmployee(t, acme);
      const bySsn = await onboardedEmployee(t, acme, { identification: uniqueNorwegianId() });
      const phone = `${byPhone.phone.slice(0, 3)} ${byPhone.phone.slice(3, 5)}-${byPhone.phone.slice(5)}`;
      const created = await createPayouts(
        t,
        acme,
        batch([
          { phone, date: '2026-03-15', products: [SHIFT] },
          // Written as DDMMYY NNNNN: spaces and dashes do not matter either.
          {
            ssn: `${bySsn.identification.slice(0, 6)} ${bySsn.identification.slice(6)}`,
            date: '2026-03-15',
            products: [SHIFT],
          },
        ]),
      );
      const payouts = await payoutsOf(created.payout_ids);
      expect(payouts.map((p) => p.user_id)).toEqual([byPhone.userId, bySsn.userId]);
    });

    it('an employee linked to two partners is paid by whichever partner sends the batch, once that partner onboarded them', async () => {
      const other = await t.partner('Other');
      const employee = await onboardedEmployee(t, acme);
      // Linked only: the other partner's link has no terms, profile or bank account yet.
      await linkEmployee(t, other, employee, { onboard: false });
      expect422(await postPayouts(t, other, batch([item(employee)])), 'payouts.0.user_id');
      await linkEmployee(t, other, employee);
      const created = await createPayouts(t, other, batch([item(employee)]));
      expect(await getPayout(t, other, created.payout_ids[0] as number)).toMatchObject({ user_id: employee.userId });
    });
  });

  it('answers 201 with count, results, invoice_id and payout_ids in item order', async () => {
    const [a, b] = await onboardedEmployees(t, acme, 2);
    const res = await postPayouts(t, acme, batch([item(a as Employee), item(b as Employee), item(a as Employee)]));
    expect(res.statusCode).toBe(201);
    const body = res.json() as { count: number; results: string; invoice_id: number; payout_ids: number[] };
    expect(body).toEqual({
      count: 3,
      results: `3 payouts created on invoice ${body.invoice_id}`,
      invoice_id: expect.any(Number),
      payout_ids: [expect.any(Number), expect.any(Number), expect.any(Number)],
    });
    const payouts = await payoutsOf(body.payout_ids);
    expect(payouts.map((p) => p.user_id)).toEqual([
      (a as Employee).userId,
      (b as Employee).userId,
      (a as Employee).userId,
    ]);
  });
});
