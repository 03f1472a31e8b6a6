import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { WorkerLog } from '../../platform/logging.js';
import { addMs, type Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import * as repo from './mail.repository.js';
import type { MailTransport } from './transport.js';

export interface MailWorkerDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Opens the bodies it sends. */
  crypto: FieldCrypto;
  transport: MailTransport;
  from: string;
  /** Host part for Message-IDs. */
  domain: string;
  log?: WorkerLog;
  workerId?: string;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
}

/** 30 s, 1 min, 2 min ... capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Delivers the outbox over SMTP: claims due rows, sends outside any transaction, records each result
 * in a short write. Retries with exponential backoff; gives up after `maxAttempts`.
 */
export function createMailWorker(deps: MailWorkerDeps) {
  const workerId = deps.workerId ?? randomUUID();
  const leaseMs = deps.leaseMs ?? 120_000;
  const maxAttempts = deps.maxAttempts ?? 10;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  async function runOnce(): Promise<{ sent: number; failed: number }> {
    const claimed = await repo.claimDue(
      deps.db,
      deps.crypto,
      workerId,
      deps.clock.now(),
      leaseMs,
      deps.batchSize ?? 20,
    );
    let sent = 0;
    let failed = 0;
    for (const mail of claimed) {
      // A slow SMTP server can outlast the lease of a whole batch; sending a message whose lease ran
      // out could duplicate another worker's delivery, so each one is re-claimed just before sending.
      if (!(await repo.renewClaim(deps.db, mail.id, workerId, deps.clock.now(), leaseMs))) continue;
      try {
        await deps.transport.send({
          from: deps.from,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
          messageId: `<outbox-${mail.id}@${deps.domain}>`,
        });
        if (await repo.markSent(deps.db, mail.id, workerId, deps.clock.now().toISOString())) sent++;
      } catch (error) {
        failed++;
        const attempts = mail.attempts + 1;
        const giveUp = attempts >= maxAttempts;
        const reason = error instanceof Error ? error.message : String(error);
        deps.log?.warn({ mailId: mail.id, attempts, giveUp, reason }, 'mail delivery failed');
        await repo.markAttemptFailed(deps.db, mail.id, workerId, {
          error: reason,
          nextAttemptAt: addMs(deps.clock.now(), backoffMs(attempts)).toISOString(),
          giveUp,
        });
      }
    }
    return { sent, failed };
  }

  return {
    workerId,
    runOnce,
    /** Polls every `intervalMs` until stopped; one run at a time. */
    start(intervalMs = 5000) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = runOnce()
          .catch((error: unknown) => deps.log?.error({ err: error }, 'mail worker run failed'))
          .finally(() => {
            running = null;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      deps.transport.close();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
