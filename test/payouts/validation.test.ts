import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  onboardedEmployee,
  onboardedEmployees,
  uniqueNorwegianId,
  uniquePhone,
  type Employee,
} from '../helpers/employees.js';
import {
  batch,
  createPayouts,
  item,
  keyStored,
  postPayouts,
  SHIFT,
  stored,
  type PayoutItemBody,
  type PayoutsRequestBody,
} from '../helpers/payouts.js';
import { expect422 } from '../helpers/users.js';

/** Everything is checked before anything is stored: any bad item rejects the whole batch. */
describe('POST /payouts validation', () => {
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

  /** `n` valid items over the three employees. */
  const items = (n: number): PayoutItemBody[] =>
    Array.from({ length: n }, (_, i) => item(staff[i % staff.length] as Employee));

  /** Asserts a 422 naming exactly `fields`, with nothing stored for the partner. */
  async function expectRejected(partner: TestPartner, body: PayoutsRequestBody, fields: string[], key?: string) {
    const before = await stored(t, partner.partnerId);
    const res = await postPayouts(t, partner, body, key);
    const errors = expect422(res, ...fields);
    expect(Object.keys(errors).sort()).toEqual([...fields].sort());
    expect(await stored(t, partner.partnerId)).toEqual(before);
    if (key) expect(await keyStored(t, partner.partnerId, key)).toBe(false);
    return errors;
  }

  describe('batch size: 1 to 1000 items', () => {
    it('1000 items: one invoice, 1000 payouts', async () => {
      const before = await stored(t, acme.partnerId);
      const created = await createPayouts(t, acme, batch(items(1000)));
      expect(created.count).toBe(1000);
      expect(new Set(created.payout_ids).size).toBe(1000);
      expect(await stored(t, acme.partnerId)).toEqual({
        payouts: before.payouts + 1000,
        invoices: before.invoices + 1,
      });
      const onInvoice = await t.db.db
        .selectFrom('payouts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('invoice_id', '=', created.invoice_id)
        .executeTakeFirstOrThrow();
      expect(Number(onInvoice.n)).toBe(1000);
    });

    it('1001 items: 422 naming payouts, nothing stored', async () => {
      await expectRejected(acme, batch(items(1001)), ['payouts'], randomUUID());
    });

    it('no items: 422 naming payouts', async () => {
      await expectRejected(acme, batch([]), ['payouts']);
    });

    it('the largest item (100 products of 10 000 × 1.00: the 1 000 000.00 cap) is stored exactly; 0.01 more is refused', async () => {
      const products = Array(100).fill({ quantity: 10_000, price: 1, description: 'Max' });
      const created = await createPayouts(t, acme, batch([item(staff[0] as Employee, { products })]));
      const res = await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${created.payout_ids[0]}` });
      expect(res.json()).toMatchObject({
        salary: '1000000.00',
        invoice_excl: '1362816.00',
        invoice_incl: '1703520.00',
      });

      const over = [...products.slice(1), { quantity: 1, price: 10_000.01, description: 'One øre more' }];
      const errors = await expectRejected(
        acme,
        batch([item(staff[0] as Employee), item(staff[1] as Employee, { products: over })]),
        ['payouts.1.products'],
        randomUUID(),
      );
      expect(errors['payouts.1.products']).toEqual([
        'payouts.1: the salary would be 1000000.01, above the 1000000.00 one payout item may pay; split it over several items.',
      ]);
    });

    it('a full batch at the cap (1000 items of 1 000 000.00) is stored exactly: the invoice totals stay far below what is kept to the cent', async () => {
      const full = Array.from({ length: 1000 }, (_, i) =>
        item(staff[i % staff.length] as Employee, {
          products: [{ quantity: 1, price: 1_000_000, description: 'Max' }],
        }),
      );
      const created = await createPayouts(t, acme, batch(full));
      const invoice = await t.db.db
        .selectFrom('invoices')
        .select(['total_salary', 'total_incl'])
        .where('id', '=', created.invoice_id)
        .executeTakeFirstOrThrow();
      expect(Number(invoice.total_salary)).toBe(1000 * 100_000_000);
      expect(Number(invoice.total_incl)).toBe(1000 * 170_352_000);
    });

    it('due_date is required and must be a real date', async () => {
      await expectRejected(acme, { payouts: items(2) }, ['due_date']);
      await expectRejected(acme, batch(items(2), '2026-02-30'), ['due_date']);
    });
  });

  describe('one bad item in a batch of 50 rejects the batch, names the item, stores nothing and no key', () => {
    const longText = 'x'.repeat(256);
    const cases: [string, (item: PayoutItemBody) => PayoutItemBody, string][] = [
      [
        'a price with 3 decimals',
        (i) => ({ ...i, products: [{ ...SHIFT, price: 1.234 }] }),
        'payouts.37.products.0.price',
      ],
      ['a negative price', (i) => ({ ...i, products: [{ ...SHIFT, price: -1 }] }), 'payouts.37.products.0.price'],
      [
        'a price sent as a string',
        (i) => ({ ...i, products: [{ ...SHIFT, price: '250.00' as unknown as number }] }),
        'payouts.37.products.0.price',
      ],
      ['quantity 0', (i) => ({ ...i, products: [{ ...SHIFT, quantity: 0 }] }), 'payouts.37.products.0.quantity'],
      [
        'a negative quantity',
        (i) => ({ ...i, products: [{ ...SHIFT, quantity: -2 }] }),
        'payouts.37.products.0.quantity',
      ],
      [
        'a quantity with 5 decimals',
        (i) => ({ ...i, products: [{ ...SHIFT, quantity: 1.00001 }] }),
        'payouts.37.products.0.quantity',
      ],
      [
        'a product without description',
        (i) => ({ ...i, products: [{ quantity: 1, price: 10 } as typeof SHIFT] }),
        'payouts.37.products.0.description',
      ],
      [
        'a product description of 256 characters',
        (i) => ({ ...i, products: [SHIFT, { ...SHIFT, description: longText }] }),
        'payouts.37.products.1.description',
      ],
      ['no products', (i) => ({ ...i, products: [] }), 'payouts.37.products'],
      ['more than 100 products', (i) => ({ ...i, products: Array(101).fill(SHIFT) }), 'payouts.37.products'],
      ['a missing date', ({ date: _date, ...rest }) => rest, 'payouts.37.date'],
      ['a date that does not exist (2026-02-30)', (i) => ({ ...i, date: '2026-02-30' }), 'payouts.37.date'],
      ['a date in another format', (i) => ({ ...i, date: '15.03.2026' }), 'payouts.37.date'],
      ['a description of 256 characters', (i) => ({ ...i, description: longText }), 'payouts.37.description'],
      ['negative hours', (i) => ({ ...i, hours: -1 }), 'payouts.37.hours'],
      ['hours with 3 decimals', (i) => ({ ...i, hours: 7.125 }), 'payouts.37.hours'],
    ];

    it.each(cases)('%s', async (_name, spoil, path) => {
      const good = items(50);
      const bad = good.map((it, i) => (i === 37 ? spoil(it) : it));
      const key = randomUUID();
      await expectRejected(acme, batch(bad), [path], key);

      // The key was not stored: the corrected batch goes through with the same key.
      const created = await createPayouts(t, acme, batch(good), key);
      expect(created.count).toBe(50);
      expect(await keyStored(t, acme.partnerId, key)).toBe(true);
    });

    it('names every bad item, not only the first', async () => {
      // Shape problems (the request schema) are all reported together...
      const shape = items(50);
      shape[3] = { ...shape[3], products: [{ ...SHIFT, price: -0.01 }] };
      shape[49] = { ...shape[49], date: '2026-13-01' };
      await expectRejected(acme, batch(shape), ['payouts.3.products.0.price', 'payouts.49.date']);
      // ...and so are the problems found after it (decimals, employees).
      const rules = items(50);
      rules[3] = { ...rules[3], products: [{ ...SHIFT, price: 0.001 }] };
      rules[49] = item({ userId: 987654 });
      await expectRejected(acme, batch(rules), ['payouts.3.products.0.price', 'payouts.49.user_id']);
    });

    it('accepts the edges: price 0, price with 2 decimals, quantity with 4 decimals, 100 products, 255 characters', async () => {
      const edge: PayoutItemBody = {
        ...item(staff[0] as Employee),
        description: 'd'.repeat(255),
        hours: 0,
        products: [
          { quantity: 1, price: 0, description: 'p'.repeat(255) },
          { quantity: 0.0001, price: 0.01, description: 'Tiny' },
          ...Array(98).fill({ quantity: 1, price: 12.34, description: 'Unit' }),
        ],
      };
      const created = await createPayouts(t, acme, batch([edge]));
      expect(created.count).toBe(1);
    });
  });

  describe('the employee of each item', () => {
    it('must be one of your employees: another partner’s employee or an unknown id → 422 at user_id', async () => {
      const theirs = await onboardedEmployee(t, globex);
      const list = items(10);
      list[4] = item(theirs);
      list[6] = item({ userId: 987654 });
      list[8] = item({ userId: 2_147_483_648 }); // beyond the id range: names nobody (and is no server error)
      const errors = await expectRejected(
        acme,
        batch(list),
        ['payouts.4.user_id', 'payouts.6.user_id', 'payouts.8.user_id'],
        randomUUID(),
      );
      expect(errors['payouts.4.user_id']?.[0]).toMatch(/does not name one of your employees/);
    });

    it('must be onboarded: 422 naming the missing steps', async () => {
      const fresh = await onboardedEmployee(t, acme, { skip: ['terms', 'verification'] });
      const list = items(5);
      list[2] = item(fresh);
      const errors = await expectRejected(acme, batch(list), ['payouts.2.user_id']);
      expect(errors['payouts.2.user_id']?.[0]).toMatch(/not onboarded/);
      expect(errors['payouts.2.user_id']?.[0]).toContain('terms_approved');
      expect(errors['payouts.2.user_id']?.[0]).toContain('id_verification');
      expect(errors['payouts.2.user_id']?.[0]).not.toContain('bank_account');
    });

    it('must be onboarded now: withdrawn terms block the next batch', async () => {
      const employee = await onboardedEmployee(t, acme);
      await createPayouts(t, acme, batch([item(employee)]));
      const withdraw = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${employee.id}/terms`,
        payload: { approved: false },
      });
      expect(withdraw.statusCode).toBe(200);
      const errors = await expectRejected(acme, batch([item(employee)]), ['payouts.0.user_id']);
      expect(errors['payouts.0.user_id']?.[0]).toContain('terms_approved');
    });

    it('a not onboarded employee named by phone is reported at phone', async () => {
      const phone = uniquePhone();
      await onboardedEmployee(t, acme, { phone, skip: ['bank'] });
      const errors = await expectRejected(acme, batch([{ phone, date: '2026-03-15', products: [SHIFT] }]), [
        'payouts.0.phone',
      ]);
      expect(errors['payouts.0.phone']?.[0]).toContain('bank_account');
    });

    it('a phone shared by two of your employees is ambiguous: 422 at payouts.N.phone (user_id still works)', async () => {
      const phone = uniquePhone();
      const one = await onboardedEmployee(t, acme, { phone });
      const two = await onboardedEmployee(t, acme, { phone });
      const list = items(3);
      list.push({ phone, date: '2026-03-15', products: [SHIFT] });
      const errors = await expectRejected(acme, batch(list), ['payouts.3.phone']);
      expect(errors['payouts.3.phone']?.[0]).toMatch(/more than one/);
      expect((await createPayouts(t, acme, batch([item(one), item(two)]))).count).toBe(2);
    });

    it('an ssn shared by two of your employees is ambiguous: 422 at payouts.N.ssn', async () => {
      const ssn = uniqueNorwegianId();
      await onboardedEmployee(t, acme, { identification: ssn });
      await onboardedEmployee(t, acme, { identification: ssn });
      await expectRejected(acme, batch([{ ssn, date: '2026-03-15', products: [SHIFT] }]), ['payouts.0.ssn']);
    });

    it('a phone or ssn that matches only another partner’s employee → 422 (no lookup across partners)', async () => {
      const ssn = uniqueNorwegianId();
      const theirs = await onboardedEmployee(t, globex, { identification: ssn });
      await expectRejected(
        acme,
        batch([
          { phone: theirs.phone, date: '2026-03-15', products: [SHIFT] },
          { ssn, date: '2026-03-15', products: [SHIFT] },
        ]),
        ['payouts.0.phone', 'payouts.1.ssn'],
      );
      // The same item works for the partner the employee is linked to.
      expect(
        (await createPayouts(t, globex, batch([{ phone: theirs.phone, date: '2026-03-15', products: [SHIFT] }]))).count,
      ).toBe(1);
    });

    it('exactly one of user_id, phone, ssn: none or two → 422 at payouts.N.user_id', async () => {
      const employee = staff[0] as Employee;
      const none: PayoutItemBody = { date: '2026-03-15', products: [SHIFT] };
      const two: PayoutItemBody = { ...item(employee), phone: employee.phone };
      const three: PayoutItemBody = { ...item(employee), phone: employee.phone, ssn: uniqueNorwegianId() };
      const errors = await expectRejected(acme, batch([item(employee), none, two, three]), [
        'payouts.1.user_id',
        'payouts.2.user_id',
        'payouts.3.user_id',
      ]);
      expect(errors['payouts.1.user_id']?.[0]).toMatch(/exactly one of user_id, phone or ssn/);
    });

    it('user_id must be a positive integer', async () => {
      await expectRejected(acme, batch([item({ userId: 0 })]), ['payouts.0.user_id']);
      await expectRejected(acme, batch([{ ...item(staff[0] as Employee), user_id: '1' as unknown as number }]), [
        'payouts.0.user_id',
      ]);
    });
  });

  it('a body that is not an object: 400 Validation error', async () => {
    const res = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/payouts',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Validation error', data: expect.any(String) });
  });

  it('without credentials: 401 {message}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/payouts', payload: batch(items(1)) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
