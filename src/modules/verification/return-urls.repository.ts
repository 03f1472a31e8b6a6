import type { Executor, ReturnUrlStatus } from '../../db/database.js';

export async function findReturnUrl(db: Executor, partnerId: number, requestedUrl: string) {
  return db
    .selectFrom('return_urls')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('requested_url', '=', requestedUrl)
    .executeTakeFirst();
}

export async function insertReturnUrl(
  db: Executor,
  values: { partnerId: number; requestedUrl: string; scheme: string; host: string; pathPrefix: string; now: string },
) {
  return db
    .insertInto('return_urls')
    .values({
      partner_id: values.partnerId,
      requested_url: values.requestedUrl,
      normalized_scheme: values.scheme,
      normalized_host: values.host,
      normalized_path_prefix: values.pathPrefix,
      status: 'pending',
      requested_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listApprovedReturnUrls(db: Executor, partnerId: number) {
  return db
    .selectFrom('return_urls')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('status', '=', 'approved')
    .execute();
}

export async function listReturnUrls(db: Executor, partnerId: number | null) {
  let query = db.selectFrom('return_urls').selectAll().orderBy('id');
  if (partnerId !== null) query = query.where('partner_id', '=', partnerId);
  return query.execute();
}

export async function countReturnUrls(db: Executor, status: ReturnUrlStatus): Promise<number> {
  const row = await db
    .selectFrom('return_urls')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findReturnUrlById(db: Executor, id: number) {
  return db.selectFrom('return_urls').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets the status, when the current one is among `from` (every status when omitted); undefined otherwise. */
export async function setReturnUrlStatus(
  db: Executor,
  id: number,
  status: ReturnUrlStatus,
  now: string,
  from?: readonly ReturnUrlStatus[],
) {
  let query = db.updateTable('return_urls').set({ status, decided_at: now }).where('id', '=', id);
  if (from) query = query.where('status', 'in', from);
  return query.returningAll().executeTakeFirst();
}

/** One page of requests, oldest first, after `afterId`; `limit + 1` rows tell whether more follow. */
export async function listReturnUrlsPage(
  db: Executor,
  filter: { status: ReturnUrlStatus | null; partnerId: number | null; afterId: number },
  limit: number,
) {
  let query = db.selectFrom('return_urls').selectAll().where('id', '>', filter.afterId);
  if (filter.status !== null) query = query.where('status', '=', filter.status);
  if (filter.partnerId !== null) query = query.where('partner_id', '=', filter.partnerId);
  return query.orderBy('id').limit(limit).execute();
}

/** The approved URLs of these partners. */
export async function listApprovedOf(db: Executor, partnerIds: number[]) {
  if (partnerIds.length === 0) return [];
  return db
    .selectFrom('return_urls')
    .selectAll()
    .where('partner_id', 'in', partnerIds)
    .where('status', '=', 'approved')
    .orderBy('id')
    .execute();
}
