/**
 * Which errors mean "the database is not available just now" rather than "this request or this
 * code is wrong". The first kind is a passing outage: the client is told to retry (503), the log
 * records a warning. Everything engine- and driver-specific about telling them apart is here.
 */
import { isClientQueryTimeout } from './postgres-pool.js';
import { DatabaseBusyError } from './sqlite-driver.js';
import { isOutOfStorage } from './write-probe.js';

/** Socket-level failures reaching the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server or a session it ended: 57P01 admin shutdown
 * (pg_terminate_backend, a fast shutdown), 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up, in recovery), 57P04 database dropped, 57P05 idle_session_timeout, 25P03
 * idle_in_transaction_session_timeout, 57014 query cancelled (statement_timeout), 55P03 lock not
 * available (lock_timeout).
 */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '25P03', '57014', '55P03']);

/**
 * node-postgres reports a lost or unusable connection by text only. `Connection terminated`
 * covers "... unexpectedly" and "... due to connection timeout"; pg-pool's own wait for a client
 * is "timeout exceeded when trying to connect".
 */
const POSTGRES_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
];

function codeOf(error: object): unknown {
  return (error as { code?: unknown }).code;
}

function isUnavailableOne(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof DatabaseBusyError) return true;
  const code = codeOf(error);
  if (typeof code === 'string') {
    // SQLite busy or locked where no wait was possible (a statement inside a transaction).
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
    if (NETWORK_CODES.has(code)) return true;
    // Class 08: connection exception; class 53: insufficient resources (53300 too many connections).
    if (/^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || code.startsWith('53') || POSTGRES_STATES.has(code)))
      return true;
  }
  // A full disk: writes fail until space is freed, reads go on; readiness probes meanwhile.
  if (isOutOfStorage(error)) return true;
  if (isClientQueryTimeout(error)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && POSTGRES_CLIENT_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when the error is a database outage. Node reports a refused connection to a host with
 * several addresses as an AggregateError of the attempts; other wrappers are not looked into (a
 * failed HTTP call to an identity provider also carries ECONNREFUSED, as its cause).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isUnavailableOne(error)) return true;
  return error instanceof AggregateError && error.errors.some((inner) => isUnavailableOne(inner));
}
