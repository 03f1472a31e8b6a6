import type { Kysely, Transaction } from 'kysely';
import { addMs, type Clock } from '../../clock.js';
import type { Database, PayoutRow } from '../../db/database.js';
import { randomToken, sha256Hex } from '../../platform/secrets.js';
import { actAs } from '../../platform/actor.js';
import type { AuditService } from '../audit/index.js';
import type { BankFiles, PayoutBankState } from '../bank/index.js';
import type { PartnerService } from '../partners/index.js';
import type { PayoutService } from '../payouts/index.js';
import type { Employees, PartnerView, PersonView } from '../users/index.js';
import * as repo from './portal.repository.js';

/** An employee's signed-in session on the service's pages. */
export const EMPLOYEE_SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** How long a session's row is kept after it expired or was signed out (docs/data-protection.md, "Retention"). */
export const EMPLOYEE_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;

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

export type PortalPayout = PayoutRow & { partner_name: string };

/** One payout on its own page: with what the bank did with it. */
export type PortalPayoutDetail = PortalPayout & { bank: PayoutBankState };

export type PortalHome =
  | { scope: 'partner'; partnerName: string; view: PartnerView; payouts: PortalPayout[] }
  | { scope: 'person'; view: PersonView & { partnerNames: Map<number, string> }; payouts: PortalPayout[] };

export interface PortalDeps {
  db: Kysely<Database>;
  clock: Clock;
  employees: Pick<Employees, 'partnerView' | 'personView'>;
  payouts: Pick<PayoutService, 'ofEmployee' | 'oneOfEmployee'>;
  partners: Pick<PartnerService, 'partnerName' | 'partnerNames'>;
  audit: Pick<AuditService, 'record'>;
  bank: Pick<BankFiles, 'payoutBankState'>;
}

const RECENT = 20;
/** What pages say when the partner's record is gone. */
const UNKNOWN_PARTNER = 'your employer';

/** The employee's own pages: sessions, and what a session may see (only ever the person's own records, within its scope). */
export function createPortalService({ db, clock, employees, payouts, partners, audit, bank }: PortalDeps) {
  async function named(rows: PayoutRow[]): Promise<PortalPayout[]> {
    const names = await partners.partnerNames(rows.map((row) => row.partner_id));
    return rows.map((row) => ({ ...row, partner_name: names.get(row.partner_id) ?? UNKNOWN_PARTNER }));
  }

  return {
    /** Starts a session in the transaction that used the login link; returns the cookie's value. */
    async startSession(
      trx: Transaction<Database>,
      session: EmployeeSession,
    ): Promise<{ token: string; maxAgeSeconds: number }> {
      const token = randomToken(32);
      const now = clock.now();
      await repo.insertEmployeeSession(trx, {
        idHash: sha256Hex(token),
        userId: session.userId,
        partnerId: session.partnerId,
        now: now.toISOString(),
        expiresAt: addMs(now, EMPLOYEE_SESSION_LIFETIME_MS).toISOString(),
      });
      return { token, maxAgeSeconds: EMPLOYEE_SESSION_LIFETIME_MS / 1000 };
    },

    /** The signed-in employee for a session cookie, and the session's scope, if the session is live. */
    async sessionOf(token: string | undefined): Promise<EmployeeSession | null> {
      if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const session = await repo.findLiveSession(db, sha256Hex(token), clock.now().toISOString());
      if (!session) return null;
      // The rest of the request acts as this employee (the audit log's "who").
      actAs({ type: 'employee', id: String(session.user_id), label: `employee ${session.user_id}` });
      return { userId: session.user_id, partnerId: session.partner_id };
    },

    async signOut(token: string | undefined): Promise<void> {
      if (!token) return;
      await db.transaction().execute(async (trx) => {
        const session = await repo.endSession(trx, sha256Hex(token), clock.now().toISOString());
        if (!session) return;
        actAs({ type: 'employee', id: String(session.user_id), label: `employee ${session.user_id}` });
        await audit.record(trx, {
          action: 'employee.signed_out',
          object: { type: 'user', id: session.user_id },
          partnerId: session.partner_id,
        });
      });
    },

    async home(session: EmployeeSession): Promise<PortalHome | null> {
      const payoutRows = await named(await payouts.ofEmployee(session.userId, session.partnerId, RECENT));
      if (session.partnerId === null) {
        const view = await employees.personView(session.userId);
        if (!view) return null;
        const partnerNames = await partners.partnerNames(view.links.map((l) => l.link.partner_id));
        return { scope: 'person', view: { ...view, partnerNames }, payouts: payoutRows };
      }
      const view = await employees.partnerView(db, session.partnerId, session.userId);
      if (!view) return null;
      return {
        scope: 'partner',
        partnerName: (await partners.partnerName(session.partnerId)) ?? UNKNOWN_PARTNER,
        view,
        payouts: payoutRows,
      };
    },

    /** The payout, only when it belongs to this employee and to the session's scope. */
    async payout(session: EmployeeSession, rawId: string): Promise<PortalPayoutDetail | null> {
      const row = await payouts.oneOfEmployee(session.userId, session.partnerId, rawId);
      if (!row) return null;
      const [payout] = await named([row]);
      return { ...(payout as PortalPayout), bank: await bank.payoutBankState(row.id, row.trace_id) };
    },

    /** Housekeeping: removes sessions that ended or expired more than EMPLOYEE_SESSION_RETENTION_MS ago. */
    async purgeEnded(): Promise<number> {
      return repo.deleteEndedBefore(db, new Date(clock.now().getTime() - EMPLOYEE_SESSION_RETENTION_MS).toISOString());
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
