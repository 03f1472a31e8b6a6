/**
 * What a copy of the database's files would give away: the SQLite file and its write-ahead log as
 * bytes, or `pg_dump --data-only` of a PostgreSQL database. Tests of erasure look for values in it.
 */
import { execFile } from 'node:child_process';
import type { TestDatabase } from './engine.js';
import { filesOf } from './raw-sqlite.js';

export async function rawDatabaseText(database: TestDatabase): Promise<string> {
  if (database.url.startsWith('sqlite:')) return filesOf(database.url.slice('sqlite:'.length));
  return new Promise((resolve, reject) => {
    execFile('pg_dump', ['--data-only', database.url], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}
