import type { VerificationStatus } from '../../db/database.js';

export type NextAction = 'continue_verification' | 'redirect_to_partner' | 'retry' | 'show_error';

/** docs/decisions.md §8: what a partner should do next, for each status. */
export function nextActionFor(status: VerificationStatus): NextAction {
  switch (status) {
    case 'pending':
      return 'continue_verification';
    case 'approved':
      return 'redirect_to_partner';
    case 'declined':
      return 'show_error';
    case 'cancelled':
    case 'expired':
    case 'error':
      return 'retry';
  }
}
