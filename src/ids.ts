/**
 * Ids (users, payouts, invoices) are 32-bit serials on PostgreSQL: a larger number names nothing,
 * and must not reach a query either, where PostgreSQL would reject it as out of range (a 500).
 */
export const MAX_ID = 2_147_483_647;

export function isId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** A path or body id: a positive integer in the id range, written without sign, zeros or decimals; null for anything else. */
export function parseId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return isId(id) ? id : null;
}
