import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, UserRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { TermsService } from '../terms/index.js';
import { recordVerifiedIdentity, registeredIdentity, type ConfirmedIdentity } from './identity.service.js';
import type { UserEvents } from './user-events.js';
import type { Onboarding } from './onboarding.js';
import { parseUserId } from './user-id.js';
import { hasBankAccount, onboardingOf } from './users.payload.js';
import * as repo from './users.repository.js';
import type { LinkedUserRow, LinkRow } from './users.repository.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

export interface EmployeesDeps {
  db: Kysely<Database>;
  clock: Clock;
  terms: Pick<TermsService, 'current'>;
  userEvents: UserEvents;
  crypto: FieldCrypto;
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

/** The account a payout is paid to, copied from the paying partner's link. */
export interface PaymentAccount {
  bank_account_number: string | null;
  bank_iban_number: string | null;
  bank_bic_number: string | null;
}

/** What a payout needs to know about one employee, read inside its transaction with the rows locked. */
export interface PaymentFacts {
  /** Whether the paying partner may pay them now. */
  onboarding: Onboarding;
  taxPercent: string | null;
  taxFreeCard: string | null;
  /** The account on the paying partner's link; null without one (onboarding then misses `bank_account`). */
  bank: PaymentAccount | null;
}

/**
 * What the other modules ask of the users module: always through the calling partner's link, so
 * that no partner reads or changes what another partner entered.
 */
export function createEmployees({ db, clock, terms, userEvents, crypto }: EmployeesDeps) {
  /** Read through `executor`: the transaction inside one, `db` outside (src/db/transaction-guard.ts). */
  async function partnerView(
    executor: Kysely<Database>,
    partnerId: number,
    userId: number,
  ): Promise<PartnerView | null> {
    const current = await terms.current(executor);
    const found = await repo.findLinkedUserWithApproval(executor, crypto, partnerId, userId, current.code);
    return found
      ? { user: found.user, link: found.link, onboarding: onboardingOf(found, found.approved, clock.now()) }
      : null;
  }

  async function personViews(userIds: readonly number[]): Promise<Map<number, PersonView>> {
    const current = await terms.current(db);
    const [users, links] = await Promise.all([
      repo.findUsersByIds(db, userIds),
      repo.findLinksOfUsers(db, crypto, userIds, current.code),
    ]);
    const now = clock.now();
    const views = new Map<number, PersonView>(users.map((user) => [user.id, { user, links: [] }]));
    for (const { link, approved } of links) {
      const view = views.get(link.user_id);
      view?.links.push({ link, onboarding: onboardingOf({ user: view.user, link }, approved, now) });
    }
    return views;
  }

  return {
    /** The id of one of the partner's employees, from a path or body id: 404 for anything else. */
    async requireLinked(partnerId: number, rawId: string | number): Promise<number> {
      const userId = parseUserId(rawId);
      if (!(await repo.findLink(db, crypto, partnerId, userId))) throw new AppError('user_not_found');
      return userId;
    },

    /** The person as this partner sees them, with this partner's onboarding; null when not linked. */
    partnerView,

    /** The person as they see themself: every partner's link and onboarding, oldest link first. */
    async personView(userId: number): Promise<PersonView | null> {
      return (await personViews([userId])).get(userId) ?? null;
    },

    /** `personView` of several people at once (a console list's page), in two statements; absent ids are left out. */
    personViews,

    /** The partner's employees named by these ids, phones (this partner's) and identity spellings (verified, or this partner's). */
    async find(
      executor: Kysely<Database>,
      partnerId: number,
      names: { ids: number[]; phones: string[]; identifications: string[] },
    ) {
      const [ids, phones, identifications] = await Promise.all([
        repo.linkedUserIds(executor, partnerId, names.ids),
        repo.linkedUsersByPhones(executor, crypto, partnerId, names.phones),
        repo.linkedUsersByIdentifications(executor, crypto, partnerId, names.identifications),
      ]);
      return { ids, phones, identifications };
    },

    /**
     * Inside the payment's transaction: the people and the paying partner's links locked (people
     * first, each in id order), then onboarding, tax facts and the account on the link, read from
     * the locked rows, so what the payout checks is what it pays. Only the partner's employees are
     * in the map.
     */
    async paymentFacts(
      trx: Transaction<Database>,
      partnerId: number,
      userIds: number[],
    ): Promise<Map<number, PaymentFacts>> {
      const tax = new Map((await repo.lockTaxFacts(trx, userIds)).map((row) => [row.id, row]));
      await repo.lockLinks(trx, partnerId, userIds);
      const current = await terms.current(trx);
      const rows = await repo.findPaymentLinks(trx, crypto, partnerId, userIds, current.code);
      const now = clock.now();
      return new Map(
        rows.map((row) => {
          const { link } = row;
          const facts: PaymentFacts = {
            onboarding: onboardingOf(row, row.approved, now),
            taxPercent: tax.get(row.user.id)?.tax_percent ?? null,
            taxFreeCard: tax.get(row.user.id)?.tax_free_card ?? null,
            bank: hasBankAccount(link)
              ? {
                  bank_account_number: link.bank_account_number,
                  bank_iban_number: link.bank_iban_number,
                  bank_bic_number: link.bank_bic_number,
                }
              : null,
          };
          return [row.user.id, facts];
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
      return userEvents.around(trx, userId, null, () =>
        recordVerifiedIdentity(trx, crypto, partnerId, userId, identity, now),
      );
    },
    registeredIdentity: (partnerId: number, userId: number) => registeredIdentity(db, crypto, partnerId, userId),
  };
}

export type Employees = ReturnType<typeof createEmployees>;
