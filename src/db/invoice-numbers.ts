import type { Executor } from './database.js';

/**
 * The next invoice number, in the batch's transaction (docs/decisions.md §24): `last = last + 1`
 * holds the counter row until the transaction ends (PostgreSQL: a row lock; SQLite: the write
 * lock), so a rollback gives the number back and concurrent batches take consecutive numbers.
 * Take it before the partner's list counters (docs/performance.md, "Lock order").
 */
export async function takeInvoiceNumber(db: Executor): Promise<number> {
  const row = await db
    .insertInto('invoice_numbers')
    .values({ id: 1, last: 1 })
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ last: eb('invoice_numbers.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}
