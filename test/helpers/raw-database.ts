/**
 * What a copy of the database's files would give away: the SQLite file and its write-ahead log as
 * bytes, or `pg_dump --data-only` of a PostgreSQL database. Tests of erasure look for values in it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { TestDatabase } from './engine.js';

export async function rawDatabaseText(database: TestDatabase): Promise<string> {
  if (database.url.startsWith('sqlite:')) {
    const file = database.url.slice('sqlite:'.length);
    const parts = [await readFile(file)];
    if (existsSync(`${file}-wal`)) parts.push(await readFile(`${file}-wal`));
    return Buffer.concat(parts).toString('latin1');
  }
  return new Promise((resolve, reject) => {
    execFile('pg_dump', ['--data-only', database.url], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}
