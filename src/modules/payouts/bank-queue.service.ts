/**
 * The payouts' door for the bank module (docs/payouts.md, "Payment files"): an export takes
 * pending payouts into a file, a voided file gives them back, a bank report settles them. Every
 * move is checked against the lifecycle (lifecycle.ts) and emits its event in the caller's
 * transaction, with one `emit` per transaction as the events module asks.
 */
import type { Clock } from '../../clock.js';
import type { Transaction } from 'kysely';
import type { Database, PayoutRow } from '../../db/database.js';
import type { EventService, NewEvent } from '../events/index.js';
import * as repo from './bank-queue.repository.js';
import type { ExportFilter } from './bank-queue.repository.js';
import { EVENT_OF, mayMove, movableFrom } from './lifecycle.js';
import { payoutRowToPayload, previousAttributes } from './payouts.service.js';
import { engineOf } from '../../db/dialect.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

export type { ExportFilter };

/**
 * How many payouts' events an export writes per `emit` (see takeForFile): on SQLite every step's
 * statements run synchronously and their memory goes only when the loop turns, so smaller steps;
 * on PostgreSQL each step is round trips to the server, so fewer, larger ones (docs/performance.md,
 * "Payment files").
 */
const EMIT_STEP = { sqlite: 500, postgres: 1000 } as const;

/** A payout as a payment file carries it. */
export interface QueuedPayout {
  id: number;
  partnerId: number;
  userId: number;
  /** net_salary + net_vacation, minor units. */
  amount: number;
  traceId: string;
  dueDate: string;
  date: string;
  account: { style: 'bban'; bban: string } | { style: 'iban'; iban: string; bic: string };
}

function eventOf(before: PayoutRow, after: PayoutRow): NewEvent {
  return {
    partnerId: after.partner_id,
    type: EVENT_OF[after.status],
    object: payoutRowToPayload(after),
    previousAttributes: previousAttributes(before, after),
  };
}

export function createBankQueue({
  clock,
  events,
  crypto,
}: {
  clock: Clock;
  events: Pick<EventService, 'emit'>;
  crypto: FieldCrypto;
}) {
  return {
    /**
     * Takes the pending payouts matching `filter` into a payment file, in the caller's
     * transaction: each moves to processing under the trace id `${tracePrefix}${id}`. A payout
     * another export took first is skipped. A payout of 0.00 has nothing to send: it is marked
     * paid now (docs/payouts.md). Returns the payouts to write into the file, oldest first.
     *
     * In two passes, so 10 000 payouts never sit in memory as rows and events at once
     * (docs/performance.md, "Payment files"): first every payout is claimed (its row locked until
     * commit), then the events are written a step at a time in partner-id order. Rows before
     * counters, and counters in partner-id order across the steps, is the order every other writer
     * keeps (an operator's mark-paid locks its payout, then its partner's counter; an import takes
     * its counters in one `emit`, in partner-id order), so the export waits on them or they on it,
     * never both.
     */
    async takeForFile(
      trx: Transaction<Database>,
      filter: ExportFilter,
      tracePrefix: string,
    ): Promise<{ taken: QueuedPayout[]; settledWithoutTransfer: number }> {
      const now = clock.now().toISOString();
      const candidates = await repo.pendingForExport(trx, filter);
      const isZero = (c: (typeof candidates)[number]) => Number(c.net_salary) + Number(c.net_vacation) === 0;
      const zero = candidates.filter(isZero).map((c) => c.id);
      const claimed = await repo.claim(
        trx,
        candidates.filter((c) => !isZero(c)).map((c) => c.id),
        tracePrefix,
        now,
      );
      const zeroBefore = new Map((await repo.byIds(trx, crypto, zero)).map((row) => [row.id, row]));
      const settled = await repo.moveEach(
        trx,
        crypto,
        zero.map((id) => ({
          id,
          from: movableFrom('paid', 'operator'),
          values: { status: 'paid', paid_at: now, updated_at: now },
        })),
      );
      const settledAfter = new Map(settled.map((row) => [row.id, row]));
      const order = [...claimed, ...settled]
        .map((row) => ({ id: row.id, partnerId: row.partner_id }))
        .sort((a, b) => a.partnerId - b.partnerId || a.id - b.id);
      const dueDates = new Map<number, string>();
      const taken: QueuedPayout[] = [];
      const stepSize = EMIT_STEP[engineOf(trx)];
      for (let i = 0; i < order.length; i += stepSize) {
        const step = order.slice(i, i + stepSize);
        const rows = new Map(
          (
            await repo.byIds(
              trx,
              crypto,
              step.filter((p) => !settledAfter.has(p.id)).map((p) => p.id),
            )
          ).map((row) => [row.id, row]),
        );
        const missing = [...new Set([...rows.values()].map((row) => row.invoice_id))].filter((id) => !dueDates.has(id));
        for (const [id, due] of await repo.dueDates(trx, missing)) dueDates.set(id, due);
        const announced: NewEvent[] = [];
        for (const { id } of step) {
          const paid = settledAfter.get(id);
          if (paid) {
            announced.push(eventOf(zeroBefore.get(id) as PayoutRow, paid));
            continue;
          }
          const row = rows.get(id) as PayoutRow;
          announced.push(eventOf({ ...row, status: 'pending', trace_id: null }, row));
          taken.push({
            id: row.id,
            partnerId: row.partner_id,
            userId: row.user_id,
            amount: Number(row.net_salary) + Number(row.net_vacation),
            traceId: row.trace_id as string,
            dueDate: dueDates.get(row.invoice_id) as string,
            date: row.date,
            account: row.bank_account_number
              ? { style: 'bban', bban: row.bank_account_number }
              : { style: 'iban', iban: row.bank_iban_number as string, bic: row.bank_bic_number as string },
          });
        }
        await events.emit(trx, announced);
        // Lets the event loop turn between steps: on SQLite every statement runs synchronously, and
        // the native memory of the statements a step prepared is released only from the loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { taken: taken.sort((a, b) => a.id - b.id), settledWithoutTransfer: settled.length };
    },

    /**
     * Applies what bank reports say, in the caller's transaction and in order, through the
     * lifecycle: processing → paid | failed (a report), paid → failed (a return). A payout already
     * where the verdict would put it is `unchanged`; one whose latest attempt is another trace id,
     * or whose status the lifecycle does not let the bank move, is `refused` with the reason.
     */
    async settle(trx: Transaction<Database>, verdicts: readonly BankVerdict[]): Promise<VerdictOutcome[]> {
      const now = clock.now().toISOString();
      const outcomes: VerdictOutcome[] = [];
      const emitted: NewEvent[] = [];
      // Decided in memory, in the report's order (a payout named twice moves twice), then written
      // once per payout, from the state it was read in.
      const read = new Map(
        (await repo.byIds(trx, crypto, [...new Set(verdicts.map((v) => v.payoutId))])).map((r) => [r.id, r]),
      );
      const state = new Map(read);
      for (const verdict of verdicts) {
        const row = state.get(verdict.payoutId);
        if (!row) {
          outcomes.push({ payoutId: verdict.payoutId, outcome: 'refused', problem: 'the payout no longer exists' });
          continue;
        }
        if (row.trace_id !== verdict.traceId) {
          outcomes.push({
            payoutId: row.id,
            outcome: 'refused',
            problem: `payout ${row.id} was sent again since, under ${row.trace_id ?? 'no trace id'}: this report is about an earlier attempt`,
          });
          continue;
        }
        const sameFailure =
          verdict.to === 'failed' && row.status === 'failed' && row.failure_code === (verdict.code ?? null);
        if ((verdict.to === 'paid' && row.status === 'paid') || sameFailure) {
          outcomes.push({ payoutId: row.id, outcome: 'unchanged' });
          continue;
        }
        const cause = verdict.isReturn ? 'bank_return' : 'bank_report';
        if (!mayMove(row.status, verdict.to, cause)) {
          outcomes.push({
            payoutId: row.id,
            outcome: 'refused',
            problem: `payout ${row.id} is ${row.status}; the lifecycle does not let a bank ${cause === 'bank_return' ? 'return' : 'report'} make it ${verdict.to}`,
          });
          continue;
        }
        const after: PayoutRow =
          verdict.to === 'paid'
            ? {
                ...row,
                status: 'paid',
                paid_at: verdict.paidAt ?? now,
                failure_code: null,
                failure_message: null,
                updated_at: now,
              }
            : {
                ...row,
                status: 'failed',
                failure_code: verdict.code ?? 'NARR',
                failure_message: verdict.message ?? null,
                updated_at: now,
              };
        state.set(row.id, after);
        emitted.push(eventOf(row, after));
        outcomes.push({ payoutId: row.id, outcome: 'applied' });
      }
      // One UPDATE per group of payouts that end the same way (status, paid_at, reason) from the same status.
      const groups = new Map<
        string,
        { from: PayoutRow['status']; values: Parameters<typeof repo.settleMany>[3]; rows: PayoutRow[] }
      >();
      for (const [id, after] of state) {
        const before = read.get(id) as PayoutRow;
        if (after === before) continue;
        const values = {
          status: after.status,
          paid_at: after.paid_at,
          failure_code: after.failure_code,
          failure_message: after.failure_message,
          updated_at: now,
        };
        const key = JSON.stringify([before.status, values]);
        const group = groups.get(key) ?? { from: before.status, values, rows: [] };
        group.rows.push(before);
        groups.set(key, group);
      }
      for (const group of groups.values()) {
        const moved = await repo.settleMany(
          trx,
          crypto,
          group.rows.map((r) => ({ id: r.id, traceId: r.trace_id as string })),
          group.values,
          group.from,
        );
        if (moved !== group.rows.length)
          throw new Error('payouts changed during the import; nothing was applied, import the report again');
      }
      await events.emit(trx, emitted);
      return outcomes;
    },

    /**
     * A voided file's payouts go back to pending, in the caller's transaction: those still
     * processing under one of the file's trace ids (one settled by hand meanwhile stays as it is).
     */
    async releaseFile(trx: Transaction<Database>, traceIds: readonly string[]): Promise<number> {
      if (!mayMove('processing', 'pending', 'void')) return 0;
      const moved = await repo.releaseByTrace(trx, crypto, traceIds, clock.now().toISOString());
      await events.emit(
        trx,
        moved.map((row) => eventOf({ ...row, status: 'processing' }, row)),
      );
      return moved.length;
    },
  };
}

export type BankQueue = ReturnType<typeof createBankQueue>;

/** What a bank report says of one payout's attempt. */
export interface BankVerdict {
  payoutId: number;
  traceId: string;
  to: 'paid' | 'failed';
  /** paid: when (ISO timestamp). */
  paidAt?: string;
  /** failed: the bank's reason. */
  code?: string | null;
  /** A return of a booked payment (camt.054 RtrInf): the one thing that fails a paid payout. */
  isReturn?: boolean;
  message?: string | null;
}

export type VerdictOutcome =
  { payoutId: number; outcome: 'applied' | 'unchanged' } | { payoutId: number; outcome: 'refused'; problem: string };
