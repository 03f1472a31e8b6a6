import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYROLL_RATES,
  PAYOUT_AMOUNT_FIELDS,
  calculateBatch,
  calculatePayroll,
  invoiceTotals,
  type BatchPayrollItem,
  type PayrollRates,
  type PayrollResult,
  type UserTaxFacts,
} from '../../src/modules/payouts/payroll.js';

// ---------------------------------------------------------------------------------------------
// An independent reference: everything in BigInt cents, rates as integer fractions.
// ---------------------------------------------------------------------------------------------

/** n / d rounded half-up, for n, d >= 0. */
const roundDiv = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const cents = (amount: string): bigint => BigInt(amount.replace('.', ''));
const toAmount = (c: bigint): string => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

interface RefItem {
  /** quantity × 1000 and price × 100, both integers. */
  products: Array<{ milli: bigint; cents: bigint }>;
}
interface RefTax {
  /** tax_percent × 100 (hundredths of a percent), or null for no tax card. */
  percentHundredths: bigint | null;
  cardCents: bigint | null;
  usedCents: bigint;
}

function reference(item: RefItem, tax: RefTax, feeMilli: bigint) {
  const salary = item.products.reduce((s, p) => s + roundDiv(p.milli * p.cents, 1000n), 0n);
  const vacation = roundDiv(salary * 12n, 100n);
  const pension = roundDiv(salary * 2n, 100n);
  const [num, den] = tax.percentHundredths === null ? [50n, 100n] : [tax.percentHundredths, 10_000n];
  let allowance = tax.cardCents === null ? 0n : tax.cardCents - tax.usedCents;
  if (allowance < 0n) allowance = 0n;
  const freeSalary = min(salary, allowance);
  const freeVacation = min(vacation, allowance - freeSalary);
  const ws = roundDiv((salary - freeSalary) * num, den);
  const wv = roundDiv((vacation - freeVacation) * num, den);
  const ec = roundDiv((salary + vacation) * 141n, 1000n);
  const base = salary + vacation + pension + ec;
  const fee = roundDiv(base * feeMilli, 1000n);
  const excl = base + fee;
  const incl = roundDiv(excl * 125n, 100n);
  return {
    salary,
    vacation,
    pension,
    net_salary: salary - ws,
    net_vacation: vacation - wv,
    withholding_salary: ws,
    withholding_vacation: wv,
    tax_withheld: ws + wv,
    employer_contribution: ec,
    service_fee: fee,
    invoice_excl: excl,
    vat: incl - excl,
    invoice_incl: incl,
    freeCardUsed: freeSalary + freeVacation,
  };
}

// ---------------------------------------------------------------------------------------------
// Generators: quantities up to 3 decimals, prices up to 2, passed as JSON numbers or strings.
// ---------------------------------------------------------------------------------------------

const fixed = (n: bigint, decimals: number): string => {
  const s = n.toString().padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
};

const productArb = fc
  .record({
    milli: fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 10_000_000 })),
    cents: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 10_000_000 })),
    asString: fc.boolean(),
  })
  .map(({ milli, cents, asString }) => ({
    ref: { milli: BigInt(milli), cents: BigInt(cents) },
    input: asString
      ? { quantity: fixed(BigInt(milli), 3), price: fixed(BigInt(cents), 2) }
      : { quantity: milli / 1000, price: cents / 100 }, // shortest round-trip form is the exact decimal
  }));

const taxArb = fc.record({
  percentHundredths: fc.option(fc.oneof(fc.constantFrom(0, 10_000, 3_550), fc.integer({ min: 0, max: 10_000 })), {
    nil: null,
  }),
  cardCents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
  usedCents: fc.integer({ min: 0, max: 10_000_000 }),
});

const itemArb = fc.record({
  products: fc.array(productArb, { minLength: 1, maxLength: 5 }),
  tax: taxArb,
  year: fc.constantFrom(2025, 2026),
});

const feeMilliArb = fc.oneof(fc.constant(50), fc.integer({ min: 0, max: 300 }));

const rates = (feeMilli: number): PayrollRates => ({ ...DEFAULT_PAYROLL_RATES, feeRate: fixed(BigInt(feeMilli), 3) });

type Generated = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

function run(g: Generated, feeMilli: number): { result: PayrollResult; ref: ReturnType<typeof reference> } {
  const { tax } = g;
  const result = calculatePayroll(
    { products: g.products.map((p) => p.input), date: `${g.year}-06-30` },
    {
      taxPercent: tax.percentHundredths === null ? null : fixed(BigInt(tax.percentHundredths), 2),
      taxFreeCard: tax.cardCents === null ? null : fixed(BigInt(tax.cardCents), 2),
      freeCardUsedThisYear: fixed(BigInt(tax.usedCents), 2),
    },
    rates(feeMilli),
  );
  const ref = reference(
    { products: g.products.map((p) => p.ref) },
    {
      percentHundredths: tax.percentHundredths === null ? null : BigInt(tax.percentHundredths),
      cardCents: tax.cardCents === null ? null : BigInt(tax.cardCents),
      usedCents: BigInt(tax.usedCents),
    },
    BigInt(feeMilli),
  );
  return { result, ref };
}

const AMOUNT = /^\d+\.\d{2}$/;

describe('payroll properties', () => {
  it('matches the BigInt-cents reference exactly over 10 000 random items (no float drift)', () => {
    fc.assert(
      fc.property(itemArb, feeMilliArb, (g, feeMilli) => {
        const { result, ref } = run(g, feeMilli);
        for (const field of [...PAYOUT_AMOUNT_FIELDS, 'freeCardUsed'] as const) {
          expect(result[field], field).toBe(toAmount(ref[field]));
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it('amounts are two-decimal, never negative, and net/withholding/invoice stay in bounds', () => {
    fc.assert(
      fc.property(itemArb, feeMilliArb, (g, feeMilli) => {
        const { result: r } = run(g, feeMilli);
        for (const field of [...PAYOUT_AMOUNT_FIELDS, 'freeCardUsed'] as const) expect(r[field]).toMatch(AMOUNT);
        const c = (f: (typeof PAYOUT_AMOUNT_FIELDS)[number] | 'freeCardUsed') => cents(r[f]);
        expect(c('net_salary')).toBeLessThanOrEqual(c('salary'));
        expect(c('net_vacation')).toBeLessThanOrEqual(c('vacation'));
        expect(c('withholding_salary')).toBeLessThanOrEqual(c('salary'));
        expect(c('withholding_vacation')).toBeLessThanOrEqual(c('vacation'));
        expect(c('net_salary') + c('withholding_salary')).toBe(c('salary'));
        expect(c('net_vacation') + c('withholding_vacation')).toBe(c('vacation'));
        expect(c('tax_withheld')).toBe(c('withholding_salary') + c('withholding_vacation'));
        expect(c('freeCardUsed')).toBeLessThanOrEqual(c('salary') + c('vacation'));
        expect(c('invoice_excl')).toBe(
          c('salary') + c('vacation') + c('pension') + c('employer_contribution') + c('service_fee'),
        );
        expect(c('invoice_incl')).toBeGreaterThanOrEqual(c('invoice_excl'));
        expect(c('invoice_incl')).toBe(c('invoice_excl') + c('vat'));
      }),
      { numRuns: 1_000 },
    );
  });

  it('invoice totals equal the exact sum of their payouts', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { minLength: 0, maxLength: 40 }), feeMilliArb, (gs, feeMilli) => {
        const payouts = gs.map((g) => run(g, feeMilli).result);
        const totals = invoiceTotals(payouts);
        expect(totals.count).toBe(payouts.length);
        for (const field of PAYOUT_AMOUNT_FIELDS) {
          expect(totals[field]).toMatch(AMOUNT);
          expect(totals[field], field).toBe(toAmount(payouts.reduce((s, p) => s + cents(p[field]), 0n)));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("a batch never spends more of a user's free card per year than the card allows", () => {
    const userArb = fc.record({
      cardCents: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
      used2025: fc.integer({ min: 0, max: 2_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(userArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.record({ user: fc.nat(), item: itemArb }), { minLength: 1, maxLength: 30 }),
        (users, picks) => {
          const facts = new Map<number, UserTaxFacts>(
            users.map((u, id) => [
              id,
              {
                taxPercent: null,
                taxFreeCard: u.cardCents === null ? null : fixed(BigInt(u.cardCents), 2),
                freeCardUsedByYear: { '2025': fixed(BigInt(u.used2025), 2) },
              },
            ]),
          );
          const items: BatchPayrollItem[] = picks.map(({ user, item }) => ({
            userId: user % users.length,
            products: item.products.map((p) => p.input),
            date: `${item.year}-02-01`,
          }));
          const { payouts, freeCardUsedByUser } = calculateBatch(items, facts);
          users.forEach((u, id) => {
            const card = u.cardCents === null ? 0n : BigInt(u.cardCents);
            for (const year of [2025, 2026]) {
              const before = year === 2025 ? BigInt(u.used2025) : 0n;
              const spent = payouts.reduce(
                (s, p, i) => (items[i]!.userId === id && p.year === year ? s + cents(p.freeCardUsed) : s),
                0n,
              );
              // What the batch spends is what was left, or less; the running total is reported back.
              expect(spent).toBeLessThanOrEqual(before >= card ? 0n : card - before);
              const reported = freeCardUsedByUser.get(id)?.[String(year)];
              if (reported !== undefined) expect(cents(reported)).toBe(before + spent);
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
