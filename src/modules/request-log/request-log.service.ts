/**
 * The request log (docs/decisions.md §25): every authenticated partner API request, kept so
 * support can answer "what did we send you at 10:02?". Off the request path: a response only adds
 * an entry to a bounded in-memory buffer (a full buffer drops the entry and counts it, never
 * waits); a timer writes the buffer in batches, and a shutdown writes what is left.
 */
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { WorkerLog } from '../../platform/logging.js';
import * as repo from './request-log.repository.js';

/** What a request leaves in the log. */
export interface RequestLogNote {
  partnerId: number;
  method: string;
  /** The route template, e.g. `/api/v1/users/:id`. */
  route: string;
  /** The path's parameters (the partner's own ids); never the query string. */
  params: Record<string, string> | null;
  status: number;
  durationMs: number;
  requestId: string;
  idempotencyKey: string | null;
}

/** One logged request, as the console and the command line show it. */
export interface RequestLogEntry {
  id: number;
  at: string;
  method: string;
  route: string;
  path_ids: Record<string, string>;
  status: number;
  duration_ms: number;
  request_id: string;
  idempotency_key: string | null;
}

export interface RequestLogTuning {
  /** Entries held in memory at most; past it new ones are dropped and counted. */
  bufferMax: number;
  /** A batch this large is written at once, without waiting for the timer. */
  batchSize: number;
  flushIntervalMs: number;
  retentionDays: number;
  /** Rows kept per partner at most (the newest). */
  maxRowsPerPartner: number;
}

export const REQUEST_LOG_DEFAULTS: RequestLogTuning = Object.freeze({
  bufferMax: 10_000,
  batchSize: 500,
  flushIntervalMs: 1_000,
  retentionDays: 30,
  maxRowsPerPartner: 100_000,
});

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface RequestLogFilter {
  status?: StatusClass;
  route?: string;
  from?: string;
  until?: string;
  /** The id of the last entry of the page before. */
  after?: number;
  limit: number;
}

/** A path parameter value is a partner's id; anything longer is cut (it names nothing anyway). */
const PARAM_MAX = 64;
const ROUTE_MAX = 255;

export interface RequestLogDeps {
  db: Executor;
  clock: Clock;
  log?: WorkerLog;
  tuning?: Partial<RequestLogTuning>;
}

function rowToEntry(row: Awaited<ReturnType<typeof repo.listForPartner>>[number]): RequestLogEntry {
  return {
    id: row.id,
    at: row.at,
    method: row.method,
    route: row.route,
    path_ids: row.path_ids ? (JSON.parse(row.path_ids) as Record<string, string>) : {},
    status: row.status,
    duration_ms: row.duration_us / 1000,
    request_id: row.request_id,
    idempotency_key: row.idempotency_key,
  };
}

function pathIds(params: Record<string, string> | null): string | null {
  if (!params) return null;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(params))
    if (name !== '*' && typeof value === 'string') kept[name] = value.slice(0, PARAM_MAX);
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
}

export function createRequestLog(deps: RequestLogDeps) {
  const { db, clock, log } = deps;
  const tuning: RequestLogTuning = { ...REQUEST_LOG_DEFAULTS, ...deps.tuning };
  let buffer: repo.NewRequestLogRow[] = [];
  let dropped = 0;
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function writeAll(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer;
      buffer = [];
      try {
        await repo.insertMany(db, batch);
      } catch (error) {
        // Nothing that was answered is lost to a database's bad moment while there is room to hold it.
        const room = Math.max(0, tuning.bufferMax - buffer.length);
        const kept = batch.slice(0, room);
        dropped += batch.length - kept.length;
        buffer = [...kept, ...buffer];
        log?.warn(
          { err: error, held: buffer.length },
          'could not write the request log; holding it for the next round',
        );
        return;
      }
    }
  }

  /** Writes the buffer; one write at a time (a call during one waits for it, then writes what came since). */
  function flush(): Promise<void> {
    const previous = writing ?? Promise.resolve();
    const next: Promise<void> = previous.then(writeAll).finally(() => {
      if (writing === next) writing = null;
    });
    writing = next;
    return next;
  }

  return {
    /**
     * Adds a request to the buffer; never waits. False when the buffer is full: the entry is
     * dropped and counted (`dropped`).
     */
    note(entry: RequestLogNote): boolean {
      if (buffer.length >= tuning.bufferMax) {
        dropped += 1;
        return false;
      }
      const arrived = clock.now().getTime() - entry.durationMs;
      buffer.push({
        partner_id: entry.partnerId,
        at: new Date(arrived).toISOString(),
        method: entry.method,
        route: entry.route.slice(0, ROUTE_MAX),
        path_ids: pathIds(entry.params),
        status: entry.status,
        duration_us: Math.round(entry.durationMs * 1000),
        request_id: entry.requestId,
        idempotency_key: entry.idempotencyKey,
      });
      if (buffer.length >= tuning.batchSize && !writing)
        void flush().catch((error: unknown) => log?.warn({ err: error }, 'request log flush failed'));
      return true;
    },

    /** Entries dropped since start (a full buffer, or a failed write with no room to hold it). */
    get dropped(): number {
      return dropped;
    },

    /** Entries waiting to be written. */
    get pending(): number {
      return buffer.length;
    },

    flush,

    /** Writes the buffer every `flushIntervalMs` until stopped. */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        if (buffer.length > 0 && !writing)
          void flush().catch((error: unknown) => log?.warn({ err: error }, 'request log flush failed'));
      }, tuning.flushIntervalMs);
      timer.unref();
    },

    /** Stops the timer and writes what is left (a shutdown, after the last request was answered). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },

    /** A partner's requests, newest first. */
    async list(partnerId: number, filter: RequestLogFilter): Promise<RequestLogEntry[]> {
      let after: { at: string; id: number } | undefined;
      if (filter.after !== undefined) {
        after = await repo.findEntry(db, partnerId, filter.after);
        if (!after) throw AppError.field('after', 'Page position: this entry is not in the log (any more).');
      }
      const statusFrom = filter.status ? Number(filter.status[0]) * 100 : undefined;
      const rows = await repo.listForPartner(db, partnerId, {
        statusFrom,
        statusTo: statusFrom === undefined ? undefined : statusFrom + 100,
        route: filter.route,
        from: filter.from,
        until: filter.until,
        after,
        limit: filter.limit,
      });
      return rows.map(rowToEntry);
    },

    /** The partner's newest logged request, or null. */
    async last(partnerId: number): Promise<RequestLogEntry | null> {
      const [row] = await repo.listForPartner(db, partnerId, { limit: 1 });
      return row ? rowToEntry(row) : null;
    },

    /** Housekeeping: removes what is older than the retention period, then each partner's rows past the bound. */
    async purge(): Promise<number> {
      const before = new Date(clock.now().getTime() - tuning.retentionDays * 86_400_000).toISOString();
      let removed = await repo.deleteBefore(db, before);
      for (const partnerId of await repo.partnersOver(db, tuning.maxRowsPerPartner))
        removed += await repo.trimPartner(db, partnerId, tuning.maxRowsPerPartner);
      return removed;
    },

    tuning,
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
