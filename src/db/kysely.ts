import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './database.js';
import type { Engine } from './dialect.js';

// int8 (bigint, count(*)) arrives as a string by default; our values stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface Db {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** Cheap liveness query for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createDb(config: DatabaseConfig): Db {
  if (config.engine === 'sqlite') {
    if (config.path !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(config.path)), { recursive: true });
    const sqlite = new SQLite(config.path);
    if (config.path !== ':memory:') sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return {
      db,
      engine: 'sqlite',
      async ping() {
        sqlite.prepare('select 1').get();
      },
      close: () => db.destroy(),
    };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    close: () => db.destroy(),
  };
}
