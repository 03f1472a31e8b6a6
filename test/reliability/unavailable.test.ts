/**
 * Which errors count as "the database is unavailable just now" (503, a warning) and which stay
 * what they are (a 4xx from the service, or 500 for a bug). Real driver errors where they are
 * cheap to cause; PostgreSQL server states by their SQLSTATE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../../src/db/sqlite-driver.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { AppError } from '../../src/errors.js';
import { freePort } from '../helpers/net.js';

function postgresError(code: string, severity = 'ERROR'): pg.DatabaseError {
  const error = new pg.DatabaseError(`server said ${code}`, 0, 'error');
  error.code = code;
  error.severity = severity;
  return error;
}

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('database unavailable: classification', () => {
  it('counts a refused PostgreSQL connection (a real one)', async () => {
    const port = await freePort();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    expect(isDatabaseUnavailable(await caught(() => client.connect()))).toBe(true);
  });

  it('counts a pool whose connect timed out (a real one: a server that accepts and never answers)', async () => {
    const net = await import('node:net');
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${(silent.address() as { port: number }).port}/postgres`,
      connectionTimeoutMillis: 50,
    });
    try {
      expect(isDatabaseUnavailable(await caught(() => pool.query('select 1')))).toBe(true);
    } finally {
      await pool.end();
      silent.close();
    }
  });

  it('counts SQLite busy (a real one) and a busy wait past its deadline', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'onpay-busy-'));
    const file = path.join(dir, 'db.sqlite');
    const holder = new SQLite(file);
    const other = new SQLite(file);
    try {
      holder.pragma('journal_mode = WAL');
      holder.exec('create table t (x integer)');
      other.pragma('busy_timeout = 0');
      holder.exec('begin immediate');
      let busy: unknown;
      try {
        other.exec('insert into t values (1)');
      } catch (error) {
        busy = error;
      }
      expect(isDatabaseUnavailable(busy)).toBe(true);
      expect(isDatabaseUnavailable(new DatabaseBusyError(5000, { cause: busy }))).toBe(true);
    } finally {
      holder.close();
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['57P01', 'FATAL', 'admin shutdown'],
    ['57P02', 'FATAL', 'crash shutdown'],
    ['57P03', 'FATAL', 'cannot connect now'],
    ['57P04', 'FATAL', 'database dropped'],
    ['57P05', 'FATAL', 'idle session timeout'],
    ['25P03', 'FATAL', 'idle in transaction session timeout'],
    ['53300', 'FATAL', 'too many connections'],
    ['57014', 'ERROR', 'statement timeout'],
    ['55P03', 'ERROR', 'lock timeout'],
    ['08006', 'FATAL', 'connection failure'],
  ])('counts PostgreSQL %s (%s, %s)', (code, severity) => {
    expect(isDatabaseUnavailable(postgresError(code, severity))).toBe(true);
  });

  it.each([
    ['Query read timeout'],
    ['Connection terminated unexpectedly'],
    ['Connection terminated due to connection timeout'],
    ['timeout exceeded when trying to connect'],
    ['Client has encountered a connection error and is not queryable'],
  ])('counts node-postgres "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('counts a refused connection reported for several addresses at once', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
  });

  it.each([
    ['a unique violation', postgresError('23505')],
    ['a syntax error', postgresError('42601')],
    ['a SQLite constraint', Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' })],
    ['an AppError', new AppError('user_not_found')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    // An identity provider that is down is not the database (its cause is not looked into).
    [
      'a failed HTTP call',
      new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
    ],
    ['not an error', 'ECONNREFUSED'],
  ])('does not count %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
