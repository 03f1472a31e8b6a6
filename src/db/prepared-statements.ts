/**
 * PostgreSQL: the statements that run as named prepared statements (docs/performance.md,
 * "Prepared point reads on PostgreSQL"). Planning the point read's join costs the backend about
 * ten times what executing it does (0.45 ms against 0.05 ms of backend CPU); a named statement is
 * parsed and planned once per connection and then only bound and executed.
 *
 * Only fixed-shape statements are named: those built once by `reusableQuery` (their number is the
 * number of call sites, so every connection holds a small, bounded set). The name is a digest of
 * the SQL text, so every process and every release gives one text one name and two texts never
 * share one (a connection pooler that keeps prepared statements across clients sees consistent
 * names). The pool runs them by name only outside transactions (src/db/postgres-pool.ts), where a
 * statement refused because of its name can be run again unnamed.
 */
import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/** Marks a SQL text to run as a named prepared statement on PostgreSQL. */
export function markPrepared(sqlText: string): void {
  if (names.has(sqlText)) return;
  names.set(sqlText, `onpay_${createHash('sha256').update(sqlText).digest('hex').slice(0, 24)}`);
}

/** The statement's name when it is marked, else undefined. */
export function preparedNameOf(sqlText: string): string | undefined {
  return names.get(sqlText);
}

/**
 * SQLSTATEs a named statement can meet that its unnamed twin does not: 26000 (the server session
 * does not have it: a pooler moved the client to another server connection), 42P05 (the session
 * already has one of that name), 0A000 "cached plan must not change result type" (a migration
 * changed a column the statement returns while this connection kept the plan).
 */
export function isPreparedStatementRefusal(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === '26000' || code === '42P05') return true;
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}
