import { Decimal } from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, UserUpdate } from '../../db/database.js';
import { AppError, type FieldProblem } from '../../errors.js';
import type { UserEvents } from './user-events.js';
import { setTaxFacts } from './users.repository.js';
import { isId } from '../../ids.js';
import { isCalendarDate } from './dates.js';

export interface TaxInput {
  percent?: string;
  type?: string;
  table?: string;
  start?: string;
  freeCard?: string;
}

const DECIMAL = /^\d+(\.\d{1,2})?$/;

/** An employee's tax facts after `set-tax`, as the User payload shows them: percent null, the rest '' when unset. */
export interface TaxFacts {
  tax_percent: string | null;
  tax_type: string;
  tax_start: string;
  tax_table: string;
  tax_free_card: string;
}

/** The columns `set-tax` writes, or a validation error naming every bad option. */
export function taxChanges(input: TaxInput): UserUpdate {
  const errors: Record<string, FieldProblem> = {};
  const changes: UserUpdate = {};
  if (input.percent !== undefined) {
    if (!DECIMAL.test(input.percent) || new Decimal(input.percent).gt(100))
      errors.percent = { code: 'percent', problem: 'must be a number from 0 to 100 with at most 2 decimals.' };
    else changes.tax_percent = new Decimal(input.percent).toString();
  }
  if (input.type !== undefined) {
    if (input.type.length > 64) errors.type = { code: 'length', problem: 'must be at most 64 characters.' };
    else changes.tax_type = input.type;
  }
  if (input.table !== undefined) {
    if (input.table.length > 64) errors.table = { code: 'length', problem: 'must be at most 64 characters.' };
    else changes.tax_table = input.table;
  }
  if (input.start !== undefined) {
    if (!isCalendarDate(input.start)) errors.start = { code: 'date', problem: 'must be a date as YYYY-MM-DD.' };
    else changes.tax_start = input.start;
  }
  if (input.freeCard !== undefined) {
    if (!DECIMAL.test(input.freeCard))
      errors.free_card = { code: 'amount', problem: 'must be an amount with at most 2 decimals.' };
    else changes.tax_free_card = new Decimal(input.freeCard).toFixed(2);
  }
  if (Object.keys(errors).length > 0) throw AppError.invalid(errors);
  if (Object.keys(changes).length === 0)
    throw AppError.invalid({ tax: { code: 'empty', problem: 'needs at least one value.' } });
  return changes;
}

/** Operator-only (docs/decisions.md §6): partners never set tax fields. */
export function createTaxService({
  db,
  clock,
  userEvents,
}: {
  db: Kysely<Database>;
  clock: Clock;
  userEvents: UserEvents;
}) {
  return {
    /**
     * Sets the given facts; returns all of the employee's tax facts after the change. Every partner
     * linked to the person sees the tax fields, so each gets `user.updated`.
     */
    async setTax(userId: number, input: TaxInput): Promise<TaxFacts> {
      const changes = taxChanges(input);
      const notFound = () => new AppError('user_not_found', `User ${userId} does not exist.`);
      if (!isId(userId)) throw notFound();
      const row = await db
        .transaction()
        .execute((trx) =>
          userEvents.around(trx, userId, null, () =>
            setTaxFacts(trx, userId, { ...changes, updated_at: clock.now().toISOString() }),
          ),
        );
      if (!row) throw notFound();
      return {
        tax_percent: row.tax_percent,
        tax_type: row.tax_type ?? '',
        tax_start: row.tax_start ?? '',
        tax_table: row.tax_table ?? '',
        tax_free_card: row.tax_free_card ?? '',
      };
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
