/**
 * The payout lifecycle, in one place (docs/payouts.md, "Lifecycle"; docs/decisions.md §9): every
 * change of a payout's status, by whoever makes it, is checked against MOVES here.
 *
 *   pending    → processing   a payment file took it (export)
 *   pending    → paid | failed | cancelled   the operator, for a payment made (or refused) another way
 *   processing → paid | failed               a bank report (failed: also a return, when the bank
 *                                            returns a payment before its booking was imported);
 *                                            or the operator by hand, with a reason
 *   processing → pending      its payment file was voided (all of the file's payouts at once)
 *   paid       → failed       a bank return (camt.054 RtrInf), usually days after the booking
 *   failed     → pending      retried: it goes into a later file under a new trace id
 *   failed     → cancelled    the operator gave up on it
 *
 * cancelled is final; paid is final except for a bank return.
 */
import type { PayoutStatus } from '../../db/database.js';
import type { EventType } from '../events/index.js';

/** What moves a payout: an operator (command line, console), or the bank loop. */
export type MoveCause =
  /** An operator, on a payout outside any payment file. */
  | 'operator'
  /** An operator settling a payout that is in a payment file by hand; needs a reason, which is audited. */
  | 'operator_with_reason'
  /** A payment file was exported with the payout in it. */
  | 'export'
  /** The payout's payment file was voided. */
  | 'void'
  /** A bank status report (pain.002) or booking (camt.054). */
  | 'bank_report'
  /** A bank return (camt.054 RtrInf) of a booked payment. */
  | 'bank_return';

export const PAYOUT_STATUSES = [
  'pending',
  'processing',
  'paid',
  'failed',
  'cancelled',
] as const satisfies readonly PayoutStatus[];

type Moves = Record<PayoutStatus, Partial<Record<PayoutStatus, readonly MoveCause[]>>>;

/** from → to → the causes that may make that move. Anything absent is refused. */
const MOVES: Moves = {
  pending: {
    processing: ['export'],
    paid: ['operator'],
    failed: ['operator'],
    cancelled: ['operator'],
  },
  processing: {
    paid: ['bank_report', 'operator_with_reason'],
    failed: ['bank_report', 'bank_return', 'operator_with_reason'],
    pending: ['void'],
  },
  paid: { failed: ['bank_return'] },
  failed: { pending: ['operator'], cancelled: ['operator'] },
  cancelled: {},
};

/** Whether `cause` may move a payout from `from` to `to`. */
export function mayMove(from: PayoutStatus, to: PayoutStatus, cause: MoveCause): boolean {
  return MOVES[from][to]?.includes(cause) ?? false;
}

/** The statuses `cause` may move a payout to `to` from, in PAYOUT_STATUSES order. */
export function movableFrom(to: PayoutStatus, cause: MoveCause): PayoutStatus[] {
  return PAYOUT_STATUSES.filter((from) => mayMove(from, to, cause));
}

/** The moves an operator makes on payouts (`onpay payout …`, the console's bulk actions). */
export type PayoutMove = 'paid' | 'cancelled' | 'failed' | 'pending';

const OPERATOR_MOVES: readonly PayoutMove[] = ['paid', 'cancelled', 'failed', 'pending'];

/** What an operator may move to each status from, without a reason (payouts outside payment files). */
export const TRANSITIONS: Record<PayoutMove, PayoutStatus[]> = Object.fromEntries(
  OPERATOR_MOVES.map((to) => [to, movableFrom(to, 'operator')]),
) as Record<PayoutMove, PayoutStatus[]>;

export const VERB: Record<PayoutMove, string> = {
  paid: 'marked paid',
  cancelled: 'cancelled',
  failed: 'marked failed',
  pending: 'retried',
};

/** The event a move to each status emits (a voided file's payouts going back to pending emit payout.retried too). */
export const EVENT_OF: Record<PayoutStatus, EventType> = {
  processing: 'payout.processing',
  paid: 'payout.paid',
  cancelled: 'payout.cancelled',
  failed: 'payout.failed',
  pending: 'payout.retried',
};
