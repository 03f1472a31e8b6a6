/**
 * SQLite through better-sqlite3 without blocking the event loop on another process's lock.
 *
 * better-sqlite3 is synchronous: with a busy_timeout, SQLite sleeps inside the call and the whole
 * process (health checks, reads, every other request) stops while another process (the operator
 * command line, a second instance) holds the write lock. So the connection has no busy timeout.
 * A statement refused with SQLITE_BUSY outside a transaction hands the connection back, waits on a
 * timer with backoff and tries again until its deadline, then throws DatabaseBusyError.
 *
 * Writing transactions begin IMMEDIATE: they take the write lock at BEGIN, where waiting is safe,
 * instead of starting as readers and failing at once when their first write finds the lock taken.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  createQueryId,
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import { refuseInsideTransaction } from './transaction-guard.js';
import type { StorageWatch } from './write-probe.js';

/**
 * Kysely's SQLite compiler with each parameter written `+?` instead of `?`, so that a prepared
 * statement stays compiled. SQLite 3.54 expires a statement each time a parameter its planner
 * looked at is bound (a LIMIT; a column compared in a join, or ahead of an ORDER BY … LIMIT), even
 * to the same value, and compiles it again on the next step; better-sqlite3 then builds a new row
 * constructor as well. Every list request paid that (a page of 25 employees: 300 against 125 µs
 * for the statement; docs/performance.md, "Statements compiled once"). The unary plus is a no-op
 * (the same value and type, and no affinity, as a bare parameter) that the planner does not look
 * through; an index still serves `column = +?` and ranges. Two index uses need the value itself
 * and are lost: `column LIKE +?` (the LIKE prefix optimization) and a partial index whose WHERE the
 * query matches with a parameter. Write such values with `sql.lit` (no query does either today).
 * Text written directly (insertRows) keeps `?`.
 */
export class StableParameterCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

/** A write that waited for SQLite's write lock longer than its deadline. */
export class DatabaseBusyError extends Error {
  readonly code = 'SQLITE_BUSY';

  constructor(waitedMs: number, options?: { cause?: unknown }) {
    super(`database is locked by another connection (waited ${waitedMs} ms)`, options);
    this.name = 'DatabaseBusyError';
  }
}

/** The one better-sqlite3 connection of a process and what every Kysely instance over it shares. */
export interface SqliteHandle {
  readonly sqlite: SQLite.Database;
  /** The connection's prepare(), through the statement cache. */
  readonly statements: SqliteDatabase;
  readonly mutex: ConnectionMutex;
  /** Statements now waiting for another connection's lock. */
  waiting: number;
  /** Sees every failed statement: a full disk keeps readiness false until a write works. */
  readonly storage: StorageWatch;
}

export interface BusyWaitOptions {
  /** How long a statement may wait for the lock before DatabaseBusyError. */
  deadlineMs: number;
  /** Milliseconds from any fixed origin; the deadline is measured with it. */
  now: () => number;
}

/** Waits between attempts: short at first (most locks are held for a few milliseconds), then capped. */
export function busyBackoffMs(attempt: number): number {
  return Math.min(2 ** attempt, 50);
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** Kysely's single-connection mutex, with the hand-back the busy wait needs. */
export class ConnectionMutex {
  #promise: Promise<void> | undefined;
  #resolve: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#promise) await this.#promise;
    this.#promise = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  unlock(): void {
    const resolve = this.#resolve;
    this.#promise = undefined;
    this.#resolve = undefined;
    resolve?.();
  }
}

class BusyWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly handle: SqliteHandle,
    private readonly wait: BusyWaitOptions,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    let started: number | null = null;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return this.run<R>(compiled);
        } catch (error) {
          this.handle.storage.saw(error);
          // Inside a transaction the caller holds the lock it needs (BEGIN IMMEDIATE); a busy
          // statement there cannot be retried alone, so it fails like any other error.
          if (!isBusy(error) || this.handle.sqlite.inTransaction) throw error;
          const now = this.wait.now();
          if (started === null) {
            started = now;
            this.handle.waiting += 1;
          }
          if (now - started >= this.wait.deadlineMs)
            throw new DatabaseBusyError(Math.round(now - started), { cause: error });
          await this.pause(busyBackoffMs(attempt));
        }
      }
    } finally {
      if (started !== null) this.handle.waiting -= 1;
    }
  }

  /** Lets other queries of this process use the connection while this one waits. */
  private async pause(ms: number): Promise<void> {
    this.handle.mutex.unlock();
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      await this.handle.mutex.lock();
    }
  }

  private run<R>(compiled: CompiledQuery): QueryResult<R> {
    const statement = this.handle.statements.prepare(compiled.sql);
    if (statement.reader) return { rows: statement.all(compiled.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(compiled.parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.handle.statements.prepare(compiled.sql);
    for (const row of statement.iterate(compiled.parameters)) yield { rows: [row as R] };
  }
}

class BusyWaitingDriver implements Driver {
  readonly #connection: BusyWaitingConnection;

  constructor(
    private readonly handle: SqliteHandle,
    wait: BusyWaitOptions,
    private readonly ownsHandle: boolean,
  ) {
    this.#connection = new BusyWaitingConnection(handle, wait);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // Inside a transaction the one connection is the transaction's: waiting for it never ends.
    refuseInsideTransaction();
    await this.handle.mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // A transaction declared read-only takes no write lock, so it never waits for one.
    await connection.executeQuery(
      CompiledQuery.raw(settings.accessMode === 'read only' ? 'begin deferred' : 'begin immediate'),
    );
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // SQLite rolls a transaction back by itself after some errors (SQLITE_FULL, SQLITE_IOERR,
    // SQLITE_NOMEM); a ROLLBACK then fails with "no transaction is active" and the caller would
    // see that instead of the error that matters.
    if (!this.handle.sqlite.inTransaction) return;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(sql`savepoint ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(sql`rollback to ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(sql`release ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async releaseConnection(): Promise<void> {
    this.handle.mutex.unlock();
  }

  async destroy(): Promise<void> {
    if (this.ownsHandle && this.handle.sqlite.open) this.handle.sqlite.close();
  }
}

/**
 * SQLite's DDL is transactional, which Kysely's SQLite adapter does not claim: claiming it makes
 * the migrator run every pending migration in one transaction. Begun IMMEDIATE, that transaction
 * is also the lock that keeps two processes from migrating at once (the adapter has none).
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** A Kysely dialect over a shared handle; only the owning dialect's Kysely closes the connection. */
export class BusyWaitingSqliteDialect implements Dialect {
  constructor(
    private readonly handle: SqliteHandle,
    private readonly wait: BusyWaitOptions,
    private readonly ownsHandle = true,
  ) {}

  createDriver(): Driver {
    return new BusyWaitingDriver(this.handle, this.wait, this.ownsHandle);
  }

  createQueryCompiler(): QueryCompiler {
    return new StableParameterCompiler();
  }

  createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
