import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Clock } from '../clock.js';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseConfig, type DatabaseTimeouts } from '../config.js';
import type { Database } from './database.js';
import { engineOf, MAX_CACHED_SQL_LENGTH, type Engine } from './dialect.js';
import { createPool, discardingSpoiledClients } from './postgres-pool.js';
import { BusyWaitingSqliteDialect, ConnectionMutex, type SqliteHandle } from './sqlite-driver.js';
import { GuardedKysely } from './transaction-guard.js';
import { StorageWatch } from './write-probe.js';

// int8 (bigint, count(*)) arrives as a string by default; our values stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface Db {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /**
   * Readiness (/readyz): a cheap query; after a write failed for want of storage (a full disk), a
   * probe write until one works, so the instance stays out of the load balancer meanwhile.
   */
  ping(): Promise<void>;
  /**
   * For in-process caches of rows other processes write (credentials, current terms): a number
   * that changes whenever another process may have changed them. SQLite: any commit by another
   * connection (the operator command line, another instance on the host). PostgreSQL: any
   * announceChange() by another process, heard over LISTEN. Null while that cannot be known (the
   * PostgreSQL listener is not connected): then nothing may be served from such a cache.
   */
  changeEpoch(): number | null;
  /** Statements now waiting for another process's SQLite write lock (always 0 on PostgreSQL). */
  lockWaits(): number;
  /**
   * Runs migrations on an executor fit for them: on PostgreSQL a connection of its own without the
   * statement timeouts (an index on a big table may take minutes, and another instance may hold
   * the migration lock that long); on SQLite the same connection, waiting up to
   * MIGRATION_LOCK_WAIT_MS for another process's migration.
   */
  forMigrations<T>(work: (db: Kysely<unknown>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  timeouts?: DatabaseTimeouts;
  /** Measures how long a SQLite write has waited for the lock (tests move it); monotonic by default. */
  clock?: Clock;
}

/** How long a migration waits for another process's migration on SQLite. */
export const MIGRATION_LOCK_WAIT_MS = 60_000;

/** Distinct statements kept prepared per SQLite connection; the service issues a few dozen shapes. */
export const STATEMENT_CACHE_SIZE = 500;
/** Longer SQL (multi-row inserts, long IN lists) varies with the row count and is rarely reused. */
export { MAX_CACHED_SQL_LENGTH };

/**
 * Kysely asks better-sqlite3 to prepare every statement it runs; parsing and planning a join of
 * thirty columns costs several times what running it does. Keep prepared statements by SQL text
 * (least recently used out first). A statement still being iterated (a stream) is never handed out
 * twice: the caller gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      if (sqlText.length > MAX_CACHED_SQL_LENGTH) return sqlite.prepare(sqlText);
      const cached = cache.get(sqlText);
      if (cached) {
        if (cached.busy) return sqlite.prepare(sqlText);
        cache.delete(sqlText);
        cache.set(sqlText, cached);
        return cached;
      }
      const statement = sqlite.prepare(sqlText);
      cache.set(sqlText, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

/** How stale the SQLite change epoch may be (monotonic milliseconds). */
export const EPOCH_REFRESH_MS = 1;

/** The channel announceChange() notifies and every PostgreSQL-backed service listens on. */
export const CHANGES_CHANNEL = 'onpay_changes';

/**
 * Tells other processes that rows they may cache changed (a token was revoked, terms were
 * published). Call it inside the writing transaction: PostgreSQL delivers the notification when
 * that transaction commits. SQLite needs nothing: its data_version sees every commit.
 */
export async function announceChange(executor: Kysely<Database>): Promise<void> {
  if (engineOf(executor as unknown as Kysely<unknown>) === 'postgres')
    await sql`select pg_notify(${CHANGES_CHANNEL}, '')`.execute(executor);
}

/**
 * One connection that LISTENs for announceChange(): each notification moves the epoch on. Opened
 * on first use (command-line runs never ask), reconnected after a loss; while it is not listening
 * the epoch is null, so caches are bypassed rather than trusted blindly.
 */
function createChangeListener(
  connectionString: string,
  connectMs: number,
): { epoch(): number | null; close(): Promise<void> } {
  let client: pg.Client | null = null;
  let epoch = 0;
  let connecting = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  function lost(lostClient: pg.Client): void {
    if (client !== null && client !== lostClient) return;
    client = null;
    lostClient.end().catch(() => undefined);
    if (!closed && retry === null) {
      retry = setTimeout(() => {
        retry = null;
        start();
      }, 1000);
      retry.unref();
    }
  }

  function start(): void {
    if (closed || connecting || client !== null) return;
    connecting = true;
    const candidate = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs, keepAlive: true });
    candidate.on('notification', () => {
      epoch += 1;
    });
    candidate.on('error', () => lost(candidate));
    candidate.on('end', () => lost(candidate));
    candidate
      .connect()
      .then(() => candidate.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(
        async () => {
          connecting = false;
          if (closed) return void (await candidate.end().catch(() => undefined));
          // Anything may have changed while nobody listened.
          epoch += 1;
          client = candidate;
        },
        () => {
          connecting = false;
          lost(candidate);
        },
      );
  }

  return {
    epoch() {
      if (client !== null) return epoch;
      start();
      return null;
    },
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * Refuses a SQLite file this process may not write, before SQLite opens it: SQLite would open it
 * read-only without a word, and the first write (often a client's request) would fail. The file,
 * its WAL and shared-memory files and its directory (where SQLite creates those) must be writable.
 */
function checkWritable(file: string): void {
  const resolved = path.resolve(file);
  for (const candidate of [resolved, `${resolved}-wal`, `${resolved}-shm`, path.dirname(resolved)]) {
    try {
      fs.accessSync(candidate, fs.constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && candidate !== path.dirname(resolved)) continue;
      throw new Error(
        `${candidate} is read-only for this process (${code}): the service writes the SQLite file, its -wal and -shm files and their directory`,
        { cause: error },
      );
    }
  }
}

export function createDb(config: DatabaseConfig, options: DbOptions = {}): Db {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  if (config.engine === 'sqlite') {
    if (config.path !== ':memory:') {
      fs.mkdirSync(path.dirname(path.resolve(config.path)), { recursive: true });
      checkWritable(config.path);
    }
    const sqlite = new SQLite(config.path);
    // Opening may wait for the lock in SQLite itself (switching a new file to WAL takes it):
    // nothing is being served yet. From then on a wait never blocks the process (sqlite-driver.ts).
    sqlite.pragma(`busy_timeout = ${timeouts.busyMs}`);
    if (config.path !== ':memory:') sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    // Deleted and overwritten content is zeroed, not left in freed pages and cells where a copy of
    // the file would still show it (docs/data-protection.md); set before the first migration runs.
    sqlite.pragma('secure_delete = ON');
    sqlite.pragma('busy_timeout = 0');
    const handle: SqliteHandle = {
      sqlite,
      statements: withStatementCache(sqlite),
      mutex: new ConnectionMutex(),
      waiting: 0,
      storage: new StorageWatch(),
    };
    const clock = options.clock;
    const now = clock ? () => clock.now().getTime() : () => performance.now();
    const db = new GuardedKysely<Database>({
      dialect: new BusyWaitingSqliteDialect(handle, { deadlineMs: timeouts.busyMs, now }),
    });
    // SQLite's own counter of commits by other connections: exact, and a few microseconds to
    // read, which on the hot path (credentials, terms) is paid twice per request; so it is read
    // at most once per EPOCH_REFRESH_MS and a commit elsewhere is seen within a millisecond.
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    let epoch = 0;
    let epochReadAt = Number.NEGATIVE_INFINITY;
    const changeEpoch = () => {
      const now = performance.now();
      if (now - epochReadAt >= EPOCH_REFRESH_MS) {
        epoch = dataVersion.get() as number;
        epochReadAt = now;
      }
      return epoch;
    };
    return {
      db,
      engine: 'sqlite',
      async ping() {
        sqlite.prepare('select 1').get();
        await handle.storage.check(db);
      },
      changeEpoch,
      lockWaits: () => handle.waiting,
      async forMigrations(work) {
        const wait = { deadlineMs: Math.max(MIGRATION_LOCK_WAIT_MS, timeouts.busyMs), now };
        return work(new Kysely<unknown>({ dialect: new BusyWaitingSqliteDialect(handle, wait, false) }));
      },
      close: () => db.destroy(),
    };
  }
  const pool = createPool(config.url, timeouts, { max: 10, statementTimeouts: true });
  const storage = new StorageWatch();
  const kyselyPool = discardingSpoiledClients(pool, { storage, prepared: config.preparedStatements ?? true });
  const db = new GuardedKysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool }) });
  const changes = createChangeListener(config.url, timeouts.connectMs);
  return {
    db,
    engine: 'postgres',
    async ping() {
      // Through the pool as the requests use it (waiting for a free connection like them).
      await sql`select 1`.execute(db);
      await storage.check(db);
    },
    changeEpoch: () => changes.epoch(),
    lockWaits: () => 0,
    async forMigrations(work) {
      const migrationDb = new Kysely<unknown>({
        dialect: new PostgresDialect({
          pool: discardingSpoiledClients(createPool(config.url, timeouts, { max: 1, statementTimeouts: false })),
        }),
      });
      try {
        return await work(migrationDb);
      } finally {
        await migrationDb.destroy();
      }
    },
    async close() {
      await changes.close();
      await db.destroy();
      await kyselyPool.end();
    },
  };
}
