import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { addMs, type Clock } from '../../clock.js';
import type { Database, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { WorkerLog } from '../../platform/logging.js';
import type { AuditService } from '../audit/index.js';
import type { EventService } from '../events/index.js';
import { createDeliveryRecords, FAILURE_PAUSE_MS } from './delivery.records.js';
import * as repo from './webhooks.repository.js';
import { sendWebhook, type SendResult } from './sender.js';
import type { Resolver, UrlRules } from './ssrf.js';
import { typesOf } from './webhooks.service.js';

export { FAILURE_PAUSE_MS, MAX_ATTEMPTS, RETRY_SCHEDULE_MS } from './delivery.records.js';

/** Endpoints one worker serves at once (each one delivery at a time, in order). */
export const DELIVERY_SLOTS = 8;
/** After stop(), how long a send in flight may wait for its answer before it is abandoned. */
export const STOP_GRACE_MS = 5_000;

export interface WebhookWorkerDeps {
  db: Kysely<Database>;
  clock: Clock;
  events: Pick<EventService, 'after'>;
  audit: Pick<AuditService, 'record'>;
  timeoutMs: number;
  rules: UrlRules;
  resolve: Resolver;
  /** Delivery bodies are stored encrypted; the repository seals and opens them. */
  crypto: FieldCrypto;
  log?: WorkerLog;
  workerId?: string;
  /** How long a claimed endpoint stays this worker's (renewed while it delivers). */
  leaseMs?: number;
  /** Deliveries sent to one endpoint per claim. */
  batchSize?: number;
  /** Events read from the feed per endpoint per run. */
  enqueuePage?: number;
  /** Endpoints served at once (DELIVERY_SLOTS). */
  slots?: number;
  /** Of those, at most this many of one partner's (half the slots). */
  slotsPerPartner?: number;
  /** Claims per run (then the next run starts at once while there is work). */
  claimsPerRun?: number;
  /** After stop(), how long a send in flight may wait for its answer (STOP_GRACE_MS). */
  stopGraceMs?: number;
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
 * read, so two workers never enqueue an event twice); (2) serves endpoints with due deliveries in a
 * few slots at once: each slot leases one endpoint (a conditional update: one worker per endpoint),
 * sends its deliveries one at a time in enqueue order, which is the feed's order, and (3) records
 * each attempt as soon as its answer comes (retries scheduled, an endpoint that has failed for 5
 * days disabled), then releases the endpoint and leases the next. One partner holds at most half
 * the slots, so a slow or failing endpoint never holds back another partner's. A worker that dies
 * mid-delivery leaves that one delivery pending: after its lease another worker sends it again (at
 * least once, never lost). stop() takes no new lease, lets the sends in flight finish (abandoning
 * those still waiting after a few seconds), records them and releases every lease.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps) {
  const workerId = deps.workerId ?? randomUUID();
  const leaseMs = deps.leaseMs ?? Math.max(60_000, deps.timeoutMs * 3);
  const batchSize = deps.batchSize ?? 100;
  const enqueuePage = deps.enqueuePage ?? 500;
  const slots = deps.slots ?? DELIVERY_SLOTS;
  const slotsPerPartner = deps.slotsPerPartner ?? Math.max(1, Math.floor(slots / 2));
  const claimsPerRun = deps.claimsPerRun ?? 20;
  const stopGraceMs = deps.stopGraceMs ?? STOP_GRACE_MS;
  const { db, clock } = deps;
  let timer: NodeJS.Timeout | null = null;
  /** Runs in progress (the loop's, and any a caller started): stop() waits for every one. */
  const runs = new Set<Promise<unknown>>();
  let stopped = true;
  /** Set by stop(): nothing new is claimed or sent. */
  let stopping = false;
  /** Aborted when the grace after stop() is over: sends still waiting for their answer are abandoned. */
  let abandon = new AbortController();
  let stoppedAll: Promise<void> | null = null;
  const { attemptOf, record, disableLongFailing } = createDeliveryRecords(deps);

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
          await repo.insertDeliveries(trx, deps.crypto, rows);
        });
        queued += rows.length;
      } catch (error) {
        if (!(error instanceof CursorMoved)) throw error;
      }
    }
    return queued;
  }

  /**
   * Steps 2 and 3 for one endpoint this worker claimed. Before each send the lease is renewed and the
   * endpoint read as it is now (its url and secrets after a change); when the lease was lost (it ran
   * out and another worker may hold the endpoint) or the endpoint was deleted or disabled, nothing more
   * is sent. Returns the attempts made, and whether the last one failed.
   */
  async function deliverTo(claimed: WebhookEndpointRow): Promise<{ attempts: number; failed: boolean }> {
    const due = await repo.dueDeliveries(db, deps.crypto, claimed.id, clock.now().toISOString(), batchSize);
    let attempts = 0;
    for (const delivery of due) {
      if (stopping) break;
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
        signal: abandon.signal,
      });
      await deps.afterSend?.(delivery, result);
      const attempt = attemptOf(delivery, at, result);
      await record(claimed.id, attempt);
      attempts++;
      if (attempt.outcome === 'abandoned') {
        deps.log?.info({ endpointId: endpoint.id, eventId: delivery.event_id }, 'webhook delivery abandoned: stopping');
        break;
      }
      if (attempt.outcome !== 'delivered') {
        deps.log?.info(
          {
            endpointId: endpoint.id,
            eventId: delivery.event_id,
            attempts: delivery.attempts + 1,
            giveUp: attempt.outcome === 'failed',
            reason: result.error,
            ...(result.detail ? { detail: result.detail } : {}),
          },
          'webhook delivery failed',
        );
        // The rest wait (the endpoint pauses): a receiver that is down is not sent the whole batch.
        return { attempts, failed: true };
      }
    }
    return { attempts, failed: false };
  }

  /** Serves one claimed endpoint, then releases it (paused after a failure); returns the attempts made. */
  async function serve(endpoint: WebhookEndpointRow): Promise<number> {
    let pauseUntil: string | null = null;
    let attempts = 0;
    try {
      const did = await deliverTo(endpoint);
      attempts = did.attempts;
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
    return attempts;
  }

  /**
   * Leases up to `limit` endpoints with due work, none of `exceptPartners`; returns them (the caller
   * delivers, then releases). A few more candidates are read than wanted: other workers may win some.
   */
  async function claim(limit = 20, exceptPartners: readonly number[] = []): Promise<WebhookEndpointRow[]> {
    const claimed: WebhookEndpointRow[] = [];
    const now = clock.now().toISOString();
    for (const id of await repo.endpointsWithDueWork(db, now, limit + slots, exceptPartners)) {
      if (claimed.length === limit) break;
      if (!(await repo.claimEndpoint(db, id, workerId, clock.now(), leaseMs))) continue;
      const endpoint = await repo.findEndpoint(db, id, null);
      if (endpoint) claimed.push(endpoint);
    }
    return claimed;
  }

  /**
   * One pass: enqueue, serve what is due in `slots` slots, disable what failed too long. Returns what
   * it did. Each slot claims the endpoint whose oldest due delivery has waited longest, of a partner
   * that holds fewer than `slotsPerPartner` slots, serves it and claims the next, until nothing is due
   * or the run has made `claimsPerRun` claims. An endpoint whose delivery throws is logged and paused;
   * the others are still served, and every claimed endpoint is released.
   */
  function runOnce(): Promise<{ queued: number; attempts: number }> {
    const run = pass();
    runs.add(run);
    void run.catch(() => undefined).finally(() => runs.delete(run));
    return run;
  }

  async function pass(): Promise<{ queued: number; attempts: number }> {
    const queued = stopping ? 0 : await enqueue();
    let attempts = 0;
    let claims = 0;
    /** Slots each partner holds now. */
    const held = new Map<number, number>();
    /** Claims are made one at a time, so the shares above stay exact. */
    let claiming: Promise<unknown> = Promise.resolve();
    const claimNext = (): Promise<WebhookEndpointRow | null> => {
      const next = claiming.then(async () => {
        if (stopping || claims >= claimsPerRun) return null;
        claims++;
        const full = [...held].filter(([, n]) => n >= slotsPerPartner).map(([partnerId]) => partnerId);
        const [endpoint] = await claim(1, full);
        if (endpoint) held.set(endpoint.partner_id, (held.get(endpoint.partner_id) ?? 0) + 1);
        return endpoint ?? null;
      });
      claiming = next.catch(() => undefined);
      return next;
    };
    const slot = async () => {
      for (let endpoint = await claimNext(); endpoint; endpoint = await claimNext()) {
        try {
          // Not `attempts += await …`: that reads the sum before the await, and the slots add at once.
          const made = await serve(endpoint);
          attempts += made;
        } finally {
          held.set(endpoint.partner_id, held.get(endpoint.partner_id)! - 1);
        }
      }
    };
    // Every slot ends before the run does (a claim that failed in one slot does not leave the others behind).
    const outcomes = await Promise.allSettled(Array.from({ length: slots }, slot));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    if (!stopping) await disableLongFailing();
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
      stopping = false;
      stoppedAll = null;
      abandon = new AbortController();
      const loop = () => {
        if (stopped) return;
        void runOnce()
          .catch((error: unknown) => {
            deps.log?.error({ err: error }, 'webhook worker run failed');
            return { queued: 0, attempts: 0 };
          })
          .then((did) => {
            if (stopped) return;
            timer = setTimeout(loop, did.queued + did.attempts > 0 ? 0 : intervalMs);
            timer.unref();
          });
      };
      timer = setTimeout(loop, 0);
      timer.unref();
    },
    /**
     * Takes no new lease and starts no new send; the sends in flight finish (those still waiting for
     * their answer after `stopGraceMs` are abandoned), are recorded, and every lease is released.
     * Resolves then (the same promise for every call).
     */
    stop(): Promise<void> {
      stoppedAll ??= (async () => {
        stopped = true;
        stopping = true;
        if (timer) clearTimeout(timer);
        timer = null;
        const grace = setTimeout(() => abandon.abort(), stopGraceMs);
        try {
          await Promise.allSettled([...runs]);
        } finally {
          clearTimeout(grace);
        }
      })();
      return stoppedAll;
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
