import { AppError } from '../../errors.js';

/** The shortest and longest reason an operator may give for what the audit log keeps. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/**
 * The reason an operator gives for an audited act (a reveal, an erasure, a payout settled by hand, a
 * webhook endpoint disabled), trimmed; `tooShort` says what the reason is for when it has fewer than
 * three characters. Too short or too long is the form's `reason` field's error.
 */
export function auditReason(raw: string, tooShort: string): string {
  const reason = raw.trim();
  if (reason.length < REASON_MIN) throw AppError.field('reason', tooShort);
  if (reason.length > REASON_MAX)
    throw AppError.field('reason', `The reason must be at most ${REASON_MAX} characters.`);
  return reason;
}

/** The reason for revealing a masked value (an account, an identity number, a delivery's body). */
export function revealReason(raw: string): string {
  return auditReason(raw, 'Say why you need to see it (at least 3 characters): the reason is kept in the audit log.');
}
