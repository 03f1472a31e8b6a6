import type { Kysely, Transaction } from 'kysely';
import { addMs, type Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect.js';
import { AppError } from '../errors.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An Idempotency-key sent with a request, and whether the route already stored it. */
export interface IdempotencyClaim {
  partnerId: number;
  key: string;
  method: string;
  path: string;
  stored: boolean;
}

const DAY_MS = 86_400_000;

export interface IdempotencyDeps {
  db: Kysely<Database>;
  clock: Clock;
  ttlDays: number;
}

export function createIdempotency({ db, clock, ttlDays }: IdempotencyDeps) {
  /** Inserts the key; a unique violation means another request holds it. */
  async function insert(executor: Executor, claim: IdempotencyClaim): Promise<void> {
    const now = clock.now();
    // An expired key may be used again: clear it first so the unique constraint only sees live keys.
    await executor
      .deleteFrom('idempotency_keys')
      .where('partner_id', '=', claim.partnerId)
      .where('key', '=', claim.key)
      .where('expires_at', '<=', now.toISOString())
      .execute();
    await executor
      .insertInto('idempotency_keys')
      .values({
        partner_id: claim.partnerId,
        key: claim.key,
        method: claim.method,
        path: claim.path.slice(0, 2048),
        created_at: now.toISOString(),
        expires_at: addMs(now, ttlDays * DAY_MS).toISOString(),
      })
      .execute();
  }

  return {
    /** True when the key is stored for this partner and not yet expired. */
    async isUsed(partnerId: number, key: string): Promise<boolean> {
      const row = await db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('partner_id', '=', partnerId)
        .where('key', '=', key)
        .where('expires_at', '>', clock.now().toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Reserves the key inside the caller's transaction, so the key and the work commit or roll back
     * together and two concurrent requests with one key cannot both succeed.
     */
    async reserve(trx: Transaction<Database>, claim: IdempotencyClaim | null): Promise<void> {
      if (!claim) return;
      try {
        await insert(trx, claim);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('idempotency_key_used');
        throw error;
      }
    },

    /** Stores the key after a successful write on a route that did not reserve it itself. */
    async storeAfterSuccess(claim: IdempotencyClaim): Promise<void> {
      if (claim.stored) return;
      try {
        await insert(db, claim);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      claim.stored = true;
    },

    async purgeExpired(): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', clock.now().toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * Runs `work` in one transaction that also reserves the request's Idempotency-key (if any).
 * Every service write that a partner may retry goes through here.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  idempotency: Pick<Idempotency, 'reserve'>,
  claim: IdempotencyClaim | null,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    await idempotency.reserve(trx, claim);
    return work(trx);
  });
  // Only now is the key really stored: a rolled-back reservation must not count.
  if (claim) claim.stored = true;
  return result;
}

/**
 * Runs a write again when it lost a unique-constraint race (two requests inserting the same key at
 * once): the retry's pre-checks see the winner's row and take the path a sequential request would.
 * Bounded; the last race's error is thrown.
 */
export async function retryUniqueRaces<T>(attempts: number, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}
