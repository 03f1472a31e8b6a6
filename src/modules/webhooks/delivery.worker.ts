import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { addMs, type Clock } from '../../clock.js';
import type { Database, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/database.js';
import type { WorkerLog } from '../../platform/logging.js';
import type { AuditService } from '../audit/index.js';
import type { EventService } from '../events/index.js';
import * as repo from './webhooks.repository.js';
import { sendWebhook, type SendResult } from './sender.js';
import type { Resolver, UrlRules } from './ssrf.js';
import { DISABLE_AFTER_FAILING_MS, typesOf } from './webhooks.service.js';

/** After the first attempt fails: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the delivery has failed. */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
/** One first attempt and a retry per step of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** After a failed attempt the endpoint rests this long: a receiver that is down gets at most one request per pause. */
export const FAILURE_PAUSE_MS = 5_000;

export interface WebhookWorkerDeps {
  db: Kysely<Database>;
  clock: Clock;
  events: Pick<EventService, 'after'>;
  audit: Pick<AuditService, 'record'>;
  timeoutMs: number;
  rules: UrlRules;
  resolve: Resolver;
  log?: WorkerLog;
  workerId?: string;
  /** How long a claimed endpoint stays this worker's (renewed while it delivers). */
  leaseMs?: number;
  /** Deliveries sent to one endpoint per claim. */
  batchSize?: number;
  /** Events read from the feed per endpoint per run. */
  enqueuePage?: number;
  /** Test seam: after a delivery was sent, before its result is recorded (a promise that never settles: the worker died there). */
  afterSend?: (delivery: WebhookDeliveryRow, result: SendResult) => void | Promise<void>;
}

class CursorMoved extends Error {}

/** The Standard Webhooks signature header: one `v1,…` per secret that signs (two during a rotation). */
export function signatureHeader(
  endpoint: Pick<WebhookEndpointRow, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  id: string,
  at: Date,
  body: string,
): string {
  const secrets = [endpoint.secret];
  if (
    endpoint.previous_secret &&
    endpoint.previous_secret_expires_at &&
    at.toISOString() < endpoint.previous_secret_expires_at
  )
    secrets.push(endpoint.previous_secret);
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
}

/**
 * Delivers webhooks. Each run: (1) enqueues, for every enabled endpoint, the partner's events after
 * its cursor whose types match (moving the cursor in the same transaction, only from where it was
 * read, so two workers never enqueue an event twice); (2) leases endpoints with due deliveries (a
 * conditional update: one worker per endpoint) and sends their deliveries in enqueue order, which is
 * the feed's order; (3) records the attempts, schedules retries, and disables an endpoint that has
 * failed for 5 days. A worker that dies mid-delivery leaves the delivery pending: after its lease
 * another worker sends it again (at least once, never lost).
 */
export function createWebhookWorker(deps: WebhookWorkerDeps) {
  const workerId = deps.workerId ?? randomUUID();
  const leaseMs = deps.leaseMs ?? Math.max(60_000, deps.timeoutMs * 3);
  const batchSize = deps.batchSize ?? 100;
  const enqueuePage = deps.enqueuePage ?? 500;
  const { db, clock } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  /** Step 1: the feed into each enabled endpoint's deliveries. Returns how many were queued. */
  async function enqueue(): Promise<number> {
    let queued = 0;
    for (const endpoint of await repo.enabledEndpoints(db)) {
      const page = await deps.events.after(endpoint.partner_id, endpoint.cursor, enqueuePage);
      if (page.length === 0) continue;
      const types = typesOf(JSON.parse(endpoint.event_types) as string[]) ?? new Set<string>();
      const now = clock.now().toISOString();
      const rows = page
        .filter((event) => types.has(event.type))
        .map((event) => ({
          endpoint_id: endpoint.id,
          event_id: event.id,
          event_type: event.type,
          sequence: event.sequence,
          payload: JSON.stringify(event),
          next_attempt_at: now,
          created_at: now,
        }));
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await repo.advanceCursor(trx, endpoint.id, endpoint.cursor, page.at(-1)!.sequence)))
            throw new CursorMoved();
          await repo.insertDeliveries(trx, rows);
        });
        queued += rows.length;
      } catch (error) {
        if (!(error instanceof CursorMoved)) throw error;
      }
    }
    return queued;
  }

  async function disable(trx: Kysely<Database>, endpoint: WebhookEndpointRow, failingSince: string): Promise<void> {
    const now = clock.now().toISOString();
    await repo.updateEndpoint(trx, endpoint.id, { disabled_at: now, disabled_reason: 'failing', updated_at: now });
    await deps.audit.record(trx, {
      action: 'webhook_endpoint.disabled',
      object: { type: 'webhook_endpoint', id: endpoint.id },
      partnerId: endpoint.partner_id,
      fields: ['disabled'],
      reason: 'every delivery failed for 5 days',
    });
    deps.log?.warn(
      { endpointId: endpoint.id, partnerId: endpoint.partner_id, url: endpoint.url, failingSince },
      `webhook endpoint ${endpoint.id} of partner ${endpoint.partner_id} disabled: every delivery failed for 5 days (onpay webhook list --failing; onpay webhook enable ${endpoint.id})`,
    );
  }

  /**
   * Step 2 and 3 for one endpoint this worker claimed. Before each send the lease is renewed and the
   * endpoint read as it is now (its url and secrets after a change); when the lease was lost (it ran
   * out and another worker may hold the endpoint) or the endpoint was deleted or disabled, nothing more
   * is sent. Returns the attempts made, and whether the last one failed.
   */
  async function deliverTo(claimed: WebhookEndpointRow): Promise<{ attempts: number; failed: boolean }> {
    const due = await repo.dueDeliveries(db, claimed.id, clock.now().toISOString(), batchSize);
    const records: repo.AttemptRecord[] = [];
    for (const delivery of due) {
      const endpoint = await repo.renewEndpoint(db, claimed.id, workerId, clock.now(), leaseMs);
      if (!endpoint) {
        deps.log?.info(
          { endpointId: claimed.id, eventId: delivery.event_id },
          'webhook endpoint lease lost (or the endpoint was deleted or disabled): this worker stops sending to it',
        );
        break;
      }
      const at = clock.now();
      const headers = {
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signatureHeader(endpoint, delivery.event_id, at, delivery.payload),
      };
      const result = await sendWebhook(endpoint.url, headers, delivery.payload, {
        timeoutMs: deps.timeoutMs,
        rules: deps.rules,
        resolve: deps.resolve,
      });
      await deps.afterSend?.(delivery, result);
      const attempts = delivery.attempts + 1;
      const ok = result.error === null;
      const giveUp = !ok && attempts >= MAX_ATTEMPTS;
      const nextRetryAt = ok || giveUp ? null : addMs(clock.now(), RETRY_SCHEDULE_MS[attempts - 1]!).toISOString();
      records.push({
        delivery,
        attemptedAt: at.toISOString(),
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        nextRetryAt,
        outcome: ok ? 'delivered' : giveUp ? 'failed' : 'retry',
      });
      if (!ok) {
        deps.log?.info(
          {
            endpointId: endpoint.id,
            eventId: delivery.event_id,
            attempts,
            giveUp,
            reason: result.error,
            ...(result.detail ? { detail: result.detail } : {}),
          },
          'webhook delivery failed',
        );
        // The rest wait (the endpoint pauses): a receiver that is down is not sent the whole batch.
        break;
      }
    }
    if (records.length === 0) return { attempts: 0, failed: false };
    await db.transaction().execute(async (trx) => {
      // As it is now: the partner may have deleted, disabled or changed it while this batch was sent.
      const current = await repo.findEndpoint(trx, claimed.id, null);
      if (!current) return;
      const now = clock.now().toISOString();
      await repo.recordAttempts(trx, current.id, records, now);
      const last = records.at(-1)!;
      if (last.outcome === 'delivered') {
        if (current.failing_since !== null) await repo.updateEndpoint(trx, current.id, { failing_since: null });
      } else {
        const since = current.failing_since ?? last.attemptedAt;
        if (current.failing_since === null) await repo.updateEndpoint(trx, current.id, { failing_since: since });
        if (
          current.disabled_at === null &&
          clock.now().getTime() - new Date(since).getTime() >= DISABLE_AFTER_FAILING_MS
        )
          await disable(trx, current, since);
      }
    });
    return { attempts: records.length, failed: records.at(-1)!.outcome !== 'delivered' };
  }

  /** Endpoints that have failed for 5 days without a new attempt (all their deliveries gave up) are disabled too. */
  async function disableLongFailing(): Promise<void> {
    const cutoff = addMs(clock.now(), -DISABLE_AFTER_FAILING_MS).toISOString();
    for (const endpoint of await repo.enabledEndpoints(db)) {
      if (endpoint.failing_since === null || endpoint.failing_since > cutoff) continue;
      await db.transaction().execute(async (trx) => {
        const fresh = await repo.findEndpoint(trx, endpoint.id, null);
        if (fresh && fresh.disabled_at === null && fresh.failing_since !== null && fresh.failing_since <= cutoff)
          await disable(trx, fresh, fresh.failing_since);
      });
    }
  }

  /** Leases endpoints with due work; returns them (the caller delivers, then releases). */
  async function claim(limit = 20): Promise<WebhookEndpointRow[]> {
    const claimed: WebhookEndpointRow[] = [];
    for (const id of await repo.endpointsWithDueWork(db, clock.now().toISOString(), limit)) {
      if (!(await repo.claimEndpoint(db, id, workerId, clock.now(), leaseMs))) continue;
      const endpoint = await repo.findEndpoint(db, id, null);
      if (endpoint) claimed.push(endpoint);
    }
    return claimed;
  }

  /**
   * One pass: enqueue, deliver what is due, disable what failed too long. Returns what it did. An
   * endpoint whose delivery throws is logged and paused; the others are still served, and every
   * claimed endpoint is released.
   */
  async function runOnce(): Promise<{ queued: number; attempts: number }> {
    const queued = await enqueue();
    let attempts = 0;
    for (const endpoint of await claim()) {
      let pauseUntil: string | null = null;
      try {
        const did = await deliverTo(endpoint);
        attempts += did.attempts;
        if (did.failed) pauseUntil = addMs(clock.now(), FAILURE_PAUSE_MS).toISOString();
      } catch (error) {
        pauseUntil = addMs(clock.now(), FAILURE_PAUSE_MS).toISOString();
        deps.log?.error(
          { err: error, endpointId: endpoint.id, partnerId: endpoint.partner_id },
          `webhook delivery to endpoint ${endpoint.id} failed; the worker goes on with the other endpoints`,
        );
      } finally {
        try {
          await repo.releaseEndpoint(db, endpoint.id, workerId, pauseUntil);
        } catch (error) {
          // The lease then runs out by itself.
          deps.log?.error({ err: error, endpointId: endpoint.id }, `webhook endpoint ${endpoint.id} not released`);
        }
      }
    }
    await disableLongFailing();
    return { queued, attempts };
  }

  return {
    workerId,
    runOnce,
    /** Test seam: the first step of a run alone. */
    enqueue,
    /** Test seam: lease endpoints as a run would, without delivering (a worker that dies here). */
    claim,
    /** Runs until stopped: again at once while there is work, else every `intervalMs`. */
    start(intervalMs = 1000) {
      if (!stopped) return;
      stopped = false;
      const loop = () => {
        if (stopped) return;
        running = runOnce()
          .catch((error: unknown) => {
            deps.log?.error({ err: error }, 'webhook worker run failed');
            return { queued: 0, attempts: 0 };
          })
          .then((did) => {
            running = null;
            if (stopped) return;
            timer = setTimeout(loop, did.queued + did.attempts > 0 ? 0 : intervalMs);
            timer.unref();
          });
      };
      timer = setTimeout(loop, 0);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
