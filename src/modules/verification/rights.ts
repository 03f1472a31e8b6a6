/** The verification module's part of the person's rights: their sessions, exported and erased. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { deleteSessionsOfUser, sessionsForExport } from './rights.repository.js';

export function createSessionRights({ db, crypto }: { db: Kysely<Database>; crypto: FieldCrypto }) {
  return {
    /** Every session of the person: provider, status, dates and reason; no token, binding or provider state. */
    exportOf: (userId: number) => sessionsForExport(db, crypto, userId),
    /** Removes the person's sessions with what providers reported on them (claims, document references). */
    erase: (trx: Transaction<Database>, userId: number) => deleteSessionsOfUser(trx, userId),
  };
}

export type SessionRights = ReturnType<typeof createSessionRights>;
