import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoNow, type Clock } from '../../clock.js';
import type { Environment } from '../../config.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { createEpochCache } from '../../db/epoch-cache.js';
import { announceChange } from '../../db/kysely.js';
import { AppError } from '../../errors.js';
import { isId } from '../../ids.js';
import type { WorkerLog } from '../../platform/logging.js';
import type { Caller } from '../../platform/request-context.js';
import { insertSetting } from '../../platform/settings.js';
import { randomToken, safeEqual, sha256Hex } from '../../platform/secrets.js';
import type { AuditService } from '../audit/index.js';
import * as repo from './partners.repository.js';

export interface PartnerCredentials {
  partner_id: number;
  api_key: string;
  access_token: string;
}

export interface IssuedToken {
  token_id: number;
  access_token: string;
}

/** One partner as the operator's `partner list` shows it: never a key or a token. */
export interface PartnerSummary {
  partner_id: number;
  name: string;
  fee_rate: string;
  created_at: string;
  /** Access tokens not revoked. */
  active_tokens: number;
}

/** A partner name as stored (trimmed), or a validation error. */
export function checkPartnerName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 255)
    throw AppError.invalid({ name: { code: 'length', problem: 'must be 1 to 255 characters.' } });
  return trimmed;
}

/** A service fee rate (docs/decisions.md §9), or a validation error. */
export function checkFeeRate(rate: string): string {
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(rate))
    throw AppError.invalid({
      rate: {
        code: 'fraction',
        problem: `must be a fraction from 0 to 1 with at most 4 decimals, e.g. 0.05 (got ${JSON.stringify(rate)}).`,
      },
    });
  return rate;
}

/** The partner as the buyer on its invoices (docs/decisions.md §24); null fields were not set. */
export interface PartnerInvoiceDetails {
  partner_id: number;
  name: string;
  legal_name: string | null;
  org_number: string | null;
  address: string | null;
}

/** What `partner set-details` and the console's form send: absent keeps a value, '' clears it. */
export interface InvoiceDetailsInput {
  legal_name?: string;
  org_number?: string;
  address?: string;
}

const ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

/** A Norwegian organisation number (9 digits, MOD11; spaces allowed), or a validation error. */
function checkOrgNumber(raw: string): string {
  const digits = raw.replace(/\s/g, '');
  const remainder = ORG_WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0) % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  if (!/^\d{9}$/.test(digits) || check === 10 || check !== Number(digits[8]))
    throw AppError.field(
      'org_number',
      `The organisation number must be 9 digits with a valid check digit (got ${JSON.stringify(raw)}).`,
    );
  return digits;
}

/** The details as stored: trimmed, '' as null, each checked; validation errors name every field that is wrong. */
export function checkInvoiceDetails(
  input: InvoiceDetailsInput,
): Partial<Omit<PartnerInvoiceDetails, 'partner_id' | 'name'>> {
  const out: Partial<Omit<PartnerInvoiceDetails, 'partner_id' | 'name'>> = {};
  const errors: Record<string, string[]> = {};
  const text = (field: 'legal_name' | 'address', label: string, max: number) => {
    const raw = input[field];
    if (raw === undefined) return;
    const value = raw.trim().replace(/\r\n?/g, '\n');
    if (value.length > max) errors[field] = [`The ${label} must be at most ${max} characters.`];
    else out[field] = value === '' ? null : value;
  };
  text('legal_name', 'legal name', 255);
  text('address', 'address', 300);
  if (input.org_number !== undefined) {
    try {
      out.org_number = input.org_number.trim() === '' ? null : checkOrgNumber(input.org_number);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fieldErrors) throw error;
      Object.assign(errors, error.fieldErrors);
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  return out;
}

function partnerRowToSummary(row: {
  id: number;
  name: string;
  fee_rate: string;
  created_at: string;
  active_tokens: number | string | null;
}): PartnerSummary {
  return {
    partner_id: row.id,
    name: row.name,
    fee_rate: row.fee_rate,
    created_at: row.created_at,
    active_tokens: Number(row.active_tokens),
  };
}

export interface PartnerServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  env: Environment;
  audit: Pick<AuditService, 'record'>;
  /**
   * Db.changeEpoch: lets verified credentials be kept in memory while no other process changed
   * them. Without it (the command line), or while it answers null (PostgreSQL's listener not
   * connected), every request is checked against the database.
   */
  changeEpoch?: () => number | null;
  /** Where a failed write of a token's last use is reported (it is never retried: the next use writes it). */
  log?: Pick<WorkerLog, 'warn'>;
}

export const DEFAULT_FEE_RATE = '0.05';

/**
 * A token's last use is written at most this often per token (docs/decisions.md §18): by each
 * process for itself (an in-memory throttle), and by every process together (the UPDATE skips a
 * token whose use was recorded within it).
 */
export const TOKEN_USE_INTERVAL_MS = 60_000;
const TOKEN_USE_MAX_ENTRIES = 10_000;

/**
 * How long a verified token stays trusted in memory. Not a revocation delay: revoking in this
 * process clears the cache, and a revocation by another process (the CLI) changes the database's
 * change epoch, which empties it too. The TTL only bounds how long an entry lives.
 */
export const CREDENTIAL_CACHE_TTL_MS = 5_000;
const CREDENTIAL_CACHE_MAX_ENTRIES = 10_000;

/** The live API keys of a token's partner (digests), with the caller each one makes. */
interface Credentials {
  keys: { keyHash: string; caller: Caller }[];
}

export function createPartnerService({ db, clock, env, audit, changeEpoch, log }: PartnerServiceDeps) {
  const prefix = env === 'live' ? 'onp_live_' : 'onp_test_';

  // Only tokens that were found are kept (unknown ones would let anyone fill the cache).
  const credentialCache = createEpochCache<string, Credentials>({
    changeEpoch,
    ttlMs: CREDENTIAL_CACHE_TTL_MS,
    maxEntries: CREDENTIAL_CACHE_MAX_ENTRIES,
    now: () => clock.now().getTime(),
  });

  function credentialsFor(tokenHash: string): Promise<Credentials | null> {
    return credentialCache.get(tokenHash, async () => {
      const rows = await repo.findCredentials(db, tokenHash);
      if (rows.length === 0) return null;
      const rateLimitKey = `token:${tokenHash.slice(0, 32)}`;
      return {
        keys: rows.map((row) => ({
          keyHash: row.key_hash,
          caller: Object.freeze({ partnerId: row.partner_id, tokenId: row.token_id, rateLimitKey }),
        })),
      };
    });
  }

  // When this process last wrote each token's use (ms), and the writes still in flight.
  const usesWritten = new Map<number, number>();
  const useWrites = new Set<Promise<void>>();

  /**
   * Records that a request used the token, off the request path: at most once a minute per token
   * (a map lookup otherwise), as a write nobody awaits. A failed write is logged and forgotten.
   */
  function noteUse(tokenId: number): void {
    const now = clock.now().getTime();
    const written = usesWritten.get(tokenId);
    if (written !== undefined && now - written < TOKEN_USE_INTERVAL_MS) return;
    if (usesWritten.size >= TOKEN_USE_MAX_ENTRIES) usesWritten.clear();
    usesWritten.set(tokenId, now);
    const write: Promise<void> = repo
      .touchAccessToken(
        db,
        tokenId,
        new Date(now).toISOString(),
        new Date(now - TOKEN_USE_INTERVAL_MS + 1).toISOString(),
      )
      .catch((error: unknown) => log?.warn({ err: error, tokenId }, "could not record an access token's last use"))
      .finally(() => useWrites.delete(write));
    useWrites.add(write);
  }

  function newToken(): { token: string; hash: string; displayPrefix: string } {
    const token = `${prefix}${randomToken(32)}`;
    return { token, hash: sha256Hex(token), displayPrefix: token.slice(0, prefix.length + 6) };
  }

  async function issueToken(executor: Kysely<Database>, partnerId: number): Promise<IssuedToken> {
    const { token, hash, displayPrefix } = newToken();
    const tokenId = await repo.insertAccessToken(executor, {
      partnerId,
      tokenHash: hash,
      tokenPrefix: displayPrefix,
      now: isoNow(clock),
    });
    return { token_id: tokenId, access_token: token };
  }

  async function insertPartnerWithCredentials(trx: Kysely<Database>, name: string): Promise<PartnerCredentials> {
    const now = isoNow(clock);
    const partnerId = await repo.insertPartner(trx, name, DEFAULT_FEE_RATE, now);
    const apiKey = randomUUID();
    await repo.insertApiKey(trx, partnerId, sha256Hex(apiKey.toLowerCase()), now);
    const { token_id, access_token } = await issueToken(trx, partnerId);
    await audit.record(
      trx,
      { action: 'partner.created', object: { type: 'partner', id: partnerId }, partnerId, fields: ['name'] },
      { action: 'token.created', object: { type: 'token', id: token_id }, partnerId },
    );
    return { partner_id: partnerId, api_key: apiKey, access_token };
  }

  return {
    /** Creates a partner with one API key and one access token; both are returned once, never again. */
    async createPartner(name: string): Promise<PartnerCredentials> {
      const trimmed = checkPartnerName(name);
      return db.transaction().execute((trx) => insertPartnerWithCredentials(trx, trimmed));
    },

    /**
     * The sandbox's demo partner for an empty database, created once even when several instances
     * start at once: the claim and the partner commit together. Null when another instance claimed
     * it or the database already has partners.
     */
    async createDemoPartner(name: string): Promise<PartnerCredentials | null> {
      try {
        return await db.transaction().execute(async (trx) => {
          // The claim: a setting under one unique name, so of several instances exactly one wins.
          await insertSetting(trx, 'demo_partner_claimed_at', isoNow(clock));
          if ((await repo.countPartners(trx)) > 0) return null;
          return insertPartnerWithCredentials(trx, name);
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async createToken(partnerId: number): Promise<IssuedToken> {
      const partner = isId(partnerId) ? await repo.findPartner(db, partnerId) : undefined;
      if (!partner) throw new AppError('partner_not_found', `Partner ${partnerId} does not exist.`);
      return db.transaction().execute(async (trx) => {
        const issued = await issueToken(trx, partnerId);
        await audit.record(trx, { action: 'token.created', object: { type: 'token', id: issued.token_id }, partnerId });
        return issued;
      });
    },

    /** Every partner, oldest first. */
    async listPartners(): Promise<PartnerSummary[]> {
      const rows = await repo.listPartners(db);
      return rows.map(partnerRowToSummary);
    },

    /**
     * One page of partners, oldest first unless `order` says otherwise (the console's list):
     * `search` is an id or part of a name. `has_more` tells whether another page follows.
     */
    async searchPartners(query: {
      search?: string;
      page?: number;
      limit: number;
      order?: repo.PartnerOrder;
    }): Promise<{ partners: PartnerSummary[]; has_more: boolean }> {
      const search = query.search?.trim() ? query.search.trim().slice(0, 255) : null;
      const page = Math.max(1, query.page ?? 1);
      const rows = await repo.searchPartners(db, search, (page - 1) * query.limit, query.limit + 1, query.order);
      return { partners: rows.slice(0, query.limit).map(partnerRowToSummary), has_more: rows.length > query.limit };
    },

    /** One partner as the console shows it, or partner_not_found. */
    async partnerSummary(partnerId: number): Promise<PartnerSummary> {
      const found = isId(partnerId) ? await repo.findPartnerSummary(db, partnerId) : undefined;
      if (!found) throw new AppError('partner_not_found', `Partner ${partnerId} does not exist.`);
      return partnerRowToSummary(found);
    },

    /** The partner's tokens, by id, with the first characters only (the rest was shown once). */
    async listTokens(partnerId: number) {
      const partner = isId(partnerId) ? await repo.findPartner(db, partnerId) : undefined;
      if (!partner) throw new AppError('partner_not_found', `Partner ${partnerId} does not exist.`);
      const rows = await repo.listAccessTokens(db, partnerId);
      return rows.map((row) => ({
        token_id: row.id,
        prefix: row.token_prefix,
        created_at: row.created_at,
        revoked_at: row.revoked_at,
        last_used_at: row.last_used_at,
      }));
    },

    /** Waits for the last-use writes in flight (shutting down; tests). */
    async settleTokenUses(): Promise<void> {
      await Promise.all([...useWrites]);
    },

    /** Revokes a token; revoking one that is already revoked is not an error. */
    async revokeToken(tokenId: number): Promise<{ token_id: number; revoked: boolean }> {
      const token = isId(tokenId) ? await repo.findAccessToken(db, tokenId) : undefined;
      if (!token) throw new AppError('token_not_found', `Access token ${tokenId} does not exist.`);
      // Other processes' credential caches hear of it when this commits (announceChange).
      const revoked = await db.transaction().execute(async (trx) => {
        const changed = await repo.revokeAccessToken(trx, tokenId, isoNow(clock));
        if (changed) {
          await announceChange(trx);
          await audit.record(trx, {
            action: 'token.revoked',
            object: { type: 'token', id: tokenId },
            partnerId: token.partner_id,
          });
        }
        return changed;
      });
      credentialCache.forget();
      return { token_id: tokenId, revoked };
    },

    /** The partner's service fee rate for new payouts (docs/decisions.md §9: default 5 %). */
    async setFeeRate(partnerId: number, rate: string): Promise<{ partner_id: number; fee_rate: string }> {
      checkFeeRate(rate);
      const found =
        isId(partnerId) &&
        (await db.transaction().execute(async (trx) => {
          if (!(await repo.setFeeRate(trx, partnerId, rate))) return false;
          await audit.record(trx, {
            action: 'partner.updated',
            object: { type: 'partner', id: partnerId },
            partnerId,
            fields: ['fee_rate'],
          });
          return true;
        }));
      if (!found) throw new AppError('partner_not_found', `Partner ${partnerId} does not exist.`);
      return { partner_id: partnerId, fee_rate: rate };
    },

    /** The partner's buyer details on invoices (docs/decisions.md §24), or partner_not_found. */
    async invoiceDetails(partnerId: number): Promise<PartnerInvoiceDetails> {
      const row = isId(partnerId) ? await repo.findInvoiceDetails(db, partnerId) : undefined;
      if (!row) throw new AppError('partner_not_found', `Partner ${partnerId} does not exist.`);
      return {
        partner_id: row.id,
        name: row.name,
        legal_name: row.legal_name,
        org_number: row.org_number,
        address: row.address,
      };
    },

    /** Sets the partner's invoice details (absent fields keep their value, '' clears one); audited. */
    async setInvoiceDetails(partnerId: number, input: InvoiceDetailsInput): Promise<PartnerInvoiceDetails> {
      const changes = checkInvoiceDetails(input);
      const current = isId(partnerId) ? await repo.findInvoiceDetails(db, partnerId) : undefined;
      if (!current) throw new AppError('partner_not_found', `Partner ${partnerId} does not exist.`);
      const next = {
        legal_name: changes.legal_name === undefined ? current.legal_name : changes.legal_name,
        org_number: changes.org_number === undefined ? current.org_number : changes.org_number,
        address: changes.address === undefined ? current.address : changes.address,
      };
      await db.transaction().execute(async (trx) => {
        if (!(await repo.setInvoiceDetails(trx, partnerId, next)))
          throw new AppError('partner_not_found', `Partner ${partnerId} does not exist.`);
        await audit.record(trx, {
          action: 'partner.updated',
          object: { type: 'partner', id: partnerId },
          partnerId,
          fields: Object.keys(changes),
        });
      });
      return { partner_id: partnerId, name: current.name, ...next };
    },

    /** The partner's display name, or null when there is no such partner. */
    async partnerName(partnerId: number): Promise<string | null> {
      return repo.findPartnerName(db, partnerId);
    },

    /** The names of several partners (the employee's own pages list every employer). */
    async partnerNames(partnerIds: number[]): Promise<Map<number, string>> {
      return repo.findPartnerNames(db, [...new Set(partnerIds)]);
    },

    /** The partner's service fee rate for new payouts, an exact decimal string ("0.05"). */
    async feeRate(partnerId: number): Promise<string> {
      const partner = await repo.findPartner(db, partnerId);
      if (!partner) throw new AppError('partner_not_found', `Partner ${partnerId} does not exist.`);
      return partner.fee_rate;
    },

    /** Partner ids above `afterId`, in order, at most `limit`, read through `executor` (`db` or a transaction). */
    async partnerIdsAfter(executor: Executor, afterId: number, limit: number): Promise<number[]> {
      return repo.partnerIdsAfter(executor, afterId, limit);
    },

    async countPartners(): Promise<number> {
      return repo.countPartners(db);
    },

    /**
     * Checks a bearer token and an API key. Both must be live and belong to the same partner.
     * Lookups go by SHA-256 digest (one indexed read, or the in-memory cache above), and the key
     * digest is compared in constant time on every request.
     */
    async authenticate(token: string, apiKey: string): Promise<Caller | null> {
      const credentials = await credentialsFor(sha256Hex(token));
      if (!credentials) return null;
      const keyHash = sha256Hex(apiKey.toLowerCase());
      let match: Caller | null = null;
      for (const key of credentials.keys) {
        if (safeEqual(key.keyHash, keyHash)) match = key.caller;
      }
      if (match) noteUse(match.tokenId);
      return match;
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
