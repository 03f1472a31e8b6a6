/**
 * What an erasure needs of the engine once it has committed (docs/data-protection.md, "Export
 * and erasure"). SQLite: the write-ahead log still holds the pages as they were written, the
 * person's data included, until a checkpoint copies them into the database file; TRUNCATE then
 * empties the log file. With `secure_delete` on, the database file's freed space is zeroed, so
 * afterwards neither file holds the erased values. PostgreSQL: updated and deleted rows stay as
 * dead tuples in the table files until VACUUM reuses the space; no query or dump sees them
 * (the docs say what that means for backups).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';
import { engineOf } from './dialect.js';

export interface FlushOptions {
  /** Give up after this long (the erasure itself has committed; running it again finishes the flush). */
  deadlineMs?: number;
  /** Called after an attempt that could not complete (readers still on an older snapshot); test seam. */
  onBusy?: (attempt: number) => void | Promise<void>;
  /** How to wait between attempts (tests pass one that does not sleep). */
  wait?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SQLite: checkpoints the write-ahead log into the database file and truncates it, retried until
 * it completes (a reader still on an older snapshot makes an attempt busy; the service's reads are
 * short). Returns the number of attempts; PostgreSQL: nothing to do (0).
 */
export async function flushErasedPages(db: Kysely<Database>, options: FlushOptions = {}): Promise<number> {
  if (engineOf(db) === 'postgres') return 0;
  const deadline = Date.now() + (options.deadlineMs ?? 120_000);
  const pause = options.wait ?? wait;
  for (let attempt = 1; ; attempt++) {
    let busy = true;
    try {
      const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      busy = Number(rows[0]?.busy ?? 0) !== 0;
    } catch (error) {
      // Another connection is writing: like a busy answer, try again.
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY') !== true) throw error;
    }
    if (!busy) return attempt;
    await options.onBusy?.(attempt);
    if (Date.now() > deadline)
      throw new Error(
        `the erasure is committed, but SQLite's write-ahead log could not be checkpointed within ${Math.round((options.deadlineMs ?? 120_000) / 1000)} s (a long read holds an older snapshot): run the same erase command again to finish`,
      );
    await pause(Math.min(1000, 20 * attempt));
  }
}
