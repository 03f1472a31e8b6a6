import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addMs, type Clock } from '../../clock.js';
import type { Database, WebhookEndpointRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { parseId } from '../../ids.js';
import { inTransaction, type Idempotency } from '../../platform/idempotency.js';
import { pageOffset, type PageQuery } from '../../platform/pagination.js';
import type { WriteContext } from '../../platform/request-context.js';
import type { AuditService } from '../audit/index.js';
import { EVENT_TYPE_NAMES, eventId, type EventService } from '../events/index.js';
import * as repo from './webhooks.repository.js';
import type {
  CreateEndpointBody,
  DeliveryAttempt,
  PatchEndpointBody,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from './webhooks.schemas.js';
import { ForbiddenDestination, resolveChecked, urlProblem, bareHost, type Resolver, type UrlRules } from './ssrf.js';

/** How long the old secret keeps signing after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Every delivery of an endpoint failing this long disables it. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 60 * 60 * 1000;
/** Events re-queued per page of a replay. */
const REPLAY_PAGE = 500;
/** One replay covers at most this many sequences of the feed; `next_after` says where the next one starts. */
export const REPLAY_MAX_EVENTS = 10_000;

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The concrete types a list of exact types and `prefix.*` patterns names; null for a part that names none. */
export function typesOf(patterns: readonly string[]): Set<string> | null {
  const matched = new Set<string>();
  for (const raw of patterns) {
    const part = raw.trim();
    const hits =
      part.endsWith('.*') && part.length > 2
        ? EVENT_TYPE_NAMES.filter((type) => type.startsWith(part.slice(0, -1)))
        : EVENT_TYPE_NAMES.filter((type) => type === part);
    if (hits.length === 0) return null;
    for (const hit of hits) matched.add(hit);
  }
  return matched;
}

export function endpointPayload(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: JSON.parse(row.event_types) as string[],
    disabled: row.disabled_at !== null,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    previous_secret_expires_at: row.previous_secret_expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface WebhookServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  events: Pick<EventService, 'counter' | 'after'>;
  audit: Pick<AuditService, 'record'>;
  rules: UrlRules;
  resolve: Resolver;
  /** Delivery bodies are stored encrypted (docs/data-protection.md); the repository seals them. */
  crypto: FieldCrypto;
  /** How long the lookup at create/patch may take (the delivery timeout; 10 s without one). */
  timeoutMs?: number;
}

const notFound = () => new AppError('webhook_endpoint_not_found');

export function createWebhookService({
  db,
  clock,
  idempotency,
  events,
  audit,
  rules,
  resolve,
  crypto,
  timeoutMs = 10_000,
}: WebhookServiceDeps) {
  /** The URL's form, and in live where its name resolves now: a clear 422 before anything is stored. */
  async function checkUrl(raw: string): Promise<string> {
    const url = raw.trim();
    const problem = urlProblem(url, rules);
    if (problem) throw AppError.field('url', `url ${problem}.`);
    if (rules.live) {
      try {
        await resolveChecked(bareHost(new URL(url)), rules, resolve, timeoutMs);
      } catch (error) {
        // A name that does not resolve yet (or not in time) is accepted: it is checked again at every
        // delivery. The message names the host only, never the address it resolved to.
        if (error instanceof ForbiddenDestination && error.resolved)
          throw AppError.field('url', `url ${error.message}.`);
      }
    }
    return url;
  }

  function checkTypes(patterns: readonly string[]): string[] {
    const cleaned = [...new Set(patterns.map((p) => p.trim()))];
    if (typesOf(cleaned) === null)
      throw AppError.field(
        'event_types',
        'event_types must be event types or prefixes ending in .* (payout.*); see the Event schema for the types.',
      );
    return cleaned;
  }

  async function own(partnerId: number, rawId: string): Promise<WebhookEndpointRow> {
    const id = parseId(rawId);
    const row = id === null ? undefined : await repo.findEndpoint(db, id, partnerId);
    if (!row) throw notFound();
    return row;
  }

  const subject = (id: number) => ({ type: 'webhook_endpoint' as const, id });

  return {
    async create(ctx: WriteContext, body: CreateEndpointBody): Promise<WebhookEndpointWithSecret> {
      const partnerId = ctx.caller.partnerId;
      const url = await checkUrl(body.url);
      const types = checkTypes(body.event_types);
      const secret = newSecret();
      // Only the events after its creation: the feed (or a replay) has the earlier ones. (Read before
      // the transaction: a SQLite database has one connection, which the transaction holds.)
      const { last } = await events.counter(partnerId);
      const row = await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        const created = await repo.insertEndpoint(trx, {
          partnerId,
          url,
          description: body.description ?? '',
          eventTypes: types,
          secret,
          cursor: last,
          now: clock.now().toISOString(),
        });
        await audit.record(trx, {
          action: 'webhook_endpoint.created',
          object: subject(created.id),
          partnerId,
          fields: ['url', 'event_types', 'description'],
        });
        return created;
      });
      return { ...endpointPayload(row), secret };
    },

    async list(partnerId: number, query: PageQuery): Promise<{ total: number; results: WebhookEndpoint[] }> {
      const page = pageOffset(query);
      const { total, rows } = await repo.listEndpoints(db, partnerId, page?.limit ?? 1, page?.offset ?? 0);
      return { total, results: page ? rows.map(endpointPayload) : [] };
    },

    async get(partnerId: number, id: string): Promise<WebhookEndpoint> {
      return endpointPayload(await own(partnerId, id));
    },

    async patch(ctx: WriteContext, id: string, body: PatchEndpointBody): Promise<WebhookEndpoint> {
      const partnerId = ctx.caller.partnerId;
      const current = await own(partnerId, id);
      const changes: Partial<WebhookEndpointRow> = {};
      if (body.url !== undefined) changes.url = await checkUrl(body.url);
      if (body.event_types !== undefined) changes.event_types = JSON.stringify(checkTypes(body.event_types));
      if (body.description !== undefined) changes.description = body.description;
      const now = clock.now().toISOString();
      if (body.disabled === true && current.disabled_at === null)
        Object.assign(changes, { disabled_at: now, disabled_reason: 'partner' });
      if (body.disabled === false && current.disabled_at !== null)
        Object.assign(changes, { disabled_at: null, disabled_reason: null, failing_since: null });
      const fields = Object.keys(body).filter((key) => (body as Record<string, unknown>)[key] !== undefined);
      const row = await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        const updated = await repo.updateEndpoint(trx, current.id, { ...changes, updated_at: now });
        if (!updated) throw notFound();
        if (fields.length > 0)
          await audit.record(trx, {
            action: 'webhook_endpoint.updated',
            object: subject(current.id),
            partnerId,
            fields,
          });
        return updated;
      });
      return endpointPayload(row);
    },

    async remove(ctx: WriteContext, id: string): Promise<void> {
      const partnerId = ctx.caller.partnerId;
      const current = await own(partnerId, id);
      await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        await repo.deleteEndpoint(trx, current.id);
        await audit.record(trx, { action: 'webhook_endpoint.deleted', object: subject(current.id), partnerId });
      });
    },

    /** A new secret; the old one keeps signing beside it for 24 hours. */
    async rotateSecret(ctx: WriteContext, id: string): Promise<WebhookEndpointWithSecret> {
      const partnerId = ctx.caller.partnerId;
      const current = await own(partnerId, id);
      const secret = newSecret();
      const now = clock.now();
      const row = await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        const updated = await repo.updateEndpoint(trx, current.id, {
          secret,
          previous_secret: current.secret,
          previous_secret_expires_at: addMs(now, SECRET_OVERLAP_MS).toISOString(),
          updated_at: now.toISOString(),
        });
        if (!updated) throw notFound();
        await audit.record(trx, {
          action: 'webhook_endpoint.secret_rotated',
          object: subject(current.id),
          partnerId,
          fields: ['secret'],
        });
        return updated;
      });
      return { ...endpointPayload(row), secret };
    },

    /** Queues a `webhook.test` event for the endpoint (not part of the feed). */
    async sendTest(ctx: WriteContext, id: string): Promise<{ event_id: string }> {
      const current = await own(ctx.caller.partnerId, id);
      const now = clock.now().toISOString();
      const event = {
        id: eventId(),
        type: 'webhook.test',
        sequence: 0,
        created_at: now,
        data: { object: { endpoint_id: current.id, url: current.url } },
      };
      await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        await repo.insertDeliveries(trx, crypto, [
          {
            endpoint_id: current.id,
            event_id: event.id,
            event_type: event.type,
            sequence: 0,
            payload: JSON.stringify(event),
            next_attempt_at: now,
            created_at: now,
          },
        ]);
      });
      return { event_id: event.id };
    },

    /**
     * Re-queues the endpoint's events after `after`, up to those already queued (later ones come by
     * themselves), at most REPLAY_MAX_EVENTS sequences at a time: `next_after` is where the next
     * replay starts (null when this one reached the end).
     */
    async replay(ctx: WriteContext, id: string, after: number): Promise<{ count: number; next_after: number | null }> {
      const partnerId = ctx.caller.partnerId;
      const current = await own(partnerId, id);
      const counter = await events.counter(partnerId);
      if (after > 0 && after < counter.purgedThrough) {
        throw new AppError(
          'events_expired',
          `Events up to sequence ${counter.purgedThrough} have aged out of the feed; the oldest available is ${counter.purgedThrough + 1}.`,
          undefined,
          {
            oldest_available: counter.purgedThrough + 1,
          },
        );
      }
      const through = Math.min(current.cursor, after + REPLAY_MAX_EVENTS);
      const types = typesOf(JSON.parse(current.event_types) as string[]) ?? new Set<string>();
      const now = clock.now().toISOString();
      const rows: repo.NewDelivery[] = [];
      for (let from = after; from < through;) {
        const page = await events.after(partnerId, from, REPLAY_PAGE);
        if (page.length === 0) break;
        for (const event of page) {
          if (event.sequence > through) break;
          if (types.has(event.type))
            rows.push({
              endpoint_id: current.id,
              event_id: event.id,
              event_type: event.type,
              sequence: event.sequence,
              payload: JSON.stringify(event),
              next_attempt_at: now,
              created_at: now,
            });
        }
        from = page.at(-1)!.sequence;
      }
      await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        await repo.insertDeliveries(trx, crypto, rows);
        await audit.record(trx, { action: 'webhook_endpoint.replayed', object: subject(current.id), partnerId });
      });
      return { count: rows.length, next_after: through < current.cursor ? through : null };
    },

    async attempts(
      partnerId: number,
      id: string,
      query: PageQuery,
    ): Promise<{ total: number; results: DeliveryAttempt[] }> {
      const current = await own(partnerId, id);
      const page = pageOffset(query);
      const total = await repo.countAttempts(db, current.id);
      const rows = page ? await repo.listAttempts(db, current.id, page.limit, page.offset) : [];
      return {
        total,
        results: rows.map((r) => ({
          id: r.id,
          event_id: r.event_id,
          event_type: r.event_type,
          sequence: Number(r.sequence),
          attempted_at: r.attempted_at,
          status_code: r.status_code,
          duration_ms: r.duration_ms,
          error: r.error,
          next_retry_at: r.next_retry_at,
          delivery_status: r.delivery_status as DeliveryAttempt['delivery_status'],
        })),
      };
    },

    /** The operator's list: every endpoint (or one partner's, or the failing ones) with its delivery counts. */
    async operatorList(filter: { partnerId: number | null; failing: boolean }) {
      const rows = await repo.allEndpoints(db, filter);
      return Promise.all(
        rows.map(async (row) => ({
          ...endpointPayload(row),
          partner_id: row.partner_id,
          deliveries: await repo.deliveryCounts(db, row.id),
        })),
      );
    },

    /** Housekeeping: a rotated-out secret is kept 24 hours to sign beside the new one, then forgotten. */
    forgetExpiredSecrets(): Promise<number> {
      return repo.forgetExpiredSecrets(db, clock.now().toISOString());
    },

    /** The console's payout page: the deliveries of these events to the partner's own endpoints (status, attempts, last answer). */
    async deliveriesOf(partnerId: number, eventIds: readonly string[]) {
      return (await repo.deliveriesOfEvents(db, partnerId, eventIds.slice(0, 200))).map((row) => ({
        id: row.id,
        endpointId: row.endpoint_id,
        url: row.url,
        eventId: row.event_id,
        eventType: row.event_type,
        status: row.status,
        attempts: Number(row.attempts),
        createdAt: row.created_at,
        finishedAt: row.finished_at,
        lastStatusCode: row.last_status_code ?? null,
        lastError: row.last_error ?? null,
      }));
    },

    /** For the console's dashboard: how many endpoints fail now, and how many were disabled for failing. */
    failingCounts(): Promise<{ failing: number; disabled: number }> {
      return repo.failingCounts(db);
    },

    /** The operator re-enables an endpoint (audited); it resumes where it stopped. */
    async enable(id: number): Promise<{ endpoint: WebhookEndpoint & { partner_id: number }; changed: boolean }> {
      const current = parseId(String(id)) === null ? undefined : await repo.findEndpoint(db, id, null);
      if (!current) throw new AppError('webhook_endpoint_not_found', `Webhook endpoint ${id} does not exist.`);
      if (current.disabled_at === null)
        return { endpoint: { ...endpointPayload(current), partner_id: current.partner_id }, changed: false };
      const row = await db.transaction().execute(async (trx) => {
        const updated = await repo.updateEndpoint(trx, id, {
          disabled_at: null,
          disabled_reason: null,
          failing_since: null,
          updated_at: clock.now().toISOString(),
        });
        await audit.record(trx, {
          action: 'webhook_endpoint.enabled',
          object: subject(id),
          partnerId: current.partner_id,
          fields: ['disabled'],
        });
        return updated!;
      });
      return { endpoint: { ...endpointPayload(row), partner_id: row.partner_id }, changed: true };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
