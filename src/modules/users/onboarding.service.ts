import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, PartnerUserRow, UserRow } from '../../db/database.js';
import type { TermsService } from '../terms/terms.service.js';
import type { Onboarding } from './onboarding.js';
import { onboardingOf } from './users.payload.js';
import { findLinkedUserWithApproval, findLinksOfUser, findUserById, type LinkedUserRow } from './users.repository.js';

export interface OnboardingReaderDeps {
  db: Kysely<Database>;
  clock: Clock;
  terms: Pick<TermsService, 'current'>;
}

/** One partner's view of the person and its onboarding. */
export interface PartnerView extends LinkedUserRow {
  partnerName?: string;
  onboarding: Onboarding;
}

/** The person's own view: their record and, per partner that works with them, that partner's view. */
export interface PersonView {
  user: UserRow;
  partners: Array<{ partnerId: number; partnerName: string; link: PartnerUserRow; onboarding: Onboarding }>;
}

/** Reads the person as one partner sees them, or as the person sees themself (the employee pages). */
export function createOnboardingReader({ db, clock, terms }: OnboardingReaderDeps) {
  return {
    async forPartner(partnerId: number, userId: number): Promise<PartnerView | null> {
      const current = await terms.current();
      const found = await findLinkedUserWithApproval(db, partnerId, userId, current.code);
      if (!found) return null;
      return { user: found.user, link: found.link, onboarding: onboardingOf(found, found.approved, clock.now()) };
    },

    async forPerson(userId: number): Promise<PersonView | null> {
      const current = await terms.current();
      const user = await findUserById(db, userId);
      if (!user) return null;
      const links = await findLinksOfUser(db, userId, current.code);
      const now = clock.now();
      return {
        user,
        partners: links.map(({ link, partnerName, approved }) => ({
          partnerId: link.partner_id,
          partnerName,
          link,
          onboarding: onboardingOf({ user, link }, approved, now),
        })),
      };
    },
  };
}

export type OnboardingReader = ReturnType<typeof createOnboardingReader>;
