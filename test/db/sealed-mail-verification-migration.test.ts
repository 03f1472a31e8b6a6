/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * Migration 0033 on a database written by the previous release (every migration up to and
 * including 0031): mail bodies and what providers left on verification sessions are encrypted in
 * place; a removed (empty) body stays empty; a crash in the middle leaves the database as it was,
 * and the rerun finishes; the service then reads the same bodies and outcomes. On the engine under
 * test (on PostgreSQL, an outcome too long for the old varchar(255) once encrypted).
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { NAME as FIELD_ENCRYPTION } from '../../src/db/migrations/2026-11-25-0031-field-encryption.js';
import { NAME as SEALED_MAIL } from '../../src/db/migrations/2026-11-26-0033-sealed-mail-verification.js';
import { migrations } from '../../src/db/migrations/index.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { openValues } from '../../src/db/sealed-columns.js';
import { createFieldCrypto, isSealed, parseKeyList } from '../../src/platform/field-crypto.js';
import { keyStatus, openFieldCrypto } from '../../src/platform/field-keys.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`;
const KEYS = {
  ONPAY_DATA_KEYS: `q1:${Buffer.alloc(32, 41).toString('base64')}`,
  ONPAY_INDEX_KEYS: `r1:${Buffer.alloc(32, 42).toString('base64')}`,
};
const config = { dataKeys: parseKeyList(KEYS.ONPAY_DATA_KEYS), indexKeys: parseKeyList(KEYS.ONPAY_INDEX_KEYS) };
const MAILS = 5;
const textOf = (i: number) => `Hi Kari,\n\nhttp://onpay.test/login/1${i}.secret-token-${i}\n\nonpay`;
const SESSIONS = ['5a0e0000-0000-4000-8000-000000000001', '5a0e0000-0000-4000-8000-000000000002'];
/** A vendor's reason near the old limit: encrypted, it no longer fits varchar(255). */
const LONG_REASON = `the document vendor decided declined: document ZK8812345 ${'x'.repeat(180)}`;
const STATE = JSON.stringify({ code_verifier: 'verifier-abc', nonce: 'nonce-def' });

class Crash extends Error {}

describe(`the mail and verification encryption migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  let partnerId = 0;
  let userId = 0;
  const mailIds: number[] = [];

  beforeAll(async () => {
    database = await scratchDatabase('onpay-seal-mail');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
      FIELD_ENCRYPTION,
    );
    if (before.error) throw before.error;

    partnerId = (
      await db
        .insertInto('partners')
        .values({ name: 'Acme', fee_rate: '0.05', created_at: at(1) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    userId = (
      await db
        .insertInto('users')
        .values({
          email: 'kari@example.com',
          email_normalized: 'kari@example.com',
          email_verified_at: at(2),
          created_at: at(2),
          updated_at: at(2),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (let i = 0; i < MAILS; i++) {
      const removed = i === MAILS - 1;
      mailIds.push(
        (
          await db
            .insertInto('mail_outbox')
            .values({
              partner_id: partnerId,
              to_address: 'kari@example.com',
              subject: 'Sign in to onpay (Acme)',
              text_body: removed ? '' : textOf(i),
              html_body: removed ? '' : `<p>${textOf(i)}</p>`,
              status: 'pending',
              next_attempt_at: at(3),
              created_at: at(3),
              body_expires_at: '2026-11-26T10:00:00.000Z',
              body_removed_at: removed ? at(4) : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    for (const [i, id] of SESSIONS.entries())
      await db
        .insertInto('verification_sessions')
        .values({
          id,
          partner_id: partnerId,
          user_id: userId,
          provider: i === 0 ? 'provider_eid' : 'provider_doc',
          id_type: null,
          status: i === 0 ? 'pending' : 'declined',
          pending_user_id: i === 0 ? userId : null,
          partner_return_url: 'https://acme.example/done',
          start_token_hash: `${'a'.repeat(63)}${i}`,
          provider_ref: `ref-${i}`,
          provider_state: i === 0 ? STATE : null,
          outcome_reason: i === 0 ? null : LONG_REASON,
          expires_at: '2026-11-26T10:00:00.000Z',
          verified_at: i === 0 ? null : at(5),
          created_at: at(5),
          updated_at: at(5),
        })
        .execute();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const mail = () => db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  const sessions = () => db.selectFrom('verification_sessions').selectAll().orderBy('id').execute();
  const applied = async () => (await db.selectFrom('kysely_migration').select('name').execute()).map((m) => m.name);

  it('refuses to run without the keys when there are bodies to encrypt', async () => {
    await expect(migrateToLatest(handle)).rejects.toThrow(
      new RegExp(`migration ${SEALED_MAIL} encrypts .* needs the keys`),
    );
    expect(await applied()).not.toContain(SEALED_MAIL);
  });

  it('a crash in the middle of the encryption leaves the previous release’s database as it was', async () => {
    const clearMail = await mail();
    const clearSessions = await sessions();
    const crashed = migrateToLatest(handle, {
      fieldCrypto: (executor) => openFieldCrypto(executor, config, at(7)),
      afterBatch: () => {
        throw new Crash('the power went');
      },
    });
    await expect(crashed).rejects.toThrow(/the power went/);
    expect(await applied()).not.toContain(SEALED_MAIL);
    expect(await mail()).toEqual(clearMail);
    expect(await sessions()).toEqual(clearSessions);
  });

  it('the rerun encrypts every body, provider state and outcome in place; a removed body stays empty', async () => {
    const clearMail = await mail();
    const clearSessions = await sessions();
    expect(
      await migrateToLatest(handle, { fieldCrypto: (executor) => openFieldCrypto(executor, config, at(7)) }),
    ).toContain(SEALED_MAIL);
    const crypto = createFieldCrypto(config.dataKeys, config.indexKeys);
    for (const [i, row] of (await mail()).entries()) {
      if (i === MAILS - 1) {
        expect(row).toMatchObject({ text_body: '', html_body: '' });
        continue;
      }
      expect(isSealed(row.text_body), `text_body ${i}`).toBe(true);
      expect(isSealed(row.html_body), `html_body ${i}`).toBe(true);
      expect(row.text_body).not.toContain('secret-token');
      expect({ ...openValues(crypto, 'mail_outbox', row, row) }).toEqual(clearMail[i]);
    }
    const [pending, declined] = (await sessions()) as [Record<string, any>, Record<string, any>];
    expect(isSealed(pending.provider_state)).toBe(true);
    expect(pending.outcome_reason).toBeNull();
    expect(isSealed(declined.outcome_reason)).toBe(true);
    expect(declined.outcome_reason.length).toBeGreaterThan(255);
    expect({ ...openValues(crypto, 'verification_sessions', pending, pending) }).toEqual(clearSessions[0]);
    expect({ ...openValues(crypto, 'verification_sessions', declined, declined) }).toEqual(clearSessions[1]);
  });

  it('the service reads the same bodies and outcomes, and counts no value in clear', async () => {
    let t: TestApp | null = null;
    try {
      t = await buildTestApp({ database: { url: database.url, drop: async () => undefined }, env: KEYS });
      const box = await t.services.mailbox!.list(partnerId);
      expect(box.map((m) => m.text)).toContain(textOf(0));
      expect(box.find((m) => m.id === mailIds[MAILS - 1])?.body_removed_at).toBe(at(4));
      const ofUser = await t.services.verification.sessions.ofUser(userId);
      expect(ofUser.map((s) => s.outcome_reason)).toContain(LONG_REASON);
      const status = await keyStatus(t.db.db, t.services.fieldCrypto);
      expect(status.clear).toBe(0);
      // The two bodies of four mails, one provider state, one outcome.
      expect(status.keys).toEqual([{ id: 'q1', values: 2 * (MAILS - 1) + 2 }]);
    } finally {
      await t?.close();
    }
  });
});
