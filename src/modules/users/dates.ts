/** A real calendar date written YYYY-MM-DD (2023-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date YYYY-MM-DD between 1900-01-01 and `today`; the problem, or null. */
export function checkBirthday(value: string, today: Date): string | null {
  if (!isCalendarDate(value)) return 'birthday must be a date as YYYY-MM-DD.';
  if (value < '1900-01-01' || new Date(`${value}T00:00:00.000Z`).getTime() > today.getTime())
    return 'birthday must be a past date after 1900-01-01.';
  return null;
}
