import { sql, type Insertable, type Transaction } from 'kysely';
import type {
  Database,
  Executor,
  LinkUpdate,
  PartnerUserRow,
  PartnerUsersTable,
  UserRow,
  UsersTable,
  UserUpdate,
} from '../../db/database.js';
import { forUpdate, materializesArguments } from '../../db/dialect.js';
import { approvalOfLink, identityMatched, ONBOARDING_INPUT_COLUMNS } from '../../db/link-onboarding.js';
import { counterOf, listCount, takePlaces } from '../../db/list-counters.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { openLinkValue, openValues, openValuesNow, sealValues } from '../../db/sealed-columns.js';
import { mapReleasing } from '../../platform/export-stream.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { searchTextOf } from '../../platform/search-text.js';
import { refreshSearchText, writeSearchText } from './directory.repository.js';

/*
 * The person's data on a link is stored encrypted (docs/data-protection.md): every function here
 * that reads or writes it takes the field crypto, seals what it writes and opens what it reads, so
 * nothing above this file sees ciphertext or a blind index. Exact lookups compare blind indexes.
 */

/** Opens a link's encrypted columns (and drops its blind indexes). */
function openLink<T extends { partner_id: number; user_id: number }>(crypto: FieldCrypto, link: T): T {
  return openValues(crypto, 'partner_users', link, link);
}

/** Seals what is written to the link of `partnerId` and `userId`, with the blind indexes. */
function sealLink<T extends Record<string, unknown>>(
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
  values: T,
): T {
  return sealValues(crypto, 'partner_users', { partner_id: partnerId, user_id: userId }, values);
}

/**
 * A partner's link as its onboarding reads it: what the partner entered, and whether a verification
 * of any partner confirmed exactly the identity this partner registered (docs/decisions.md §14).
 */
export type LinkRow = PartnerUserRow & { identity_matched: boolean };

/** A person as one partner sees them: the person's own record plus that partner's link. */
export interface LinkedUserRow {
  user: UserRow;
  link: LinkRow;
}

/** The link's stored onboarding (src/db/link-onboarding.ts): writers lock the person first, then store after their change. */
export { lockPeople, storeOnboarding } from '../../db/link-onboarding.js';

export async function findUserById(db: Executor, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** These people (those that exist), in one statement. */
export async function findUsersByIds(db: Executor, userIds: readonly number[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...userIds])
    .execute();
}

/** The person's record, locked until the transaction ends on PostgreSQL (SQLite serialises writers anyway). */
export async function lockUser(db: Transaction<Database>, userId: number): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll().where('id', '=', userId);
  return forUpdate(db, query).executeTakeFirst();
}

export async function findUserByEmail(db: Executor, emailNormalized: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

/** Inserts the person, findable by e-mail in the console's search at once (docs/decisions.md §23). */
export async function insertUser(db: Executor, values: Insertable<UsersTable>): Promise<UserRow> {
  const user = await db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
  await writeSearchText(db, user.id, searchTextOf(user.email_normalized, []));
  return user;
}

/** Updates the person's own record (tax facts, verified identity); returns how many rows changed. */
export async function updateUser(db: Executor, userId: number, values: UserUpdate): Promise<number> {
  const result = await db.updateTable('users').set(values).where('id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Updates the user; the tax columns afterwards, or undefined when there is no such user. */
export async function setTaxFacts(db: Executor, userId: number, values: UserUpdate) {
  return db
    .updateTable('users')
    .set(values)
    .where('id', '=', userId)
    .returning(['tax_percent', 'tax_type', 'tax_start', 'tax_table', 'tax_free_card'])
    .executeTakeFirst();
}

export async function findLink(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
): Promise<PartnerUserRow | undefined> {
  const row = await db
    .selectFrom('partner_users')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && openLink(crypto, row);
}

/** The user the partner knows by this internal_id, if any. */
export async function findUserIdByInternalId(
  db: Executor,
  partnerId: number,
  internalId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('partner_users')
    .select('user_id')
    .where('partner_id', '=', partnerId)
    .where('internal_id', '=', internalId)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertLink(
  db: Executor,
  crypto: FieldCrypto,
  values: Insertable<PartnerUsersTable>,
): Promise<PartnerUserRow> {
  // The link's place in the partner's list: the counter is taken here, after the rows the
  // transaction locked and before its events (docs/performance.md, "Lock order").
  const place = await takePlaces(db, values.partner_id, 'links', 1);
  const sealed = sealLink(crypto, values.partner_id, values.user_id, { ...values, list_position: place });
  const link = openLink(
    crypto,
    await db.insertInto('partner_users').values(sealed).returningAll().executeTakeFirstOrThrow(),
  );
  // A name is what the console's search finds a person by, besides the e-mail (docs/decisions.md §23).
  if (values.first_name || values.last_name) await refreshSearchText(db, values.user_id);
  return link;
}

/** Changes what one partner entered about the person; nothing another partner sees. */
export async function updateLink(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
  values: LinkUpdate,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .updateTable('partner_users')
    .set(sealLink(crypto, partnerId, userId, values))
    .where('partner_id', '=', partnerId)
    .where('user_id', '=', userId)
    .execute();
  if ('first_name' in values || 'last_name' in values) await refreshSearchText(db, userId);
}

const userColumns = [
  'u.id',
  'u.email',
  'u.email_normalized',
  'u.email_verified_at',
  'u.tax_percent',
  'u.tax_type',
  'u.tax_start',
  'u.tax_table',
  'u.tax_free_card',
  'u.identity_review_since',
  'u.erased_at',
  'u.created_at',
  'u.updated_at',
] as const;

/** The link's columns, prefixed: the person and the link share names (identification, created_at, ...). */
const linkColumns = [
  'pu.partner_id as l_partner_id',
  'pu.user_id as l_user_id',
  'pu.internal_id as l_internal_id',
  'pu.note as l_note',
  'pu.first_name as l_first_name',
  'pu.last_name as l_last_name',
  'pu.address as l_address',
  'pu.postal_code as l_postal_code',
  'pu.city as l_city',
  'pu.dial_code as l_dial_code',
  'pu.phone as l_phone',
  'pu.main_work as l_main_work',
  'pu.profile_completed_at as l_profile_completed_at',
  'pu.bank_account_number as l_bank_account_number',
  'pu.bank_iban_number as l_bank_iban_number',
  'pu.bank_bic_number as l_bank_bic_number',
  'pu.identification as l_identification',
  'pu.identity_country_code as l_identity_country_code',
  'pu.birthday as l_birthday',
  'pu.document_id as l_document_id',
  'pu.verified_identification as l_verified_identification',
  'pu.verified_country_code as l_verified_country_code',
  'pu.verified_birthday as l_verified_birthday',
  'pu.verified_document_id as l_verified_document_id',
  'pu.verified_name as l_verified_name',
  'pu.identity_verified_at as l_identity_verified_at',
  'pu.created_at as l_created_at',
  'pu.updated_at as l_updated_at',
  'pu.list_position as l_list_position',
  'pu.onboarded as l_onboarded',
] as const;

type Prefixed<T> = { [K in keyof T as `l_${string & K}`]: T[K] };
export type JoinedRow = UserRow & Prefixed<LinkRow>;

/** Splits a joined row into the person and the link, the link's encrypted columns opened. */
function splitLinked(crypto: FieldCrypto, row: JoinedRow): LinkedUserRow {
  const user = {} as Record<string, unknown>;
  const link = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('l_')) link[key.slice(2)] = value;
    else user[key] = value;
  }
  link.identity_matched = Boolean(link.identity_matched);
  return { user: user as unknown as UserRow, link: openLink(crypto, link as unknown as LinkRow) };
}

function linkedUsers(db: Executor, partnerId: number) {
  return db
    .selectFrom('partner_users as pu')
    .innerJoin('users as u', 'u.id', 'pu.user_id')
    .select([...userColumns, ...linkColumns])
    .select((eb) => identityMatched(eb).as('l_identity_matched'))
    .where('pu.partner_id', '=', partnerId);
}

/**
 * One link of the partner, by id: the point reads' common part. The arguments enter as a one-row
 * table `k` that the tables are joined to (materializesArguments: on SQLite a joined statement with
 * `column = ?` was compiled again on every execution, ~45 µs per point read). `termsCode`: the
 * terms whose approval `withApproval` joins (null when it joins none).
 */
function linkByKey(db: Executor, partnerId: number, userId: number, termsCode: string | null) {
  return db
    .with(
      (cte) => (materializesArguments(db) ? cte('k').materialized() : cte('k')),
      (qb) =>
        qb.selectNoFrom([
          sql<number>`cast(${partnerId} as integer)`.as('partner_id'),
          sql<number>`cast(${userId} as integer)`.as('user_id'),
          sql<string>`cast(${termsCode} as text)`.as('terms_code'),
        ]),
    )
    .selectFrom('k')
    .innerJoin('partner_users as pu', (join) =>
      join.onRef('pu.partner_id', '=', 'k.partner_id').onRef('pu.user_id', '=', 'k.user_id'),
    )
    .innerJoin('users as u', 'u.id', 'pu.user_id')
    .select((eb) => identityMatched(eb).as('l_identity_matched'));
}

/** Joins this partner's approval of the terms in `k`: `terms_approved_at`, null without one. */
function withApproval(query: ReturnType<typeof linkByKey>) {
  return query
    .leftJoin('terms_approvals as ta', approvalOfLink(sql.ref<string>('k.terms_code')))
    .select('ta.approved_at as terms_approved_at');
}

const linkedUserById = reusableQuery(2, (db: Executor, partnerId: number, userId: number) =>
  linkByKey(db, partnerId, userId, null).select([...userColumns, ...linkColumns]),
);

const linkedUserByIdWithApproval = reusableQuery(
  3,
  (db: Executor, partnerId: number, userId: number, termsCode: string) =>
    withApproval(linkByKey(db, partnerId, userId, termsCode)).select([...userColumns, ...linkColumns]),
);

/** The columns the User payload reads (users.payload.ts), and no others: GET /users/{id} selects these. */
const payloadUserColumns = [
  'u.id',
  'u.email',
  'u.email_verified_at',
  'u.tax_percent',
  'u.tax_type',
  'u.tax_start',
  'u.tax_table',
  'u.tax_free_card',
] as const;
const payloadLinkColumns = [
  'pu.partner_id as l_partner_id',
  'pu.user_id as l_user_id',
  'pu.internal_id as l_internal_id',
  'pu.note as l_note',
  'pu.first_name as l_first_name',
  'pu.last_name as l_last_name',
  'pu.address as l_address',
  'pu.postal_code as l_postal_code',
  'pu.city as l_city',
  'pu.phone as l_phone',
  'pu.main_work as l_main_work',
  'pu.profile_completed_at as l_profile_completed_at',
  'pu.bank_account_number as l_bank_account_number',
  'pu.bank_iban_number as l_bank_iban_number',
  'pu.bank_bic_number as l_bank_bic_number',
  'pu.identity_country_code as l_identity_country_code',
  'pu.verified_country_code as l_verified_country_code',
  'pu.identity_verified_at as l_identity_verified_at',
  'pu.created_at as l_created_at',
] as const;

type UserColumn<C> = C extends `u.${infer Name}` ? Name : never;
type LinkColumn<C> = C extends `pu.${string} as l_${infer Name}` ? Name : never;

/** What the User payload reads of the person and of the partner's link. */
export interface PayloadRow {
  user: Pick<UserRow, UserColumn<(typeof payloadUserColumns)[number]>>;
  link: Pick<LinkRow, LinkColumn<(typeof payloadLinkColumns)[number]> | 'identity_matched'>;
}

const payloadRowById = reusableQuery(3, (db: Executor, partnerId: number, userId: number, termsCode: string) =>
  withApproval(linkByKey(db, partnerId, userId, termsCode)).select([...payloadUserColumns, ...payloadLinkColumns]),
);

/** A row of the payload's columns as selected (the link's prefixed `l_`), with the approval joined. */
type PayloadSelectRow = Pick<UserRow, UserColumn<(typeof payloadUserColumns)[number]>> &
  Prefixed<Pick<PartnerUserRow, LinkColumn<(typeof payloadLinkColumns)[number]>>> & {
    l_identity_matched: boolean | number;
    terms_approved_at: string | null;
  };

/**
 * The person and the link as the User payload reads them, from one selected row: every encrypted
 * value read is shown, so each is decrypted at once into a plain object built field by field (no
 * copy of the row, no getter per value: an export builds a million of these).
 */
function payloadRowOf(crypto: FieldCrypto, row: PayloadSelectRow): PayloadRow & { approved: boolean } {
  const partnerId = row.l_partner_id;
  const userId = row.l_user_id;
  return {
    user: {
      id: row.id,
      email: row.email,
      email_verified_at: row.email_verified_at,
      tax_percent: row.tax_percent,
      tax_type: row.tax_type,
      tax_start: row.tax_start,
      tax_table: row.tax_table,
      tax_free_card: row.tax_free_card,
    },
    link: {
      partner_id: partnerId,
      user_id: userId,
      internal_id: row.l_internal_id,
      note: row.l_note,
      first_name: row.l_first_name,
      last_name: row.l_last_name,
      address: openLinkValue(crypto, partnerId, userId, 'address', row.l_address),
      postal_code: row.l_postal_code,
      city: row.l_city,
      phone: openLinkValue(crypto, partnerId, userId, 'phone', row.l_phone),
      main_work: row.l_main_work,
      profile_completed_at: row.l_profile_completed_at,
      bank_account_number: openLinkValue(crypto, partnerId, userId, 'bank_account_number', row.l_bank_account_number),
      bank_iban_number: openLinkValue(crypto, partnerId, userId, 'bank_iban_number', row.l_bank_iban_number),
      bank_bic_number: openLinkValue(crypto, partnerId, userId, 'bank_bic_number', row.l_bank_bic_number),
      identity_country_code: row.l_identity_country_code,
      verified_country_code: row.l_verified_country_code,
      identity_verified_at: row.l_identity_verified_at,
      created_at: row.l_created_at,
      identity_matched: Boolean(row.l_identity_matched),
    },
    approved: row.terms_approved_at !== null,
  };
}

/**
 * The person as the User payload shows them to the partner, and whether this partner approved
 * these terms (GET /users/{id} and every payload after a write). Only the payload's columns are
 * read, so every encrypted value read is shown: they are decrypted at once (payloadRowOf).
 */
export async function findPayloadRow(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
  termsCode: string,
): Promise<(PayloadRow & { approved: boolean }) | undefined> {
  const [row] = await payloadRowById(db, partnerId, userId, termsCode);
  return row ? payloadRowOf(crypto, row as PayloadSelectRow) : undefined;
}

export async function findLinkedUser(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
): Promise<LinkedUserRow | undefined> {
  const [row] = await linkedUserById(db, partnerId, userId);
  return row ? splitLinked(crypto, row as JoinedRow) : undefined;
}

/**
 * The person as the partner sees them and whether this partner recorded their approval of these
 * terms: one indexed statement, compiled once (GET /users/{id} and every payload after a write).
 */
export async function findLinkedUserWithApproval(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
  termsCode: string,
): Promise<(LinkedUserRow & { approved: boolean }) | undefined> {
  const [row] = await linkedUserByIdWithApproval(db, partnerId, userId, termsCode);
  if (!row) return undefined;
  const { terms_approved_at, ...joined } = row;
  return { ...splitLinked(crypto, joined as JoinedRow), approved: terms_approved_at !== null };
}

/**
 * The partner's links joined with their person and with this partner's approval of `termsCode`
 * (`terms_approved_at`, null without one): what the payload, its page and export, and a payment
 * read; each selects its own columns.
 */
function linksWithApproval(db: Executor, partnerId: number, termsCode: string) {
  return db
    .selectFrom('partner_users as pu')
    .innerJoin('users as u', 'u.id', 'pu.user_id')
    .leftJoin('terms_approvals as ta', approvalOfLink(termsCode))
    .select('ta.approved_at as terms_approved_at')
    .where('pu.partner_id', '=', partnerId);
}

/** What paying an employee reads from the person and the paying partner's link: onboarding and the account. */
export interface PaymentLinkRow {
  user: Pick<UserRow, 'id' | 'email_verified_at'>;
  link: Pick<
    LinkRow,
    | 'profile_completed_at'
    | 'identity_verified_at'
    | 'identity_matched'
    | 'bank_account_number'
    | 'bank_iban_number'
    | 'bank_bic_number'
  >;
  /** This partner's approval of these terms. */
  approved: boolean;
}

/**
 * Several of the partner's employees by id, with what a payment checks and copies: the onboarding
 * steps' inputs and the account (opened at once: the payment reads each of them). Only these
 * columns: a batch of 1 000 does not read, copy and set up the other encrypted values of each
 * link (identity numbers, birth dates, document ids, phone, address) to use none of them.
 */
export async function findPaymentLinks(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  userIds: number[],
  termsCode: string,
): Promise<PaymentLinkRow[]> {
  if (userIds.length === 0) return [];
  const rows = await linksWithApproval(db, partnerId, termsCode)
    .select(['u.id', ...ONBOARDING_INPUT_COLUMNS])
    .select((eb) => identityMatched(eb).as('identity_matched'))
    .where('pu.user_id', 'in', userIds)
    .execute();
  return rows.map((row) => {
    const account = openValuesNow(
      crypto,
      'partner_users',
      { partner_id: partnerId, user_id: row.id },
      {
        bank_account_number: row.bank_account_number,
        bank_iban_number: row.bank_iban_number,
        bank_bic_number: row.bank_bic_number,
      },
    );
    return {
      user: { id: row.id, email_verified_at: row.email_verified_at },
      link: {
        profile_completed_at: row.profile_completed_at,
        identity_verified_at: row.identity_verified_at,
        identity_matched: Boolean(row.identity_matched),
        ...account,
      },
      approved: row.terms_approved_at !== null,
    };
  });
}

/** The partner's employees whose profile phone (this partner's) is one of these. */
export async function findLinkedUsersByPhone(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  phones: string[],
  limit: number,
): Promise<LinkedUserRow[]> {
  if (phones.length === 0) return [];
  const rows = await linkedUsers(db, partnerId)
    .where('pu.phone_index', 'in', crypto.lookupIndexes('phone', phones))
    .limit(limit)
    .execute();
  return rows.map((r) => splitLinked(crypto, r as JoinedRow));
}

/**
 * The partner's employees whose identity number is one of these spellings: the identity this
 * partner's own verification confirmed, or the one it registered (never one another partner
 * registered or verified: docs/decisions.md §14).
 */
export async function findLinkedUsersByIdentification(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  candidates: string[],
  limit: number,
): Promise<LinkedUserRow[]> {
  if (candidates.length === 0) return [];
  // Two indexed reads rather than one OR across the join.
  const indexes = crypto.lookupIndexes('identification', candidates);
  const [verified, registered] = await Promise.all([
    linkedUsers(db, partnerId).where('pu.verified_identification_index', 'in', indexes).limit(limit).execute(),
    linkedUsers(db, partnerId).where('pu.identification_index', 'in', indexes).limit(limit).execute(),
  ]);
  const byId = new Map<number, LinkedUserRow>();
  for (const row of [...verified, ...registered]) byId.set(row.id, splitLinked(crypto, row as JoinedRow));
  return [...byId.values()];
}

/** The partner's employee count, from its counter (docs/decisions.md §22): no rows are counted. */
export async function countLinks(db: Executor, partnerId: number): Promise<number> {
  return listCount(db, partnerId, 'links');
}

/**
 * The partner's links as the User payload reads them (the payload's columns, the identity probe)
 * with this partner's approval of `termsCode`: the page and the export's chunks narrow and order it.
 */
function payloadRows(db: Executor, partnerId: number, termsCode: string) {
  return linksWithApproval(db, partnerId, termsCode)
    .select([...payloadUserColumns, ...payloadLinkColumns])
    .select((eb) => identityMatched(eb).as('l_identity_matched'));
}

/**
 * One page of the partner's employees, newest link first, and their number, in one statement
 * built and compiled once (a prepared statement on PostgreSQL): the counter row read once, the
 * page's links found by a seek on (partner_id, list_position) below the counter less the rows of
 * the pages before (places are dense, 1 = the oldest) whatever the page's depth, with the
 * payload's columns and this partner's approval of the terms joined.
 */
const payloadPage = reusableQuery(
  4,
  (db: Executor, partnerId: number, termsCode: string, skip: number, limit: number) =>
    payloadRows(db, partnerId, termsCode)
      .select(counterOf(db, partnerId, 'links').as('list_total'))
      .where('pu.list_position', '<=', (eb) => eb(counterOf(db, partnerId, 'links'), '-', skip))
      .orderBy('pu.list_position', 'desc')
      .limit(limit),
);

/**
 * GET /users: the partner's number of employees and a page of them as the User payload reads
 * them (payloadPage), the rows after the first `skip`. Past the end (no row), the total is read
 * from the counter alone.
 */
export async function listLinkedUsers(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  termsCode: string,
  limit: number,
  skip: number,
): Promise<{ total: number; rows: Array<PayloadRow & { approved: boolean }> }> {
  const rows = await payloadPage(db, partnerId, termsCode, skip, limit);
  if (rows.length === 0) return { total: await countLinks(db, partnerId), rows: [] };
  return {
    total: Number(rows[0]!.list_total),
    rows: rows.map((row) => payloadRowOf(crypto, row as PayloadSelectRow)),
  };
}

/**
 * The export's rows after `afterUserId` (0 before the first: ids start at 1): the payload's columns,
 * this partner's approval of the terms, in id order. Built and compiled once (reusableQuery: the
 * same SQL text for every chunk); a seek on the link's primary key (partner_id, user_id) and on the
 * person's (id).
 */
const exportPayloadRows = reusableQuery(
  4,
  (db: Executor, partnerId: number, termsCode: string, afterUserId: number, limit: number) =>
    payloadRows(db, partnerId, termsCode)
      .where('pu.user_id', '>', afterUserId)
      // The same bound on the person's side of the join (u.id = pu.user_id): PostgreSQL does not
      // carry a range across a join, and a merge join otherwise read the people from the first,
      // a million rows for the last chunk at 1 000 000 (docs/performance.md, "Issue 24 on a quiet machine").
      .where('u.id', '>', afterUserId)
      .orderBy('pu.user_id')
      .limit(limit),
);

/**
 * The export's next chunk (GET /users/export): the partner's employees after `afterUserId`, in id
 * order, as the User payload reads them, each with this partner's approval of these terms. A seek
 * on the link's primary key (partner_id, user_id): every chunk costs the same, and an id never
 * changes, so a row is read once.
 */
export async function exportLinkedUsers(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  termsCode: string,
  afterUserId: number | null,
  limit: number,
): Promise<Array<PayloadRow & { approved: boolean }>> {
  const rows = await exportPayloadRows(db, partnerId, termsCode, afterUserId ?? 0, limit);
  return mapReleasing(rows as PayloadSelectRow[], (row) => payloadRowOf(crypto, row));
}

/** When the partner recorded each of these people's approval of these terms. */
export async function findApprovals(
  db: Executor,
  partnerId: number,
  userIds: number[],
  termsCode: string,
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('terms_approvals')
    .select(['user_id', 'approved_at'])
    .where('partner_id', '=', partnerId)
    .where('terms_code', '=', termsCode)
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.approved_at]));
}

/** Records the partner's approval unless one exists for the code; true when this call inserted it. */
export async function insertApprovalIfAbsent(
  db: Executor,
  partnerId: number,
  userId: number,
  termsCode: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('terms_approvals')
    .values({ partner_id: partnerId, user_id: userId, terms_code: termsCode, approved_at: now })
    .onConflict((oc) => oc.columns(['partner_id', 'user_id', 'terms_code']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteApproval(
  db: Executor,
  partnerId: number,
  userId: number,
  termsCode: string,
): Promise<number> {
  const result = await db
    .deleteFrom('terms_approvals')
    .where('partner_id', '=', partnerId)
    .where('user_id', '=', userId)
    .where('terms_code', '=', termsCode)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The links without an approval of these terms: how many, of how many people and partners (what
 * making these terms current would ask of them).
 */
export async function countLinksWithoutApproval(
  db: Executor,
  termsCode: string,
): Promise<{ people: number; links: number; partners: number }> {
  const row = await db
    .selectFrom('partner_users as pu')
    .leftJoin('terms_approvals as ta', approvalOfLink(termsCode))
    .where('ta.user_id', 'is', null)
    .select((eb) => [
      eb.fn.count<number | string>('pu.user_id').distinct().as('people'),
      eb.fn.countAll<number | string>().as('links'),
      eb.fn.count<number | string>('pu.partner_id').distinct().as('partners'),
    ])
    .executeTakeFirstOrThrow();
  return { people: Number(row.people), links: Number(row.links), partners: Number(row.partners) };
}

/** Every link to the person, oldest first, each with that partner's approval of these terms (the person's own pages). */
export async function findLinksOfUser(
  db: Executor,
  crypto: FieldCrypto,
  userId: number,
  termsCode: string,
): Promise<Array<{ link: LinkRow; approved: boolean }>> {
  return findLinksOfUsers(db, crypto, [userId], termsCode);
}

/** Every link of these people, each person's oldest first, with whether it approved `termsCode`; one statement. */
export async function findLinksOfUsers(
  db: Executor,
  crypto: FieldCrypto,
  userIds: readonly number[],
  termsCode: string,
): Promise<Array<{ link: LinkRow; approved: boolean }>> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('partner_users as pu')
    .leftJoin('terms_approvals as ta', approvalOfLink(termsCode))
    .selectAll('pu')
    .select((eb) => identityMatched(eb).as('identity_matched'))
    .select('ta.approved_at as terms_approved_at')
    .where('pu.user_id', 'in', [...userIds])
    .orderBy('pu.user_id')
    .orderBy('pu.created_at')
    .orderBy('pu.partner_id')
    .execute();
  return rows.map(({ terms_approved_at, identity_matched, ...link }) => ({
    link: { ...openLink(crypto, link), identity_matched: Boolean(identity_matched) },
    approved: terms_approved_at !== null,
  }));
}

/** The identities the person's partners' own verifications confirmed (links that ran none included, unset). */
export async function verifiedIdentitiesOf(db: Executor, crypto: FieldCrypto, userId: number) {
  const rows = await db
    .selectFrom('partner_users')
    .select([
      'partner_id',
      'user_id',
      'identity_verified_at',
      'verified_identification',
      'verified_country_code',
      'verified_birthday',
    ])
    .where('user_id', '=', userId)
    .execute();
  return rows.map(({ partner_id, user_id, ...identity }) =>
    openValues(crypto, 'partner_users', { partner_id, user_id }, identity),
  );
}

/** Which of these ids are the partner's employees. */
export async function linkedUserIds(db: Executor, partnerId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('partner_users')
    .select('user_id')
    .where('partner_id', '=', partnerId)
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The partner's employees by the profile phones this partner registered. */
export async function linkedUsersByPhones(db: Executor, crypto: FieldCrypto, partnerId: number, phones: string[]) {
  if (phones.length === 0) return [];
  const rows = await db
    .selectFrom('partner_users')
    .select(['user_id as id', 'phone'])
    .where('partner_id', '=', partnerId)
    .where('phone_index', 'in', crypto.lookupIndexes('phone', phones))
    .execute();
  return rows.map((row) => openValues(crypto, 'partner_users', { partner_id: partnerId, user_id: row.id }, row));
}

/**
 * The partner's employees whose identity verified in this partner's flow, or registered by this
 * partner, is one of these spellings. Each row is matched through its blind index: the spelling
 * whose index the row holds is the number it stores (nothing is decrypted: a batch of 1 000 ssns
 * would open 1 000 numbers only to read back what it looked up).
 */
export async function linkedUsersByIdentifications(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  candidates: string[],
) {
  if (candidates.length === 0) return [];
  const spellingOf = new Map<string, string>();
  for (const candidate of candidates)
    for (const index of crypto.lookupIndexes('identification', [candidate])) spellingOf.set(index, candidate);
  const indexes = [...spellingOf.keys()];
  const [verified, registered] = await Promise.all([
    db
      .selectFrom('partner_users')
      .select(['user_id as id', 'verified_identification_index as index'])
      .where('partner_id', '=', partnerId)
      .where('verified_identification_index', 'in', indexes)
      .execute(),
    db
      .selectFrom('partner_users')
      .select(['user_id as id', 'identification_index as index'])
      .where('partner_id', '=', partnerId)
      .where('identification_index', 'in', indexes)
      .execute(),
  ]);
  return [...verified, ...registered].map((row) => ({
    id: row.id,
    identification: spellingOf.get(row.index as string) as string,
  }));
}

/** The people's tax facts, locked until the transaction ends (two batches cannot both spend one tax-free card). */
export async function lockTaxFacts(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return forUpdate(
    db,
    db.selectFrom('users').select(['id', 'tax_percent', 'tax_free_card']).where('id', 'in', userIds).orderBy('id'),
  ).execute();
}

/** The partner's links to these people, locked until the transaction ends (what a payout checks stays as checked). */
export async function lockLinks(db: Executor, partnerId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await forUpdate(
    db,
    db
      .selectFrom('partner_users')
      .select('user_id')
      .where('partner_id', '=', partnerId)
      .where('user_id', 'in', userIds)
      .orderBy('user_id'),
  ).execute();
}

/** Whom a mail goes to: the person's e-mail, greeted by the first name this partner registered (none without a partner). */
export async function findRecipient(db: Executor, userId: number, partnerId: number | null) {
  const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const link =
    partnerId === null
      ? undefined
      : await db
          .selectFrom('partner_users')
          .select('first_name')
          .where('partner_id', '=', partnerId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
  return { email: user.email, firstName: link?.first_name ?? null };
}
