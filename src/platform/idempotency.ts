import type { Kysely, Transaction } from 'kysely';
import { addMs, type Clock } from '../clock.js';
import type { Database, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect.js';
import { AppError } from '../errors.js';

/** An Idempotency-key sent with a request, and whether the route already stored it. */
export interface IdempotencyClaim {
  partnerId: number;
  key: string;
  method: string;
  path: string;
  stored: boolean;
}

const DAY_MS = 86_400_000;

/** What a request that used a key answered: its status and the ids it created or named. */
export interface IdempotencyOutcome {
  status: number;
  resource: Record<string, unknown>;
}

/** The answer's fields that name what the request created: ids only, never a secret (a login URL is one). */
const RESOURCE_FIELDS = ['id', 'user_id', 'verification_id', 'invoice_id', 'payout_ids', 'count'] as const;

/** The outcome worth keeping of a JSON answer. */
export function outcomeOf(status: number, payload: unknown): IdempotencyOutcome {
  let body: unknown = null;
  if (typeof payload === 'string') {
    try {
      body = JSON.parse(payload);
    } catch {
      body = null;
    }
  }
  const resource: Record<string, unknown> = {};
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    for (const field of RESOURCE_FIELDS) if (field in body) resource[field] = (body as Record<string, unknown>)[field];
  }
  return { status, resource };
}

/** A stored key, as GET /idempotency-keys/{key} shows it. */
export interface StoredKey {
  key: string;
  method: string;
  path: string;
  /** null: the request succeeded (a key is only stored for a success) but its answer was not recorded. */
  status: number | null;
  resource: Record<string, unknown> | null;
  created_at: string;
  expires_at: string;
}

export interface IdempotencyDeps {
  db: Kysely<Database>;
  clock: Clock;
  ttlDays: number;
}

export function createIdempotency({ db, clock, ttlDays }: IdempotencyDeps) {
  /** Inserts the key; a unique violation means another request holds it. */
  async function insert(
    executor: Executor,
    claim: IdempotencyClaim,
    outcome: IdempotencyOutcome | null = null,
  ): Promise<void> {
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
        response_status: outcome?.status ?? null,
        resource: outcome ? JSON.stringify(outcome.resource) : null,
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

    /**
     * After a successful write: stores the key with what the request answered, or, when the service
     * reserved the key in its transaction, records the answer on it.
     */
    async storeAfterSuccess(claim: IdempotencyClaim, outcome: IdempotencyOutcome): Promise<void> {
      if (claim.stored) {
        await db
          .updateTable('idempotency_keys')
          .set({ response_status: outcome.status, resource: JSON.stringify(outcome.resource) })
          .where('partner_id', '=', claim.partnerId)
          .where('key', '=', claim.key)
          .execute();
        return;
      }
      try {
        await insert(db, claim, outcome);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      claim.stored = true;
    },

    /** The partner's stored, unexpired key: what the request that used it did. */
    async lookup(partnerId: number, key: string): Promise<StoredKey | null> {
      const row = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .where('key', '=', key)
        .where('expires_at', '>', clock.now().toISOString())
        .executeTakeFirst();
      if (!row) return null;
      return {
        key: row.key,
        method: row.method,
        path: row.path,
        status: row.response_status,
        resource: row.resource === null ? null : (JSON.parse(row.resource) as Record<string, unknown>),
        created_at: row.created_at,
        expires_at: row.expires_at,
      };
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
