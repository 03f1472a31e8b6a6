import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, NewPayout } from '../../db/database.js';
import { AppError, type FieldErrors } from '../../errors.js';
import { isId } from '../../ids.js';
import { inTransaction, type Idempotency } from '../../platform/idempotency.js';
import type { WriteContext } from '../../platform/request-context.js';
import type { EventService } from '../events/index.js';
import type { PartnerService } from '../partners/index.js';
import {
  identificationCandidates,
  namedBy,
  normalisePhone,
  type EmployeeKey,
  type Employees,
  type PaymentAccount,
  type PaymentFacts,
} from '../users/index.js';
import { checkPayoutBounds } from './item-rules.js';
import { Dec } from './money.js';
import {
  calculateBatch,
  calendarYear,
  DEFAULT_PAYROLL_RATES,
  fromMinorUnits,
  invoiceTotals,
  PAYOUT_AMOUNT_FIELDS,
  toMinorUnits,
  type PayoutAmounts,
  type UserTaxFacts,
} from './payroll.js';
import { takeInvoiceNumber } from './invoices.repository.js';
import { osloDay } from './invoice-dates.js';
import * as repo from './payouts.repository.js';
import type { CreatePayoutsBody, PayoutItemInput, PayoutsCreated } from './payouts.schemas.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

export interface PayoutBatchDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  employees: Pick<Employees, 'find' | 'paymentFacts'>;
  partners: Pick<PartnerService, 'feeRate'>;
  events: Pick<EventService, 'emit'>;
  crypto: FieldCrypto;
  /** Test seam: called after each chunk of inserted payouts (to prove a mid-batch failure leaves nothing). */
  afterChunk?: (insertedSoFar: number) => void | Promise<void>;
}

const CHUNK = 200;

function decimals(value: number): number {
  return new Dec(String(value)).decimalPlaces();
}

/** Rules the schema cannot say: decimals, and exactly one way of naming the employee (`named`: namedBy of each item). */
function checkItems(items: PayoutItemInput[], named: EmployeeKey[][]): FieldErrors {
  const errors: FieldErrors = {};
  items.forEach((item, i) => {
    if (named[i]?.length !== 1)
      errors[`payouts.${i}.user_id`] = [`payouts.${i} must name the employee by exactly one of user_id, phone or ssn.`];
    if (item.hours !== undefined && decimals(item.hours) > 2)
      errors[`payouts.${i}.hours`] = [`payouts.${i}.hours must have at most 2 decimals.`];
    item.products.forEach((product, j) => {
      const path = `payouts.${i}.products.${j}`;
      if (decimals(product.price) > 2) errors[`${path}.price`] = [`${path}.price must have at most 2 decimals.`];
      if (decimals(product.quantity) > 4)
        errors[`${path}.quantity`] = [`${path}.quantity must have at most 4 decimals.`];
    });
  });
  return errors;
}

/** The largest amount stored exactly: minor units are read back as JavaScript numbers (safe integers). */
const MAX_MINOR = BigInt(Number.MAX_SAFE_INTEGER);

/** An amount in minor units, refusing (never rounding) one that a number cannot hold exactly. */
function minor(amount: string): number {
  const units = toMinorUnits(amount);
  if (units > MAX_MINOR) throw new Error(`amount ${amount} is too large to store exactly`);
  return Number(units);
}

/**
 * Each payout is bounded by the item limits, but 1000 of them can add up to an invoice total
 * beyond what is stored exactly: refuse such a batch (split it) instead of storing a rounded total.
 */
function checkInvoiceFits(totals: PayoutAmounts): void {
  const largest = fromMinorUnits(MAX_MINOR);
  for (const field of PAYOUT_AMOUNT_FIELDS) {
    const amount = totals[field];
    if (toMinorUnits(amount) > MAX_MINOR) {
      throw AppError.field(
        'payouts',
        `The invoice's ${field} would be ${amount}, more than one invoice can hold (${largest}); split the batch.`,
      );
    }
  }
}

/**
 * The account a payout goes to. Onboarding (checked on the same locked rows) requires one, so a
 * missing account is a broken invariant, never a payout to nowhere.
 */
function accountOf(payment: Map<number, PaymentFacts>, partnerId: number, userId: number): PaymentAccount {
  const account = payment.get(userId)?.bank;
  if (!account) throw new AppError('internal', `employee ${userId} of partner ${partnerId} has no bank account to pay`);
  return account;
}

/** POST /payouts: one transaction checks every item and writes the invoice and every payout, or nothing. */
/** The ids found under each value (a person found twice under one value counts once). */
function groupIds<T extends { id: number }>(rows: T[], valueOf: (row: T) => string | null): Map<string, number[]> {
  const ids = new Map<string, number[]>();
  for (const row of rows) {
    const value = valueOf(row);
    if (value === null) continue;
    const known = ids.get(value);
    if (!known) ids.set(value, [row.id]);
    else if (!known.includes(row.id)) known.push(row.id);
  }
  return ids;
}

export function createPayoutBatchService(deps: PayoutBatchDeps) {
  const { db, clock } = deps;

  /** Resolves each item to one of the partner's employees, or names the item that does not resolve. */
  async function resolveEmployees(
    trx: Transaction<Database>,
    partnerId: number,
    items: PayoutItemInput[],
    named: EmployeeKey[][],
    errors: FieldErrors,
  ): Promise<number[]> {
    // An id beyond the id range names no employee; it must not reach the query (PostgreSQL: out of range).
    const ids = [
      ...new Set(items.flatMap((item) => (item.user_id !== undefined && isId(item.user_id) ? [item.user_id] : []))),
    ];
    const phones = [
      ...new Set(items.flatMap((item) => (item.phone !== undefined ? [normalisePhone(item.phone)] : []))),
    ];
    // Each item's spellings of its ssn, worked out once: they are looked up, then matched.
    const ssnSpellings = items.map((item) => (item.ssn !== undefined ? identificationCandidates(item.ssn) : []));
    const ssnCandidates = [...new Set(ssnSpellings.flat())];
    const found = await deps.employees.find(trx, partnerId, { ids, phones, identifications: ssnCandidates });
    const linkedIds = new Set(found.ids);
    // Who answers to each phone and identity spelling, indexed once: matching each of 1 000 items
    // against every row found was a million comparisons (each reading a value through its getter).
    const byPhone = groupIds(found.phones, (u) => u.phone);
    const byIdentity = groupIds(found.identifications, (u) => u.identification);
    return items.map((item, i) => {
      // An item that names its employee in more (or fewer) than one way already has its error.
      if (named[i]?.length !== 1) return 0;
      let matches: number[] = [];
      let field = 'user_id';
      if (item.user_id !== undefined) matches = linkedIds.has(item.user_id) ? [item.user_id] : [];
      else if (item.phone !== undefined) {
        field = 'phone';
        matches = byPhone.get(normalisePhone(item.phone)) ?? [];
      } else if (item.ssn !== undefined) {
        field = 'ssn';
        matches = [...new Set((ssnSpellings[i] ?? []).flatMap((spelling) => byIdentity.get(spelling) ?? []))];
      }
      const path = `payouts.${i}.${field}`;
      if (matches.length === 0) errors[path] = [`${path} does not name one of your employees.`];
      if (matches.length > 1) errors[path] = [`${path} matches more than one of your employees; use user_id.`];
      return matches[0] ?? 0;
    });
  }

  /** Every employee must be onboarded, as the paying partner sees them, to be paid. */
  function checkOnboarded(
    named: EmployeeKey[][],
    userIds: number[],
    payment: Map<number, PaymentFacts>,
    errors: FieldErrors,
  ): void {
    userIds.forEach((userId, i) => {
      const onboarding = payment.get(userId)?.onboarding;
      if (!onboarding || onboarding.is_onboarded) return;
      const field = named[i]?.[0] ?? 'user_id';
      errors[`payouts.${i}.${field}`] = [
        `payouts.${i}: the employee is not onboarded yet (missing: ${onboarding.missing_steps.join(', ')}).`,
      ];
    });
  }

  return {
    async create(ctx: WriteContext, body: CreatePayoutsBody): Promise<PayoutsCreated> {
      const partnerId = ctx.caller.partnerId;
      const items = body.payouts;
      const named = items.map(namedBy);
      const errors = { ...checkItems(items, named), ...checkPayoutBounds(body, clock.now()) };
      const feeRate = await deps.partners.feeRate(partnerId);
      const rates = { ...DEFAULT_PAYROLL_RATES, feeRate };
      const years = [...new Set(items.map((item) => calendarYear(item.date)))];

      return inTransaction(db, deps.idempotency, ctx.idempotency, async (trx) => {
        // Who is paid, whether they may be, their tax facts and the year's free-card usage are all
        // read inside the transaction, the people and the partner's links locked: what is checked
        // is what is paid. Each payout is paid to the account on the paying partner's link, copied
        // now: a later change of the account does not move money already on its way.
        const userIds = await resolveEmployees(trx, partnerId, items, named, errors);
        const uniqueUsers = [...new Set(userIds.filter((id) => id > 0))];
        const payment = await deps.employees.paymentFacts(trx, partnerId, uniqueUsers);
        checkOnboarded(named, userIds, payment, errors);
        if (Object.keys(errors).length > 0) throw AppError.fields(errors);
        const usage = await repo.freeCardUsage(trx, uniqueUsers, years);
        const facts = new Map<number, UserTaxFacts>();
        for (const [userId, fact] of payment) {
          const used: Record<string, string> = {};
          for (const u of usage.filter((row) => row.user_id === userId))
            used[String(u.tax_year)] = fromMinorUnits(Number(u.used));
          facts.set(userId, { taxPercent: fact.taxPercent, taxFreeCard: fact.taxFreeCard, freeCardUsedByYear: used });
        }
        const computed = calculateBatch(
          items.map((item, i) => ({ ...item, userId: userIds[i] as number })),
          facts,
          rates,
        ).payouts;
        const totals = invoiceTotals(computed);
        checkInvoiceFits(totals);
        const now = clock.now().toISOString();
        // The gapless number, in this transaction: a rollback gives it back (docs/decisions.md §24).
        const number = await takeInvoiceNumber(trx);
        const invoiceId = await repo.insertInvoice(trx, {
          number,
          issue_date: osloDay(clock.now()),
          partner_id: partnerId,
          due_date: body.due_date,
          payout_count: computed.length,
          total_salary: minor(totals.salary),
          total_vacation: minor(totals.vacation),
          total_pension: minor(totals.pension),
          total_employer_contribution: minor(totals.employer_contribution),
          total_service_fee: minor(totals.service_fee),
          total_excl: minor(totals.invoice_excl),
          total_vat: minor(totals.vat),
          total_incl: minor(totals.invoice_incl),
          created_at: now,
        });
        const rows: NewPayout[] = computed.map((result, i) => {
          const item = items[i] as PayoutItemInput;
          return {
            partner_id: partnerId,
            invoice_id: invoiceId,
            user_id: userIds[i] as number,
            status: 'pending',
            type: 'salary',
            date: item.date,
            tax_year: result.year,
            hours: item.hours === undefined ? null : String(item.hours),
            description: item.description ?? null,
            products: JSON.stringify(
              item.products.map((p) => ({
                quantity: String(p.quantity),
                price: String(p.price),
                description: p.description,
              })),
            ),
            rates: JSON.stringify(result.rates),
            salary: minor(result.salary),
            vacation: minor(result.vacation),
            pension: minor(result.pension),
            net_salary: minor(result.net_salary),
            net_vacation: minor(result.net_vacation),
            withholding_salary: minor(result.withholding_salary),
            withholding_vacation: minor(result.withholding_vacation),
            employer_contribution: minor(result.employer_contribution),
            service_fee: minor(result.service_fee),
            invoice_excl: minor(result.invoice_excl),
            vat: minor(result.vat),
            invoice_incl: minor(result.invoice_incl),
            free_card_used: minor(result.freeCardUsed),
            ...accountOf(payment, partnerId, userIds[i] as number),
            paid_at: null,
            created_at: now,
            updated_at: now,
          };
        });
        const payoutIds: number[] = [];
        for (let start = 0; start < rows.length; start += CHUNK) {
          payoutIds.push(...(await repo.insertPayouts(trx, deps.crypto, rows.slice(start, start + CHUNK))));
          await deps.afterChunk?.(payoutIds.length);
        }
        const created: PayoutsCreated = {
          count: payoutIds.length,
          results: `${payoutIds.length} payout${payoutIds.length === 1 ? '' : 's'} created on invoice ${invoiceId}`,
          invoice_id: invoiceId,
          payout_ids: payoutIds,
        };
        // One event for the request, its object the response (docs/decisions.md §16).
        await deps.events.emit(trx, [{ partnerId, type: 'payout.batch.created', object: created }]);
        return created;
      });
    },
  };
}

export type PayoutBatchService = ReturnType<typeof createPayoutBatchService>;
