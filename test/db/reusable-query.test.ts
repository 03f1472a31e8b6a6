import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { reusableQuery } from '../../src/db/reusable-query.js';
import { openValues, sealValues } from '../../src/db/sealed-columns.js';
import { createFieldCrypto, parseKeyList } from '../../src/platform/field-crypto.js';
import {
  findLinkedUser,
  findPaymentLinks,
  findLinkedUserWithApproval,
  findUserById,
} from '../../src/modules/users/users.repository.js';
import { findSession } from '../../src/modules/verification/sessions.repository.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';

const TERMS_A = 'onpay-2026-01';
const TERMS_B = 'onpay-2027-01';
const MISSING_ID = 987_654;

function at(minute: number): string {
  return `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;
}

class Rollback extends Error {}

/** The phones on links are stored encrypted (src/db/sealed-columns.ts): the seed rows are sealed as the repository would. */
const crypto = createFieldCrypto(
  parseKeyList(`t1:${Buffer.alloc(32, 1).toString('base64')}`),
  parseKeyList(`i1:${Buffer.alloc(32, 2).toString('base64')}`),
);

/**
 * Queries built once by Kysely and afterwards only run with new values (src/db/reusable-query.ts),
 * on a real, migrated database of the engine under test.
 */
describe(`reusableQuery on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  const ids = { acme: 0, globex: 0, initech: 0, ola: 0, kari: 0, per: 0 };

  beforeAll(async () => {
    database = await freshDatabase(testEngine);
    handle = createDb(parseDatabaseUrl(database.url));
    const db = handle.db;
    await migrateToLatest(db);

    for (const [key, name, minute] of [
      ['acme', 'Acme', 1],
      ['globex', 'Globex', 2],
      ['initech', 'Initech', 3],
    ] as const) {
      const row = await db
        .insertInto('partners')
        .values({ name, fee_rate: '0.05', created_at: at(minute) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id;
    }
    for (const [key, minute] of [
      ['ola', 4],
      ['kari', 5],
      ['per', 6],
    ] as const) {
      const email = `${key}@example.com`;
      const row = await db
        .insertInto('users')
        .values({
          email: email.toUpperCase(),
          email_normalized: email,
          created_at: at(minute),
          updated_at: at(minute + 10),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id;
    }
    await db
      .insertInto('partner_users')
      .values(
        [
          {
            partner_id: ids.acme,
            user_id: ids.ola,
            internal_id: 101,
            note: 'acme knows ola',
            first_name: 'Ola',
            phone: '41000001',
            main_work: 1,
            bank_account_number: '12345678903',
            profile_completed_at: at(25),
            created_at: at(20),
            updated_at: at(30),
          },
          {
            partner_id: ids.acme,
            user_id: ids.kari,
            internal_id: 102,
            note: null,
            first_name: 'Kari',
            phone: '41000002',
            created_at: at(21),
            updated_at: at(21),
          },
          {
            partner_id: ids.globex,
            user_id: ids.ola,
            internal_id: 201,
            note: 'globex knows ola',
            first_name: 'O.',
            phone: '41000009',
            bank_iban_number: 'NO9386011117947',
            bank_bic_number: 'DNBANOKK',
            created_at: at(22),
            updated_at: at(22),
          },
          {
            partner_id: ids.globex,
            user_id: ids.per,
            internal_id: null,
            note: null,
            created_at: at(23),
            updated_at: at(23),
          },
        ].map((row) => sealValues(crypto, 'partner_users', row, row)),
      )
      .execute();
    // Approvals belong to the link: acme's approval of A for ola is not globex's.
    await db
      .insertInto('terms_approvals')
      .values([
        { partner_id: ids.acme, user_id: ids.ola, terms_code: TERMS_A, approved_at: at(30) },
        { partner_id: ids.acme, user_id: ids.kari, terms_code: TERMS_B, approved_at: at(31) },
        { partner_id: ids.globex, user_id: ids.ola, terms_code: TERMS_B, approved_at: at(31) },
        { partner_id: ids.globex, user_id: ids.per, terms_code: TERMS_A, approved_at: at(32) },
        { partner_id: ids.globex, user_id: ids.per, terms_code: TERMS_B, approved_at: at(33) },
      ])
      .execute();
    const session = {
      provider: 'provider_doc',
      id_type: null,
      partner_return_url: 'https://partner.example/return',
      browser_binding_hash: null,
      provider_ref: null,
      provider_state: null,
      outcome_reason: null,
      verified_at: null,
      last_polled_at: null,
      expires_at: at(59),
    } as const;
    await db
      .insertInto('verification_sessions')
      .values([
        {
          ...session,
          id: 'session-ola',
          partner_id: ids.acme,
          user_id: ids.ola,
          status: 'pending',
          pending_user_id: ids.ola,
          start_token_hash: 'a'.repeat(64),
          created_at: at(40),
          updated_at: at(40),
        },
        {
          ...session,
          id: 'session-per',
          partner_id: ids.globex,
          user_id: ids.per,
          status: 'approved',
          pending_user_id: null,
          start_token_hash: 'b'.repeat(64),
          created_at: at(41),
          updated_at: at(42),
        },
      ])
      .execute();
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  describe('results', () => {
    it('equal what Kysely returns for the same query, for one argument after another, built only once', async () => {
      const db = handle.db;
      let builds = 0;
      const userById = reusableQuery(1, (q, id: number) => {
        builds += 1;
        return q.selectFrom('users').selectAll().where('id', '=', id);
      });
      expect(builds).toBe(0);

      const emails: (string | null)[] = [];
      for (const id of [ids.ola, ids.kari, ids.per, ids.ola, MISSING_ID]) {
        const rows = await userById(db, id);
        expect(rows).toEqual(await db.selectFrom('users').selectAll().where('id', '=', id).execute());
        emails.push(rows[0]?.email_normalized ?? null);
      }
      // Each call saw its own value, not the first call's.
      expect(emails).toEqual(['ola@example.com', 'kari@example.com', 'per@example.com', 'ola@example.com', null]);
      expect(builds).toBe(1);
    });

    it('bind text arguments too', async () => {
      const db = handle.db;
      const partnerByName = reusableQuery(1, (q, name: string) =>
        q.selectFrom('partners').select(['id', 'name', 'fee_rate']).where('name', '=', name),
      );
      for (const [name, id] of [
        ['Globex', ids.globex],
        ['Acme', ids.acme],
        ['Initech', ids.initech],
      ] as const) {
        const rows = await partnerByName(db, name);
        expect(rows).toEqual([{ id, name, fee_rate: '0.05' }]);
        expect(rows).toEqual(
          await db.selectFrom('partners').select(['id', 'name', 'fee_rate']).where('name', '=', name).execute(),
        );
      }
      expect(await partnerByName(db, 'acme')).toEqual([]);
    });
  });

  describe('arguments', () => {
    it('are bound to their own place when the SQL uses them in another order than the parameters', async () => {
      const db = handle.db;
      const direct = (partnerId: number, userId: number, termsCode: string) =>
        db
          .selectFrom('partner_users as pu')
          .leftJoin('terms_approvals as ta', (join) =>
            join
              .onRef('ta.partner_id', '=', 'pu.partner_id')
              .onRef('ta.user_id', '=', 'pu.user_id')
              .on('ta.terms_code', '=', termsCode),
          )
          .select(['pu.partner_id', 'pu.user_id', 'pu.internal_id', 'ta.terms_code'])
          .where('pu.partner_id', '=', partnerId)
          .where('pu.user_id', '=', userId);
      const reusable = reusableQuery(3, (q, partnerId: number, userId: number, termsCode: string) =>
        q
          .selectFrom('partner_users as pu')
          .leftJoin('terms_approvals as ta', (join) =>
            join
              .onRef('ta.partner_id', '=', 'pu.partner_id')
              .onRef('ta.user_id', '=', 'pu.user_id')
              .on('ta.terms_code', '=', termsCode),
          )
          .select(['pu.partner_id', 'pu.user_id', 'pu.internal_id', 'ta.terms_code'])
          .where('pu.partner_id', '=', partnerId)
          .where('pu.user_id', '=', userId),
      );
      // The third argument comes first in the SQL: the join condition precedes the where clause.
      expect(direct(1, 2, 'c').compile().parameters).toEqual(['c', 1, 2]);

      const cases: [number, number, string, unknown[]][] = [
        [
          ids.acme,
          ids.ola,
          TERMS_A,
          [{ partner_id: ids.acme, user_id: ids.ola, internal_id: 101, terms_code: TERMS_A }],
        ],
        [ids.acme, ids.ola, TERMS_B, [{ partner_id: ids.acme, user_id: ids.ola, internal_id: 101, terms_code: null }]],
        [
          ids.acme,
          ids.kari,
          TERMS_B,
          [{ partner_id: ids.acme, user_id: ids.kari, internal_id: 102, terms_code: TERMS_B }],
        ],
        [
          ids.globex,
          ids.ola,
          TERMS_A,
          [{ partner_id: ids.globex, user_id: ids.ola, internal_id: 201, terms_code: null }],
        ],
        [
          ids.globex,
          ids.ola,
          TERMS_B,
          [{ partner_id: ids.globex, user_id: ids.ola, internal_id: 201, terms_code: TERMS_B }],
        ],
        [
          ids.globex,
          ids.per,
          TERMS_B,
          [{ partner_id: ids.globex, user_id: ids.per, internal_id: null, terms_code: TERMS_B }],
        ],
        [ids.globex, ids.kari, TERMS_B, []],
        [ids.acme, ids.per, TERMS_A, []],
      ];
      for (const [partnerId, userId, termsCode, expected] of cases) {
        const label = `partner ${partnerId}, user ${userId}, ${termsCode}`;
        const rows = await reusable(db, partnerId, userId, termsCode);
        expect(rows, label).toEqual(expected);
        expect(rows, label).toEqual(await direct(partnerId, userId, termsCode).execute());
      }
    });

    it('are bound in every place the SQL uses them', async () => {
      const db = handle.db;
      // `id` twice (id >= ? and id <= ?): were either place left with an earlier call's value, a
      // later, larger id would find nothing.
      const exactly = reusableQuery(2, (q, id: number, termsCode: string) =>
        q
          .selectFrom('users as u')
          .innerJoin('terms_approvals as ta', 'ta.user_id', 'u.id')
          .select(['u.id', 'ta.terms_code'])
          .where('u.id', '>=', id)
          .where('ta.terms_code', '=', termsCode)
          .where('ta.user_id', '<=', id),
      );
      expect(ids.ola).toBeLessThan(ids.kari);
      expect(ids.kari).toBeLessThan(ids.per);
      expect(await exactly(db, ids.ola, TERMS_A)).toEqual([{ id: ids.ola, terms_code: TERMS_A }]);
      expect(await exactly(db, ids.kari, TERMS_B)).toEqual([{ id: ids.kari, terms_code: TERMS_B }]);
      expect(await exactly(db, ids.per, TERMS_A)).toEqual([{ id: ids.per, terms_code: TERMS_A }]);
      expect(await exactly(db, ids.ola, TERMS_B)).toEqual([{ id: ids.ola, terms_code: TERMS_B }]);
      expect(await exactly(db, ids.kari, TERMS_A)).toEqual([]);
      expect(await exactly(db, ids.per, 'onpay-unknown')).toEqual([]);
    });
  });

  describe('constants written in the builder', () => {
    it('are kept, between and after the arguments', async () => {
      const db = handle.db;
      // Parameters: 'onpay-2026-01' (constant), userId, 5 (constant limit).
      const approvalsOfA = reusableQuery(1, (q, userId: number) =>
        q
          .selectFrom('terms_approvals')
          .select(['user_id', 'terms_code', 'approved_at'])
          .where('terms_code', '=', TERMS_A)
          .where('user_id', '=', userId)
          .orderBy('terms_code')
          .limit(5),
      );
      expect(await approvalsOfA(db, ids.per)).toEqual([{ user_id: ids.per, terms_code: TERMS_A, approved_at: at(32) }]);
      expect(await approvalsOfA(db, ids.kari)).toEqual([]);
      expect(await approvalsOfA(db, ids.ola)).toEqual([{ user_id: ids.ola, terms_code: TERMS_A, approved_at: at(30) }]);

      // A constant between two arguments: partner (argument), internal_id > 150 (constant), user excluded (argument).
      const direct = (partnerId: number, excluded: number) =>
        db
          .selectFrom('partner_users')
          .select(['user_id', 'internal_id'])
          .where('partner_id', '=', partnerId)
          .where('internal_id', '>', 150)
          .where('user_id', '!=', excluded)
          .orderBy('user_id');
      const reusable = reusableQuery(2, (q, partnerId: number, excluded: number) =>
        q
          .selectFrom('partner_users')
          .select(['user_id', 'internal_id'])
          .where('partner_id', '=', partnerId)
          .where('internal_id', '>', 150)
          .where('user_id', '!=', excluded)
          .orderBy('user_id'),
      );
      expect(direct(7, 8).compile().parameters).toEqual([7, 150, 8]);
      expect(await reusable(db, ids.globex, MISSING_ID)).toEqual([{ user_id: ids.ola, internal_id: 201 }]);
      expect(await reusable(db, ids.acme, MISSING_ID)).toEqual([]);
      expect(await reusable(db, ids.globex, ids.ola)).toEqual([]);
      for (const [partnerId, excluded] of [
        [ids.globex, MISSING_ID],
        [ids.acme, MISSING_ID],
        [ids.globex, ids.ola],
      ] as const) {
        expect(await reusable(db, partnerId, excluded)).toEqual(await direct(partnerId, excluded).execute());
      }
    });
  });

  describe('a builder that does not pass every argument through as a value', () => {
    it('is refused on first use, naming the argument that is ignored', async () => {
      const db = handle.db;
      let builds = 0;
      const ignoring = reusableQuery(2, (q, id: number, _termsCode: string) => {
        builds += 1;
        return q.selectFrom('users').select('id').where('id', '=', id);
      });
      // Defining it builds nothing; the first call does, and fails.
      expect(builds).toBe(0);
      await expect(ignoring(db, ids.ola, TERMS_A)).rejects.toThrow(
        /^reusableQuery: argument 1 does not reach the SQL as a parameter \(select /,
      );
      // Nothing was kept: every later call is refused too.
      await expect(ignoring(db, ids.kari, TERMS_B)).rejects.toThrow(/reusableQuery: argument 1 does not reach the SQL/);
      expect(builds).toBe(2);
    });

    it('is refused when an argument is written into the SQL text or computed on', async () => {
      const db = handle.db;
      const literal = reusableQuery(1, (q, name: string) =>
        q.selectFrom('partners').select('id').where('name', '=', sql.lit(name)),
      );
      await expect(literal(db, 'Acme')).rejects.toThrow(
        /reusableQuery: argument 0 does not reach the SQL as a parameter/,
      );

      const doubled = reusableQuery(2, (q, partnerId: number, id: number) =>
        q
          .selectFrom('partner_users')
          .select('user_id')
          .where('partner_id', '=', partnerId)
          .where('user_id', '=', id * 2),
      );
      await expect(doubled(db, ids.acme, ids.ola)).rejects.toThrow(
        /reusableQuery: argument 1 does not reach the SQL as a parameter/,
      );

      const branching = reusableQuery(1, (q, id: number) =>
        id > 0 ? q.selectFrom('users').select('id').where('id', '=', id) : q.selectFrom('users').select('id'),
      );
      await expect(branching(db, ids.ola)).rejects.toThrow(
        /reusableQuery: argument 0 does not reach the SQL as a parameter/,
      );
    });

    it('may put an argument in a one-element `in` list: it is still a plain value', async () => {
      const db = handle.db;
      const inList = reusableQuery(1, (q, id: number) =>
        q.selectFrom('users').select('email_normalized').where('id', 'in', [id]),
      );
      expect(await inList(db, ids.kari)).toEqual([{ email_normalized: 'kari@example.com' }]);
      expect(await inList(db, ids.per)).toEqual([{ email_normalized: 'per@example.com' }]);
      expect(await inList(db, MISSING_ID)).toEqual([]);

      // A whole list as one argument cannot be a single parameter: the database refuses the SQL.
      const wholeList = reusableQuery(1, (q, userIds: number[]) =>
        q.selectFrom('users').select('id').where('id', 'in', userIds),
      );
      await expect(wholeList(db, [ids.ola, ids.kari])).rejects.toThrow();
    });

    // A value computed from a placeholder (`from + 1` is the text "<prefix>01") must not pass for
    // an argument, even when the argument also reaches the SQL as itself.
    it('refuses a value derived from an argument that is also used directly', async () => {
      const db = handle.db;
      const range = reusableQuery(2, (q, from: number, excluded: number) =>
        q
          .selectFrom('users')
          .select('id')
          .where('id', '>=', from)
          .where('id', '<', from + 1)
          .where('id', '!=', excluded),
      );
      await expect(range(db, ids.ola, MISSING_ID)).rejects.toThrow(
        /reusableQuery: a parameter was computed from an argument/,
      );

      const prefixed = reusableQuery(1, (q, name: string) =>
        q.selectFrom('partners').select('id').where('name', 'like', `${name}%`).where('name', '=', name),
      );
      await expect(prefixed(db, 'Acme')).rejects.toThrow(/reusableQuery: a parameter was computed from an argument/);
    });
  });

  describe('inside a transaction', () => {
    it("sees the transaction's own uncommitted rows, and they are gone after a rollback", async () => {
      const db = handle.db;
      const partnerById = reusableQuery(1, (q, id: number) =>
        q.selectFrom('partners').select(['id', 'name']).where('id', '=', id),
      );
      let insertedId = 0;
      // Another connection's view, from inside the callback: run in the context from before the
      // transaction (a query on `db` in the callback's own context is refused).
      const outside = AsyncLocalStorage.snapshot();
      await expect(
        db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('partners')
            .values({ name: 'Uncommitted', fee_rate: '0.10', created_at: at(50) })
            .returning('id')
            .executeTakeFirstOrThrow();
          insertedId = row.id;
          // First use (and build) on the transaction.
          expect(await partnerById(trx, insertedId)).toEqual([{ id: insertedId, name: 'Uncommitted' }]);
          expect(await partnerById(trx, ids.acme)).toEqual([{ id: ids.acme, name: 'Acme' }]);
          // PostgreSQL: another connection does not see it yet (SQLite has one connection, held by the transaction).
          if (testEngine === 'postgres') expect(await outside(() => partnerById(db, insertedId))).toEqual([]);

          await trx
            .insertInto('terms_approvals')
            .values({ partner_id: ids.acme, user_id: ids.kari, terms_code: TERMS_A, approved_at: at(51) })
            .execute();
          expect((await findLinkedUserWithApproval(trx, crypto, ids.acme, ids.kari, TERMS_A))?.approved).toBe(true);
          throw new Rollback('roll back');
        }),
      ).rejects.toBeInstanceOf(Rollback);
      expect(insertedId).toBeGreaterThan(0);
      expect(await partnerById(db, insertedId)).toEqual([]);
      expect((await findLinkedUserWithApproval(db, crypto, ids.acme, ids.kari, TERMS_A))?.approved).toBe(false);
    });

    it('runs the same query inside and outside, committed rows included', async () => {
      const db = handle.db;
      const noteOf = reusableQuery(2, (q, partnerId: number, userId: number) =>
        q.selectFrom('partner_users').select('note').where('partner_id', '=', partnerId).where('user_id', '=', userId),
      );
      expect(await noteOf(db, ids.initech, ids.kari)).toEqual([]);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('partner_users')
          .values({
            partner_id: ids.initech,
            user_id: ids.kari,
            internal_id: 301,
            note: 'initech knows kari',
            created_at: at(52),
            updated_at: at(52),
          })
          .execute();
        expect(await noteOf(trx, ids.initech, ids.kari)).toEqual([{ note: 'initech knows kari' }]);
        expect(await noteOf(trx, ids.acme, ids.ola)).toEqual([{ note: 'acme knows ola' }]);
      });
      expect(await noteOf(db, ids.initech, ids.kari)).toEqual([{ note: 'initech knows kari' }]);
      await db.deleteFrom('partner_users').where('partner_id', '=', ids.initech).execute();
      expect(await noteOf(db, ids.initech, ids.kari)).toEqual([]);
    });
  });

  describe('repository functions built on it', () => {
    it('findLinkedUserWithApproval: approved only for exactly that code, and the same user and link as findLinkedUser', async () => {
      const db = handle.db;
      const cases: [keyof typeof ids, keyof typeof ids, string, boolean][] = [
        ['acme', 'ola', TERMS_A, true],
        ['acme', 'ola', TERMS_B, false],
        ['acme', 'kari', TERMS_A, false],
        ['acme', 'kari', TERMS_B, true],
        ['globex', 'ola', TERMS_A, false],
        ['globex', 'ola', TERMS_B, true],
        ['globex', 'per', TERMS_A, true],
        ['globex', 'per', TERMS_B, true],
        ['globex', 'per', 'onpay-unknown', false],
      ];
      for (const [partner, user, termsCode, approved] of cases) {
        const label = `${partner} / ${user} / ${termsCode}`;
        const found = await findLinkedUserWithApproval(db, crypto, ids[partner], ids[user], termsCode);
        expect(found, label).toBeDefined();
        const { approved: isApproved, ...linked } = found!;
        expect(isApproved, label).toBe(approved);
        expect(linked, label).toEqual(await findLinkedUser(db, crypto, ids[partner], ids[user]));
        expect(linked.link, label).toMatchObject({ partner_id: ids[partner], user_id: ids[user] });
        expect(linked.user.id, label).toBe(ids[user]);
        // The user is the whole stored row, every column.
        expect(linked.user, label).toEqual(await findUserById(db, ids[user]));
      }

      // Each partner sees its own link, every column of it.
      const linkRow = (partner: keyof typeof ids, user: keyof typeof ids) =>
        db
          .selectFrom('partner_users')
          .selectAll()
          .where('partner_id', '=', ids[partner])
          .where('user_id', '=', ids[user])
          .executeTakeFirstOrThrow()
          .then((row) => openValues(crypto, 'partner_users', row, row));
      expect((await findLinkedUserWithApproval(db, crypto, ids.acme, ids.ola, TERMS_A))!.link).toEqual({
        ...(await linkRow('acme', 'ola')),
        identity_matched: false,
      });
      expect((await findLinkedUserWithApproval(db, crypto, ids.acme, ids.ola, TERMS_A))!.link).toMatchObject({
        partner_id: ids.acme,
        user_id: ids.ola,
        internal_id: 101,
        note: 'acme knows ola',
        first_name: 'Ola',
        phone: '41000001',
        created_at: at(20),
        updated_at: at(30),
      });
      expect((await findLinkedUserWithApproval(db, crypto, ids.globex, ids.ola, TERMS_A))!.link).toEqual({
        ...(await linkRow('globex', 'ola')),
        identity_matched: false,
      });
      expect((await findLinkedUserWithApproval(db, crypto, ids.globex, ids.ola, TERMS_A))!.link).toMatchObject({
        internal_id: 201,
        note: 'globex knows ola',
        first_name: 'O.',
        phone: '41000009',
        created_at: at(22),
      });
      expect((await findLinkedUserWithApproval(db, crypto, ids.acme, ids.kari, TERMS_B))!.user).toMatchObject({
        email: 'KARI@EXAMPLE.COM',
        email_normalized: 'kari@example.com',
        created_at: at(5),
        updated_at: at(15),
      });
    });

    it('findLinkedUserWithApproval and findLinkedUser: nothing for a user the partner is not linked to', async () => {
      const db = handle.db;
      const unlinked: [keyof typeof ids, number, string][] = [
        ['acme', ids.per, TERMS_A], // per approved A, but only globex knows per
        ['globex', ids.kari, TERMS_B],
        ['initech', ids.ola, TERMS_A],
        ['acme', MISSING_ID, TERMS_A],
      ];
      for (const [partner, userId, termsCode] of unlinked) {
        expect(
          await findLinkedUserWithApproval(db, crypto, ids[partner], userId, termsCode),
          `${partner} / ${userId}`,
        ).toBeUndefined();
        expect(await findLinkedUser(db, crypto, ids[partner], userId), `${partner} / ${userId}`).toBeUndefined();
      }
      // And the linked ones right after, through the same compiled statement.
      expect((await findLinkedUser(db, crypto, ids.globex, ids.per))?.link.partner_id).toBe(ids.globex);
      expect((await findLinkedUser(db, crypto, ids.acme, ids.kari))?.user.email_normalized).toBe('kari@example.com');
    });

    it("findPaymentLinks: what findLinkedUserWithApproval reads one by one (onboarding's inputs, the account opened), only the partner's", async () => {
      const db = handle.db;
      for (const [partner, termsCode] of [
        ['acme', TERMS_A],
        ['globex', TERMS_B],
      ] as const) {
        const many = await findPaymentLinks(
          db,
          crypto,
          ids[partner],
          [ids.ola, ids.kari, ids.per, MISSING_ID],
          termsCode,
        );
        const one = (
          await Promise.all(
            [ids.ola, ids.kari, ids.per, MISSING_ID].map((id) =>
              findLinkedUserWithApproval(db, crypto, ids[partner], id, termsCode),
            ),
          )
        )
          .filter((row) => row !== undefined)
          .map(({ user, link, approved }) => ({
            user: { id: user.id, email_verified_at: user.email_verified_at },
            link: {
              profile_completed_at: link.profile_completed_at,
              identity_verified_at: link.identity_verified_at,
              identity_matched: link.identity_matched,
              bank_account_number: link.bank_account_number,
              bank_iban_number: link.bank_iban_number,
              bank_bic_number: link.bank_bic_number,
            },
            approved,
          }));
        const byId = <T extends { user: { id: number } }>(rows: T[]) => [...rows].sort((a, b) => a.user.id - b.user.id);
        expect(byId(many), partner).toEqual(byId(one));
        expect(many.length, partner).toBe(2);
      }
      // Each partner's own account of the one person, opened under that partner's link.
      const accounts = async (partnerId: number) =>
        (await findPaymentLinks(db, crypto, partnerId, [ids.ola], TERMS_A)).map(({ link }) => [
          link.bank_account_number,
          link.bank_iban_number,
          link.bank_bic_number,
        ]);
      expect(await accounts(ids.acme)).toEqual([['12345678903', null, null]]);
      expect(await accounts(ids.globex)).toEqual([[null, 'NO9386011117947', 'DNBANOKK']]);
    });

    it('findSession: the row Kysely finds for each id', async () => {
      const db = handle.db;
      for (const id of ['session-per', 'session-ola', 'session-none', 'session-per']) {
        const direct = await db.selectFrom('verification_sessions').selectAll().where('id', '=', id).executeTakeFirst();
        expect(await findSession(db, crypto, id), id).toEqual(direct);
      }
      expect(await findSession(db, crypto, 'session-ola')).toMatchObject({
        id: 'session-ola',
        partner_id: ids.acme,
        user_id: ids.ola,
        status: 'pending',
      });
      expect(await findSession(db, crypto, 'session-per')).toMatchObject({
        id: 'session-per',
        partner_id: ids.globex,
        user_id: ids.per,
        status: 'approved',
      });
      expect(await findSession(db, crypto, 'session-none')).toBeUndefined();
    });
  });
});
