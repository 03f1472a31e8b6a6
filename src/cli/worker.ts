import type { Command } from 'commander';
import { loadConfig, type Config, type LogLevel } from '../config.js';
import type { Db } from '../db/kysely.js';
import { migrateToLatest } from '../db/migrator.js';
import { fieldKeysForMigrations } from '../platform/field-keys.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { WorkerLog } from '../platform/logging.js';
import { createServices, type Services } from '../services.js';
import { type CliContext, openDatabase } from './context.js';

const LEVELS: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: 100,
};

/** One JSON line per entry on stdout, as the server's log (pino's level numbers and `msg`). */
function jsonLog(ctx: CliContext, level: LogLevel): WorkerLog {
  const write = (at: number) => (object: object, message: string) => {
    if (at < LEVELS[level]) return;
    const fields = Object.fromEntries(
      Object.entries(object).map(([key, value]) => [
        key,
        value instanceof Error ? { message: value.message, stack: value.stack } : value,
      ]),
    );
    ctx.stdout(`${JSON.stringify({ level: at, time: Date.now(), name: 'onpay-worker', ...fields, msg: message })}\n`);
  };
  return { info: write(LEVELS.info), warn: write(LEVELS.warn), error: write(LEVELS.error) };
}

/** Waits before the next try to reach the database: short at first, then every 5 s. */
export function startRetryDelayMs(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 5_000);
}

/**
 * Opens and migrates the database. While it is unavailable (down, restarting, refusing or not
 * completing connections) the worker logs a warning and tries again; anything else (a wrong
 * password, a missing database, a failing migration) ends the command as before.
 */
async function openWhenAvailable(config: Config, log: WorkerLog): Promise<Db> {
  for (let attempt = 0; ; attempt++) {
    let db: Db | null = null;
    try {
      db = await openDatabase(config);
      await migrateToLatest(db, fieldKeysForMigrations(config));
      return db;
    } catch (error) {
      await db?.close().catch(() => undefined);
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      if (!isDatabaseUnavailable(cause)) throw error;
      const retryInMs = startRetryDelayMs(attempt);
      log.warn({ err: cause, retryInMs }, 'database unavailable at start; trying again');
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}

/**
 * `onpay worker`: the background work without the HTTP server (mail and webhook delivery, event
 * fan-out, housekeeping), as a process of its own. Several may run beside the servers on one
 * PostgreSQL: leases and conditional claims keep any delivery from going out twice at once. Started
 * while the database is unavailable, it waits for it. Stops cleanly on SIGTERM/SIGINT
 * (services.close(): nothing new is taken, webhook sends in flight finish or are abandoned after a
 * few seconds, and are recorded), then the process exits 0.
 */
export function registerWorkerCommand(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description(
      'run the background workers (mail and webhook delivery, event fan-out, housekeeping) without serving HTTP',
    )
    .action(async () => {
      const config = loadConfig(ctx.env);
      const log = jsonLog(ctx, config.logLevel);
      // The workers' timers do not hold the process open; this does, until a signal.
      const keepAlive = setInterval(() => undefined, 1 << 30);
      let running: { services: Services; db: Db } | null = null;
      let closing = false;
      const shutdown = async (signal: string) => {
        if (closing) return;
        closing = true;
        ctx.stdout(`onpay worker: ${signal}, finishing the work in progress\n`);
        // Still waiting for the database: nothing is in progress.
        if (!running) process.exit(0);
        const force = setTimeout(() => process.exit(1), config.shutdown.timeoutMs + 5_000);
        force.unref();
        try {
          await running.services.close();
          await running.db.close();
          clearInterval(keepAlive);
          process.exit(0);
        } catch (error) {
          ctx.stderr(`onpay worker: error while stopping: ${error instanceof Error ? error.message : String(error)}\n`);
          process.exit(1);
        }
      };
      process.once('SIGTERM', () => void shutdown('SIGTERM'));
      process.once('SIGINT', () => void shutdown('SIGINT'));
      let db: Db;
      try {
        db = await openWhenAvailable(config, log);
      } catch (error) {
        clearInterval(keepAlive);
        throw error;
      }
      const services = await createServices({ config, db, log, connectRedis: false });
      running = { services, db };
      services.startWorkers();
      ctx.stdout(
        `onpay worker (${config.env}) running: mail${services.mailWorker ? '' : ' (no SMTP_URL: kept in the outbox)'}, webhooks, event fan-out, housekeeping\n`,
      );
    });
}
