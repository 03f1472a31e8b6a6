/**
 * Periodic clean-up that no request waits for: expired Idempotency-keys, events past the feed's
 * retention, and what the retention periods say must go (login links, employee sessions,
 * verification start tokens, mail bodies: docs/data-protection.md, "Retention"); the list is in
 * src/services.ts. Runs beside the API in every instance (`onpay serve`) and in `onpay worker`;
 * each task is a conditional delete or update, so instances running it at once do no harm.
 */
import type { WorkerLog } from './logging.js';

export interface HousekeepingTask {
  name: string;
  /** Returns how many rows it removed (for the log). */
  run(): Promise<number>;
}

export function createHousekeeping(tasks: HousekeepingTask[], log?: WorkerLog) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  async function runOnce(): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    for (const task of tasks) {
      try {
        removed[task.name] = await task.run();
        if (removed[task.name]) log?.info({ task: task.name, removed: removed[task.name] }, 'housekeeping');
      } catch (error) {
        // A database having a bad moment: the next round tries again.
        log?.warn({ err: error, task: task.name }, 'housekeeping task failed');
      }
    }
    return removed;
  }

  return {
    runOnce,
    /** Runs every `intervalMs` until stopped; one round at a time. */
    start(intervalMs = 60 * 60 * 1000) {
      if (timer) return;
      timer = setInterval(() => {
        if (!running) running = runOnce().finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
