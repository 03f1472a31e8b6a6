/**
 * SQLite zeroes what is deleted or overwritten (`secure_delete`, set on every connection the
 * service opens in src/db/kysely.ts): after a checkpoint the raw file and its WAL hold no copy of
 * a value that was updated away or deleted. PostgreSQL has no such setting (docs/data-protection.md).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSetting, readSetting, writeSetting } from '../../src/platform/settings.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import type { TestDatabase } from '../helpers/engine.js';
import { testEngine } from '../helpers/engine.js';
import { sharedDatabase } from '../helpers/login-links.js';
import { rawSqliteBytes } from '../helpers/raw-sqlite.js';

const distinctive = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

describe.runIf(testEngine === 'sqlite')('SQLite secure_delete', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await sharedDatabase();
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('is on for the connection the service (and its migrations) use', async () => {
    const { rows } = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(t.db.db);
    expect(rows).toEqual([{ secure_delete: 1 }]);
  });

  it('leaves no copy of an overwritten or deleted value in the file or its WAL', async () => {
    const overwritten = distinctive('overwritten');
    const deleted = distinctive('deleted');
    const kept = distinctive('kept');
    await writeSetting(t.db.db, 'secure-delete-test-a', overwritten);
    await insertSetting(t.db.db, 'secure-delete-test-b', deleted);
    // Both are in the database (the WAL) before they go: the scan would find them.
    expect(rawSqliteBytes(database.url)).toContain(overwritten);
    expect(rawSqliteBytes(database.url)).toContain(deleted);

    await writeSetting(t.db.db, 'secure-delete-test-a', kept);
    await t.db.db.deleteFrom('settings').where('name', '=', 'secure-delete-test-b').execute();
    expect(await readSetting(t.db.db, 'secure-delete-test-a')).toBe(kept);

    const raw = rawSqliteBytes(database.url);
    expect(raw).toContain(kept);
    expect(raw).not.toContain(overwritten);
    expect(raw).not.toContain(deleted);
  });
});
