/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * The retention migration (0021) on a database written by the previous schema: every mail queued
 * before it carried a 24-hour login link, so its body expires 24 hours after it was queued (one
 * older than that at the first housekeeping round); nothing is removed by the migration itself.
 * The migration reads the real time, so the rows are dated relative to it.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrations } from '../../src/db/migrations/index.js';
import { scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

const BEFORE = '2026-11-25-0018-bank-files';
const MIGRATION = '2026-11-25-0021-retention';
const HOUR = 60 * 60 * 1000;

describe(`the retention migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  const queued = {
    old: new Date(Date.now() - 48 * HOUR).toISOString(),
    recent: new Date(Date.now() - HOUR).toISOString(),
  };

  beforeAll(async () => {
    database = await scratchDatabase('onpay-retention');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo(BEFORE);
    if (before.error) throw before.error;
    for (const [key, createdAt] of Object.entries(queued)) {
      await db
        .insertInto('mail_outbox')
        .values({
          partner_id: null,
          to_address: `${key}@example.com`,
          subject: key,
          text_body: `the ${key} body`,
          html_body: `<p>the ${key} body</p>`,
          status: 'sent',
          next_attempt_at: createdAt,
          created_at: createdAt,
        })
        .execute();
    }
    const after = await migrator.migrateTo(MIGRATION);
    if (after.error) throw after.error;
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it("dates each earlier mail's body to the expiry of the link in it, and removes nothing itself", async () => {
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'body_expires_at', 'body_removed_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        subject: 'old',
        text_body: 'the old body',
        body_expires_at: queued.old,
        body_removed_at: null,
      },
      {
        subject: 'recent',
        text_body: 'the recent body',
        body_expires_at: new Date(Date.parse(queued.recent) + 24 * HOUR).toISOString(),
        body_removed_at: null,
      },
    ]);
    expect(await db.selectFrom('login_links').select('mail_id').execute(), 'the column exists (no links here)').toEqual(
      [],
    );
  });
});
