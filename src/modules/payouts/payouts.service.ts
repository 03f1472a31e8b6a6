import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, PayoutRow, PayoutStatus } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { auditReason } from '../audit/index.js';
import { isId, parseId } from '../../ids.js';
import { EXPORT_CHUNK_ROWS, keysetChunks, mapReleasing } from '../../platform/export-stream.js';
import { pageOffset } from '../../platform/pagination.js';
import type { EventService } from '../events/index.js';
import type { Employees } from '../users/index.js';
import { fromMinorUnits } from './payroll.js';
import * as repo from './payouts.repository.js';
import type { PayoutFilters, PayoutPayloadRow } from './payouts.repository.js';
import type { PayoutPayload } from './payouts.schemas.js';
import { EVENT_OF, mayMove, movableFrom, TRANSITIONS, VERB, type PayoutMove } from './lifecycle.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

export interface PayoutServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  employees: Pick<Employees, 'requireLinked'>;
  events: Pick<EventService, 'emit'>;
  crypto: FieldCrypto;
}

/** The bank's reason as a payout shows it: only while it is failed. */
function shownFailure(row: PayoutPayloadRow, field: 'failure_code' | 'failure_message'): string | null {
  return row.status === 'failed' ? row[field] : null;
}

export function payoutRowToPayload(row: PayoutPayloadRow): PayoutPayload {
  const money = (minor: number) => fromMinorUnits(minor);
  return {
    id: row.id,
    user_id: row.user_id,
    invoice_id: row.invoice_id,
    status: row.status,
    type: row.type,
    salary: money(row.salary),
    vacation: money(row.vacation),
    pension: money(row.pension),
    net_salary: money(row.net_salary),
    net_vacation: money(row.net_vacation),
    invoice_excl: money(row.invoice_excl),
    invoice_incl: money(row.invoice_incl),
    paid_at: row.paid_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    date: row.date,
    hours: row.hours,
    description: row.description ?? '',
    tax_withheld: money(row.withholding_salary + row.withholding_vacation),
    employer_contribution: money(row.employer_contribution),
    service_fee: money(row.service_fee),
    vat: money(row.vat),
    trace_id: row.trace_id,
    failure_code: shownFailure(row, 'failure_code'),
    failure_message: shownFailure(row, 'failure_message'),
  };
}

/** What a status change changed, as the payload showed it before (an event's `previous_attributes`). */
export function previousAttributes(before: PayoutRow, after: PayoutRow): Record<string, unknown> {
  // Only the fields a status change changes, as payoutRowToPayload shows them: formatting every
  // amount twice more cost a 10 000-payout bank import a tenth of a second.
  const shown = (row: PayoutRow) => ({
    status: row.status,
    paid_at: row.paid_at,
    trace_id: row.trace_id,
    failure_code: shownFailure(row, 'failure_code'),
    failure_message: shownFailure(row, 'failure_message'),
  });
  const [was, is] = [shown(before), shown(after)];
  const previous: Record<string, unknown> = { status: was.status };
  for (const field of ['paid_at', 'trace_id', 'failure_code', 'failure_message'] as const)
    if (was[field] !== is[field]) previous[field] = was[field];
  return previous;
}

export function parsePayoutId(raw: string | number): number {
  const id = parseId(String(raw));
  if (id === null) throw new AppError('payout_not_found');
  return id;
}

/** How far ahead of this machine's clock `--at` may be: the bank's or another host's clock may run a little fast. */
export const PAID_AT_MAX_AHEAD_MS = 5 * 60_000;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const EXAMPLE = 'such as 2026-11-20T08:00:00Z or 2026-11-20T09:00:00+01:00';
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:([Tt ])(.*))?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(.*)$/;
const ZONE = /^(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Date.UTC without its reading of years 0 to 99 as 1900 to 1999. */
function utc(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second, ms));
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

/**
 * `--at` of mark-paid as UTC (`2026-11-20T08:30:00+01:00` → `2026-11-20T07:30:00.000Z`), or a
 * validation error naming what is wrong with it. Stricter than Date.parse, which takes `1` as 2001,
 * rolls 2026-02-30 over into March and reads a time without a zone as local time.
 */
export function checkPaidAt(raw: string, now: Date): string {
  const wrong = (problem: string) =>
    AppError.invalid({ at: { code: 'timestamp', problem: `${JSON.stringify(raw)} ${problem}` } });
  const date = DATE.exec(raw.trim());
  if (!date) throw wrong(`is not a timestamp; give an ISO 8601 date and time with a time zone, ${EXAMPLE}.`);
  const [, year = '', month = '', day = '', separator, rest = ''] = date;
  if (separator === undefined)
    throw wrong(`is a date without a time of day; give the time and a time zone too, ${EXAMPLE}.`);
  if (separator === ' ')
    throw wrong(`separates the date and the time with a space; ISO 8601 puts a T there, ${EXAMPLE}.`);
  const time = TIME.exec(rest);
  if (!time) throw wrong(`has no time of day (hh:mm or hh:mm:ss) after the T, ${EXAMPLE}.`);
  const [, hour = '', minute = '', second = '00', fraction = '', zone = ''] = time;
  if (zone === '')
    throw wrong('has no time zone, so it could be any of 24 moments; add Z for UTC or an offset such as +01:00.');
  const offset = ZONE.exec(zone);
  if (!offset)
    throw wrong(
      `ends in ${JSON.stringify(zone)}, which onpay does not read as a time zone; write Z for UTC or an offset with a colon, such as +01:00.`,
    );
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12) throw wrong(`is not a real date: there is no month ${month}.`);
  const daysInMonth = utc(y, mo, 0).getUTCDate();
  if (d < 1 || d > daysInMonth) throw wrong(`is not a real date: ${MONTHS[mo - 1]} ${year} has ${daysInMonth} days.`);
  if (h > 23 || mi > 59 || s > 59)
    throw wrong(`is not a real time of day: ${hour}:${minute}:${second} (hours go to 23, minutes and seconds to 59).`);
  const [, sign = '+', offsetHours = '00', offsetMinutes = '00'] = offset;
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)
    throw wrong(`has an offset that does not exist (${zone}).`);
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  const ms = utc(y, mo - 1, d, h, mi, s, Number(fraction.slice(0, 3).padEnd(3, '0'))).getTime() - offsetMs;
  if (ms > now.getTime() + PAID_AT_MAX_AHEAD_MS) {
    throw wrong(`is in the future (it is now ${now.toISOString()}); mark a payout paid once the bank has paid it.`);
  }
  return new Date(ms).toISOString();
}

export { EVENT_OF, TRANSITIONS, VERB, type PayoutMove } from './lifecycle.js';

/** A reason an operator gives for settling a payout by hand (kept in the audit log). */
export function checkReason(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  return auditReason(raw, 'The reason must say why in at least 3 characters (it is kept in the audit log).');
}

export function createPayoutService({ db, clock, employees, events, crypto }: PayoutServiceDeps) {
  async function owned(partnerId: number, rawId: string): Promise<PayoutRow> {
    const row = await repo.findPayout(db, crypto, parsePayoutId(rawId));
    if (!row || row.partner_id !== partnerId) throw new AppError('payout_not_found');
    return row;
  }

  async function page(partnerId: number, filters: PayoutFilters, pageNo: number, perPage: number) {
    // A user_id beyond the id range names no employee: nothing matches.
    if (filters.userId !== undefined && !isId(filters.userId)) return { total: 0, results: [] };
    if (filters.invoiceId !== undefined && !isId(filters.invoiceId)) return { total: 0, results: [] };
    const window = pageOffset({ page: pageNo, per_page: perPage });
    if (!repo.hasFilters(filters)) {
      // The whole list: its total from the partner's counter, the page by a seek on its places (one statement).
      if (window === null) return { total: await repo.countAllPayouts(db, partnerId), results: [] };
      const { total, rows } = await repo.pageOfPayouts(db, crypto, partnerId, window.limit, window.offset);
      return { total, results: rows.map(payoutRowToPayload) };
    }
    const [total, rows] = await Promise.all([
      repo.countPayouts(db, partnerId, filters),
      window ? repo.listPayouts(db, crypto, partnerId, filters, window.limit, window.offset) : Promise.resolve([]),
    ]);
    return { total, results: rows.map(payoutRowToPayload) };
  }

  /** Operator: one payout, whichever partner's. */
  async function byId(id: number): Promise<PayoutRow> {
    const row = isId(id) ? await repo.findPayout(db, crypto, id) : undefined;
    if (!row) throw new AppError('payout_not_found', `Payout ${id} does not exist.`);
    return row;
  }

  return {
    owned,
    byId,

    async get(partnerId: number, rawId: string): Promise<PayoutPayload> {
      return payoutRowToPayload(await owned(partnerId, rawId));
    },

    async list(
      partnerId: number,
      query: {
        page: number;
        per_page: number;
        status?: PayoutStatus;
        user_id?: number;
        invoice_id?: number;
        from?: string;
        to?: string;
      },
    ) {
      return page(
        partnerId,
        { status: query.status, userId: query.user_id, invoiceId: query.invoice_id, from: query.from, to: query.to },
        query.page,
        query.per_page,
      );
    },

    /** GET /payouts/export: every matching payout of the partner, in id order, a chunk at a time, each as the list shows it. */
    async *exportChunks(
      partnerId: number,
      query: { status?: PayoutStatus; user_id?: number; from?: string; to?: string },
      size = EXPORT_CHUNK_ROWS,
    ): AsyncGenerator<PayoutPayload[]> {
      const filters: PayoutFilters = { status: query.status, userId: query.user_id, from: query.from, to: query.to };
      // A user_id beyond the id range names no employee: nothing matches.
      if (filters.userId !== undefined && !isId(filters.userId)) return;
      const chunks = keysetChunks(
        (after, size) => repo.exportPayouts(db, crypto, partnerId, filters, after, size),
        (row) => row.id,
        size,
      );
      for await (const rows of chunks) yield mapReleasing(rows, payoutRowToPayload);
    },

    /** GET /users/{id}/payouts: 404 when the employee is not linked to the caller. */
    async listForUser(
      partnerId: number,
      rawUserId: string,
      query: { page: number; per_page: number; status?: PayoutStatus; from?: string; to?: string },
    ) {
      const userId = await employees.requireLinked(partnerId, rawUserId);
      return page(
        partnerId,
        { status: query.status, userId, from: query.from, to: query.to },
        query.page,
        query.per_page,
      );
    },

    /** The employee's most recent payouts, from one partner or (the person's own pages) every partner. */
    async ofEmployee(userId: number, partnerId: number | null, limit: number): Promise<PayoutRow[]> {
      return repo.payoutsOfEmployee(db, crypto, userId, partnerId, limit);
    },

    /** One of the employee's payouts, within the same scope; null for anything else. */
    async oneOfEmployee(userId: number, partnerId: number | null, rawId: string): Promise<PayoutRow | null> {
      const id = parseId(rawId);
      return id === null ? null : ((await repo.payoutOfEmployee(db, crypto, userId, partnerId, id)) ?? null);
    },

    /** The console's queue: pending payouts by due date, with what they pay out. */
    async pendingByDueDate(limit = 20): Promise<Array<{ due_date: string; count: number; net: string }>> {
      return (await repo.pendingByDueDate(db, limit)).map((row) => ({
        due_date: row.dueDate,
        count: row.count,
        net: fromMinorUnits(row.netMinor),
      }));
    },

    /**
     * Operator: moves a payout along its lifecycle (src/modules/payouts/lifecycle.ts), refusing
     * what it forbids with a clear message. A payout in a payment file (`processing`) is settled by
     * hand only with a reason, which goes into the audit entry of its event.
     */
    async transition(id: number, to: PayoutMove, at?: string, rawReason?: string): Promise<PayoutRow> {
      const row = await byId(id);
      if (at !== undefined && to !== 'paid')
        throw AppError.invalid({ at: { code: 'only_paid', problem: 'only goes with marking paid.' } });
      const paidAt = at === undefined ? undefined : checkPaidAt(at, clock.now());
      const reason = checkReason(rawReason);
      // Settling by hand a payout that is in a payment file: only with a reason.
      const byHand = mayMove(row.status, to, 'operator_with_reason');
      if (byHand && reason === undefined) {
        throw new AppError(
          'conflict',
          `Payout ${id} is processing: it is in a payment file sent to the bank. It can be ${VERB[to]} by hand only with a reason (kept in the audit log), for a bank that sends no reports.`,
        );
      }
      const allowed = byHand ? movableFrom(to, 'operator_with_reason') : TRANSITIONS[to];
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const moved = await repo.transition(trx, crypto, id, allowed, {
          status: to,
          ...(to === 'paid' ? { paid_at: paidAt ?? now } : {}),
          ...(to === 'failed'
            ? { failure_code: 'MANUAL', failure_message: reason ?? 'Marked failed by the onpay operator.' }
            : {}),
          updated_at: now,
        });
        if (!moved) {
          const from = TRANSITIONS[to];
          throw new AppError(
            'conflict',
            `Payout ${id} is ${row.status}; only ${from.join(' or ')} payouts can be ${VERB[to]}${to === 'paid' || to === 'failed' ? ' (processing ones with a reason)' : ''}.`,
          );
        }
        const after = (await repo.findPayout(trx, crypto, id)) as PayoutRow;
        const previous = previousAttributes(row, after);
        await events.emit(
          trx,
          [
            {
              partnerId: after.partner_id,
              type: EVENT_OF[to],
              object: payoutRowToPayload(after),
              previousAttributes: previous,
            },
          ],
          reason === undefined ? undefined : { reason },
        );
        return after;
      });
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
