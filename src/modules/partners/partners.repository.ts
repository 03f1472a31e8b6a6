import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ListOrder } from '../../db/list-order.js';

export async function insertPartner(db: Executor, name: string, feeRate: string, now: string): Promise<number> {
  const row = await db
    .insertInto('partners')
    .values({ name, fee_rate: feeRate, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findPartner(db: Executor, id: number) {
  return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The partner's display name, or null when there is no such partner (callers choose the fallback). */
export async function findPartnerName(db: Executor, id: number): Promise<string | null> {
  const row = await db.selectFrom('partners').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

export async function findPartnerNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('partners').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function setFeeRate(db: Executor, id: number, feeRate: string): Promise<boolean> {
  const result = await db.updateTable('partners').set({ fee_rate: feeRate }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The partner's buyer details on invoices (docs/decisions.md §24). */
export async function findInvoiceDetails(db: Executor, id: number) {
  return db
    .selectFrom('partners')
    .select(['id', 'name', 'legal_name', 'org_number', 'address'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setInvoiceDetails(
  db: Executor,
  id: number,
  values: { legal_name: string | null; org_number: string | null; address: string | null },
): Promise<boolean> {
  const result = await db.updateTable('partners').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Partners with their number of active tokens (the console's list and page, `onpay partner list`). Each partner's tokens are
 * counted on their own (access_tokens_partner_idx), not grouped after a join: a grouped join is
 * sorted again, so a page could not be a walk of the primary key.
 */
function partnerSummaries(db: Executor) {
  return db
    .selectFrom('partners')
    .select(['partners.id', 'partners.name', 'partners.fee_rate', 'partners.created_at'])
    .select((eb) =>
      eb
        .selectFrom('access_tokens')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('access_tokens.partner_id', '=', 'partners.id')
        .where('access_tokens.revoked_at', 'is', null)
        .as('active_tokens'),
    );
}

/** Partners with the number of their access tokens that are not revoked. */
export async function listPartners(db: Executor) {
  return partnerSummaries(db).orderBy('partners.id').execute();
}

/** The console's orders of partners: by id (the order they were created), either way, on the primary key (docs/decisions.md §29). */
export type PartnerOrder = ListOrder<'id'>;

/**
 * One page of partners, oldest first unless `order` says otherwise, with their active tokens:
 * `search` matches the id exactly or the name (any part, any case). `limit + 1` rows tell the
 * caller whether there is a next page.
 */
export async function searchPartners(
  db: Executor,
  search: string | null,
  offset: number,
  limit: number,
  order: PartnerOrder = { by: 'id', direction: 'asc' },
) {
  let query = partnerSummaries(db);
  if (search !== null) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const id = /^\d{1,15}$/.test(search) ? Number(search) : null;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${sql.ref('partners.name')}) like ${pattern} escape '\\'`,
        ...(id !== null ? [eb('partners.id', '=', id)] : []),
      ]),
    );
  }
  return query.orderBy('partners.id', order.direction).offset(offset).limit(limit).execute();
}

/** One partner with its number of active tokens. */
export async function findPartnerSummary(db: Executor, id: number) {
  return partnerSummaries(db).where('partners.id', '=', id).executeTakeFirst();
}

/** Partner ids above `afterId`, in order, at most `limit` (fan-outs walk every partner in steps). */
export async function partnerIdsAfter(db: Executor, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('partners')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function countPartners(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('partners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApiKey(db: Executor, partnerId: number, keyHash: string, now: string): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values({ partner_id: partnerId, key_hash: keyHash, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAccessToken(
  db: Executor,
  values: { partnerId: number; tokenHash: string; tokenPrefix: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('access_tokens')
    .values({
      partner_id: values.partnerId,
      token_hash: values.tokenHash,
      token_prefix: values.tokenPrefix,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The partner's credentials matching both hashes, if the token is live. One indexed read. */
export async function findCredentials(db: Executor, tokenHash: string) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('api_keys as k', 'k.partner_id', 't.partner_id')
    .select(['t.id as token_id', 't.partner_id', 'k.key_hash'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('k.revoked_at', 'is', null)
    .execute();
}

export async function listAccessTokens(db: Executor, partnerId: number) {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'token_prefix', 'created_at', 'revoked_at', 'last_used_at'])
    .where('partner_id', '=', partnerId)
    .orderBy('id')
    .execute();
}

export async function findAccessToken(db: Executor, id: number) {
  return db.selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeAccessToken(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a use of the token at `now`, unless one at or after `notBefore` is recorded already
 * (another instance wrote it this minute): one conditional UPDATE, no read first.
 */
export async function touchAccessToken(db: Executor, id: number, now: string, notBefore: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
    .execute();
}
