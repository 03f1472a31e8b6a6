import type { FieldErrors } from '../../errors.js';
import { Dec, formatAmount } from './money.js';
import { itemSalary } from './payroll.js';
import type { CreatePayoutsBody } from './payouts.schemas.js';

/**
 * Plausibility rules of a payout request: a date far outside the years payroll is run for, or a
 * salary far above what one item pays, is a typo (a year of 2062, a misplaced decimal point), and
 * money must not move on a typo. Pure: "today" is the caller's clock.
 */

/** No payout request names a date before this. */
export const EARLIEST_DATE = '2000-01-01';

/**
 * The largest salary (Σ round(quantity × price)) of one payout item. An item pays a shift, a
 * week or a month of work; a million kroner is far above any of those, while a misplaced decimal
 * point or a few extra zeros is far above it too. Larger pay is split over several items. It also
 * keeps a full batch's invoice far below the largest total stored to the cent.
 */
export const MAX_ITEM_SALARY = '1000000.00';

/** `YYYY-MM-DD` one year after a date (29 February → 1 March). */
function oneYearAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10);
}

/** The window every date of a payout request lies in: from 2000-01-01 to one year after today (UTC). */
export function dateWindow(now: Date): { earliest: string; latest: string } {
  return { earliest: EARLIEST_DATE, latest: oneYearAfter(now.toISOString().slice(0, 10)) };
}

function checkDate(
  field: string,
  date: string,
  window: { earliest: string; latest: string },
  errors: FieldErrors,
): void {
  // Dates arrive as valid `YYYY-MM-DD` (the schema checked them): as text, they sort as dates.
  if (date < window.earliest) errors[field] = [`${field} must not be before ${window.earliest}.`];
  else if (date > window.latest)
    errors[field] = [`${field} must not be more than one year ahead (after ${window.latest}).`];
}

/**
 * The dates and amounts of a schema-valid payout request that are out of bounds, by field path
 * (`due_date`, `payouts.3.date`, `payouts.3.products`).
 */
export function checkPayoutBounds(body: CreatePayoutsBody, now: Date): FieldErrors {
  const errors: FieldErrors = {};
  const window = dateWindow(now);
  checkDate('due_date', body.due_date, window, errors);
  const cap = new Dec(MAX_ITEM_SALARY);
  body.payouts.forEach((item, i) => {
    checkDate(`payouts.${i}.date`, item.date, window, errors);
    // Only the salary: the rest of the payroll needs the employee's tax facts, read later.
    const salary = itemSalary(item);
    if (salary.gt(cap)) {
      errors[`payouts.${i}.products`] = [
        `payouts.${i}: the salary would be ${formatAmount(salary)}, above the ${MAX_ITEM_SALARY} one payout item may pay; split it over several items.`,
      ];
    }
  });
  return errors;
}
