/**
 * What onpay's operator does with partners' webhooks (the console, docs/decisions.md §26): every
 * endpoint with its state, an endpoint's delivery log, one delivery with its body and attempts,
 * resend one delivery, replay from a sequence, disable and enable. Every action stays inside one
 * endpoint: a delivery is found only through the endpoint that owns it, and a replay reads only that
 * endpoint's partner's feed. Every change is audited. The role checks are the console's.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, WebhookDeliveryStatus, WebhookEndpointRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { AuditService } from '../audit/index.js';
import type { EventService } from '../events/index.js';
import * as ops from './operator.repository.js';
import * as repo from './webhooks.repository.js';
import { endpointPayload, typesOf } from './webhooks.service.js';

/** The most events one console replay queues; the review says where the next one would start. */
export const CONSOLE_REPLAY_MAX = 1_000;
/** Events read from the feed per page of a replay. */
const REPLAY_PAGE = 500;

export type EndpointState = 'enabled' | 'failing' | 'disabled';
export const ENDPOINT_STATES: readonly EndpointState[] = ['enabled', 'failing', 'disabled'];
export const DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];

export interface OperatorEndpoint {
  id: number;
  partner_id: number;
  url: string;
  description: string;
  event_types: string[];
  state: EndpointState;
  disabled_reason: string | null;
  disabled_at: string | null;
  failing_since: string | null;
  last_success: string | null;
  /** The last sequence of the partner's feed queued for it. */
  cursor: number;
  deliveries: { pending: number; failed: number; delivered: number };
}

export interface WebhookOperationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  events: Pick<EventService, 'counter' | 'after'>;
  audit: Pick<AuditService, 'record'>;
  crypto: FieldCrypto;
}

export function stateOf(row: Pick<WebhookEndpointRow, 'disabled_at' | 'failing_since'>): EndpointState {
  return row.disabled_at !== null ? 'disabled' : row.failing_since !== null ? 'failing' : 'enabled';
}

export function createWebhookOperations({ db, clock, events, audit, crypto }: WebhookOperationsDeps) {
  const now = () => clock.now().toISOString();
  const subject = (id: number) => ({ type: 'webhook_endpoint' as const, id });

  async function endpointRow(id: number): Promise<WebhookEndpointRow> {
    const row = await repo.findEndpoint(db, id, null);
    if (!row) throw new AppError('webhook_endpoint_not_found', `There is no webhook endpoint ${id}.`);
    return row;
  }

  async function withState(rows: WebhookEndpointRow[]): Promise<OperatorEndpoint[]> {
    const successes = await ops.lastSuccesses(
      db,
      rows.map((row) => row.id),
    );
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        partner_id: row.partner_id,
        url: row.url,
        description: row.description,
        event_types: endpointPayload(row).event_types,
        state: stateOf(row),
        disabled_reason: row.disabled_reason,
        disabled_at: row.disabled_at,
        failing_since: row.failing_since,
        last_success: successes.get(row.id) ?? null,
        cursor: Number(row.cursor),
        deliveries: await repo.deliveryCounts(db, row.id),
      })),
    );
  }

  /** The feed's events after `after` up to `through` that the endpoint's types match, in sequence order. */
  async function eventsFor(endpoint: WebhookEndpointRow, after: number, through: number) {
    const types = typesOf(JSON.parse(endpoint.event_types) as string[]) ?? new Set<string>();
    const found = [];
    for (let from = after; from < through;) {
      const page = await events.after(endpoint.partner_id, from, REPLAY_PAGE);
      if (page.length === 0) break;
      for (const event of page) if (event.sequence <= through && types.has(event.type)) found.push(event);
      from = page.at(-1)!.sequence;
    }
    return found;
  }

  /** What a replay from `from` would cover: at most CONSOLE_REPLAY_MAX sequences, up to what was queued. */
  async function replayRange(endpoint: WebhookEndpointRow, from: number) {
    const counter = await events.counter(endpoint.partner_id);
    const oldest = counter.purgedThrough + 1;
    const cursor = Number(endpoint.cursor);
    if (from < oldest)
      throw AppError.field(
        'from',
        `Sequence ${from} has aged out of the feed (events are kept 30 days): the oldest available is ${oldest}.`,
      );
    if (from > cursor)
      throw AppError.field(
        'from',
        cursor === 0
          ? 'Nothing was queued for this endpoint yet: there is nothing to replay.'
          : `Sequence ${from} was not queued for this endpoint yet (it has been queued up to ${cursor}): later events come by themselves.`,
      );
    const through = Math.min(cursor, from - 1 + CONSOLE_REPLAY_MAX);
    return { from, through, oldest, cursor };
  }

  return {
    /** Every endpoint, or one partner's, optionally in one state; each with its state, last success and counts. */
    async endpoints(filter: { partnerId: number | null; state: EndpointState | null }): Promise<OperatorEndpoint[]> {
      const rows = await repo.allEndpoints(db, { partnerId: filter.partnerId, failing: false });
      return withState(filter.state === null ? rows : rows.filter((row) => stateOf(row) === filter.state));
    },

    async endpoint(id: number): Promise<OperatorEndpoint> {
      return (await withState([await endpointRow(id)]))[0]!;
    },

    /** An endpoint's deliveries, newest first, `limit` at a time before a position. */
    async deliveries(
      endpointId: number,
      filter: { status: WebhookDeliveryStatus | null; beforeId: number | null; limit: number },
    ) {
      await endpointRow(endpointId);
      const rows = await ops.deliveriesOf(db, endpointId, { ...filter, limit: filter.limit + 1 });
      return { deliveries: rows.slice(0, filter.limit), hasMore: rows.length > filter.limit };
    },

    /** One delivery of this endpoint, its body in clear (the caller masks it), with its attempts. */
    async delivery(endpointId: number, deliveryId: number) {
      const endpoint = await endpointRow(endpointId);
      const row = await ops.deliveryOf(db, endpointId, deliveryId);
      if (!row)
        throw new AppError(
          'webhook_endpoint_not_found',
          `Webhook endpoint ${endpointId} has no delivery ${deliveryId}.`,
        );
      const opened = repo.openDelivery(crypto, row);
      return { endpoint, delivery: opened, attempts: await ops.attemptsOfDelivery(db, row.id) };
    },

    /**
     * Sends one delivery again: a new delivery of the same event (same body, same `webhook-id`) due
     * now, after what is queued. When the event already waits to be sent to this endpoint, that one
     * is made due now instead: a second click queues no second copy.
     */
    async resend(endpointId: number, deliveryId: number): Promise<{ queued: 'new' | 'due_now' | 'waiting' }> {
      const endpoint = await endpointRow(endpointId);
      const row = await ops.deliveryOf(db, endpointId, deliveryId);
      if (!row)
        throw new AppError(
          'webhook_endpoint_not_found',
          `Webhook endpoint ${endpointId} has no delivery ${deliveryId}.`,
        );
      const opened = repo.openDelivery(crypto, row);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const waiting = await ops.pendingEventIds(trx, endpoint.id, [row.event_id]);
        let queued: 'new' | 'due_now' | 'waiting';
        if (waiting.size > 0) queued = (await ops.makeDue(trx, endpoint.id, row.event_id, at)) ? 'due_now' : 'waiting';
        else {
          await repo.insertDeliveries(trx, crypto, [
            {
              endpoint_id: endpoint.id,
              event_id: row.event_id,
              event_type: row.event_type,
              sequence: Number(row.sequence),
              payload: opened.payload,
              next_attempt_at: at,
              created_at: at,
            },
          ]);
          queued = 'new';
        }
        await audit.record(trx, {
          action: 'webhook_delivery.resent',
          object: { type: 'webhook_delivery', id: row.id },
          partnerId: endpoint.partner_id,
          reason: `event ${row.event_id} (sequence ${row.sequence}) to endpoint ${endpoint.id}: ${queued === 'new' ? 'queued again' : queued === 'due_now' ? 'already waiting, made due now' : 'already due'}`,
        });
        return { queued };
      });
    },

    /** The review of a replay from sequence `from`: the range it covers and how many events it would queue. */
    async replayReview(endpointId: number, from: number) {
      const endpoint = await endpointRow(endpointId);
      const range = await replayRange(endpoint, from);
      const found = await eventsFor(endpoint, from - 1, range.through);
      const waiting = await ops.pendingEventIds(
        db,
        endpoint.id,
        found.map((e) => e.id),
      );
      return {
        ...range,
        partnerId: endpoint.partner_id,
        events: found.length,
        alreadyWaiting: waiting.size,
        nextFrom: range.through < range.cursor ? range.through + 1 : null,
      };
    },

    /**
     * Queues again the endpoint's events from `from` through `through` (what the review showed; never
     * past what was queued nor more than CONSOLE_REPLAY_MAX), skipping those already waiting to be
     * sent: the same replay sent twice queues nothing the second time.
     */
    async replay(endpointId: number, from: number, through: number): Promise<{ queued: number; skipped: number }> {
      const endpoint = await endpointRow(endpointId);
      const range = await replayRange(endpoint, from);
      if (through < from || through > range.through)
        throw AppError.field('through', `Review the replay again: it may cover sequences ${from} to ${range.through}.`);
      const found = await eventsFor(endpoint, from - 1, through);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const waiting = await ops.pendingEventIds(
          trx,
          endpoint.id,
          found.map((e) => e.id),
        );
        const rows = found
          .filter((event) => !waiting.has(event.id))
          .map((event) => ({
            endpoint_id: endpoint.id,
            event_id: event.id,
            event_type: event.type,
            sequence: event.sequence,
            payload: JSON.stringify(event),
            next_attempt_at: at,
            created_at: at,
          }));
        await repo.insertDeliveries(trx, crypto, rows);
        await audit.record(trx, {
          action: 'webhook_endpoint.replayed',
          object: subject(endpoint.id),
          partnerId: endpoint.partner_id,
          reason: `from sequence ${from} through ${through}: ${rows.length} queued, ${waiting.size} already waiting`,
        });
        return { queued: rows.length, skipped: waiting.size };
      });
    },

    /** The operator stops deliveries to an endpoint (`disabled_reason: operator`); its cursor stays, so nothing is lost. */
    async disable(id: number, reason: string): Promise<{ changed: boolean }> {
      const endpoint = await endpointRow(id);
      if (endpoint.disabled_at !== null) return { changed: false };
      const at = now();
      await db.transaction().execute(async (trx) => {
        await repo.updateEndpoint(trx, id, { disabled_at: at, disabled_reason: 'operator', updated_at: at });
        await audit.record(trx, {
          action: 'webhook_endpoint.disabled',
          object: subject(id),
          partnerId: endpoint.partner_id,
          fields: ['disabled'],
          reason,
        });
      });
      return { changed: true };
    },
  };
}

export type WebhookOperations = ReturnType<typeof createWebhookOperations>;
