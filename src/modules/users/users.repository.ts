import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, PartnerUserRow, UserRow, UserUpdate, UsersTable } from '../../db/database.js';
import { reusableQuery } from '../../db/reusable-query.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A user as one partner sees it: the global record plus that partner's link. */
export interface LinkedUserRow {
  user: UserRow;
  link: PartnerUserRow;
}

export async function findUserById(db: Executor, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

const userByIdWithApproval = reusableQuery(2, (db: Executor, userId: number, termsCode: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('terms_approvals as ta', (join) => join.onRef('ta.user_id', '=', 'u.id').on('ta.terms_code', '=', termsCode))
    .selectAll('u')
    .select('ta.approved_at as terms_approved_at')
    .where('u.id', '=', userId),
);

/** The user and whether they approved these terms, in one statement (status polling, employee pages). */
export async function findUserWithApproval(db: Executor, userId: number, termsCode: string): Promise<{ user: UserRow; approved: boolean } | undefined> {
  const [row] = await userByIdWithApproval(db, userId, termsCode);
  if (!row) return undefined;
  const { terms_approved_at, ...user } = row;
  return { user, approved: terms_approved_at !== null };
}

export async function findUserByEmail(db: Executor, emailNormalized: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

export async function insertUser(db: Executor, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Updates the user's row; returns how many rows changed (0 when the user does not exist). */
export async function updateUser(db: Executor, userId: number, values: UserUpdate): Promise<number> {
  const result = await db.updateTable('users').set(values).where('id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findLink(db: Executor, partnerId: number, userId: number): Promise<PartnerUserRow | undefined> {
  return db
    .selectFrom('partner_users')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user the partner knows by this internal_id, if any. */
export async function findUserIdByInternalId(db: Executor, partnerId: number, internalId: number): Promise<number | undefined> {
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
  values: { partnerId: number; userId: number; internalId: number | null; note: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('partner_users')
    .values({
      partner_id: values.partnerId,
      user_id: values.userId,
      internal_id: values.internalId,
      note: values.note,
      created_at: values.now,
    })
    .execute();
}

export async function updateLink(
  db: Executor,
  partnerId: number,
  userId: number,
  values: { internal_id?: number | null; note?: string | null },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .updateTable('partner_users')
    .set(values)
    .where('partner_id', '=', partnerId)
    .where('user_id', '=', userId)
    .execute();
}

const userColumns = [
  'u.id',
  'u.email',
  'u.email_normalized',
  'u.email_verified_at',
  'u.first_name',
  'u.last_name',
  'u.address',
  'u.postal_code',
  'u.city',
  'u.dial_code',
  'u.phone',
  'u.main_work',
  'u.profile_completed_at',
  'u.bank_account_number',
  'u.bank_iban_number',
  'u.bank_bic_number',
  'u.identification',
  'u.identity_country_code',
  'u.birthday',
  'u.document_id',
  'u.identity_verified_at',
  'u.verified_name',
  'u.tax_percent',
  'u.tax_type',
  'u.tax_start',
  'u.tax_table',
  'u.tax_free_card',
  'u.created_at',
  'u.updated_at',
] as const;

const linkColumns = [
  'pu.partner_id',
  'pu.user_id',
  'pu.internal_id',
  'pu.note',
  'pu.created_at as link_created_at',
] as const;

type JoinedRow = UserRow & {
  partner_id: number;
  user_id: number;
  internal_id: number | null;
  note: string | null;
  link_created_at: string;
};

function split(row: JoinedRow): LinkedUserRow {
  const { partner_id, user_id, internal_id, note, link_created_at, ...user } = row;
  return { user, link: { partner_id, user_id, internal_id, note, created_at: link_created_at } };
}

function linkedUsers(db: Executor, partnerId: number) {
  return db
    .selectFrom('partner_users as pu')
    .innerJoin('users as u', 'u.id', 'pu.user_id')
    .select([...userColumns, ...linkColumns])
    .where('pu.partner_id', '=', partnerId);
}

const linkedUserById = reusableQuery(2, (db: Executor, partnerId: number, userId: number) =>
  linkedUsers(db, partnerId).where('pu.user_id', '=', userId),
);

const linkedUserByIdWithApproval = reusableQuery(3, (db: Executor, partnerId: number, userId: number, termsCode: string) =>
  linkedUsers(db, partnerId)
    .leftJoin('terms_approvals as ta', (join) => join.onRef('ta.user_id', '=', 'pu.user_id').on('ta.terms_code', '=', termsCode))
    .select('ta.approved_at as terms_approved_at')
    .where('pu.user_id', '=', userId),
);

export async function findLinkedUser(db: Executor, partnerId: number, userId: number): Promise<LinkedUserRow | undefined> {
  const [row] = await linkedUserById(db, partnerId, userId);
  return row ? split(row as JoinedRow) : undefined;
}

/**
 * The user as the partner sees it and whether they approved these terms: one indexed statement,
 * compiled once (GET /users/{id} and every payload after a write).
 */
export async function findLinkedUserWithApproval(
  db: Executor,
  partnerId: number,
  userId: number,
  termsCode: string,
): Promise<(LinkedUserRow & { approved: boolean }) | undefined> {
  const [row] = await linkedUserByIdWithApproval(db, partnerId, userId, termsCode);
  if (!row) return undefined;
  const { terms_approved_at, ...joined } = row;
  return { ...split(joined as JoinedRow), approved: terms_approved_at !== null };
}

export async function findLinkedUsersByPhone(db: Executor, partnerId: number, phone: string): Promise<LinkedUserRow[]> {
  const rows = await linkedUsers(db, partnerId).where('u.phone', '=', phone).limit(2).execute();
  return rows.map((r) => split(r as JoinedRow));
}

export async function findLinkedUsersByIdentification(db: Executor, partnerId: number, candidates: string[]): Promise<LinkedUserRow[]> {
  const rows = await linkedUsers(db, partnerId).where('u.identification', 'in', candidates).limit(2).execute();
  return rows.map((r) => split(r as JoinedRow));
}

export async function countLinks(db: Executor, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('partner_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of the partner's employees, newest link first. The page's ids come from the
 * (partner_id, created_at, user_id) index alone, so a deep page costs an index walk, not a join per row.
 */
export async function listLinkedUsers(db: Executor, partnerId: number, limit: number, offset: number): Promise<LinkedUserRow[]> {
  const page = await db
    .selectFrom('partner_users')
    .select('user_id')
    .where('partner_id', '=', partnerId)
    .orderBy('created_at', 'desc')
    .orderBy('user_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  if (page.length === 0) return [];
  const rows = await linkedUsers(db, partnerId)
    .where(
      'pu.user_id',
      'in',
      page.map((p) => p.user_id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, split(r as JoinedRow)]));
  return page.map((p) => byId.get(p.user_id)).filter((r): r is LinkedUserRow => r !== undefined);
}

export async function findApprovedUserIds(db: Executor, userIds: number[], termsCode: string): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('terms_approvals')
    .select(['user_id', 'approved_at'])
    .where('terms_code', '=', termsCode)
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.approved_at]));
}

/** Records an approval unless one exists for the code; true when this call inserted it. */
export async function insertApprovalIfAbsent(db: Executor, userId: number, termsCode: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('terms_approvals')
    .values({ user_id: userId, terms_code: termsCode, approved_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'terms_code']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteApproval(db: Executor, userId: number, termsCode: string): Promise<number> {
  const result = await db
    .deleteFrom('terms_approvals')
    .where('user_id', '=', userId)
    .where('terms_code', '=', termsCode)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
