/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * The per-partner verification migration (0014) on a database written by the previous schema: the
 * identity a provider verified moves from the person to the link of each partner whose own
 * session was approved (dated by its first approval); a partner whose session ended otherwise
 * gets nothing; a verified person with no approved session to attribute it to is noted for review
 * and verified for nobody. Runs on the engine under test, like every database test.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrationNotes } from '../../src/db/migration-notes.js';
import { BEFORE_FIELD_ENCRYPTION, migrations } from '../../src/db/migrations/index.js';
import { scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

const BEFORE = '2026-11-23-0013-console-indexes';
const MIGRATION = '2026-11-25-0014-verified-per-partner';

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe(`the per-partner verification migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await scratchDatabase('onpay-verified');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo(BEFORE);
    if (before.error) throw before.error;

    for (const [name, minute] of [
      ['acme', 1],
      ['globex', 2],
      ['initech', 3],
    ] as const) {
      ids[name] = (
        await db
          .insertInto('partners')
          .values({ name, fee_rate: '0.05', created_at: at(minute) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    const person = async (key: string, verified: boolean) => {
      ids[key] = (
        await db
          .insertInto('users')
          .values({
            email: `${key}@example.com`,
            email_normalized: `${key}@example.com`,
            email_verified_at: at(4),
            identification: verified ? `0101901234${Object.keys(ids).length}` : null,
            identity_country_code: verified ? 'NO' : null,
            birthday: verified ? '1990-01-01' : null,
            document_id: verified ? 'PA1' : null,
            identity_verified_at: verified ? at(9) : null,
            verified_name: verified ? `${key} Verified` : null,
            created_at: at(4),
            updated_at: at(4),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    await person('ola', true);
    await person('kari', true);
    await person('per', false);
    const link = (partner: string, user: string) => ({
      partner_id: ids[partner],
      user_id: ids[user],
      created_at: at(5),
      updated_at: at(5),
    });
    await db
      .insertInto('partner_users')
      .values([
        link('acme', 'ola'),
        link('globex', 'ola'),
        link('initech', 'ola'),
        link('acme', 'kari'),
        link('acme', 'per'),
      ])
      .execute();
    let n = 0;
    const session = (partner: string, user: string, status: string, verifiedAt: string | null) => {
      n += 1;
      return {
        id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        partner_id: ids[partner],
        user_id: ids[user],
        provider: 'provider_eid',
        id_type: null,
        status,
        pending_user_id: null,
        partner_return_url: 'https://partner.example/return',
        start_token_hash: String(n).repeat(64).slice(0, 64),
        expires_at: at(59),
        verified_at: verifiedAt,
        created_at: at(6),
        updated_at: at(6),
      };
    };
    await db
      .insertInto('verification_sessions')
      .values([
        // Acme verified Ola twice (the first approval dates it), Globex once (the same identity,
        // as the old rule required), Initech's ended in error (a different identity, refused then).
        session('acme', 'ola', 'approved', at(10)),
        session('acme', 'ola', 'approved', at(20)),
        session('globex', 'ola', 'approved', at(15)),
        session('initech', 'ola', 'error', at(16)),
        // Kari's approved session is gone (or never was): nobody to attribute her identity to.
        session('acme', 'kari', 'declined', at(11)),
      ])
      .execute();

    // Up to the field encryption (test/db/field-encryption-migration.test.ts): the values as this migration left them.
    const { error } = await migrator.migrateTo(BEFORE_FIELD_ENCRYPTION);
    if (error) throw error;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const linkOf = (partner: string, user: string) =>
    db
      .selectFrom('partner_users')
      .selectAll()
      .where('partner_id', '=', ids[partner])
      .where('user_id', '=', ids[user])
      .executeTakeFirstOrThrow();

  it('gives the verified identity to each partner whose own session was approved, dated by its first approval', async () => {
    const identity = {
      verified_identification: '01019012343',
      verified_country_code: 'NO',
      verified_birthday: '1990-01-01',
      verified_document_id: 'PA1',
      verified_name: 'ola Verified',
    };
    expect(await linkOf('acme', 'ola')).toMatchObject({ ...identity, identity_verified_at: at(10) });
    expect(await linkOf('globex', 'ola')).toMatchObject({ ...identity, identity_verified_at: at(15) });
  });

  it('gives nothing to a partner whose session did not end approved, nor to anyone for a person who was not verified', async () => {
    expect(await linkOf('initech', 'ola')).toMatchObject({ verified_identification: null, identity_verified_at: null });
    expect(await linkOf('acme', 'per')).toMatchObject({ verified_identification: null, identity_verified_at: null });
  });

  it('notes a verified person with no approved session, who stays verified for nobody', async () => {
    expect(await linkOf('acme', 'kari')).toMatchObject({ verified_identification: null, identity_verified_at: null });
    const notes = await migrationNotes(db, [MIGRATION]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`user ${ids.kari}:`);
    expect(notes[0]).toContain('a new verification flow is needed');
  });

  it('leaves nothing of the verified identity on the person, and nobody to review', async () => {
    const ola = await db.selectFrom('users').selectAll().where('id', '=', ids.ola).executeTakeFirstOrThrow();
    for (const column of [
      'identification',
      'identity_country_code',
      'birthday',
      'document_id',
      'identity_verified_at',
      'verified_name',
    ])
      expect(Object.keys(ola)).not.toContain(column);
    expect(ola.identity_review_since).toBeNull();
  });
});
