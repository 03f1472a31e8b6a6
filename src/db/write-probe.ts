/**
 * A database out of storage (a full disk, a failing one) still answers reads, so `select 1` says
 * nothing about it. Once a write has failed that way, readiness asks for a write that works
 * (`probeWrite`) until one does.
 */
import { randomBytes } from 'node:crypto';
import type { Generated, Kysely } from 'kysely';

/**
 * True for a write refused for want of storage: SQLite FULL (the disk, or max_page_count) and
 * IOERR (the disk failed a read or write, as a full one does under the WAL or its index), and
 * PostgreSQL 53100 disk_full.
 */
export function isOutOfStorage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR') || code === '53100';
}

/** The probe's table, kept out of `Database`: no module reads it. */
interface ProbeTables {
  write_probe: { id: Generated<number>; filler: string };
}

/** Larger than a page of either engine, so the probe needs room the file does not have yet. */
const PROBE_BYTES = 8_192;

/**
 * Inserts a row of a few pages and deletes it, each committed on its own: it succeeds only if the
 * database can store new data now. Rows from probes cut short are deleted by the next one.
 */
async function probeWrite(executor: Pick<Kysely<object>, 'getExecutor'>): Promise<void> {
  const db = executor as unknown as Kysely<ProbeTables>;
  const filler = randomBytes(PROBE_BYTES / 2).toString('hex');
  await db.insertInto('write_probe').values({ filler }).execute();
  await db.deleteFrom('write_probe').execute();
}

/** Whether the database may be out of storage: seen by the drivers, cleared by a write that works. */
export class StorageWatch {
  #failures = 0;
  #cleared = 0;

  /** Called with every failed statement. */
  saw(error: unknown): void {
    if (isOutOfStorage(error)) this.#failures += 1;
  }

  /** Nothing while no write has failed for want of storage; after one, throws until a probe write works. */
  async check(db: Pick<Kysely<object>, 'getExecutor'>): Promise<void> {
    if (this.#failures === this.#cleared) return;
    // A write failing while the probe runs keeps the check probing.
    const upTo = this.#failures;
    await probeWrite(db);
    this.#cleared = Math.max(this.#cleared, upTo);
  }
}
