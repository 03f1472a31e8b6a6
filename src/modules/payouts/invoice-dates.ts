const OSLO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Europe/Oslo at `moment` (YYYY-MM-DD): an invoice's issue date. */
export function osloDay(moment: Date): string {
  return OSLO_DAY.format(moment);
}
