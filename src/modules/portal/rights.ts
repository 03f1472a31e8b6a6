/** The portal module's part of the person's rights: their sessions, exported (without secrets) and erased. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { deleteSessionsOfUser, sessionsForExport } from './rights.repository.js';

export function createPortalRights({ db }: { db: Kysely<Database> }) {
  return {
    exportOf: (userId: number) => sessionsForExport(db, userId),
    erase: (trx: Transaction<Database>, userId: number) => deleteSessionsOfUser(trx, userId),
  };
}

export type PortalRights = ReturnType<typeof createPortalRights>;
