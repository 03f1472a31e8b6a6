import { Decimal } from 'decimal.js';

/**
 * Exact decimal arithmetic for money. A private Decimal constructor with a precision far above
 * anything payroll produces, so products and sums are never rounded implicitly: the only rounding
 * is the explicit half-up to cents in `roundMoney`.
 */
export const Dec = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -100, toExpPos: 100 });
export type Dec = Decimal;

export const ZERO = new Dec(0);

// Plain decimal notation only: Decimal itself would also accept '0x1f', 'Infinity' and 'NaN'.
const DECIMAL_STRING = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const AMOUNT_STRING = /^\d+(\.\d{1,2})?$/;
const MAX_SIGNIFICANT_DIGITS = 40;

/**
 * Parses a non-negative decimal given as a JSON number or a string. Numbers go through their
 * shortest round-trip string (`String(0.1)` is `'0.1'`), so 0.1 stays exactly 0.1.
 */
export function toDecimal(value: number | string, what: string): Dec {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${what} must be a finite number, got ${value}.`);
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new Error(`${what} must be a number or a decimal string.`);
  }
  if (!DECIMAL_STRING.test(text)) throw new Error(`${what} must be a decimal number, got '${String(value)}'.`);
  const d = new Dec(text);
  if (d.isZero()) return ZERO; // also turns '-0' into 0
  // Keeps every intermediate product far below Dec's precision, so nothing is rounded implicitly.
  if (d.sd() > MAX_SIGNIFICANT_DIGITS)
    throw new Error(`${what} has more than ${MAX_SIGNIFICANT_DIGITS} significant digits.`);
  if (d.isNegative()) throw new Error(`${what} must not be negative, got '${text}'.`);
  return d;
}

/** Half-up to two decimals. Amounts are never negative, so half-up and half-away-from-zero agree. */
export function roundMoney(d: Dec): Dec {
  return d.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}

/**
 * The API form of an amount: plain notation, exactly two decimals (`'1234.50'`), rounded half-up
 * (Dec's rounding mode, which `toFixed` applies: the same as `roundMoney` first).
 */
export function formatAmount(d: Dec): string {
  return d.toFixed(2);
}

function checkAmount(amount: string, what: string): void {
  if (typeof amount !== 'string' || !AMOUNT_STRING.test(amount)) {
    throw new Error(`${what} must be a non-negative amount with at most 2 decimals, got '${String(amount)}'.`);
  }
}

/** Parses an amount string as stored and returned by the API: non-negative, at most 2 decimals. */
export function parseAmount(amount: string, what = 'amount'): Dec {
  checkAmount(amount, what);
  return new Dec(amount);
}

/** Exact sum of amount strings (`['0.10', '0.20']` → `'0.30'`); `'0.00'` for none. In minor units: integers add exactly. */
export function sumAmounts(amounts: readonly string[]): string {
  let sum = 0n;
  for (let i = 0; i < amounts.length; i++) sum += toMinorUnits(amounts[i] as string, `amounts[${i}]`);
  return fromMinorUnits(sum);
}

/**
 * `'1234.50'` → `123450n`, for storing amounts as integer minor units: the digits without the
 * point, the decimals padded to two (exact, no decimal arithmetic; a payout stores 13 amounts).
 */
export function toMinorUnits(amount: string, what = 'amount'): bigint {
  checkAmount(amount, what);
  const point = amount.indexOf('.');
  if (point < 0) return BigInt(amount) * 100n;
  return BigInt(amount.slice(0, point) + amount.slice(point + 1).padEnd(2, '0'));
}

/** `123450n` → `'1234.50'`. */
export function fromMinorUnits(minor: bigint | number): string {
  if (typeof minor === 'number') {
    if (!Number.isSafeInteger(minor)) throw new Error(`Minor units must be a safe integer, got ${minor}.`);
    if (minor < 0) throw new Error(`Minor units must not be negative, got ${minor}.`);
    // Exact without BigInt (a safe integer's quotient and remainder are exact): an event's payload formats 13 amounts.
    const cents = minor % 100;
    return `${(minor - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
  }
  const m = minor;
  if (m < 0n) throw new Error(`Minor units must not be negative, got ${m}.`);
  return `${m / 100n}.${(m % 100n).toString().padStart(2, '0')}`;
}
