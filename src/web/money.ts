/** Money on pages, Norwegian style ("1 875,00 kr"). Intl formats a decimal string exactly, never through a float. */
const KRONER = new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' });

/** An exact decimal amount ("1875.00") as Norwegian kroner. */
export function formatKroner(amount: string): string {
  return KRONER.format(amount as unknown as number);
}
