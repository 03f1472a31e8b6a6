import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, UserRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { TermsService } from '../terms/index.js';
import { recordVerifiedIdentity, registeredIdentity, type ConfirmedIdentity } from './identity.service.js';
import type { UserEvents } from './user-events.js';
import type { Onboarding } from './onboarding.js';
import { parseUserId } from './user-id.js';
import { onboardingOf } from './users.payload.js';
import * as repo from './users.repository.js';
import type { LinkedUserRow, LinkRow } from './users.repository.js';

export interface EmployeesDeps {
  db: Kysely<Database>;
  clock: Clock;
  terms: Pick<TermsService, 'current'>;
  userEvents: UserEvents;
}

/** One partner's view of the person, and its onboarding. */
export interface PartnerView extends LinkedUserRow {
  onboarding: Onboarding;
}

/** The person's own view: their record, and each partner's link and onboarding. */
export interface PersonView {
  user: UserRow;
  links: Array<{ link: LinkRow; onboarding: Onboarding }>;
}

/** What a payout needs to know about one employee, read inside its transaction. */
export interface PaymentFacts {
  taxPercent: string | null;
  taxFreeCard: string | null;
  bank: { bank_account_number: string | null; bank_iban_number: string | null; bank_bic_number: string | null };
}

/**
 * What the other modules ask of the users module: always through the calling partner's link, so
 * that no partner reads or changes what another partner entered.
 */
export function createEmployees({ db, clock, terms, userEvents }: EmployeesDeps) {
  /** In a transaction pass it as `executor` (on SQLite a read on `db` would wait for it forever). */
  async function partnerView(
    partnerId: number,
    userId: number,
    executor: Kysely<Database> = db,
  ): Promise<PartnerView | null> {
    const current = await terms.current(executor);
    const found = await repo.findLinkedUserWithApproval(executor, partnerId, userId, current.code);
    return found
      ? { user: found.user, link: found.link, onboarding: onboardingOf(found, found.approved, clock.now()) }
      : null;
  }

  return {
    /** The id of one of the partner's employees, from a path or body id: 404 for anything else. */
    async requireLinked(partnerId: number, rawId: string | number): Promise<number> {
      const userId = parseUserId(rawId);
      if (!(await repo.findLink(db, partnerId, userId))) throw new AppError('user_not_found');
      return userId;
    },

    /** The person as this partner sees them, with this partner's onboarding; null when not linked. */
    partnerView,

    /** The person as they see themself: every partner's link and onboarding, oldest link first. */
    async personView(userId: number): Promise<PersonView | null> {
      const current = await terms.current();
      const user = await repo.findUserById(db, userId);
      if (!user) return null;
      const now = clock.now();
      const links = await repo.findLinksOfUser(db, userId, current.code);
      return {
        user,
        links: links.map(({ link, approved }) => ({ link, onboarding: onboardingOf({ user, link }, approved, now) })),
      };
    },

    /** Onboarding of several of the partner's employees, as the partner sees them (who may be paid). */
    async onboardingOfMany(partnerId: number, userIds: number[]): Promise<Map<number, Onboarding>> {
      const current = await terms.current();
      const rows = await repo.findLinkedUsersWithApproval(db, partnerId, userIds, current.code);
      const now = clock.now();
      return new Map(rows.map((row) => [row.user.id, onboardingOf(row, row.approved, now)]));
    },

    /** The partner's employees named by these ids, phones (this partner's) and identity spellings (verified, or this partner's). */
    async find(partnerId: number, names: { ids: number[]; phones: string[]; identifications: string[] }) {
      const [ids, phones, identifications] = await Promise.all([
        repo.linkedUserIds(db, partnerId, names.ids),
        repo.linkedUsersByPhones(db, partnerId, names.phones),
        repo.linkedUsersByIdentifications(db, partnerId, names.identifications),
      ]);
      return { ids, phones, identifications };
    },

    /** Inside the payment's transaction: tax facts (the people locked) and the account on the paying partner's link. */
    async paymentFacts(
      trx: Transaction<Database>,
      partnerId: number,
      userIds: number[],
    ): Promise<Map<number, PaymentFacts>> {
      const tax = await repo.lockTaxFacts(trx, userIds);
      const banks = new Map((await repo.linkBankAccounts(trx, partnerId, userIds)).map((b) => [b.user_id, b]));
      const empty = { bank_account_number: null, bank_iban_number: null, bank_bic_number: null };
      return new Map(
        tax.map((row) => {
          const { user_id: _id, ...bank } = banks.get(row.id) ?? { user_id: row.id, ...empty };
          return [row.id, { taxPercent: row.tax_percent, taxFreeCard: row.tax_free_card, bank }];
        }),
      );
    },

    /** Whom a mail goes to: the e-mail, and the first name this partner registered (none for the person's own sign-in). */
    recipient(executor: Kysely<Database>, userId: number, partnerId: number | null) {
      return repo.findRecipient(executor, userId, partnerId);
    },

    async userIdByEmail(email: string): Promise<number | undefined> {
      return (await repo.findUserByEmail(db, email.trim().toLowerCase()))?.id;
    },

    /**
     * Records what a provider confirmed in this partner's verification, in the caller's transaction
     * (see recordVerifiedIdentity), with the events of every partner view it changed: this
     * partner's, and another partner's whose registered identity it confirmed exactly. All the
     * person's partners' counters are taken, so the caller may then emit events for any of them in
     * the same transaction without taking a lock out of order.
     */
    recordVerifiedIdentity(
      trx: Transaction<Database>,
      partnerId: number,
      userId: number,
      identity: ConfirmedIdentity,
      now: string,
    ): ReturnType<typeof recordVerifiedIdentity> {
      return userEvents.around(trx, userId, null, () => recordVerifiedIdentity(trx, partnerId, userId, identity, now));
    },
    registeredIdentity: (partnerId: number, userId: number) => registeredIdentity(db, partnerId, userId),
  };
}

export type Employees = ReturnType<typeof createEmployees>;
