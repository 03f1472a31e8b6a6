/** The login-links module's part of the person's rights: their links, exported (without secrets) and erased. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { deleteLinksOfUser, linksForExport } from './rights.repository.js';

export function createLoginLinkRights({ db }: { db: Kysely<Database> }) {
  return {
    exportOf: (userId: number) => linksForExport(db, userId),
    erase: (trx: Transaction<Database>, userId: number) => deleteLinksOfUser(trx, userId),
  };
}

export type LoginLinkRights = ReturnType<typeof createLoginLinkRights>;
