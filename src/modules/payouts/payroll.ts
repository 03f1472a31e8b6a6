import { Dec, ZERO, formatAmount, parseAmount, roundMoney, sumAmounts, toDecimal } from './money.js';

export { sumAmounts, toMinorUnits, fromMinorUnits } from './money.js';

/**
 * The payroll calculator (docs/decisions.md §9): pure, exact arithmetic, no I/O. Every step rounds half-up
 * to two decimals; amounts come back as strings with exactly two decimals.
 */

/** Rates as decimal fractions (`'0.12'` is 12 %). The fee is the one rate partners override. */
export interface PayrollRates {
  vacationRate: string;
  pensionRate: string;
  /** Applies when the employee has no `tax_percent` (no tax card). */
  defaultWithholdingRate: string;
  employerContributionRate: string;
  /** Service fee, per partner. */
  feeRate: string;
  vatRate: string;
}

/** The defaults of docs/decisions.md §9. Per partner: `{ ...DEFAULT_PAYROLL_RATES, feeRate: partnerFee }`. */
export const DEFAULT_PAYROLL_RATES: Readonly<PayrollRates> = Object.freeze({
  vacationRate: '0.12',
  pensionRate: '0.02',
  defaultWithholdingRate: '0.50',
  employerContributionRate: '0.141',
  feeRate: '0.05',
  vatRate: '0.25',
});

export interface PayrollProduct {
  quantity: number | string;
  price: number | string;
}

/** One payout item as the API receives it (already validated by the HTTP layer). */
export interface PayrollItem {
  products: readonly PayrollProduct[];
  /** Informational only: pay is Σ quantity × price. */
  hours?: number | string | null;
  /** `YYYY-MM-DD`; its calendar year picks the free-card allowance. */
  date: string;
}

/** The employee's tax facts for one item. */
export interface TaxFacts {
  /** Withholding percentage (`'35.5'` is 35.5 %); null or `''` means no tax card → default rate. */
  taxPercent: string | null;
  /** Tax-free card amount for the calendar year; null or `''` means none. */
  taxFreeCard: string | null;
  /** Income already withheld at 0 % under the free card in the item's calendar year. */
  freeCardUsedThisYear: string;
}

/** Every amount of one payout; the spec's Payout fields plus the breakdown behind them. */
export interface PayoutAmounts {
  salary: string;
  vacation: string;
  pension: string;
  net_salary: string;
  net_vacation: string;
  withholding_salary: string;
  withholding_vacation: string;
  tax_withheld: string;
  employer_contribution: string;
  service_fee: string;
  invoice_excl: string;
  vat: string;
  invoice_incl: string;
}

export const PAYOUT_AMOUNT_FIELDS = [
  'salary',
  'vacation',
  'pension',
  'net_salary',
  'net_vacation',
  'withholding_salary',
  'withholding_vacation',
  'tax_withheld',
  'employer_contribution',
  'service_fee',
  'invoice_excl',
  'vat',
  'invoice_incl',
] as const satisfies readonly (keyof PayoutAmounts)[];

/** The rates actually applied, normalised (`'0.050'` → `'0.05'`), for storing with the payout. */
export interface PayrollRatesUsed extends PayrollRates {
  /** `tax_percent / 100`, or `defaultWithholdingRate` without a tax card. */
  withholdingRate: string;
}

export interface PayrollResult extends PayoutAmounts {
  rates: PayrollRatesUsed;
  /** How much of the free card this item consumed (salary first, then vacation). */
  freeCardUsed: string;
  /** Calendar year of `item.date`, the year `freeCardUsed` counts against. */
  year: number;
}

interface ParsedRates {
  vacation: Dec;
  pension: Dec;
  defaultWithholding: Dec;
  employerContribution: Dec;
  fee: Dec;
  vat: Dec;
}

function parseRates(rates: PayrollRates): ParsedRates {
  const parsed = {
    vacation: toDecimal(rates.vacationRate, 'vacationRate'),
    pension: toDecimal(rates.pensionRate, 'pensionRate'),
    defaultWithholding: toDecimal(rates.defaultWithholdingRate, 'defaultWithholdingRate'),
    employerContribution: toDecimal(rates.employerContributionRate, 'employerContributionRate'),
    fee: toDecimal(rates.feeRate, 'feeRate'),
    vat: toDecimal(rates.vatRate, 'vatRate'),
  };
  if (parsed.defaultWithholding.gt(1)) throw new Error('defaultWithholdingRate must be at most 1 (100 %).');
  return parsed;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Calendar year of a `YYYY-MM-DD` date. */
export function calendarYear(date: string): number {
  const m = DATE.exec(date);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[3]) < 1 || Number(m[3]) > 31) {
    throw new Error(`date must be YYYY-MM-DD, got '${String(date)}'.`);
  }
  return Number(m[1]);
}

function blank(value: string | null | undefined): value is null | undefined | '' {
  return value === null || value === undefined || value.trim() === '';
}

function withholdingRate(taxPercent: string | null, rates: ParsedRates): Dec {
  if (blank(taxPercent)) return rates.defaultWithholding;
  const percent = toDecimal(taxPercent, 'taxPercent');
  if (percent.gt(100)) throw new Error(`taxPercent must be at most 100, got '${taxPercent}'.`);
  return percent.times('0.01');
}

/** An item's salary: Σ quantity × price, each product rounded to cents before summing (docs/decisions.md §9: round at each step). */
export function itemSalary(item: Pick<PayrollItem, 'products'>): Dec {
  return item.products.reduce(
    (sum, p, i) =>
      sum.plus(
        roundMoney(toDecimal(p.quantity, `products.${i}.quantity`).times(toDecimal(p.price, `products.${i}.price`))),
      ),
    ZERO,
  );
}

function calculate(item: PayrollItem, tax: TaxFacts, rates: ParsedRates): PayrollResult {
  const year = calendarYear(item.date);
  if (item.hours !== undefined && item.hours !== null) toDecimal(item.hours, 'hours');

  const salary = itemSalary(item);
  const vacation = roundMoney(salary.times(rates.vacation));
  const pension = roundMoney(salary.times(rates.pension));

  // Free card: salary is paid out first, so it draws on the allowance first, then vacation.
  const rate = withholdingRate(tax.taxPercent, rates);
  let allowance = ZERO;
  if (!blank(tax.taxFreeCard)) {
    const left = parseAmount(tax.taxFreeCard, 'taxFreeCard').minus(
      parseAmount(tax.freeCardUsedThisYear, 'freeCardUsedThisYear'),
    );
    allowance = Dec.max(left, ZERO);
  }
  const freeSalary = Dec.min(salary, allowance);
  const freeVacation = Dec.min(vacation, allowance.minus(freeSalary));
  // Withholding is rounded per component, so net + withholding equals the gross amount exactly.
  const withholdingSalary = roundMoney(salary.minus(freeSalary).times(rate));
  const withholdingVacation = roundMoney(vacation.minus(freeVacation).times(rate));

  const employerContribution = roundMoney(salary.plus(vacation).times(rates.employerContribution));
  const feeBase = salary.plus(vacation).plus(pension).plus(employerContribution);
  const serviceFee = roundMoney(feeBase.times(rates.fee));
  const invoiceExcl = feeBase.plus(serviceFee);
  const invoiceIncl = roundMoney(invoiceExcl.times(rates.vat.plus(1)));

  return {
    salary: formatAmount(salary),
    vacation: formatAmount(vacation),
    pension: formatAmount(pension),
    net_salary: formatAmount(salary.minus(withholdingSalary)),
    net_vacation: formatAmount(vacation.minus(withholdingVacation)),
    withholding_salary: formatAmount(withholdingSalary),
    withholding_vacation: formatAmount(withholdingVacation),
    tax_withheld: formatAmount(withholdingSalary.plus(withholdingVacation)),
    employer_contribution: formatAmount(employerContribution),
    service_fee: formatAmount(serviceFee),
    invoice_excl: formatAmount(invoiceExcl),
    vat: formatAmount(invoiceIncl.minus(invoiceExcl)),
    invoice_incl: formatAmount(invoiceIncl),
    rates: {
      vacationRate: rates.vacation.toString(),
      pensionRate: rates.pension.toString(),
      defaultWithholdingRate: rates.defaultWithholding.toString(),
      withholdingRate: rate.toString(),
      employerContributionRate: rates.employerContribution.toString(),
      feeRate: rates.fee.toString(),
      vatRate: rates.vat.toString(),
    },
    freeCardUsed: formatAmount(freeSalary.plus(freeVacation)),
    year,
  };
}

/** Computes one payout's amounts. Throws on negative or malformed inputs (validation is the caller's). */
export function calculatePayroll(
  item: PayrollItem,
  tax: TaxFacts,
  rates: PayrollRates = DEFAULT_PAYROLL_RATES,
): PayrollResult {
  return calculate(item, tax, parseRates(rates));
}

/** An item of a batch, naming its employee. */
export interface BatchPayrollItem extends PayrollItem {
  userId: number;
}

/** An employee's tax facts for a batch: free-card usage so far, per calendar year. */
export interface UserTaxFacts {
  taxPercent: string | null;
  taxFreeCard: string | null;
  /**
   * Income already withheld at 0 % under the free card, keyed by four-digit calendar year
   * (`{ '2025': '12000.00', '2026': '0.00' }`), typically Σ `freeCardUsed` of the employee's
   * earlier payouts dated in that year. A missing year means nothing used yet.
   */
  freeCardUsedByYear: Readonly<Record<string, string>>;
}

export interface PayrollBatchResult {
  /** One result per item, in item order. */
  payouts: PayrollResult[];
  /** Free-card usage after the batch, per user in the batch, per year (input years included). */
  freeCardUsedByUser: Map<number, Record<string, string>>;
}

/**
 * Computes a batch in item order, threading each employee's free-card usage from one item to the
 * next within the same calendar year; each year has its own allowance.
 */
export function calculateBatch(
  items: readonly BatchPayrollItem[],
  taxFactsByUser: ReadonlyMap<number, UserTaxFacts>,
  rates: PayrollRates = DEFAULT_PAYROLL_RATES,
): PayrollBatchResult {
  const parsed = parseRates(rates);
  const usedByUser = new Map<number, Record<string, string>>();
  const payouts = items.map((item, i) => {
    const facts = taxFactsByUser.get(item.userId);
    if (!facts) throw new Error(`No tax facts for user ${item.userId} (item ${i}).`);
    let used = usedByUser.get(item.userId);
    if (!used) {
      used = { ...facts.freeCardUsedByYear };
      usedByUser.set(item.userId, used);
    }
    const year = String(calendarYear(item.date));
    const usedThisYear = used[year] ?? '0.00';
    const result = calculate(
      item,
      { taxPercent: facts.taxPercent, taxFreeCard: facts.taxFreeCard, freeCardUsedThisYear: usedThisYear },
      parsed,
    );
    used[year] = sumAmounts([usedThisYear, result.freeCardUsed]);
    return result;
  });
  return { payouts, freeCardUsedByUser: usedByUser };
}

/** Invoice totals: the exact sum of each amount over the invoice's payouts. */
export function invoiceTotals(payouts: readonly PayoutAmounts[]): PayoutAmounts & { count: number } {
  const totals = { count: payouts.length } as PayoutAmounts & { count: number };
  for (const field of PAYOUT_AMOUNT_FIELDS) totals[field] = sumAmounts(payouts.map((p) => p[field]));
  return totals;
}
