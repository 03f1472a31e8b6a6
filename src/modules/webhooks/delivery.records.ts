/**
 * What an attempt's answer does (docs/decisions.md §16): the attempt listed, its delivery delivered,
 * retried on the schedule or failed, the endpoint's failing state kept, and an endpoint that has failed
 * for 5 days disabled. Each attempt is recorded in a transaction of its own as soon as its answer
 * came, so a worker that dies repeats only the send it had in flight.
 */
import type { Kysely } from 'kysely';
import { addMs, type Clock } from '../../clock.js';
import type { Database, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/database.js';
import type { WorkerLog } from '../../platform/logging.js';
import type { AuditService } from '../audit/index.js';
import type { SendResult } from './sender.js';
import * as repo from './webhooks.repository.js';
import { DISABLE_AFTER_FAILING_MS } from './webhooks.service.js';

/** After the first attempt fails: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the delivery has failed. */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
/** One first attempt and a retry per step of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** After a failed attempt the endpoint rests this long: a receiver that is down gets at most one request per pause. */
export const FAILURE_PAUSE_MS = 5_000;

export interface DeliveryRecordsDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  log?: WorkerLog;
}

export function createDeliveryRecords(deps: DeliveryRecordsDeps) {
  const { db, clock } = deps;

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
   * One attempt, in a transaction of its own as soon as the answer came: the attempt, its
   * delivery moved on, and the endpoint's failing state (disabled after 5 days). An abandoned attempt
   * is listed but says nothing about the receiver.
   */
  async function record(endpointId: number, attempt: repo.AttemptRecord): Promise<void> {
    await db.transaction().execute(async (trx) => {
      // As it is now: the partner may have deleted, disabled or changed it while the request was out.
      const current = await repo.findEndpoint(trx, endpointId, null);
      if (!current) return;
      await repo.recordAttempt(trx, current.id, attempt, clock.now().toISOString());
      if (attempt.outcome === 'abandoned') return;
      if (attempt.outcome === 'delivered') {
        if (current.failing_since !== null) await repo.updateEndpoint(trx, current.id, { failing_since: null });
        return;
      }
      const since = current.failing_since ?? attempt.attemptedAt;
      if (current.failing_since === null) await repo.updateEndpoint(trx, current.id, { failing_since: since });
      if (current.disabled_at === null && clock.now().getTime() - new Date(since).getTime() >= DISABLE_AFTER_FAILING_MS)
        await disable(trx, current, since);
    });
  }

  function attemptOf(delivery: WebhookDeliveryRow, at: Date, result: SendResult): repo.AttemptRecord {
    const common = {
      delivery,
      attemptedAt: at.toISOString(),
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
    };
    // Sent again at once (by the next worker to claim the endpoint).
    if (result.abandoned) return { ...common, nextRetryAt: clock.now().toISOString(), outcome: 'abandoned' };
    if (result.error === null) return { ...common, nextRetryAt: null, outcome: 'delivered' };
    const attempts = delivery.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) return { ...common, nextRetryAt: null, outcome: 'failed' };
    const nextRetryAt = addMs(clock.now(), RETRY_SCHEDULE_MS[attempts - 1]!).toISOString();
    return { ...common, nextRetryAt, outcome: 'retry' };
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

  return { attemptOf, record, disableLongFailing };
}
