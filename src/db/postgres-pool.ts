/**
 * The PostgreSQL pool and its timeouts. A database that stops answering (frozen, a network that
 * drops packets) must cost a request a bounded wait, never the whole outage: the server cancels a
 * slow statement (statement_timeout), the client gives up on an answer that does not come
 * (query_timeout), and waiting for a connection is bounded (connectionTimeoutMillis).
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config.js';
import { isPreparedStatementRefusal, preparedNameOf } from './prepared-statements.js';
import { refuseInsideTransaction } from './transaction-guard.js';
import type { StorageWatch } from './write-probe.js';

/** node-postgres's error when query_timeout passes: it has no code, only this text. */
const CLIENT_QUERY_TIMEOUT = 'Query read timeout';

export function isClientQueryTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === CLIENT_QUERY_TIMEOUT;
}

export interface PoolOptions {
  max: number;
  /** False for migrations: they may run long and wait for another instance's migration lock. */
  statementTimeouts: boolean;
}

export function createPool(url: string, timeouts: DatabaseTimeouts, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: timeouts.connectMs,
    ...(options.statementTimeouts ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.queryMs } : {}),
    // A peer that vanished without closing the connection is noticed by an idle client too.
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Whether a failed query leaves its connection unfit for reuse: anything but an ordinary SQL error
 * (a constraint, a cancelled statement) on a live session. A client-side timeout leaves the
 * connection waiting for an answer that did not come; a FATAL error or a socket error means the
 * server side is gone, though the pool may not have noticed yet.
 */
function spoilsConnection(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  return error.severity === 'FATAL' || error.severity === 'PANIC';
}

/** SQLSTATE 53300: the server refused a connection (max_connections, a role's or database's CONNECTION LIMIT). */
function isTooManyConnections(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '53300';
}

/**
 * After the server refused the pool one more connection, how long the pool keeps to the
 * connections it has before trying to open another (the limit may have been raised, other
 * processes may have closed theirs). A try costs one refused connection, nothing more.
 */
export const CONNECTION_LIMIT_RECHECK_MS = 1_000;

/**
 * The pool as Kysely sees it, with two differences. A client whose query failed in a way that
 * spoils its connection (a client-side timeout, a terminated backend, a lost socket) refuses
 * further queries at once and is discarded when released: reused, it would make the next request
 * (the transaction's ROLLBACK first) wait out another timeout or fail on a dead connection. And
 * when the server refuses another connection (53300) while the pool holds some, the pool stops
 * growing and the request waits for one of them (within the connect timeout), as it would at the
 * pool's own size, instead of failing.
 */
export interface PoolWrapOptions {
  storage?: StorageWatch;
  /**
   * Run the statements marked in src/db/prepared-statements.ts as named prepared statements when
   * outside a transaction. Off unless asked; the service asks as DATABASE_PREPARED_STATEMENTS says
   * (on by default: src/config.ts).
   */
  prepared?: boolean;
}

export function discardingSpoiledClients(pool: pg.Pool, options: PoolWrapOptions = {}): PostgresPool {
  const { storage, prepared = false } = options;
  // One wrapper per pooled client, so Kysely keeps recognising the connection it wrapped before.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const size = pool.options.max;
  let limitedUntil: number | null = null;

  async function checkOut(): Promise<pg.PoolClient> {
    if (limitedUntil !== null && performance.now() >= limitedUntil) {
      limitedUntil = null;
      pool.options.max = size;
    }
    const deadline = performance.now() + (pool.options.connectionTimeoutMillis ?? 0);
    for (;;) {
      try {
        return await pool.connect();
      } catch (error) {
        if (!isTooManyConnections(error) || pool.totalCount === 0 || performance.now() >= deadline) throw error;
        // pg-pool opens a client only below its max: at the number it holds, a request waits for
        // one of them to be released (or for the connect timeout).
        pool.options.max = pool.totalCount;
        limitedUntil = performance.now() + CONNECTION_LIMIT_RECHECK_MS;
      }
    }
  }

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    let failed: Error | null = null;
    // pg-pool listens for a client's 'error' only while the client is idle. Checked out, a client
    // whose session ends (a terminated backend, idle_in_transaction_session_timeout, a server
    // shutting down, a reset socket), even between two statements of a transaction, emits 'error'
    // with nobody listening, and an unheard 'error' ends the process. Kept here instead: the next
    // query on the client fails with it (an outage: 503) and the release discards the client.
    client.on('error', (error: Error) => {
      failed ??= error;
    });
    // Between Kysely's `begin` and its `commit` or `rollback`: statements run unnamed there (a
    // refused name would abort the transaction, where running it again is no longer possible).
    let inTransaction = false;
    // The server session's prepared statements no longer match what the client believes it
    // prepared: the client is closed at release, and a fresh connection prepares anew.
    let stale: Error | null = null;

    function run(text: string, parameters: readonly unknown[]): Promise<pg.QueryResult> {
      const name = prepared && !inTransaction ? preparedNameOf(text) : undefined;
      if (name === undefined) return client.query(text, parameters as unknown[]);
      return client.query({ name, text, values: parameters as unknown[] }).catch((error: unknown) => {
        if (!isPreparedStatementRefusal(error)) throw error;
        stale ??= error as Error;
        return client.query(text, parameters as unknown[]);
      });
    }

    const guarded = {
      query(text: string, parameters: readonly unknown[]) {
        if (failed) return Promise.reject(failed);
        if (text === 'begin' || text.startsWith('start transaction')) inTransaction = true;
        else if (text === 'commit' || text === 'rollback') inTransaction = false;
        return run(text, parameters).catch((error: unknown) => {
          storage?.saw(error);
          if (spoilsConnection(error)) failed = error as Error;
          throw error;
        });
      },
      release() {
        inTransaction = false;
        // With an error, the pool closes the client instead of keeping it.
        client.release(failed ?? stale ?? undefined);
      },
    };
    return guarded as unknown as PostgresPoolClient;
  }

  return {
    async connect() {
      // Inside a transaction, another connection would run outside it.
      refuseInsideTransaction();
      const client = await checkOut();
      let guarded = wrappers.get(client);
      if (!guarded) {
        guarded = wrap(client);
        wrappers.set(client, guarded);
      }
      return guarded;
    },
    // Idempotent: Kysely ends the pool only if it ran a query, so Db.close() ends it too.
    end: () => (pool.ending ? Promise.resolve() : pool.end()),
  };
}
