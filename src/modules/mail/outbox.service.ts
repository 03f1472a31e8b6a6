import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import * as repo from './mail.repository.js';

/** The outbox as the console sees it. */
export function createOutbox({ db }: { db: Kysely<Database> }) {
  return {
    counts: () => repo.outboxCounts(db),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
