/**
 * In-memory caching of rows other processes may change (credentials, the current terms), trusted
 * only while the database's change epoch stays the same (see `Db.changeEpoch`): a change by
 * another process moves the epoch and empties the cache; a change by this process calls
 * `forget()`. While the epoch cannot be known (null) nothing is served from memory.
 */
export interface EpochCacheOptions {
  /** The database's change epoch; absent (the command line) means never cache. */
  changeEpoch?: () => number | null;
  ttlMs: number;
  /** The oldest entry goes first beyond this many. */
  maxEntries: number;
  now: () => number;
}

export interface EpochCache<K, V> {
  /** The cached value, or `load()`'s; a null answer is not cached (unknown keys must not fill it). */
  get(key: K, load: () => Promise<V | null>): Promise<V | null>;
  /** Empties the cache after a change this process made; a load that started before it stores nothing. */
  forget(): void;
}

export function createEpochCache<K, V>({ changeEpoch, ttlMs, maxEntries, now }: EpochCacheOptions): EpochCache<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  let cachedEpoch: number | null = null;
  /** Bumped by forget(), so a load that started before a change cannot store its stale answer. */
  let generation = 0;

  return {
    async get(key, load) {
      const epoch = changeEpoch?.() ?? null;
      const nowMs = now();
      if (epoch !== cachedEpoch) {
        entries.clear();
        cachedEpoch = epoch;
      }
      if (epoch !== null) {
        const hit = entries.get(key);
        if (hit && hit.expiresAt > nowMs) return hit.value;
      }
      const started = generation;
      const value = await load();
      if (value !== null && epoch !== null && started === generation && epoch === cachedEpoch) {
        entries.delete(key);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
        entries.set(key, { value, expiresAt: nowMs + ttlMs });
      }
      return value;
    },
    forget() {
      generation += 1;
      entries.clear();
    },
  };
}
