import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, UserRow } from '../../db/database.js';
import { parseId } from '../../ids.js';
import type { TermsService } from '../terms/terms.service.js';
import type { Onboarding } from '../users/onboarding.js';
import { createOnboardingReader } from '../users/onboarding.service.js';
import * as repo from './portal.repository.js';
import type { PortalPayout } from './portal.repository.js';

export interface PortalDeps {
  db: Kysely<Database>;
  clock: Clock;
  terms: Pick<TermsService, 'current'>;
}

export interface PortalHome {
  user: UserRow;
  onboarding: Onboarding;
  payouts: PortalPayout[];
}

/** What a signed-in employee may see: only ever their own records. */
export function createPortalService({ db, clock, terms }: PortalDeps) {
  const userWithOnboarding = createOnboardingReader({ db, clock, terms });
  return {
    async home(userId: number): Promise<PortalHome | null> {
      const found = await userWithOnboarding(userId);
      if (!found) return null;
      return { ...found, payouts: await repo.recentPayouts(db, userId, 20) };
    },


    /** The payout, only when it belongs to this employee. */
    async payout(userId: number, rawId: string): Promise<PortalPayout | null> {
      const id = parseId(rawId);
      if (id === null) return null;
      return (await repo.findOwnPayout(db, userId, id)) ?? null;
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
