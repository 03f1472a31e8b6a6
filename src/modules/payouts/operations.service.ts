/**
 * What operators do with payouts across partners (the console): find them by status, partner, due
 * date and invoice, total a selection, and move many along their lifecycle at once, all or nothing.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, PayoutRow, PayoutStatus } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventService } from '../events/index.js';
import { fromMinorUnits } from './payroll.js';
import * as repo from './operations.repository.js';
import type { InvoiceFilter, InvoiceOrder, OperationsFilter, PayoutOrder } from './operations.repository.js';
import { EVENT_OF, TRANSITIONS, VERB, type PayoutMove } from './lifecycle.js';
import { payoutRowToPayload, previousAttributes } from './payouts.service.js';
import { EXPORT_CHUNK_ROWS, keysetChunks, mapReleasing } from '../../platform/export-stream.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/** The most payouts one console action moves (one transaction; the audit log and the events get one row each). */
export const MAX_PAYOUTS_PER_ACTION = 1000;

export type { InvoiceFilter, InvoiceOrder, OperationsFilter, PayoutOrder };

/** A payout as the console lists it (amounts as exact decimal strings). */
export interface PayoutLine {
  id: number;
  partnerId: number;
  userId: number;
  invoiceId: number;
  status: PayoutStatus;
  date: string;
  dueDate: string;
  net: string;
  invoiceIncl: string;
  paidAt: string | null;
}

/** One month of a partner's payouts (`month` is YYYY-MM; amounts exact decimal strings). */
export interface MonthTotals {
  month: string;
  count: number;
  net: string;
  fees: string;
}

export interface Totals {
  count: number;
  net: string;
  invoiceIncl: string;
}

/** A payout that stopped a bulk action: it does not exist (status null) or is in a state the move does not start from. */
export interface Blocked {
  id: number;
  status: PayoutStatus | null;
}

export type BulkOutcome = { moved: number; blocked?: undefined } | { moved: 0; blocked: Blocked[]; message: string };

type ListedRow = Awaited<ReturnType<typeof repo.listMatching>>[number];

function line(row: ListedRow): PayoutLine {
  return {
    id: row.id,
    partnerId: row.partner_id,
    userId: row.user_id,
    invoiceId: row.invoice_id,
    status: row.status,
    date: row.date,
    dueDate: row.due_date,
    net: fromMinorUnits(Number(row.net_salary) + Number(row.net_vacation)),
    invoiceIncl: fromMinorUnits(Number(row.invoice_incl)),
    paidAt: row.paid_at,
  };
}

/** Thrown inside the transaction to undo it when a payout moved under us (another operator, the command line). */
class Raced extends Error {}

export function createPayoutOperations({
  db,
  clock,
  events,
  crypto,
}: {
  db: Kysely<Database>;
  clock: Clock;
  events: Pick<EventService, 'emit'>;
  crypto: FieldCrypto;
}) {
  async function blockedAmong(ids: readonly number[], to: PayoutMove): Promise<Blocked[]> {
    const found = new Map((await repo.listByIds(db, ids)).map((row) => [row.id, row.status]));
    return ids.flatMap((id) => {
      const status = found.get(id) ?? null;
      return status !== null && TRANSITIONS[to].includes(status) ? [] : [{ id, status }];
    });
  }

  function blockedMessage(blocked: Blocked[], to: PayoutMove): string {
    const named = blocked
      .slice(0, 20)
      .map((b) => (b.status === null ? `${b.id} (does not exist)` : `${b.id} (${b.status})`))
      .join(', ');
    const more = blocked.length > 20 ? ` and ${blocked.length - 20} more` : '';
    return `Nothing was changed: ${blocked.length} of the selected payouts cannot be ${VERB[to]} (only ${TRANSITIONS[to].join(' or ')} payouts can): ${named}${more}.`;
  }

  return {
    async list(
      filter: OperationsFilter,
      limit: number,
      offset: number,
      order?: PayoutOrder,
    ): Promise<{ totals: Totals; rows: PayoutLine[] }> {
      const [totals, rows] = await Promise.all([
        repo.totalsOf(db, filter),
        repo.listMatching(db, filter, limit, offset, order),
      ]);
      return {
        totals: {
          count: totals.count,
          net: fromMinorUnits(totals.netMinor),
          invoiceIncl: fromMinorUnits(totals.inclMinor),
        },
        rows: rows.map(line),
      };
    },

    /** Every matching payout, newest first, a chunk at a time (the console's CSV). */
    async *exportLines(filter: OperationsFilter, size = EXPORT_CHUNK_ROWS): AsyncGenerator<PayoutLine[]> {
      const chunks = keysetChunks(
        (before, limit) => repo.exportMatching(db, filter, before, limit),
        (row) => row.id,
        size,
      );
      for await (const rows of chunks) yield mapReleasing(rows, line);
    },

    /**
     * A partner's payout volume and fees per month of payout date, newest month first, for the
     * `months` months up to the clock's (cancelled payouts left out; months without payouts too).
     */
    async monthlyTotals(partnerId: number, months = 12): Promise<MonthTotals[]> {
      const now = clock.now();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
      const byMonth = new Map<string, { count: number; net: number; fees: number }>();
      for (const day of await repo.dailyTotals(db, partnerId, first.toISOString().slice(0, 10))) {
        const month = day.date.slice(0, 7);
        const sum = byMonth.get(month) ?? { count: 0, net: 0, fees: 0 };
        sum.count += day.count;
        sum.net += day.netMinor;
        sum.fees += day.feesMinor;
        byMonth.set(month, sum);
      }
      return [...byMonth]
        .sort((a, b) => (a[0] < b[0] ? 1 : -1))
        .map(([month, sum]) => ({
          month,
          count: sum.count,
          net: fromMinorUnits(sum.net),
          fees: fromMinorUnits(sum.fees),
        }));
    },

    /** How many payouts match, and their sums (the dashboard's queues). */
    async totals(filter: OperationsFilter): Promise<Totals> {
      const totals = await repo.totalsOf(db, filter);
      return {
        count: totals.count,
        net: fromMinorUnits(totals.netMinor),
        invoiceIncl: fromMinorUnits(totals.inclMinor),
      };
    },

    /** The ids matching a filter ("select all N matching"); refuses more than one action may move. */
    async idsMatching(filter: OperationsFilter): Promise<number[]> {
      const ids = await repo.idsMatching(db, filter, MAX_PAYOUTS_PER_ACTION + 1);
      if (ids.length > MAX_PAYOUTS_PER_ACTION) {
        throw AppError.field(
          'ids',
          `More than ${MAX_PAYOUTS_PER_ACTION} payouts match; narrow the filter (a due date, a partner or an invoice) and act on each part.`,
        );
      }
      return ids;
    },

    /** The selected payouts with their count and totals (the confirmation step). */
    async selection(rawIds: readonly number[]): Promise<{ totals: Totals; rows: PayoutLine[]; missing: number[] }> {
      // Each payout once, and no more than one action may move: the confirm page shows what would happen.
      const ids = [...new Set(rawIds)];
      if (ids.length > MAX_PAYOUTS_PER_ACTION)
        throw AppError.field('ids', `At most ${MAX_PAYOUTS_PER_ACTION} payouts can be moved in one action.`);
      const rows = (await repo.listByIds(db, ids)).map(line).sort((a, b) => a.id - b.id);
      const present = new Set(rows.map((r) => r.id));
      const cents = (amount: string) => Math.round(Number(amount.replace('.', '')));
      return {
        totals: {
          count: rows.length,
          net: fromMinorUnits(rows.reduce((sum, r) => sum + cents(r.net), 0)),
          invoiceIncl: fromMinorUnits(rows.reduce((sum, r) => sum + cents(r.invoiceIncl), 0)),
        },
        rows,
        missing: ids.filter((id) => !present.has(id)),
      };
    },

    /**
     * Moves every named payout, in one transaction, or none: each payout's transition is checked,
     * and if one cannot make it nothing changes and the outcome names the ones that blocked it.
     * Each moved payout gets its event (and, through the events module, its audit entry), emitted
     * together in the same transaction.
     */
    async transitionMany(rawIds: readonly number[], to: PayoutMove): Promise<BulkOutcome> {
      const ids = [...new Set(rawIds)];
      if (ids.length === 0) throw AppError.field('ids', 'Select at least one payout.');
      if (ids.length > MAX_PAYOUTS_PER_ACTION)
        throw AppError.field('ids', `At most ${MAX_PAYOUTS_PER_ACTION} payouts can be moved in one action.`);
      const allowed = TRANSITIONS[to];
      const now = clock.now().toISOString();
      try {
        return await db.transaction().execute(async (trx): Promise<BulkOutcome> => {
          const before = await repo.lockRowsByIds(trx, crypto, ids);
          const byId = new Map(before.map((row) => [row.id, row]));
          const blocked = ids.flatMap((id): Blocked[] => {
            const row = byId.get(id);
            return row && allowed.includes(row.status) ? [] : [{ id, status: row?.status ?? null }];
          });
          if (blocked.length > 0) return { moved: 0, blocked, message: blockedMessage(blocked, to) };
          const values = {
            status: to,
            ...(to === 'paid' ? { paid_at: now } : {}),
            ...(to === 'failed'
              ? { failure_code: 'MANUAL', failure_message: 'Marked failed by the onpay operator.' }
              : {}),
            updated_at: now,
          };
          if ((await repo.transitionMany(trx, crypto, ids, allowed, values)) !== ids.length) throw new Raced();
          await events.emit(
            trx,
            ids.map((id) => {
              const row = byId.get(id) as PayoutRow;
              const after: PayoutRow = { ...row, ...values };
              const previous = previousAttributes(row, after);
              return {
                partnerId: row.partner_id,
                type: EVENT_OF[to],
                object: payoutRowToPayload(after),
                previousAttributes: previous,
              };
            }),
          );
          return { moved: ids.length };
        });
      } catch (error) {
        if (!(error instanceof Raced)) throw error;
        const blocked = await blockedAmong(ids, to);
        return { moved: 0, blocked, message: blockedMessage(blocked, to) };
      }
    },

    async invoices(filter: InvoiceFilter, limit: number, offset: number, order?: InvoiceOrder) {
      const [total, rows] = await Promise.all([
        repo.countInvoices(db, filter),
        repo.listInvoices(db, filter, limit, offset, order),
      ]);
      return { total, rows: rows.map(invoiceRowToView) };
    },

    /** One invoice: its totals, each status's count; null when there is none. */
    async invoice(id: number) {
      const row = await repo.findInvoice(db, id);
      if (!row) return null;
      return { invoice: invoiceRowToView(row), statuses: await repo.invoiceStatusCounts(db, id) };
    },
  };
}

type InvoiceRow = NonNullable<Awaited<ReturnType<typeof repo.findInvoice>>>;

export interface InvoiceView {
  id: number;
  partnerId: number;
  dueDate: string;
  payoutCount: number;
  salary: string;
  vacation: string;
  pension: string;
  employerContribution: string;
  serviceFee: string;
  excl: string;
  vat: string;
  incl: string;
  createdAt: string;
}

function invoiceRowToView(row: InvoiceRow): InvoiceView {
  const money = (minor: number) => fromMinorUnits(Number(minor));
  return {
    id: row.id,
    partnerId: row.partner_id,
    dueDate: row.due_date,
    payoutCount: row.payout_count,
    salary: money(row.total_salary),
    vacation: money(row.total_vacation),
    pension: money(row.total_pension),
    employerContribution: money(row.total_employer_contribution),
    serviceFee: money(row.total_service_fee),
    excl: money(row.total_excl),
    vat: money(row.total_vat),
    incl: money(row.total_incl),
    createdAt: row.created_at,
  };
}

export type PayoutOperations = ReturnType<typeof createPayoutOperations>;
