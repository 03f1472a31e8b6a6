/** The SQL of the operator's webhook pages (the console): an endpoint's delivery log, one delivery, its attempts. */
import type { Executor, WebhookAttemptRow, WebhookDeliveryRow, WebhookDeliveryStatus } from '../../db/database.js';

/** An endpoint's deliveries, newest first, optionally of one status, before a position (a delivery id). */
export async function deliveriesOf(
  db: Executor,
  endpointId: number,
  filter: { status: WebhookDeliveryStatus | null; beforeId: number | null; limit: number },
): Promise<Array<Omit<WebhookDeliveryRow, 'payload'>>> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'endpoint_id',
      'event_id',
      'event_type',
      'sequence',
      'status',
      'attempts',
      'next_attempt_at',
      'created_at',
      'finished_at',
    ])
    .where('endpoint_id', '=', endpointId);
  if (filter.status !== null) query = query.where('status', '=', filter.status);
  if (filter.beforeId !== null) query = query.where('id', '<', filter.beforeId);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** One delivery of one endpoint (sealed body as stored); undefined when it is another endpoint's. */
export async function deliveryOf(
  db: Executor,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
}

/** A delivery's attempts, oldest first. */
export async function attemptsOfDelivery(db: Executor, deliveryId: number): Promise<WebhookAttemptRow[]> {
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('id').execute();
}

/** When each endpoint last had an attempt answered with 2xx. */
export async function lastSuccesses(db: Executor, endpointIds: readonly number[]): Promise<Map<number, string>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('webhook_attempts')
    .select(['endpoint_id', (eb) => eb.fn.max('attempted_at').as('at')])
    .where('endpoint_id', 'in', [...endpointIds])
    .where('error', 'is', null)
    .where('status_code', '>=', 200)
    .where('status_code', '<', 300)
    .groupBy('endpoint_id')
    .execute();
  return new Map(rows.map((row) => [row.endpoint_id, String(row.at)]));
}

/** Of these events, those the endpoint already has waiting to be sent (a resend or replay adds no second copy). */
export async function pendingEventIds(
  db: Executor,
  endpointId: number,
  eventIds: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < eventIds.length; i += 500) {
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .where('event_id', 'in', eventIds.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.event_id);
  }
  return found;
}

/** Makes the event's waiting delivery to this endpoint due at `at` (a resend of one waiting for a retry); false when it already was. */
export async function makeDue(db: Executor, endpointId: number, eventId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: at })
    .where('endpoint_id', '=', endpointId)
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
