/**
 * After an erasure, SQLite's write-ahead log is checkpointed into the database file and truncated
 * (src/db/erasure.ts), retried while a reader holds an older snapshot, as a running service's
 * requests do; on PostgreSQL there is nothing to do.
 */
import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { flushErasedPages } from '../../src/db/erasure.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

describe(`flushing an erasure (${testEngine})`, () => {
  let database: TestDatabase;
  let writer: Db;
  let reader: Db;
  const wal = () => `${database.url.slice('sqlite:'.length)}-wal`;
  const walSize = () => (existsSync(wal()) ? statSync(wal()).size : 0);
  const write = (name: string) =>
    writer.db
      .insertInto('settings')
      .values({ name, value: 'x'.repeat(2000) })
      .execute();

  beforeAll(async () => {
    database = await scratchDatabase('onpay-flush');
    writer = createDb(parseDatabaseUrl(database.url));
    await migrateToLatest(writer.db);
    reader = createDb(parseDatabaseUrl(database.url));
  });
  afterAll(async () => {
    await reader?.close();
    await writer?.close();
    await database?.drop();
  });

  it.runIf(testEngine === 'sqlite')('empties the write-ahead log at once when nobody reads', async () => {
    await write('flush-1');
    expect(walSize()).toBeGreaterThan(0);
    expect(await flushErasedPages(writer.db)).toBe(1);
    expect(walSize()).toBe(0);
  });

  it.runIf(testEngine === 'sqlite')(
    'retries while a reader holds an older snapshot, and completes once it is gone',
    async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let snapshotTaken!: () => void;
      const taken = new Promise<void>((resolve) => (snapshotTaken = resolve));
      // A reader's transaction: its snapshot predates the write below, so the log cannot be truncated under it.
      const reading = reader.db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await trx.selectFrom('settings').selectAll().execute();
          snapshotTaken();
          await released;
        });
      await taken;
      await write('flush-2');
      const busy: number[] = [];
      const attempts = await flushErasedPages(writer.db, {
        wait: async () => undefined,
        onBusy: async (attempt) => {
          busy.push(attempt);
          if (attempt === 2) {
            release();
            await reading;
          }
        },
      });
      expect(busy).toEqual([1, 2]);
      expect(attempts).toBe(3);
      expect(walSize()).toBe(0);
    },
  );

  it.runIf(testEngine === 'postgres')('has nothing to do on PostgreSQL', async () => {
    expect(await flushErasedPages(writer.db)).toBe(0);
  });
});
