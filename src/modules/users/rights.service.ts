/**
 * The users module's part of the person's rights (docs/data-protection.md, "Export and erasure"):
 * what is stored about the person and each partner's link, and their removal. Called by the
 * privacy module, which holds the transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, PartnerUserRow, UserRow } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import * as rights from './rights.repository.js';
import { lockUser, findUserById } from './users.repository.js';

/** The person as stored, and every link with what its partner entered. */
export interface PersonRecord {
  user: UserRow;
  links: PartnerUserRow[];
  approvals: Array<{ partner_id: number; terms_code: string; approved_at: string }>;
}

export function createPersonRights({ db, crypto }: { db: Kysely<Database>; crypto: FieldCrypto }) {
  return {
    /** Everything the users module stores about the person; null when there is no such person. */
    async record(userId: number): Promise<PersonRecord | null> {
      const user = await findUserById(db, userId);
      if (!user) return null;
      const [links, approvals] = await Promise.all([
        rights.allLinksOf(db, crypto, userId),
        rights.approvalsOf(db, userId),
      ]);
      return { user, links, approvals };
    },

    /**
     * The person, locked until the transaction ends: payouts lock their people first too
     * (`paymentFacts`), so no payout is created for them while they are being erased.
     */
    lock: (trx: Transaction<Database>, userId: number): Promise<UserRow | undefined> => lockUser(trx, userId),

    /** The partners linked to the person (those that hear of the erasure), in id order. */
    linkedPartners: (trx: Transaction<Database>, userId: number): Promise<number[]> =>
      rights.linkedPartnerIds(trx, userId),

    /** Removes every link and the person's own data; the row stays, marked erased, for the payouts that name it. */
    erase: (trx: Transaction<Database>, userId: number, now: string): Promise<void> =>
      rights.eraseUser(trx, userId, now),
  };
}

export type PersonRights = ReturnType<typeof createPersonRights>;
