import fs from 'node:fs';
import SQLite from 'better-sqlite3';

/**
 * What a copy of a SQLite database would hold: the WAL written back into the file
 * (`wal_checkpoint(TRUNCATE)`, from a connection of the test's own), then the raw bytes of the file
 * and of whatever is left of its WAL, as one latin1 string to search. With `checkpoint: false`,
 * the two files as the service left them.
 */
export function rawSqliteBytes(url: string, { checkpoint = true }: { checkpoint?: boolean } = {}): string {
  const file = url.slice('sqlite:'.length);
  if (!checkpoint) return filesOf(file);
  const outside = new SQLite(file);
  try {
    const [result] = outside.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    if (result?.busy !== 0) throw new Error(`the checkpoint did not complete: ${JSON.stringify(result)}`);
  } finally {
    outside.close();
  }
  return filesOf(file);
}

/** The database file and its WAL as they are on disk now, as one latin1 string (what a file copy would take). */
export function filesOf(file: string): string {
  const wal = fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : Buffer.alloc(0);
  return Buffer.concat([fs.readFileSync(file), wal]).toString('latin1');
}
