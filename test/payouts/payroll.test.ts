import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import {
  DEFAULT_PAYROLL_RATES,
  calculateBatch,
  calculatePayroll,
  calendarYear,
  fromMinorUnits,
  invoiceTotals,
  sumAmounts,
  toMinorUnits,
  type PayrollItem,
  type TaxFacts,
  type UserTaxFacts,
} from '../../src/modules/payouts/payroll.js';

const NO_CARD: TaxFacts = { taxPercent: null, taxFreeCard: null, freeCardUsedThisYear: '0.00' };
// 7.5 h × 250.00 = 1875.00, used by most examples.
const SHIFT: PayrollItem = { products: [{ quantity: 7.5, price: 250 }], hours: 7.5, date: '2026-03-15' };

describe('calculatePayroll: the simple case, default rates', () => {
  it('computes every amount of docs/decisions.md §9', () => {
    const r = calculatePayroll(SHIFT, NO_CARD);
    expect(r).toMatchObject({
      salary: '1875.00', //               7.5 × 250.00
      vacation: '225.00', //              1875.00 × 0.12
      pension: '37.50', //                1875.00 × 0.02
      withholding_salary: '937.50', //    no tax card → 50 %: 1875.00 × 0.50
      withholding_vacation: '112.50', //  225.00 × 0.50
      tax_withheld: '1050.00', //         937.50 + 112.50
      net_salary: '937.50', //            1875.00 − 937.50
      net_vacation: '112.50', //          225.00 − 112.50
      employer_contribution: '296.10', // (1875.00 + 225.00) × 0.141 = 2100.00 × 0.141
      service_fee: '121.68', //           (1875 + 225 + 37.50 + 296.10) × 0.05 = 2433.60 × 0.05
      invoice_excl: '2555.28', //         2433.60 + 121.68
      invoice_incl: '3194.10', //         2555.28 × 1.25
      vat: '638.82', //                   3194.10 − 2555.28
      freeCardUsed: '0.00',
      year: 2026,
    });
    expect(r.rates).toEqual({
      vacationRate: '0.12',
      pensionRate: '0.02',
      defaultWithholdingRate: '0.5',
      withholdingRate: '0.5',
      employerContributionRate: '0.141',
      feeRate: '0.05',
      vatRate: '0.25',
    });
  });

  it('treats numbers and decimal strings alike, and hours do not change pay', () => {
    const asStrings = calculatePayroll(
      { products: [{ quantity: '7.5', price: '250.00' }], date: '2026-03-15' },
      NO_CARD,
    );
    const { rates: _r, ...amounts } = calculatePayroll(SHIFT, NO_CARD);
    expect(asStrings).toMatchObject(amounts);
    expect(calculatePayroll({ ...SHIFT, hours: 40 }, NO_CARD).salary).toBe('1875.00');
  });

  it('an item with zero pay has all amounts zero', () => {
    const r = calculatePayroll({ products: [{ quantity: 3, price: 0 }], date: '2026-01-01' }, NO_CARD);
    expect(r.salary).toBe('0.00');
    expect(r.invoice_incl).toBe('0.00');
  });
});

describe('calculatePayroll: half-up rounding at each step', () => {
  it('rounds each product to cents before summing', () => {
    const r = calculatePayroll(
      {
        products: [
          { quantity: 1.005, price: 1 }, //    1.005  → 1.01 (float: 1.005 × 1 rounds to 1.00)
          { quantity: 0.5, price: 0.01 }, //   0.005  → 0.01
          { quantity: 0.5, price: 0.01 }, //   0.005  → 0.01
          { quantity: 2.5, price: 0.03 }, //   0.075  → 0.08 (float: (2.5 * 0.03).toFixed(2) is 0.07)
        ],
        date: '2026-05-01',
      },
      NO_CARD,
    );
    // Σ = 1.11, whereas rounding only the raw sum (1.005 + 0.005 + 0.005 + 0.075 = 1.09) would give 1.09.
    expect(r.salary).toBe('1.11');
    expect(r.vacation).toBe('0.13'); //              1.11 × 0.12 = 0.1332
    expect(r.pension).toBe('0.02'); //               1.11 × 0.02 = 0.0222
    expect(r.withholding_salary).toBe('0.56'); //    1.11 × 0.50 = 0.555 → 0.56
    expect(r.net_salary).toBe('0.55'); //            1.11 − 0.56
    expect(r.withholding_vacation).toBe('0.07'); //  0.13 × 0.50 = 0.065 → 0.07
    expect(r.net_vacation).toBe('0.06');
    expect(r.employer_contribution).toBe('0.17'); // 1.24 × 0.141 = 0.17484
    expect(r.service_fee).toBe('0.07'); //           (1.11 + 0.13 + 0.02 + 0.17) × 0.05 = 1.43 × 0.05 = 0.0715
    expect(r.invoice_excl).toBe('1.50'); //          1.43 + 0.07
    expect(r.invoice_incl).toBe('1.88'); //          1.50 × 1.25 = 1.875 → 1.88
  });

  it('a realistic mix where binary floating point would be a cent off', () => {
    // Float witnesses: the naive computations this module must not reproduce.
    expect((1.005 * 1).toFixed(2)).toBe('1.00');
    expect((2.5 * 0.03).toFixed(2)).toBe('0.07');
    const r = calculatePayroll(
      {
        products: [
          { quantity: 37.5, price: 199.99 }, //  7499.625 → 7499.63
          { quantity: 0.333, price: 10.05 }, //  3.34665  → 3.35
          { quantity: 1.005, price: 1 }, //      1.005    → 1.01
        ],
        date: '2026-05-01',
      },
      NO_CARD,
    );
    expect(r.salary).toBe('7503.99'); //               7499.63 + 3.35 + 1.01
    expect(r.vacation).toBe('900.48'); //              7503.99 × 0.12 = 900.4788
    expect(r.pension).toBe('150.08'); //               7503.99 × 0.02 = 150.0798
    expect(r.withholding_salary).toBe('3752.00'); //   7503.99 × 0.50 = 3751.995 → 3752.00
    expect(r.net_salary).toBe('3751.99');
    expect(r.withholding_vacation).toBe('450.24'); //  900.48 × 0.50
    expect(r.net_vacation).toBe('450.24');
    expect(r.employer_contribution).toBe('1185.03'); // 8404.47 × 0.141 = 1185.03027
    expect(r.service_fee).toBe('486.98'); //           (7503.99 + 900.48 + 150.08 + 1185.03) × 0.05 = 9739.58 × 0.05 = 486.979
    expect(r.invoice_excl).toBe('10226.56'); //        9739.58 + 486.98
    expect(r.invoice_incl).toBe('12783.20'); //        10226.56 × 1.25
  });
});

describe('calculatePayroll: withholding', () => {
  it('uses tax_percent when set (35.5 %)', () => {
    const r = calculatePayroll(SHIFT, { ...NO_CARD, taxPercent: '35.5' });
    expect(r.rates.withholdingRate).toBe('0.355');
    expect(r.withholding_salary).toBe('665.63'); //   1875.00 × 0.355 = 665.625 → 665.63
    expect(r.net_salary).toBe('1209.37'); //          1875.00 − 665.63
    expect(r.withholding_vacation).toBe('79.88'); //  225.00 × 0.355 = 79.875 → 79.88
    expect(r.net_vacation).toBe('145.12'); //         225.00 − 79.88
    expect(r.tax_withheld).toBe('745.51'); //         665.63 + 79.88
    // The employer's side does not depend on the employee's tax.
    expect(r.invoice_incl).toBe('3194.10');
  });

  it('tax_percent 0 withholds nothing; an empty tax_percent means no tax card (50 %)', () => {
    expect(calculatePayroll(SHIFT, { ...NO_CARD, taxPercent: '0' }).net_salary).toBe('1875.00');
    expect(calculatePayroll(SHIFT, { ...NO_CARD, taxPercent: '' }).net_salary).toBe('937.50');
  });
});

describe('calculatePayroll: tax-free card', () => {
  it('fully covering: nothing withheld, salary + vacation consumed', () => {
    // Allowance 65000.00 − 10000.00 = 55000.00 ≥ 1875.00 + 225.00.
    const r = calculatePayroll(SHIFT, { taxPercent: null, taxFreeCard: '65000.00', freeCardUsedThisYear: '10000.00' });
    expect(r).toMatchObject({
      withholding_salary: '0.00',
      withholding_vacation: '0.00',
      tax_withheld: '0.00',
      net_salary: '1875.00',
      net_vacation: '225.00',
      freeCardUsed: '2100.00',
    });
  });

  it('partially covering, split between salary and vacation (salary first)', () => {
    // Allowance 50000.00 − 48000.00 = 2000.00: salary 1875.00 free, then 125.00 of vacation free;
    // the remaining 100.00 of vacation at 50 % = 50.00.
    const r = calculatePayroll(SHIFT, { taxPercent: null, taxFreeCard: '50000.00', freeCardUsedThisYear: '48000.00' });
    expect(r).toMatchObject({
      withholding_salary: '0.00',
      net_salary: '1875.00',
      withholding_vacation: '50.00',
      net_vacation: '175.00',
      tax_withheld: '50.00',
      freeCardUsed: '2000.00',
    });
  });

  it('partially covering the salary only, the rest at tax_percent', () => {
    // Allowance 1000.00: salary 875.00 taxed at 35.5 % = 310.625 → 310.63; vacation 225.00 × 0.355 = 79.875 → 79.88.
    const r = calculatePayroll(SHIFT, {
      taxPercent: '35.5',
      taxFreeCard: '50000.00',
      freeCardUsedThisYear: '49000.00',
    });
    expect(r).toMatchObject({
      withholding_salary: '310.63',
      net_salary: '1564.37',
      withholding_vacation: '79.88',
      net_vacation: '145.12',
      freeCardUsed: '1000.00',
    });
  });

  it('already used up (or over-used): withheld as without a card', () => {
    for (const used of ['50000.00', '60000.00']) {
      const r = calculatePayroll(SHIFT, { taxPercent: null, taxFreeCard: '50000.00', freeCardUsedThisYear: used });
      expect(r).toMatchObject({ net_salary: '937.50', net_vacation: '112.50', freeCardUsed: '0.00' });
    }
  });
});

describe('calculatePayroll: service fee per partner', () => {
  it('fee 0.10', () => {
    const r = calculatePayroll(SHIFT, NO_CARD, { ...DEFAULT_PAYROLL_RATES, feeRate: '0.10' });
    expect(r.service_fee).toBe('243.36'); //   2433.60 × 0.10
    expect(r.invoice_excl).toBe('2676.96'); // 2433.60 + 243.36
    expect(r.invoice_incl).toBe('3346.20'); // 2676.96 × 1.25
    expect(r.rates.feeRate).toBe('0.1');
  });

  it('fee 0', () => {
    const r = calculatePayroll(SHIFT, NO_CARD, { ...DEFAULT_PAYROLL_RATES, feeRate: '0' });
    expect(r.service_fee).toBe('0.00');
    expect(r.invoice_excl).toBe('2433.60'); // 1875 + 225 + 37.50 + 296.10
    expect(r.invoice_incl).toBe('3042.00'); // 2433.60 × 1.25
  });
});

describe('calculatePayroll: guards', () => {
  const item = (quantity: number | string, price: number | string): PayrollItem => ({
    products: [{ quantity, price }],
    date: '2026-01-01',
  });
  it.each([
    ['negative quantity', item(-1, 10), NO_CARD],
    ['negative price', item(1, '-0.01'), NO_CARD],
    ['NaN quantity', item(Number.NaN, 10), NO_CARD],
    ['infinite price', item(1, Number.POSITIVE_INFINITY), NO_CARD],
    ['hex string', item('0x10', 10), NO_CARD],
    ['negative hours', { ...item(1, 1), hours: -1 }, NO_CARD],
    ['bad date', { ...item(1, 1), date: '2026-13-01' }, NO_CARD],
    ['negative tax_percent', item(1, 1), { ...NO_CARD, taxPercent: '-5' }],
    ['tax_percent over 100', item(1, 1), { ...NO_CARD, taxPercent: '100.01' }],
    ['negative free card', item(1, 1), { ...NO_CARD, taxFreeCard: '-1.00' }],
  ] as const)('throws on %s', (_name, it, tax) => {
    expect(() => calculatePayroll(it, tax)).toThrow(Error);
  });

  it('throws on a negative rate', () => {
    expect(() => calculatePayroll(SHIFT, NO_CARD, { ...DEFAULT_PAYROLL_RATES, feeRate: '-0.05' })).toThrow(/feeRate/);
  });

  it('accepts -0 as zero', () => {
    expect(calculatePayroll(item(1, -0), NO_CARD).salary).toBe('0.00');
  });

  it('calendarYear reads the year of a date', () => {
    expect(calendarYear('2025-12-31')).toBe(2025);
    expect(() => calendarYear('31.12.2025')).toThrow();
  });
});

describe('calculateBatch', () => {
  const shift = (userId: number, date: string) => ({ ...SHIFT, userId, date });

  it("threads a user's free card across items until it runs out; other users are independent", () => {
    const facts = new Map<number, UserTaxFacts>([
      [1, { taxPercent: null, taxFreeCard: '5000.00', freeCardUsedByYear: { '2026': '1000.00' } }],
      [2, { taxPercent: '30', taxFreeCard: null, freeCardUsedByYear: {} }],
    ]);
    const { payouts, freeCardUsedByUser } = calculateBatch(
      [shift(1, '2026-03-01'), shift(2, '2026-03-01'), shift(1, '2026-03-08'), shift(1, '2026-03-15')],
      facts,
    );
    // User 1, allowance 5000.00 − 1000.00 = 4000.00. Item 1: 2100.00 free, 1900.00 left.
    expect(payouts[0]).toMatchObject({ net_salary: '1875.00', net_vacation: '225.00', freeCardUsed: '2100.00' });
    // User 2: no card, 30 %: 1875.00 × 0.30 = 562.50; 225.00 × 0.30 = 67.50.
    expect(payouts[1]).toMatchObject({ net_salary: '1312.50', net_vacation: '157.50', freeCardUsed: '0.00' });
    // User 1, item 2: 1900.00 left → salary 1875.00 free, 25.00 of vacation free, 200.00 × 0.50 = 100.00 withheld.
    expect(payouts[2]).toMatchObject({ net_salary: '1875.00', net_vacation: '125.00', freeCardUsed: '1900.00' });
    // User 1, item 3: card used up → 50 %.
    expect(payouts[3]).toMatchObject({ net_salary: '937.50', net_vacation: '112.50', freeCardUsed: '0.00' });
    expect(freeCardUsedByUser.get(1)).toEqual({ '2026': '5000.00' }); // 1000.00 + 2100.00 + 1900.00
    expect(freeCardUsedByUser.get(2)).toEqual({ '2026': '0.00' });
  });

  it('items in two calendar years draw on separate allowances', () => {
    const facts = new Map<number, UserTaxFacts>([
      [7, { taxPercent: null, taxFreeCard: '3000.00', freeCardUsedByYear: { '2025': '2900.00' } }],
    ]);
    const { payouts, freeCardUsedByUser } = calculateBatch(
      [shift(7, '2025-12-31'), shift(7, '2026-01-02'), shift(7, '2025-12-30')],
      facts,
    );
    // 2025: 100.00 left → salary (1875.00 − 100.00) × 0.50 = 887.50 withheld; vacation fully at 50 %.
    expect(payouts[0]).toMatchObject({
      year: 2025,
      net_salary: '987.50',
      net_vacation: '112.50',
      freeCardUsed: '100.00',
    });
    // 2026: a fresh 3000.00 → fully free.
    expect(payouts[1]).toMatchObject({
      year: 2026,
      net_salary: '1875.00',
      net_vacation: '225.00',
      freeCardUsed: '2100.00',
    });
    // 2025 again: used up.
    expect(payouts[2]).toMatchObject({ year: 2025, net_salary: '937.50', freeCardUsed: '0.00' });
    expect(freeCardUsedByUser.get(7)).toEqual({ '2025': '3000.00', '2026': '2100.00' });
  });

  it('applies the partner fee to every item and matches calculatePayroll item by item', () => {
    const rates = { ...DEFAULT_PAYROLL_RATES, feeRate: '0.10' };
    const facts = new Map<number, UserTaxFacts>([
      [1, { taxPercent: '35.5', taxFreeCard: null, freeCardUsedByYear: {} }],
    ]);
    const { payouts } = calculateBatch([shift(1, '2026-01-01')], facts, rates);
    expect(payouts[0]).toEqual(
      calculatePayroll(SHIFT, { taxPercent: '35.5', taxFreeCard: null, freeCardUsedThisYear: '0.00' }, { ...rates }),
    );
  });

  it('throws when a user has no tax facts', () => {
    expect(() => calculateBatch([shift(9, '2026-01-01')], new Map())).toThrow(/user 9/);
  });
});

describe('amount helpers', () => {
  it('sumAmounts is exact', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30'); // float: 0.1 + 0.2 = 0.30000000000000004
    expect(sumAmounts([])).toBe('0.00');
    expect(sumAmounts(['1', '2.5', '1234567890123.45'])).toBe('1234567890126.95');
    for (const bad of ['1.005', '-1.00', 'abc', '']) expect(() => sumAmounts([bad])).toThrow();
  });

  it('minor units round-trip', () => {
    expect(toMinorUnits('1234.50')).toBe(123450n);
    expect(toMinorUnits('0.07')).toBe(7n);
    // Whole amounts, one decimal, leading zeros, beyond a safe integer: the digits without the point.
    expect(toMinorUnits('12')).toBe(1200n);
    expect(toMinorUnits('0.5')).toBe(50n);
    expect(toMinorUnits('007.10')).toBe(710n);
    expect(toMinorUnits('0')).toBe(0n);
    expect(toMinorUnits('12345678901234567890.12')).toBe(1234567890123456789012n);
    for (let i = 0; i < 2000; i++) {
      const amount = `${Math.floor(Math.random() * 1e9)}${i % 3 === 0 ? '' : `.${String(i % 100).padStart(1 + (i % 2), '0')}`}`;
      expect(toMinorUnits(amount), amount).toBe(BigInt(new Decimal(amount).times(100).toFixed(0)));
    }
    for (const bad of ['1.005', '-1.00', '1.', '.5', '1e3', ' 1', 'abc', ''])
      expect(() => toMinorUnits(bad), bad).toThrow(/at most 2 decimals/);
    expect(fromMinorUnits(123450n)).toBe('1234.50');
    expect(fromMinorUnits(7)).toBe('0.07');
    expect(() => fromMinorUnits(-1n)).toThrow();
  });

  it('invoiceTotals sums each amount over the payouts', () => {
    const a = calculatePayroll(SHIFT, NO_CARD);
    const b = calculatePayroll({ products: [{ quantity: 1.005, price: 1 }], date: '2026-03-15' }, NO_CARD);
    const totals = invoiceTotals([a, b]);
    expect(totals.count).toBe(2);
    expect(totals.salary).toBe('1876.01'); //        1875.00 + 1.01
    expect(totals.invoice_excl).toBe(sumAmounts([a.invoice_excl, b.invoice_excl]));
    expect(totals.invoice_incl).toBe(sumAmounts([a.invoice_incl, b.invoice_incl]));
    expect(invoiceTotals([])).toMatchObject({ count: 0, invoice_incl: '0.00' });
  });
});
