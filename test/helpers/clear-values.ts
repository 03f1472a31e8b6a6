/**
 * Issue 23's scan of the raw database: every national identity number, document id, birth date,
 * bank account, IBAN, BIC, phone number and address a test sends through the API is remembered, and
 * when the test's app closes, the raw database (the SQLite file and its WAL, or `pg_dump` of the
 * PostgreSQL database) must hold none of them in clear (docs/data-protection.md). `buildTestApp`
 * runs the scan for the suites listed in SCANNED_SUITES.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/db/kysely.js';
import type { TestDatabase } from './engine.js';
import { rawDatabaseText } from './raw-database.js';
import { filesOf } from './raw-sqlite.js';

/** The request fields that carry the person's data that is stored encrypted. */
const SENSITIVE_FIELDS = new Set([
  'ssn',
  'identification',
  'document_id',
  'birthday',
  'bank_account_number',
  'bank_iban_number',
  'bank_bic_number',
  'phone',
  'address',
]);

/** The suites whose databases are scanned when their apps close: employees, payouts, webhooks and their neighbours. */
const SCANNED_SUITES = /[\\/]test[\\/](users|payouts|webhooks|verification|events|login-links|mail|bank)[\\/]/;

/** Values shorter than this are too common to mean anything (a one-digit house number). */
const MIN_LENGTH = 6;

export class ClearValueRecorder {
  readonly values = new Set<string>();

  /** Remembers the sensitive fields of a request payload (an object, or JSON text), at any depth. */
  record(payload: unknown): void {
    if (typeof payload === 'string') {
      try {
        this.record(JSON.parse(payload) as unknown);
      } catch {
        // Not JSON (a form, XML): nothing the API stores encrypted is sent that way.
      }
      return;
    }
    if (Array.isArray(payload)) {
      for (const item of payload) this.record(item);
      return;
    }
    if (payload === null || typeof payload !== 'object' || Buffer.isBuffer(payload)) return;
    for (const [key, value] of Object.entries(payload)) {
      if (SENSITIVE_FIELDS.has(key) && typeof value === 'string') {
        // A birth date of this century's test clock (2026-11-21, "born today") is every timestamp's
        // prefix too: only birth dates of people old enough to work mean anything in a scan.
        if (key === 'birthday' && !/^(19|200)\d/.test(value)) continue;
        this.add(value);
      } else this.record(value);
    }
  }

  private add(value: string): void {
    const trimmed = value.trim();
    // A length limit's filler ('ååå…' as an address and as a name) says nothing about a person,
    // and the name beside it is rightly in clear.
    if (new Set(trimmed).size <= 2) return;
    // As sent, and as the service stores it: an account or phone number without its separators.
    for (const form of [trimmed, trimmed.replace(/[\s.+-]/g, '')]) if (form.length >= MIN_LENGTH) this.values.add(form);
  }
}

/** Whether the current test file is one whose databases are scanned. */
export function scannedSuite(): boolean {
  const testPath = expect.getState().testPath ?? '';
  return SCANNED_SUITES.test(testPath);
}

/**
 * The database as a copy would give it away: its files (SQLite file and WAL) or `pg_dump`. An
 * in-memory SQLite database (most tests' own) has no file: its copy is written with `VACUUM INTO`
 * through the open connection `db`.
 */
async function rawText(database: TestDatabase, db: Db): Promise<string> {
  if (database.url !== 'sqlite::memory:') return rawDatabaseText(database);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'onpay-scan-'));
  try {
    const copy = path.join(dir, 'copy.db');
    await sql`vacuum into ${copy}`.execute(db.db);
    return filesOf(copy);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The recorded values found in clear in the raw database (`db` is the test's open connection to it), each once. */
export async function clearValuesIn(database: TestDatabase, db: Db, values: Iterable<string>): Promise<string[]> {
  const raw = await rawText(database, db);
  // The raw text is read byte by byte (latin1): look for each value's UTF-8 bytes the same way.
  return [...values].filter((value) => raw.includes(Buffer.from(value, 'utf8').toString('latin1')));
}
