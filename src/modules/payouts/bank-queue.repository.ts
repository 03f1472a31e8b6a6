import { sql } from 'kysely';
import type { Executor, PayoutStatus } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { openValuesNow, sealValues } from '../../db/sealed-columns.js';

/** Which pending payouts an export takes: due on or before a date, of one partner. */
export interface ExportFilter {
  dueBefore?: string;
  partnerId?: number;
}

const CHUNK = 500;

/** A payout with its account decrypted now: every reader here uses it (or spreads the row). */
const opened = <T extends { id: number }>(crypto: FieldCrypto, row: T): T => openValuesNow(crypto, 'payouts', row, row);

/** The pending payouts an export would take, oldest first, with their invoice's due date. */
export async function pendingForExport(db: Executor, filter: ExportFilter) {
  let query = db
    .selectFrom('payouts as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
    .select(['p.id', 'p.net_salary', 'p.net_vacation'])
    .where('p.status', '=', 'pending')
    // A payout without an account (made before accounts were required) is paid another way.
    .where((eb) => eb.or([eb('p.bank_account_number', 'is not', null), eb('p.bank_iban_number', 'is not', null)]));
  if (filter.partnerId !== undefined) query = query.where('p.partner_id', '=', filter.partnerId);
  if (filter.dueBefore !== undefined) query = query.where('i.due_date', '<=', filter.dueBefore);
  return query.orderBy('p.id').execute();
}

/**
 * Moves the named payouts that are still pending to processing, each under the trace id
 * `${tracePrefix}${id}`, and returns which it moved (id and partner): a payout another export
 * took first is not among them (PostgreSQL re-reads the row after the other commits; SQLite has
 * one writer at a time). Only the ids come back, so taking 10 000 holds no 10 000 rows.
 */
export async function claim(db: Executor, ids: readonly number[], tracePrefix: string, now: string) {
  const moved: { id: number; partner_id: number }[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    moved.push(
      ...(await db
        .updateTable('payouts')
        .set({
          status: 'processing',
          trace_id: sql<string>`${tracePrefix} || CAST(id AS VARCHAR(12))`,
          failure_code: null,
          failure_message: null,
          updated_at: now,
        })
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .where('status', '=', 'pending')
        .returning(['id', 'partner_id'])
        .execute()),
    );
  }
  return moved;
}

/** The due dates of the named invoices. */
export async function dueDates(db: Executor, invoiceIds: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(invoiceIds)];
  const map = new Map<number, string>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('invoices')
      .select(['id', 'due_date'])
      .where('id', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) map.set(row.id, row.due_date);
  }
  return map;
}

/** Moves the named payouts from one of `from` to `values.status`; returns the rows as they were before. */
export async function moveEach(
  db: Executor,
  crypto: FieldCrypto,
  moves: ReadonlyArray<{
    id: number;
    from: readonly PayoutStatus[];
    values: {
      status: PayoutStatus;
      paid_at?: string | null;
      failure_code?: string | null;
      failure_message?: string | null;
      updated_at: string;
    };
  }>,
) {
  const moved = [];
  for (const move of moves) {
    const row = await db
      .updateTable('payouts')
      .set(sealValues(crypto, 'payouts', { id: move.id }, move.values))
      .where('id', '=', move.id)
      .where('status', 'in', [...move.from])
      .returningAll()
      .executeTakeFirst();
    if (row) moved.push(opened(crypto, row));
  }
  return moved;
}

/** The named payouts, as they are. */
export async function byIds(db: Executor, crypto: FieldCrypto, ids: readonly number[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('payouts')
        .selectAll()
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return rows.map((row) => opened(crypto, row));
}

/** Processing payouts whose latest attempt is one of these trace ids (a voided file's). */
export async function releaseByTrace(db: Executor, crypto: FieldCrypto, traceIds: readonly string[], now: string) {
  const moved = [];
  for (let i = 0; i < traceIds.length; i += CHUNK) {
    moved.push(
      ...(await db
        .updateTable('payouts')
        .set({ status: 'pending', updated_at: now })
        .where('trace_id', 'in', traceIds.slice(i, i + CHUNK))
        .where('status', '=', 'processing')
        .returningAll()
        .execute()),
    );
  }
  return moved.map((row) => opened(crypto, row));
}

/**
 * Moves the named payouts, each only if it is still in `from` under the trace id it was read
 * with (trace ids name one payout's one attempt); returns how many moved.
 */
export async function settleMany(
  db: Executor,
  crypto: FieldCrypto,
  payouts: ReadonlyArray<{ id: number; traceId: string }>,
  values: {
    status: PayoutStatus;
    paid_at: string | null;
    failure_code: string | null;
    failure_message: string | null;
    updated_at: string;
  },
  from: PayoutStatus,
): Promise<number> {
  let moved = 0;
  if (values.failure_message !== null) {
    // A failure's words are encrypted for each payout's own row: one UPDATE each.
    for (const payout of payouts) {
      const result = await db
        .updateTable('payouts')
        .set(sealValues(crypto, 'payouts', { id: payout.id }, values))
        .where('id', '=', payout.id)
        .where('trace_id', '=', payout.traceId)
        .where('status', '=', from)
        .executeTakeFirst();
      moved += Number(result.numUpdatedRows);
    }
    return moved;
  }
  for (let i = 0; i < payouts.length; i += CHUNK) {
    const chunk = payouts.slice(i, i + CHUNK);
    const result = await db
      .updateTable('payouts')
      .set(values)
      .where(
        'id',
        'in',
        chunk.map((p) => p.id),
      )
      .where(
        'trace_id',
        'in',
        chunk.map((p) => p.traceId),
      )
      .where('status', '=', from)
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}
