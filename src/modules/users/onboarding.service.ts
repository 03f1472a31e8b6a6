import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, UserRow } from '../../db/database.js';
import type { TermsService } from '../terms/terms.service.js';
import type { Onboarding } from './onboarding.js';
import { onboardingOf } from './users.payload.js';
import { findUserWithApproval } from './users.repository.js';

export interface OnboardingReaderDeps {
  db: Kysely<Database>;
  clock: Clock;
  terms: Pick<TermsService, 'current'>;
}

/** A user's record and onboarding status by id, whoever asks (verification status, employee pages). */
export function createOnboardingReader({ db, clock, terms }: OnboardingReaderDeps) {
  return async function userWithOnboarding(userId: number): Promise<{ user: UserRow; onboarding: Onboarding } | null> {
    const current = await terms.current();
    const found = await findUserWithApproval(db, userId, current.code);
    if (!found) return null;
    return { user: found.user, onboarding: onboardingOf(found.user, found.approved, clock.now()) };
  };
}

export type OnboardingReader = ReturnType<typeof createOnboardingReader>;
