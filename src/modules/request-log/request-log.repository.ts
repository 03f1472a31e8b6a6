/** The request log's SQL (table: request_log). */
import type { Executor } from '../../db/database.js';
import { insertRows } from '../../db/dialect.js';

export interface NewRequestLogRow {
  partner_id: number;
  at: string;
  method: string;
  route: string;
  path_ids: string | null;
  status: number;
  duration_us: number;
  request_id: string;
  idempotency_key: string | null;
}

export interface RequestLogQuery {
  /** Only statuses in [statusFrom, statusTo). */
  statusFrom?: number;
  statusTo?: number;
  route?: string;
  /** Arrived at or after. */
  from?: string;
  /** Arrived before. */
  until?: string;
  /** Older than this entry (the last one of the page before). */
  after?: { at: string; id: number };
  limit: number;
}

/** Rows per insert at most: one JSON parameter on PostgreSQL; on SQLite fewer, as many as keep the statement in its cache (insertRows). */
const INSERT_CHUNK = 500;

export async function insertMany(db: Executor, rows: readonly NewRequestLogRow[]): Promise<void> {
  await insertRows(db, 'request_log', rows, INSERT_CHUNK);
}

/** A partner's requests, newest first (served by request_log_partner_at_idx). */
export function listForPartner(db: Executor, partnerId: number, query: RequestLogQuery) {
  let select = db
    .selectFrom('request_log')
    .select(['id', 'at', 'method', 'route', 'path_ids', 'status', 'duration_us', 'request_id', 'idempotency_key'])
    .where('partner_id', '=', partnerId);
  if (query.statusFrom !== undefined) select = select.where('status', '>=', query.statusFrom);
  if (query.statusTo !== undefined) select = select.where('status', '<', query.statusTo);
  if (query.route !== undefined) select = select.where('route', '=', query.route);
  if (query.from !== undefined) select = select.where('at', '>=', query.from);
  if (query.until !== undefined) select = select.where('at', '<', query.until);
  const after = query.after;
  if (after)
    select = select.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
    );
  return select.orderBy('at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

/** One entry of the partner's, for paging from it; undefined when it is not theirs. */
export function findEntry(db: Executor, partnerId: number, id: number) {
  return db
    .selectFrom('request_log')
    .select(['id', 'at'])
    .where('partner_id', '=', partnerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('request_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Partners holding more than `max` rows. */
export async function partnersOver(db: Executor, max: number): Promise<number[]> {
  const rows = await db
    .selectFrom('request_log')
    .select('partner_id')
    .groupBy('partner_id')
    .having((eb) => eb.fn.countAll(), '>', max)
    .execute();
  return rows.map((r) => r.partner_id);
}

/** Removes a partner's rows older than its `keep` newest. */
export async function trimPartner(db: Executor, partnerId: number, keep: number): Promise<number> {
  const boundary = await db
    .selectFrom('request_log')
    .select(['at', 'id'])
    .where('partner_id', '=', partnerId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (!boundary) return 0;
  const result = await db
    .deleteFrom('request_log')
    .where('partner_id', '=', partnerId)
    .where((eb) =>
      eb.or([eb('at', '<', boundary.at), eb.and([eb('at', '=', boundary.at), eb('id', '<', boundary.id)])]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
