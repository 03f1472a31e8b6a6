import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.js';
import { openValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/**
 * What an operator typed: digits (with spaces, dashes or a leading +) are a phone number or a
 * partner's internal id, matched exactly; anything else is part of an e-mail or a name.
 */
export interface PeopleQuery {
  text: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matching(db: Executor, crypto: FieldCrypto, query: PeopleQuery) {
  const text = query.text.trim().toLowerCase();
  let select = db.selectFrom('users as u');
  if (text === '') return select;
  const pattern = `%${escapeLike(text)}%`;
  const like = (expression: Expression<unknown>) => sql<SqlBool>`lower(${expression}) like ${pattern} escape '\\'`;
  const digits = /^\+?[\d\s-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  if (digits !== '') {
    // A phone number (as entered, or with a dial code before it) or a partner's internal id: exact,
    // by the phone's blind index (the number itself is stored encrypted) or the id's index.
    const phones = [...new Set([digits, digits.slice(-8)])];
    select = select.where((eb) => {
      const inLinks = eb
        .selectFrom('partner_users as pu')
        .select('pu.user_id')
        .where((w) =>
          w.or([
            w('pu.phone_index', 'in', crypto.lookupIndexes('phone', phones)),
            ...(digits.length <= 9 ? [w('pu.internal_id', '=', Number(digits))] : []),
          ]),
        );
      return eb('u.id', 'in', inLinks);
    });
    return select;
  }
  select = select.where((eb) => {
    const inLinks = eb
      .selectFrom('partner_users as pu')
      .select('pu.user_id')
      .where((w) =>
        w.or([
          like(sql`${sql.ref('pu.first_name')} || ' ' || ${sql.ref('pu.last_name')}`),
          like(sql.ref('pu.last_name')),
        ]),
      );
    return eb.or([like(sql.ref('u.email_normalized')), eb('u.id', 'in', inLinks)]);
  });
  return select;
}

export async function countPeople(db: Executor, crypto: FieldCrypto, query: PeopleQuery): Promise<number> {
  return Number(
    (
      await matching(db, crypto, query)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

export async function findPeople(db: Executor, crypto: FieldCrypto, query: PeopleQuery, limit: number, offset: number) {
  return matching(db, crypto, query)
    .select(['u.id', 'u.email', 'u.identity_review_since'])
    .orderBy('u.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The console's employees export, a chunk at a time: matching people before `beforeId`, newest
 * first as the list shows them (a seek on the primary key; an id never changes, so a person is read once).
 */
export async function exportPeople(
  db: Executor,
  crypto: FieldCrypto,
  query: PeopleQuery,
  beforeId: number | null,
  limit: number,
) {
  let select = matching(db, crypto, query).select(['u.id', 'u.email', 'u.identity_review_since']);
  if (beforeId !== null) select = select.where('u.id', '<', beforeId);
  return select.orderBy('u.id', 'desc').limit(limit).execute();
}

/** Each partner's link of these people: the names, phone and internal id that partner entered. */
/** Each link's name of these people (clear columns only: no value to decrypt). */
export async function linkNamesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('partner_users')
    .select(['user_id', 'partner_id', 'first_name', 'last_name'])
    .where('user_id', 'in', userIds)
    .execute();
}

export async function linksOfPeople(db: Executor, crypto: FieldCrypto, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('partner_users')
    .select([
      'user_id',
      'partner_id',
      'first_name',
      'last_name',
      'dial_code',
      'phone',
      'internal_id',
      'identity_verified_at',
    ])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('partner_id')
    .execute();
  return rows.map((row) => openValues(crypto, 'partner_users', row, row));
}

/** People whose partners' own verifications confirmed different identities, longest waiting first (by index). */
export async function identityReviews(db: Executor, limit: number, offset: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'identity_review_since'])
    .where('identity_review_since', 'is not', null)
    .orderBy('identity_review_since')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countIdentityReviews(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('identity_review_since', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
