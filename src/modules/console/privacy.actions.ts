/**
 * The console's erasure of a person (docs/data-protection.md, "Export and erasure"): admin only,
 * through a review page, by the same door as `onpay user erase`, so both audit and tell the
 * partners alike.
 */
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { ErasureResult, ErasureReview, PrivacyService } from '../privacy/index.js';
import { userIdOf } from './money.actions.js';

export interface PrivacyActionsDeps {
  privacy: Pick<PrivacyService, 'review' | 'erase'>;
}

export function createPrivacyActions(deps: PrivacyActionsDeps) {
  return {
    /** What erasing would do: the partners told, the payouts kept, and the payouts that block it. */
    async reviewErasure(operator: ConsoleOperator, rawId: string): Promise<ErasureReview> {
      requirePermission(operator, 'erase_personal_data');
      return deps.privacy.review(userIdOf(rawId));
    },

    async erase(operator: ConsoleOperator, rawId: string, reason: string): Promise<ErasureResult> {
      requirePermission(operator, 'erase_personal_data');
      return deps.privacy.erase(userIdOf(rawId), reason);
    },
  };
}

export type PrivacyActions = ReturnType<typeof createPrivacyActions>;
