import type { Executor, PayoutStatus } from '../../db/database.js';
import { forUpdate } from '../../db/dialect.js';
import type { ListOrder } from '../../db/list-order.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { openPayout, transition } from './payouts.repository.js';

/** The console's filters over every partner's payouts: status, partner, the invoice's due date range, the invoice. */
export interface OperationsFilter {
  status?: PayoutStatus;
  partnerId?: number;
  dueFrom?: string;
  dueTo?: string;
  invoiceId?: number;
}

function filtered(db: Executor, filter: OperationsFilter) {
  let query = db.selectFrom('payouts as p').innerJoin('invoices as i', 'i.id', 'p.invoice_id');
  if (filter.status) query = query.where('p.status', '=', filter.status);
  if (filter.partnerId !== undefined) query = query.where('p.partner_id', '=', filter.partnerId);
  if (filter.invoiceId !== undefined) query = query.where('p.invoice_id', '=', filter.invoiceId);
  if (filter.dueFrom) query = query.where('i.due_date', '>=', filter.dueFrom);
  if (filter.dueTo) query = query.where('i.due_date', '<=', filter.dueTo);
  return query;
}

/**
 * The payouts alone when no due date is asked for (the totals then read only payouts_console_idx),
 * else joined to their invoices.
 */
function counted(db: Executor, filter: OperationsFilter) {
  if (filter.dueFrom || filter.dueTo) return filtered(db, filter);
  let query = db.selectFrom('payouts as p');
  if (filter.status) query = query.where('p.status', '=', filter.status);
  if (filter.partnerId !== undefined) query = query.where('p.partner_id', '=', filter.partnerId);
  if (filter.invoiceId !== undefined) query = query.where('p.invoice_id', '=', filter.invoiceId);
  return query;
}

/** How many payouts match, and their sums (minor units): net to the employees and the invoiced amount with VAT. */
export async function totalsOf(db: Executor, filter: OperationsFilter) {
  const row = await counted(db, filter)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>(eb('p.net_salary', '+', eb.ref('p.net_vacation'))).as('net'),
      eb.fn.sum<number>('p.invoice_incl').as('incl'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), netMinor: Number(row.net ?? 0), inclMinor: Number(row.incl ?? 0) };
}

const LISTED = [
  'p.id',
  'p.partner_id',
  'p.user_id',
  'p.invoice_id',
  'p.status',
  'p.date',
  'p.net_salary',
  'p.net_vacation',
  'p.invoice_incl',
  'p.paid_at',
  'i.due_date',
] as const;

/**
 * The console's orders of payouts: by id (the order they were made), either way. Every filter's
 * index ends in the id, so each serves both directions (docs/decisions.md §29, "Tables").
 */
export type PayoutOrder = ListOrder<'id'>;

/** A page of matching payouts, newest first unless `order` says otherwise. */
export async function listMatching(
  db: Executor,
  filter: OperationsFilter,
  limit: number,
  offset: number,
  order: PayoutOrder = { by: 'id', direction: 'desc' },
) {
  return filtered(db, filter).select(LISTED).orderBy('p.id', order.direction).limit(limit).offset(offset).execute();
}

/**
 * The console's payouts export, a chunk at a time: matching payouts before `beforeId`, newest first
 * as the list shows them (an id never changes, so a payout is read once).
 */
export async function exportMatching(db: Executor, filter: OperationsFilter, beforeId: number | null, limit: number) {
  let query = filtered(db, filter).select(LISTED);
  if (beforeId !== null) query = query.where('p.id', '<', beforeId);
  return query.orderBy('p.id', 'desc').limit(limit).execute();
}

/** The ids of matching payouts, oldest first, at most `limit` ("select all N matching"). */
export async function idsMatching(db: Executor, filter: OperationsFilter, limit: number): Promise<number[]> {
  return (await filtered(db, filter).select('p.id').orderBy('p.id').limit(limit).execute()).map((row) => row.id);
}

/** The named payouts (at most a few thousand; asked in chunks to stay under every engine's parameter limit). */
export async function listByIds(db: Executor, ids: readonly number[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    rows.push(
      ...(await db
        .selectFrom('payouts as p')
        .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
        .select(LISTED)
        .where('p.id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/**
 * The named payouts, locked for the caller's transaction (PostgreSQL; SQLite's writer holds the
 * whole database): taken in id order, so two bulk actions over the same payouts queue up behind
 * each other instead of deadlocking.
 */
export async function lockRowsByIds(db: Executor, crypto: FieldCrypto, ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  const rows = [];
  for (let i = 0; i < sorted.length; i += 500) {
    rows.push(
      ...(await forUpdate(
        db,
        db
          .selectFrom('payouts')
          .selectAll()
          .where('id', 'in', sorted.slice(i, i + 500))
          .orderBy('id'),
      ).execute()),
    );
  }
  return rows.map((row) => openPayout(crypto, row));
}

/** Moves the named payouts that are in one of `from`; returns how many moved. */
export async function transitionMany(
  db: Executor,
  crypto: FieldCrypto,
  ids: readonly number[],
  from: PayoutStatus[],
  values: {
    status: PayoutStatus;
    paid_at?: string;
    failure_code?: string;
    failure_message?: string;
    updated_at: string;
  },
): Promise<number> {
  let moved = 0;
  if (values.failure_message !== undefined) {
    // The reason is encrypted for each payout's own row: one UPDATE each, as a single move does.
    for (const id of ids) if (await transition(db, crypto, id, from, values)) moved += 1;
    return moved;
  }
  for (let i = 0; i < ids.length; i += 500) {
    const result = await db
      .updateTable('payouts')
      .set(values)
      .where('id', 'in', ids.slice(i, i + 500))
      .where('status', 'in', from)
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}

export interface InvoiceFilter {
  partnerId?: number;
  dueFrom?: string;
  dueTo?: string;
}

function invoices(db: Executor, filter: InvoiceFilter) {
  let query = db.selectFrom('invoices');
  if (filter.partnerId !== undefined) query = query.where('partner_id', '=', filter.partnerId);
  if (filter.dueFrom) query = query.where('due_date', '>=', filter.dueFrom);
  if (filter.dueTo) query = query.where('due_date', '<=', filter.dueTo);
  return query;
}

export async function countInvoices(db: Executor, filter: InvoiceFilter): Promise<number> {
  return Number(
    (
      await invoices(db, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/**
 * The console's orders of invoices: by id (the order they were made), by due date or by amount
 * (the total incl. VAT), the last two then by id, either way; each served by an index with and
 * without a partner (docs/decisions.md §29, "Tables").
 */
export type InvoiceOrder = ListOrder<'id' | 'due_date' | 'amount'>;

const INVOICE_ORDER_COLUMN = { due_date: 'due_date', amount: 'total_incl' } as const;

export async function listInvoices(
  db: Executor,
  filter: InvoiceFilter,
  limit: number,
  offset: number,
  order: InvoiceOrder = { by: 'id', direction: 'desc' },
) {
  let query = invoices(db, filter).selectAll();
  if (order.by !== 'id') query = query.orderBy(INVOICE_ORDER_COLUMN[order.by], order.direction);
  return query.orderBy('id', order.direction).limit(limit).offset(offset).execute();
}

export async function findInvoice(db: Executor, id: number) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Each status's count on one invoice. */
export async function invoiceStatusCounts(db: Executor, invoiceId: number) {
  const rows = await db
    .selectFrom('payouts')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('invoice_id', '=', invoiceId)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.n) }));
}

/**
 * A partner's payouts per payout date from `fromDate` on (cancelled ones left out): how many, their
 * net to the employees and the service fees, in minor units. A range of payouts_partner_date_idx.
 */
export async function dailyTotals(db: Executor, partnerId: number, fromDate: string) {
  const rows = await db
    .selectFrom('payouts')
    .where('partner_id', '=', partnerId)
    .where('date', '>=', fromDate)
    .where('status', '!=', 'cancelled')
    .select((eb) => [
      'date',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>(eb('net_salary', '+', eb.ref('net_vacation'))).as('net'),
      eb.fn.sum<number>('service_fee').as('fees'),
    ])
    .groupBy('date')
    .execute();
  return rows.map((r) => ({
    date: r.date,
    count: Number(r.count),
    netMinor: Number(r.net ?? 0),
    feesMinor: Number(r.fees ?? 0),
  }));
}
