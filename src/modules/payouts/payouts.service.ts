import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, PayoutRow, PayoutStatus } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isId, parseId } from '../../ids.js';
import { pageOffset } from '../../platform/pagination.js';
import { linkedUserId } from '../users/users.service.js';
import { fromMinorUnits, sumAmounts } from './payroll.js';
import * as repo from './payouts.repository.js';
import type { PayoutFilters } from './payouts.repository.js';
import type { PayoutPayload } from './payouts.schemas.js';

export interface PayoutServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export function payoutRowToPayload(row: PayoutRow): PayoutPayload {
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
    tax_withheld: sumAmounts([money(row.withholding_salary), money(row.withholding_vacation)]),
    employer_contribution: money(row.employer_contribution),
    service_fee: money(row.service_fee),
    vat: money(row.vat),
  };
}

export function parsePayoutId(raw: string | number): number {
  const id = parseId(String(raw));
  if (id === null) throw new AppError('payout_not_found');
  return id;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * An ISO 8601 timestamp with a time zone, as UTC (`2026-11-20T08:30:00+01:00` →
 * `2026-11-20T07:30:00.000Z`); null for anything else. Stricter than Date.parse, which takes `1` as
 * 2001 and rolls 2026-02-30 over into March.
 */
export function parseTimestamp(raw: string): string | null {
  const text = raw.trim();
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [, year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = m;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const validDay = calendar.getUTCFullYear() === Number(year) && calendar.getUTCMonth() === Number(month) - 1 && calendar.getUTCDate() === Number(day);
  const validTime = Number(hour) < 24 && Number(minute) < 60 && Number(second) < 60 && Number(offsetHours) < 24 && Number(offsetMinutes) < 60;
  const ms = Date.parse(text);
  return validDay && validTime && !Number.isNaN(ms) ? new Date(ms).toISOString() : null;
}

/**
 * The lifecycle (docs/decisions.md §9): pending → paid | cancelled | failed; failed → pending (retried) or
 * cancelled. paid and cancelled are final.
 */
const TRANSITIONS: Record<'paid' | 'cancelled' | 'failed' | 'pending', PayoutStatus[]> = {
  paid: ['pending'],
  cancelled: ['pending', 'failed'],
  failed: ['pending'],
  pending: ['failed'],
};

const VERB: Record<keyof typeof TRANSITIONS, string> = {
  paid: 'marked paid',
  cancelled: 'cancelled',
  failed: 'marked failed',
  pending: 'retried',
};

export function createPayoutService({ db, clock }: PayoutServiceDeps) {
  async function owned(partnerId: number, rawId: string): Promise<PayoutRow> {
    const row = await repo.findPayout(db, parsePayoutId(rawId));
    if (!row || row.partner_id !== partnerId) throw new AppError('payout_not_found');
    return row;
  }

  async function page(partnerId: number, filters: PayoutFilters, pageNo: number, perPage: number) {
    // A user_id beyond the id range names no employee: nothing matches.
    if (filters.userId !== undefined && !isId(filters.userId)) return { total: 0, results: [] };
    const window = pageOffset({ page: pageNo, per_page: perPage });
    const [total, rows] = await Promise.all([
      repo.countPayouts(db, partnerId, filters),
      window ? repo.listPayouts(db, partnerId, filters, window.limit, window.offset) : Promise.resolve([]),
    ]);
    return { total, results: rows.map(payoutRowToPayload) };
  }

  return {
    owned,

    async get(partnerId: number, rawId: string): Promise<PayoutPayload> {
      return payoutRowToPayload(await owned(partnerId, rawId));
    },

    async list(partnerId: number, query: { page: number; per_page: number; status?: PayoutStatus; user_id?: number; from?: string; to?: string }) {
      return page(partnerId, { status: query.status, userId: query.user_id, from: query.from, to: query.to }, query.page, query.per_page);
    },

    /** GET /users/{id}/payouts: 404 when the employee is not linked to the caller. */
    async listForUser(partnerId: number, rawUserId: string, query: { page: number; per_page: number; status?: PayoutStatus; from?: string; to?: string }) {
      const userId = await linkedUserId(db, partnerId, rawUserId);
      return page(partnerId, { status: query.status, userId, from: query.from, to: query.to }, query.page, query.per_page);
    },

    /** Operator: moves a payout along its lifecycle, refusing illegal transitions with a clear message. */
    async transition(id: number, to: keyof typeof TRANSITIONS, at?: string): Promise<PayoutRow> {
      const row = isId(id) ? await repo.findPayout(db, id) : undefined;
      if (!row) throw new AppError('payout_not_found', `Payout ${id} does not exist.`);
      const allowed = TRANSITIONS[to];
      const paidAt = at === undefined ? undefined : parseTimestamp(at);
      if (at !== undefined && (to !== 'paid' || paidAt === null)) {
        throw AppError.field('at', '--at must be an ISO 8601 timestamp with a time zone (2026-11-20T08:00:00Z), and only goes with mark-paid.');
      }
      const now = clock.now().toISOString();
      const moved = await repo.transition(db, id, allowed, {
        status: to,
        ...(to === 'paid' ? { paid_at: paidAt ?? now } : {}),
        updated_at: now,
      });
      if (!moved) {
        throw new AppError('conflict', `Payout ${id} is ${row.status}; only ${allowed.join(' or ')} payouts can be ${VERB[to]}.`);
      }
      return (await repo.findPayout(db, id)) as PayoutRow;
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
