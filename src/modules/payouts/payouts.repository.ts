import type { Insertable } from 'kysely';
import type { Executor, InvoicesTable, NewPayout, PayoutRow, PayoutStatus } from '../../db/database.js';
import { allocateIds, insertRows } from '../../db/dialect.js';
import { counterOf, listCount, takePlaces } from '../../db/list-counters.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { openValues, sealValues } from '../../db/sealed-columns.js';
import { mapReleasing } from '../../platform/export-stream.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/** Opens the account copied onto a payout (stored encrypted, bound to the payout's id: docs/data-protection.md). */
export function openPayout<T extends { id: number }>(crypto: FieldCrypto, row: T): T {
  return openValues(crypto, 'payouts', row, row);
}

/**
 * The columns the Payout payload shows (payoutRowToPayload), and no others: the lists and the export
 * read these, not the payout's 46 (the account copied onto it, stored encrypted, is not shown).
 */
export const PAYOUT_PAYLOAD_COLUMNS = [
  'id',
  'user_id',
  'invoice_id',
  'status',
  'type',
  'salary',
  'vacation',
  'pension',
  'net_salary',
  'net_vacation',
  'invoice_excl',
  'invoice_incl',
  'paid_at',
  'created_at',
  'updated_at',
  'date',
  'hours',
  'description',
  'withholding_salary',
  'withholding_vacation',
  'employer_contribution',
  'service_fee',
  'vat',
  'trace_id',
  'failure_code',
  'failure_message',
] as const;

/** What the Payout payload reads of a payout. */
export type PayoutPayloadRow = Pick<PayoutRow, (typeof PAYOUT_PAYLOAD_COLUMNS)[number]>;

export interface PayoutFilters {
  status?: PayoutStatus;
  userId?: number;
  from?: string;
  to?: string;
  /** One invoice's payouts (GET /payouts?invoice_id=). */
  invoiceId?: number;
}

/** Σ free_card_used per user and tax year, over payouts that were not cancelled. */
export async function freeCardUsage(db: Executor, userIds: number[], years: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('payouts')
    .select(['user_id', 'tax_year', (eb) => eb.fn.sum<number>('free_card_used').as('used')])
    .where('user_id', 'in', userIds)
    .where('tax_year', 'in', years)
    .where('status', '!=', 'cancelled')
    .groupBy(['user_id', 'tax_year'])
    .execute();
}

export async function insertInvoice(db: Executor, values: Insertable<InvoicesTable>): Promise<number> {
  const row = await db.insertInto('invoices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts payouts with their copied accounts encrypted: the ids are allocated first, so each
 * value is bound to its row without a second write, and they are the ids returned (nothing is
 * read back). Call inside the transaction that wrote the invoice (on SQLite it holds the write
 * lock, which keeps the allocated ids free).
 */
export async function insertPayouts(db: Executor, crypto: FieldCrypto, rows: NewPayout[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await allocateIds(db, 'payouts', rows.length);
  // Their places in each partner's list, in id order (docs/decisions.md §22); counters in partner-id order.
  const next = new Map<number, number>();
  for (const partnerId of [...new Set(rows.map((row) => row.partner_id))].sort((a, b) => a - b))
    next.set(
      partnerId,
      await takePlaces(db, partnerId, 'payouts', rows.filter((r) => r.partner_id === partnerId).length),
    );
  const placeOf = (partnerId: number) => {
    const place = next.get(partnerId) as number;
    next.set(partnerId, place + 1);
    return place;
  };
  const sealed = rows.map((row, i) =>
    sealValues(
      crypto,
      'payouts',
      { id: ids[i] },
      { ...row, id: ids[i] as number, list_position: placeOf(row.partner_id) },
    ),
  );
  await insertRows(db, 'payouts', sealed, sealed.length);
  return ids;
}

function filtered(db: Executor, partnerId: number, filters: PayoutFilters) {
  let query = db.selectFrom('payouts').where('partner_id', '=', partnerId);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.userId !== undefined) query = query.where('user_id', '=', filters.userId);
  if (filters.from) query = query.where('date', '>=', filters.from);
  if (filters.to) query = query.where('date', '<=', filters.to);
  if (filters.invoiceId !== undefined) query = query.where('invoice_id', '=', filters.invoiceId);
  return query;
}

export const hasFilters = (filters: PayoutFilters): boolean =>
  filters.status !== undefined ||
  filters.userId !== undefined ||
  filters.invoiceId !== undefined ||
  Boolean(filters.from) ||
  Boolean(filters.to);

/** The partner's payout count, from its counter (docs/decisions.md §22): no rows are counted. */
export async function countAllPayouts(db: Executor, partnerId: number): Promise<number> {
  return listCount(db, partnerId, 'payouts');
}

/**
 * One page of the partner's payouts, newest first, and their number, in one statement built and
 * compiled once (a prepared statement on PostgreSQL), as GET /users reads its page: the counter
 * read once, the page found by a seek on (partner_id, list_position) below the counter less the
 * rows of the pages before (places are dense, 1 = the oldest), whatever the page's depth.
 */
const payoutPage = reusableQuery(3, (db: Executor, partnerId: number, skip: number, limit: number) =>
  db
    .selectFrom('payouts')
    .select(PAYOUT_PAYLOAD_COLUMNS)
    .select(counterOf(db, partnerId, 'payouts').as('list_total'))
    .where('partner_id', '=', partnerId)
    .where('list_position', '<=', (eb) => eb(counterOf(db, partnerId, 'payouts'), '-', skip))
    .orderBy('list_position', 'desc')
    .limit(limit),
);

/**
 * GET /payouts without filters: the partner's number of payouts and a page of them, the rows after
 * the first `skip` (payoutPage). Past the end (no row), the total is read from the counter alone.
 */
export async function pageOfPayouts(db: Executor, crypto: FieldCrypto, partnerId: number, limit: number, skip: number) {
  const rows = await payoutPage(db, partnerId, skip, limit);
  if (rows.length === 0) return { total: await countAllPayouts(db, partnerId), rows: [] };
  return {
    total: Number(rows[0]!.list_total),
    rows: rows.map((row) => openPayout(crypto, row)),
  };
}

/** A filtered total: an index-only count on the filter's index (pinned by test/db/query-plans.test.ts). */
export async function countPayouts(db: Executor, partnerId: number, filters: PayoutFilters): Promise<number> {
  const row = await filtered(db, partnerId, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPayouts(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  filters: PayoutFilters,
  limit: number,
  offset: number,
) {
  return filtered(db, partnerId, filters)
    .select(PAYOUT_PAYLOAD_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
    .then((rows) => rows.map((row) => openPayout(crypto, row)));
}

/**
 * The export's next chunk (GET /payouts/export): the partner's matching payouts after `afterId`, in
 * id order (a seek on payouts_partner_id_idx; an id never changes, so a payout is read once).
 */
export async function exportPayouts(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  filters: PayoutFilters,
  afterId: number | null,
  limit: number,
) {
  let query = filtered(db, partnerId, filters).select(PAYOUT_PAYLOAD_COLUMNS);
  if (afterId !== null) query = query.where('id', '>', afterId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return mapReleasing(rows, (row) => openPayout(crypto, row));
}

export async function findPayout(db: Executor, crypto: FieldCrypto, id: number) {
  const row = await db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && openPayout(crypto, row);
}

/** Moves a payout only from one of the allowed states; the count tells whether it moved. */
export async function transition(
  db: Executor,
  crypto: FieldCrypto,
  id: number,
  from: PayoutStatus[],
  values: {
    status: PayoutStatus;
    paid_at?: string | null;
    failure_code?: string | null;
    failure_message?: string | null;
    updated_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('payouts')
    .set(sealValues(crypto, 'payouts', { id }, values))
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The employee's payouts, newest work date first; only one partner's when the scope names it. */
export async function payoutsOfEmployee(
  db: Executor,
  crypto: FieldCrypto,
  userId: number,
  partnerId: number | null,
  limit: number,
) {
  let query = db.selectFrom('payouts').selectAll().where('user_id', '=', userId);
  if (partnerId !== null) query = query.where('partner_id', '=', partnerId);
  const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => openPayout(crypto, row));
}

/** One payout, only if it is the employee's (and the scope's partner's, when it names one). */
export async function payoutOfEmployee(
  db: Executor,
  crypto: FieldCrypto,
  userId: number,
  partnerId: number | null,
  payoutId: number,
) {
  let query = db.selectFrom('payouts').selectAll().where('id', '=', payoutId).where('user_id', '=', userId);
  if (partnerId !== null) query = query.where('partner_id', '=', partnerId);
  const row = await query.executeTakeFirst();
  return row && openPayout(crypto, row);
}

/** Pending payouts grouped by their invoice's due date, earliest first: how many, and what they pay out (minor units). */
export async function pendingByDueDate(db: Executor, limit: number) {
  const rows = await db
    .selectFrom('payouts as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
    .select([
      'i.due_date',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<number>(eb('p.net_salary', '+', eb.ref('p.net_vacation'))).as('net'),
    ])
    .where('p.status', '=', 'pending')
    .groupBy('i.due_date')
    .orderBy('i.due_date')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ dueDate: row.due_date, count: Number(row.count), netMinor: Number(row.net) }));
}
