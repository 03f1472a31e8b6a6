import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** The outcome of counting one request against a rolling window. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the oldest counted request leaves the window (a slot frees up). */
  resetMs: number;
}

/**
 * A rolling-window counter (a sliding log, not fixed buckets): a request is allowed when fewer than
 * `limit` requests were counted in the last `windowMs`. Rejected requests are not counted.
 */
export interface RateLimitStore {
  hit(key: string, nowMs: number, limit: number, windowMs: number): Promise<RateLimitDecision>;
  /** What `hit` would decide now, without counting anything: `remaining` is what is left before it. */
  peek(key: string, nowMs: number, limit: number, windowMs: number): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

interface Log {
  times: number[];
  head: number;
}

/** Exact for one process. Memory: one number per counted request still inside the window. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const logs = new Map<string, Log>();
  let hitsSinceSweep = 0;

  function sweep(nowMs: number, windowMs: number): void {
    for (const [key, log] of logs) {
      const newest = log.times[log.times.length - 1];
      if (newest === undefined || newest <= nowMs - windowMs) logs.delete(key);
    }
  }

  /** The key's log with the requests at or before `nowMs - windowMs` dropped. */
  function trimmed(key: string, nowMs: number, windowMs: number): Log | undefined {
    const log = logs.get(key);
    if (!log) return undefined;
    const cutoff = nowMs - windowMs;
    while (log.head < log.times.length && (log.times[log.head] as number) <= cutoff) log.head++;
    if (log.head > 64 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    return log;
  }

  return {
    async hit(key, nowMs, limit, windowMs) {
      if (++hitsSinceSweep >= 10_000) {
        hitsSinceSweep = 0;
        sweep(nowMs, windowMs);
      }
      let log = trimmed(key, nowMs, windowMs);
      if (!log) {
        log = { times: [], head: 0 };
        logs.set(key, log);
      }
      const count = log.times.length - log.head;
      const allowed = count < limit;
      if (allowed) log.times.push(nowMs);
      const used = allowed ? count + 1 : count;
      const oldest = log.times[log.head] ?? nowMs;
      return { allowed, limit, remaining: Math.max(0, limit - used), resetMs: Math.max(0, oldest + windowMs - nowMs) };
    },
    async peek(key, nowMs, limit, windowMs) {
      const log = trimmed(key, nowMs, windowMs);
      const count = log ? log.times.length - log.head : 0;
      const oldest = log?.times[log.head] ?? nowMs;
      return {
        allowed: count < limit,
        limit,
        remaining: Math.max(0, limit - count),
        resetMs: Math.max(0, oldest + windowMs - nowMs),
      };
    },
    async close() {
      logs.clear();
    },
  };
}

// Trim, count, add if under the limit, and read the oldest entry: one atomic step on the server.
const SLIDING_LOG = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local oldestScore = now
if oldest[2] then oldestScore = tonumber(oldest[2]) end
return {allowed, count, oldestScore}
`;

// Count and read the oldest entry still inside the window, changing nothing.
const SLIDING_LOG_PEEK = `
local key = KEYS[1]
local after = '(' .. (tonumber(ARGV[1]) - tonumber(ARGV[2]))
local count = redis.call('ZCOUNT', key, after, '+inf')
local oldest = redis.call('ZRANGEBYSCORE', key, after, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
local oldestScore = tonumber(ARGV[1])
if oldest[2] then oldestScore = tonumber(oldest[2]) end
return {count, oldestScore}
`;

type SlidingLogRedis = Redis & {
  onpaySlidingLog(
    key: string,
    now: number,
    window: number,
    limit: number,
    member: string,
  ): Promise<[number, number, number]>;
  onpaySlidingLogPeek(key: string, now: number, window: number): Promise<[number, number]>;
};

/** Exact across every instance that shares the Redis server and the key prefix. */
export function createRedisRateLimitStore(redis: Redis, prefix = 'onpay:rl:'): RateLimitStore {
  redis.defineCommand('onpaySlidingLog', { numberOfKeys: 1, lua: SLIDING_LOG });
  redis.defineCommand('onpaySlidingLogPeek', { numberOfKeys: 1, lua: SLIDING_LOG_PEEK });
  const client = redis as SlidingLogRedis;
  const instance = randomUUID();
  let sequence = 0;
  return {
    async hit(key, nowMs, limit, windowMs) {
      const member = `${nowMs}:${instance}:${sequence++}`;
      const [allowed, count, oldest] = await client.onpaySlidingLog(prefix + key, nowMs, windowMs, limit, member);
      return {
        allowed: allowed === 1,
        limit,
        remaining: Math.max(0, limit - count),
        resetMs: Math.max(0, oldest + windowMs - nowMs),
      };
    },
    async peek(key, nowMs, limit, windowMs) {
      const [count, oldest] = await client.onpaySlidingLogPeek(prefix + key, nowMs, windowMs);
      return {
        allowed: count < limit,
        limit,
        remaining: Math.max(0, limit - count),
        resetMs: Math.max(0, oldest + windowMs - nowMs),
      };
    },
    // The connection belongs to whoever created it.
    async close() {},
  };
}
