import type { Executor } from '../../db/database.js';
import type { ListOrder } from '../../db/list-order.js';
import { searchIds } from '../../db/people-search.js';
import { openValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { queryForms, searchTextOf } from '../../platform/search-text.js';

/**
 * What an operator typed: digits (with spaces, dashes or a leading +) are a phone number or a
 * partner's internal id, matched exactly; anything else is part of an e-mail or a name, folded
 * (docs/decisions.md §23), at least 3 characters.
 */
export interface PeopleQuery {
  text: string;
  /** By person id (the order people were first linked), newest first unless asked otherwise: the primary key or the search's own order serves both (docs/decisions.md §29). */
  order?: PeopleOrder;
}

/** The console's orders of people: by id, either way. */
export type PeopleOrder = ListOrder<'id'>;

/** The digits of a phone number or an internal id (digits, spaces, dashes, a leading +), or '' for other text. */
export function phoneOrIdDigits(text: string): string {
  return /^\+?[\d\s-]+$/.test(text) ? text.replace(/\D/g, '') : '';
}

/**
 * The people matching the query, newest first: rows of `users`, `limit` after `offset`; given
 * `beforeId`, only people older than it (the console's export reads a chunk at a time by this seek
 * on the primary key: an id never changes, so each person is read once).
 */
export async function findPeople(
  db: Executor,
  crypto: FieldCrypto,
  query: PeopleQuery,
  limit: number,
  offset: number,
  beforeId: number | null = null,
) {
  const text = query.text.trim();
  const direction = query.order?.direction ?? 'desc';
  let people = db.selectFrom('users as u').select(['u.id', 'u.email', 'u.identity_review_since']);
  if (beforeId !== null) people = people.where('u.id', '<', beforeId);
  if (text === '') return people.orderBy('u.id', direction).limit(limit).offset(offset).execute();
  const digits = phoneOrIdDigits(text);
  if (digits !== '') {
    // A phone number (as entered, or with a dial code before it) or a partner's internal id: exact,
    // by the phone's blind index (the number itself is stored encrypted) or the id's index.
    const phones = [...new Set([digits, digits.slice(-8)])];
    return people
      .where((eb) =>
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('partner_users as pu')
            .select('pu.user_id')
            .where((w) =>
              w.or([
                w('pu.phone_index', 'in', crypto.lookupIndexes('phone', phones)),
                ...(digits.length <= 9 ? [w('pu.internal_id', '=', Number(digits))] : []),
              ]),
            ),
        ),
      )
      .orderBy('u.id', direction)
      .limit(limit)
      .offset(offset)
      .execute();
  }
  // Part of an e-mail or a name: through the trigram index of the folded texts (docs/decisions.md §23).
  const forms = queryForms(text);
  if (forms === null) return [];
  const ids = await searchIds(db, forms, limit, offset, beforeId, direction);
  if (ids.length === 0) return [];
  return people.where('u.id', 'in', ids).orderBy('u.id', direction).execute();
}

/**
 * Writes what the search matches for this person (docs/decisions.md §23) from what is stored now:
 * the e-mail and every link's name. Called in the transaction of every change of either; an
 * erased person has nothing left to find.
 */
export async function refreshSearchText(db: Executor, userId: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['email_normalized', 'erased_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const links = await linkNamesOf(db, [userId]);
  const folded =
    user && user.erased_at === null
      ? searchTextOf(
          user.email_normalized,
          links.map((link) => [link.first_name, link.last_name].filter(Boolean).join(' ')),
        )
      : '';
  await writeSearchText(db, userId, folded);
}

/** Stores a person's folded text, or removes it when there is none. */
export async function writeSearchText(db: Executor, userId: number, folded: string): Promise<void> {
  if (folded === '') {
    await db.deleteFrom('people_search').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('people_search')
    .values({ user_id: userId, folded })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ folded }))
    .execute();
}

/** Each link's name of these people (clear columns only: no value to decrypt). */
export async function linkNamesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('partner_users')
    .select(['user_id', 'partner_id', 'first_name', 'last_name'])
    .where('user_id', 'in', userIds)
    .execute();
}

/** Each partner's link of these people: the names, phone and internal id that partner entered. */
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
