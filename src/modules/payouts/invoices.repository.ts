import type { Executor, PayoutStatus } from '../../db/database.js';
export { takeInvoiceNumber } from '../../db/invoice-numbers.js';

export async function countPartnerInvoices(db: Executor, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the partner's invoices, newest first (a walk of invoices_partner_idx backwards). */
export async function listPartnerInvoices(db: Executor, partnerId: number, limit: number, offset: number) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The invoice, only if it is the partner's. */
export async function findPartnerInvoice(db: Executor, partnerId: number, id: number) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
}

/** Any partner's invoice (the operator's console). */
export async function findInvoiceById(db: Executor, id: number) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many of each invoice's payouts are in each status. */
export async function statusCounts(
  db: Executor,
  invoiceIds: readonly number[],
): Promise<Array<{ invoice_id: number; status: PayoutStatus; n: number | string }>> {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('payouts')
    .select(['invoice_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('invoice_id', 'in', [...invoiceIds])
    .groupBy(['invoice_id', 'status'])
    .execute();
}

/** The invoice's lines: its payouts in id order, with what an invoice line shows (no account, no identity). */
export async function invoiceLines(db: Executor, invoiceId: number) {
  return db
    .selectFrom('payouts')
    .select([
      'id',
      'user_id',
      'partner_id',
      'date',
      'status',
      'salary',
      'vacation',
      'pension',
      'employer_contribution',
      'service_fee',
      'invoice_excl',
      'vat',
      'invoice_incl',
    ])
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
}
