import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { parseId } from '../../ids.js';
import type { TermsService } from '../terms/terms.service.js';
import { createOnboardingReader, type PartnerView, type PersonView } from '../users/onboarding.service.js';
import * as repo from './portal.repository.js';
import type { PortalPayout } from './portal.repository.js';

export interface PortalDeps {
  db: Kysely<Database>;
  clock: Clock;
  terms: Pick<TermsService, 'current'>;
}

/**
 * Who an employee session is for, and what it may show: a session opened by a partner's login link
 * shows only that partner's records (its payouts, its view of the profile); the person's own
 * sign-in shows everything that is theirs.
 */
export interface EmployeeSession {
  userId: number;
  /** null: the person's own sign-in. */
  partnerId: number | null;
}

export type PortalHome =
  | { scope: 'partner'; partnerName: string; view: PartnerView; payouts: PortalPayout[] }
  | { scope: 'person'; view: PersonView; payouts: PortalPayout[] };

const RECENT = 20;

/** What a signed-in employee may see: only ever their own records, within the session's scope. */
export function createPortalService({ db, clock, terms }: PortalDeps) {
  const reader = createOnboardingReader({ db, clock, terms });
  return {
    async home(session: EmployeeSession, partnerName: (id: number) => Promise<string>): Promise<PortalHome | null> {
      const payouts = await repo.recentPayouts(db, session.userId, session.partnerId, RECENT);
      if (session.partnerId === null) {
        const view = await reader.forPerson(session.userId);
        return view && { scope: 'person', view, payouts };
      }
      const view = await reader.forPartner(session.partnerId, session.userId);
      return view && { scope: 'partner', partnerName: await partnerName(session.partnerId), view, payouts };
    },

    /** The payout, only when it belongs to this employee and to the session's scope. */
    async payout(session: EmployeeSession, rawId: string): Promise<PortalPayout | null> {
      const id = parseId(rawId);
      if (id === null) return null;
      return (await repo.findOwnPayout(db, session.userId, session.partnerId, id)) ?? null;
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
