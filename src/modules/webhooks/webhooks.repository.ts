import { addMs } from '../../clock.js';
import type {
  Executor,
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookDeliveryStatus,
  WebhookEndpointRow,
} from '../../db/database.js';
import { allocateIds, insertRows } from '../../db/dialect.js';
import { openValuesNow, sealValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

export interface NewEndpoint {
  partnerId: number;
  url: string;
  description: string;
  eventTypes: string[];
  secret: string;
  cursor: number;
  now: string;
}

export async function insertEndpoint(db: Executor, e: NewEndpoint): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      partner_id: e.partnerId,
      url: e.url,
      description: e.description,
      event_types: JSON.stringify(e.eventTypes),
      secret: e.secret,
      cursor: e.cursor,
      created_at: e.now,
      updated_at: e.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One endpoint; with a partner, only if it is that partner's. */
export async function findEndpoint(
  db: Executor,
  id: number,
  partnerId: number | null,
): Promise<WebhookEndpointRow | undefined> {
  let query = db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id);
  if (partnerId !== null) query = query.where('partner_id', '=', partnerId);
  return query.executeTakeFirst();
}

export async function listEndpoints(
  db: Executor,
  partnerId: number,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: WebhookEndpointRow[] }> {
  const count = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(count.n), rows };
}

/** Every endpoint (the operator's list), optionally one partner's or only failing/disabled-for-failing ones. */
export async function allEndpoints(
  db: Executor,
  filter: { partnerId: number | null; failing: boolean },
): Promise<WebhookEndpointRow[]> {
  let query = db.selectFrom('webhook_endpoints').selectAll();
  if (filter.partnerId !== null) query = query.where('partner_id', '=', filter.partnerId);
  if (filter.failing)
    query = query.where((eb) => eb.or([eb('failing_since', 'is not', null), eb('disabled_reason', '=', 'failing')]));
  return query.orderBy('id').execute();
}

/** Endpoints failing now (still enabled) and endpoints disabled after failing too long. */
export async function failingCounts(db: Executor): Promise<{ failing: number; disabled: number }> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => [
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('failing_since', 'is not', null), eb('disabled_at', 'is', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('failing'),
      eb.fn.sum<number>(eb.case().when('disabled_reason', '=', 'failing').then(1).else(0).end()).as('disabled'),
    ])
    .executeTakeFirst();
  return { failing: Number(row?.failing ?? 0), disabled: Number(row?.disabled ?? 0) };
}

/** Forgets the secrets whose overlap after a rotation has ended; returns how many. */
export async function forgetExpiredSecrets(db: Executor, now: string): Promise<number> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ previous_secret: null, previous_secret_expires_at: null })
    .where('previous_secret_expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function updateEndpoint(
  db: Executor,
  id: number,
  values: Partial<Omit<WebhookEndpointRow, 'id' | 'partner_id'>>,
): Promise<WebhookEndpointRow | undefined> {
  return db.updateTable('webhook_endpoints').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteEndpoint(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export async function enabledEndpoints(db: Executor): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('disabled_at', 'is', null).orderBy('id').execute();
}

/**
 * Moves an endpoint's cursor from `from` to `to`: false when another worker moved it first (the
 * caller's transaction then rolls back the deliveries it wrote).
 */
export async function advanceCursor(trx: Executor, id: number, from: number, to: number): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_endpoints')
    .set({ cursor: to })
    .where('id', '=', id)
    .where('cursor', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NewDelivery {
  endpoint_id: number;
  event_id: string;
  event_type: string;
  sequence: number;
  payload: string;
  next_attempt_at: string;
  created_at: string;
}

/**
 * Queues deliveries, each body encrypted and bound to the delivery's id (docs/data-protection.md):
 * the ids are allocated first, inside the caller's transaction (on SQLite it holds the write lock
 * from its start, which keeps them free).
 */
export async function insertDeliveries(trx: Executor, crypto: FieldCrypto, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = await allocateIds(trx, 'webhook_deliveries', rows.length);
  const sealed = rows.map((row, i) => {
    const id = ids[i] as number;
    return sealValues(crypto, 'webhook_deliveries', { id }, { ...row, id, status: 'pending' as const });
  });
  await insertRows(trx, 'webhook_deliveries', sealed, 500);
}

/** A delivery with its body in clear: the exact bytes to send and sign. */
export function openDelivery(crypto: FieldCrypto, row: WebhookDeliveryRow): WebhookDeliveryRow {
  return openValuesNow(crypto, 'webhook_deliveries', row, row);
}

/**
 * Leases an enabled endpoint to one worker: a conditional update that succeeds only while no other
 * worker's lease is running (on both engines a concurrent claim of the same row updates nothing).
 */
export async function claimEndpoint(
  db: Executor,
  id: number,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ locked_by: workerId, locked_until: addMs(now, leaseMs).toISOString() })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Extends this worker's lease and returns the endpoint as it is now; undefined when the lease ran out
 * (another worker may hold the endpoint now), or the endpoint was deleted or disabled.
 */
export async function renewEndpoint(
  db: Executor,
  id: number,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ locked_until: addMs(now, leaseMs).toISOString() })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('locked_until', '>', now.toISOString())
    .where('disabled_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Gives the endpoint up; with `until`, no worker may claim it before then (a pause after a failure). */
export async function releaseEndpoint(
  db: Executor,
  id: number,
  workerId: string,
  until: string | null = null,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ locked_by: null, locked_until: until })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

/**
 * Endpoints with a delivery due now, whose lease is free, the one whose oldest due delivery has waited
 * longest first (by id, a few endpoints that always fail would be served before the rest every run);
 * none of the partners in `exceptPartners` (those already holding their share of a worker).
 */
export async function endpointsWithDueWork(
  db: Executor,
  now: string,
  limit: number,
  exceptPartners: readonly number[] = [],
): Promise<number[]> {
  let query = db
    .selectFrom('webhook_endpoints')
    .innerJoin('webhook_deliveries', 'webhook_deliveries.endpoint_id', 'webhook_endpoints.id')
    .select('webhook_endpoints.id')
    .where('webhook_endpoints.disabled_at', 'is', null)
    .where((eb) =>
      eb.or([eb('webhook_endpoints.locked_until', 'is', null), eb('webhook_endpoints.locked_until', '<=', now)]),
    )
    .where('webhook_deliveries.status', '=', 'pending')
    .where('webhook_deliveries.next_attempt_at', '<=', now);
  if (exceptPartners.length > 0) query = query.where('webhook_endpoints.partner_id', 'not in', [...exceptPartners]);
  const rows = await query
    .groupBy('webhook_endpoints.id')
    .orderBy((eb) => eb.fn.min('webhook_deliveries.next_attempt_at'))
    .orderBy('webhook_endpoints.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The endpoint's due deliveries, in the order they were enqueued (the feed's order). */
export async function dueDeliveries(
  db: Executor,
  crypto: FieldCrypto,
  endpointId: number,
  now: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => openDelivery(crypto, row));
}

export interface AttemptRecord {
  delivery: WebhookDeliveryRow;
  attemptedAt: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** When it is tried again; null when delivered or failed for good. */
  nextRetryAt: string | null;
  /** `abandoned`: the worker stopped before the answer; listed, but not counted against the receiver. */
  outcome: 'delivered' | 'retry' | 'failed' | 'abandoned';
}

/** Records one attempt and moves its delivery on, in the caller's transaction. */
export async function recordAttempt(trx: Executor, endpointId: number, r: AttemptRecord, now: string): Promise<void> {
  await trx
    .insertInto('webhook_attempts')
    .values({
      delivery_id: r.delivery.id,
      endpoint_id: endpointId,
      attempted_at: r.attemptedAt,
      status_code: r.statusCode,
      duration_ms: r.durationMs,
      error: r.error?.slice(0, 1024) ?? null,
      next_retry_at: r.nextRetryAt,
    })
    .execute();
  // Abandoned: the delivery stays as it was, due now, its attempts uncounted.
  if (r.outcome === 'abandoned') return;
  const status: WebhookDeliveryStatus = r.outcome === 'retry' ? 'pending' : r.outcome;
  await trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status,
      attempts: eb('attempts', '+', 1),
      next_attempt_at: r.nextRetryAt ?? r.delivery.next_attempt_at,
      finished_at: r.outcome === 'retry' ? null : now,
    }))
    .where('id', '=', r.delivery.id)
    .where('status', '=', 'pending')
    .execute();
}

export async function countAttempts(db: Executor, endpointId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type AttemptWithEvent = WebhookAttemptRow & {
  event_id: string;
  event_type: string;
  sequence: number;
  delivery_status: string;
};

/** An endpoint's attempts, newest first, with the event each was for. */
export async function listAttempts(
  db: Executor,
  endpointId: number,
  limit: number,
  offset: number,
): Promise<AttemptWithEvent[]> {
  return db
    .selectFrom('webhook_attempts')
    .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
    .selectAll('webhook_attempts')
    .select([
      'webhook_deliveries.event_id',
      'webhook_deliveries.event_type',
      'webhook_deliveries.sequence',
      'webhook_deliveries.status as delivery_status',
    ])
    .where('webhook_attempts.endpoint_id', '=', endpointId)
    .orderBy('webhook_attempts.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Counts of an endpoint's deliveries by status (the operator's list). */
export async function deliveryCounts(
  db: Executor,
  endpointId: number,
): Promise<{ pending: number; failed: number; delivered: number }> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('endpoint_id', '=', endpointId)
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: of('pending'), failed: of('failed'), delivered: of('delivered') };
}

/**
 * The deliveries of these events to one partner's endpoints, with their endpoint's URL and the last
 * attempt's answer (the console's payout page): one query (webhook_deliveries_event_idx, then
 * webhook_attempts_delivery_idx per delivery), oldest first.
 */
export async function deliveriesOfEvents(db: Executor, partnerId: number, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select((eb) => [
      'd.id',
      'd.endpoint_id',
      'e.url',
      'd.event_id',
      'd.event_type',
      'd.status',
      'd.attempts',
      'd.created_at',
      'd.finished_at',
      eb
        .selectFrom('webhook_attempts as a')
        .select('a.status_code')
        .whereRef('a.delivery_id', '=', 'd.id')
        .orderBy('a.id', 'desc')
        .limit(1)
        .as('last_status_code'),
      eb
        .selectFrom('webhook_attempts as a')
        .select('a.error')
        .whereRef('a.delivery_id', '=', 'd.id')
        .orderBy('a.id', 'desc')
        .limit(1)
        .as('last_error'),
    ])
    .where('d.event_id', 'in', eventIds)
    .where('e.partner_id', '=', partnerId)
    .execute();
  // Sorted here (a payout's events have a handful): an ORDER BY in SQL would draw the planner to the id index.
  return rows.sort((a, b) => a.id - b.id);
}
