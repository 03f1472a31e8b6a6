import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { addMs, type Clock } from '../../clock.js';
import type { Database, VerificationProvider, VerificationSessionRow, VerificationStatus } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { inTransaction, retryUniqueRaces, type Idempotency } from '../../platform/idempotency.js';
import type { WriteContext } from '../../platform/request-context.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { isUuid, randomToken, sha256Hex } from '../../platform/secrets.js';
import type { EventService, EventType, NewEvent } from '../events/index.js';
import { normaliseIdentification, parseIdentity, type Employees, type Onboarding } from '../users/index.js';
import { nextActionFor } from './next-action.js';
import { sandboxIdentity } from './providers/sandbox.js';
import type { ProviderOutcome, VerifiedIdentity } from './providers/types.js';
import type { ReturnUrlService } from './return-urls.service.js';
import * as repo from './sessions.repository.js';
import type { CompleteBody, FlowCreated, SessionStatus, StartFlowBody } from './verification.schemas.js';

/** A verification session lives 60 minutes (docs/decisions.md §8). */
export const VERIFICATION_SESSION_LIFETIME_MS = 60 * 60 * 1000;
/**
 * How long a session's start token (the verification link) and browser binding are kept after the
 * session expired, once it is over (docs/data-protection.md, "Retention"); the session stays.
 */
export const START_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;
const MAX_START_ATTEMPTS = 8;
/** A poll is recorded in last_polled_at when the recorded one is older than this. */
export const POLL_RECORD_INTERVAL_MS = 60_000;

export interface SessionServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Seals and opens what providers leave on sessions (the repository does it). */
  crypto: FieldCrypto;
  idempotency: Pick<Idempotency, 'reserve'>;
  returnUrls: Pick<ReturnUrlService, 'requireMatch'>;
  employees: Pick<Employees, 'requireLinked' | 'partnerView' | 'recordVerifiedIdentity' | 'registeredIdentity'>;
  events: Pick<EventService, 'emit'>;
  publicBaseUrl: string;
  /** Providers that can be started here (sandbox: both, simulated; live: those configured). */
  availableProviders: ReadonlySet<VerificationProvider>;
}

export type TerminalStatus = Exclude<VerificationStatus, 'pending'>;

/** How many expired sessions one sweep ends (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/** The status payload of `GET /verification/status/{id}`, as a poll at `polledAt` would answer it. */
export function sessionStatusPayload(
  session: VerificationSessionRow,
  onboarding: Onboarding | null,
  polledAt: string,
): SessionStatus {
  return {
    verification_id: session.id,
    user_id: session.user_id,
    provider: session.provider,
    id_type: session.id_type,
    status: session.status,
    verified_at: session.verified_at,
    expires_at: session.expires_at,
    next_action: nextActionFor(session.status),
    last_polled_at: polledAt,
    onboarding,
  };
}

export function createSessionService(deps: SessionServiceDeps) {
  const { db, clock, crypto, idempotency } = deps;

  /**
   * The event of a session's new state, read in the transaction that changed it: its status
   * payload as the partner would poll it now (`verification.session.created` for a new session).
   */
  async function sessionEvent(trx: Transaction<Database>, sessionId: string): Promise<NewEvent> {
    const session = (await repo.findSession(trx, crypto, sessionId)) as VerificationSessionRow;
    const view = await deps.employees.partnerView(trx, session.partner_id, session.user_id);
    const type = `verification.session.${session.status === 'pending' ? 'created' : session.status}` as EventType;
    return {
      partnerId: session.partner_id,
      type,
      object: sessionStatusPayload(session, view?.onboarding ?? null, clock.now().toISOString()),
    };
  }

  /** Ends a pending session in a transaction with its event; false when it was no longer pending. */
  async function end(
    trx: Transaction<Database>,
    sessionId: string,
    values: Parameters<typeof repo.finishSession>[3],
  ): Promise<boolean> {
    if (!(await repo.finishSession(trx, crypto, sessionId, values))) return false;
    await deps.events.emit(trx, [await sessionEvent(trx, sessionId)]);
    return true;
  }

  /**
   * A pending session whose time ran out becomes `expired` as of its expiry: when it is read, or
   * when the sweeper (`expireDue`) finds it first. True if it just did.
   */
  async function expireIfDue(session: Pick<VerificationSessionRow, 'id' | 'status' | 'expires_at'>): Promise<boolean> {
    if (session.status !== 'pending' || clock.now().getTime() < Date.parse(session.expires_at)) return false;
    await db.transaction().execute((trx) =>
      end(trx, session.id, {
        status: 'expired',
        verifiedAt: session.expires_at,
        reason: 'time ran out',
        now: clock.now().toISOString(),
      }),
    );
    return true;
  }

  /** A session row just read by any key, as it is now: expired first when its time ran out. */
  async function fresh(session: VerificationSessionRow): Promise<VerificationSessionRow> {
    return (await expireIfDue(session)) ? ((await repo.findSession(db, crypto, session.id)) ?? session) : session;
  }

  /** Reads a session, expiring it first when its time ran out. */
  async function load(id: string): Promise<VerificationSessionRow | undefined> {
    const session = await repo.findSession(db, crypto, id);
    return session && fresh(session);
  }

  /**
   * Ends a pending session with the provider's outcome; an approval stores the identity and completes
   * `id_verification` in the same transaction. A session that is already terminal is left as it is.
   */
  async function finish(
    sessionId: string,
    outcome: Exclude<ProviderOutcome, { status: 'pending' }>,
    /** More work that must commit or roll back with the outcome (e.g. a webhook's replay receipt). */
    within?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<VerificationSessionRow> {
    const current = await load(sessionId);
    if (!current) throw new AppError('session_not_found');
    if (current.status !== 'pending') {
      if (within) await db.transaction().execute(within);
      return current;
    }
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      if (outcome.status !== 'approved') {
        await end(trx, sessionId, { status: outcome.status, verifiedAt: now, reason: outcome.reason, now });
        await within?.(trx);
        return;
      }
      const identity = outcome.identity;
      const complete = Boolean(
        identity.identification?.trim() && identity.countryCode && /^\d{4}-\d{2}-\d{2}$/.test(identity.birthday ?? ''),
      );
      if (!complete) {
        await end(trx, sessionId, {
          status: 'error',
          verifiedAt: now,
          reason: 'the provider did not return a complete identity',
          now,
        });
        await within?.(trx);
        return;
      }
      const moved = await repo.finishSession(trx, crypto, sessionId, {
        status: 'approved',
        verifiedAt: now,
        reason: null,
        now,
      });
      if (moved) {
        const country = identity.countryCode.toUpperCase();
        const recorded = await deps.employees.recordVerifiedIdentity(
          trx,
          current.partner_id,
          current.user_id,
          {
            identification: normaliseIdentification(country, identity.identification) ?? identity.identification.trim(),
            country,
            birthday: identity.birthday,
            name: identity.name ?? null,
            documentId: identity.documentId ?? null,
          },
          now,
        );
        // What this partner's own earlier verification confirmed stays: a different identity changes
        // nothing, and this session does not count. Another partner's verification is not consulted.
        if (recorded === 'conflict') {
          await repo.setOutcome(trx, crypto, sessionId, {
            status: 'error',
            reason:
              "the provider confirmed a different identity than this partner's earlier verification of the person",
            now,
          });
        }
        // After the person's events: those took the locks of every partner of the person, this
        // session's partner among them, so this takes no lock out of order.
        await deps.events.emit(trx, [await sessionEvent(trx, sessionId)]);
      }
      await within?.(trx);
    });
    return (await repo.findSession(db, crypto, sessionId)) as VerificationSessionRow;
  }

  /**
   * What the simulated provider confirms when a sandbox session is approved: the identity the
   * partner registered, when complete (so lookups and payouts by `ssn` work with the number the
   * partner knows); otherwise a synthetic test identity of the person's own.
   */
  async function sandboxConfirms(
    session: Pick<VerificationSessionRow, 'partner_id' | 'user_id'>,
  ): Promise<VerifiedIdentity> {
    const registered = await deps.employees.registeredIdentity(session.partner_id, session.user_id);
    if (!registered) return sandboxIdentity(session.user_id);
    return {
      identification: registered.identification,
      countryCode: registered.country,
      birthday: registered.birthday,
      name: null,
      documentId: registered.documentId,
    };
  }

  return {
    load,
    fresh,
    finish,

    /** POST /users/{id}/verification/flows: a new pending session (replacing a pending one). */
    async start(ctx: WriteContext, rawUserId: string, body: StartFlowBody): Promise<FlowCreated> {
      const partnerId = ctx.caller.partnerId;
      const userId = await deps.employees.requireLinked(partnerId, rawUserId);
      const idType =
        body.provider === 'provider_doc'
          ? ((body.id_type as 'local' | 'international' | null | undefined) ?? null)
          : null;
      if (body.provider === 'provider_doc' && idType === null) {
        throw AppError.field('id_type', 'id_type is required for provider_doc: local or international.');
      }
      if (!deps.availableProviders.has(body.provider)) {
        throw AppError.field('provider', `${body.provider} is not available in this environment.`);
      }
      const { supplied } = await deps.returnUrls.requireMatch(partnerId, body.partner_return_url);
      // The pending session this flow replaces becomes `cancelled`, unless its time already ran
      // out: then it is `expired` as of expires_at, exactly as a poll would have found it.
      const previous = await repo.findPendingForUser(db, partnerId, userId);
      if (previous) await load(previous.id);

      const id = randomUUID();
      const startToken = randomToken(32);
      const now = clock.now();
      const expiresAt = addMs(now, VERIFICATION_SESSION_LIFETIME_MS).toISOString();
      const create = () =>
        inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
          const replaced = await repo.findPendingForUser(trx, partnerId, userId);
          await repo.cancelPendingForUser(trx, crypto, partnerId, userId, now.toISOString());
          await repo.insertVerificationSession(trx, crypto, {
            id,
            partner_id: partnerId,
            user_id: userId,
            provider: body.provider,
            id_type: idType,
            status: 'pending',
            pending_user_id: userId,
            partner_return_url: supplied,
            start_token_hash: sha256Hex(startToken),
            expires_at: expiresAt,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          });
          await deps.events.emit(trx, [
            ...(replaced ? [await sessionEvent(trx, replaced.id)] : []),
            await sessionEvent(trx, id),
          ]);
        });
      // Flows started at once by one partner for one person: the unique pending slot (partner,
      // person) lets one in at a time; each
      // retry cancels the winner's session and takes the slot. Bounded, so a storm ends in a 409.
      try {
        await retryUniqueRaces(MAX_START_ATTEMPTS, create);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new AppError(
          'conflict',
          'Another verification flow for this employee is being started at the same time; try again.',
        );
      }
      return {
        verification_id: id,
        provider: body.provider,
        status: 'pending',
        id_type: idType,
        verification_url: `${deps.publicBaseUrl}/verify/${startToken}`,
        status_check_url: `${deps.publicBaseUrl}/api/v1/verification/status/${id}`,
        expires_at: expiresAt,
      };
    },

    /** GET /verification/status/{id}: 404 unknown, 403 another partner's; records the poll. */
    async status(partnerId: number, id: string): Promise<SessionStatus> {
      if (!isUuid(id)) throw new AppError('session_not_found');
      const sessionId = id.toLowerCase();
      const session = await load(sessionId);
      if (!session) throw new AppError('session_not_found');
      if (session.partner_id !== partnerId) throw new AppError('session_forbidden');
      // The employee as the session's partner sees them (null when the record is gone).
      const employee = await deps.employees.partnerView(db, session.partner_id, session.user_id);
      const now = clock.now();
      const polledAt = now.toISOString();
      // Recording every poll would make every poll a write.
      const staleBefore = addMs(now, -POLL_RECORD_INTERVAL_MS).toISOString();
      if (session.last_polled_at === null || session.last_polled_at < staleBefore) {
        await repo.touchPolled(db, session.id, polledAt, staleBefore);
      }
      return sessionStatusPayload(session, employee?.onboarding ?? null, polledAt);
    },

    /** Sandbox test helper: ends a session as the partner's automated tests ask (optionally confirming the given identity). */
    async completeForTest(partnerId: number, id: string, body: CompleteBody): Promise<SessionStatus> {
      const { status } = body;
      if (body.identity && status !== 'approved')
        throw AppError.field('identity', 'identity goes only with status approved.');
      const chosen = body.identity ? parseIdentity({ ...body.identity, document_id: null }, clock.now()) : null;
      const identity: VerifiedIdentity | undefined = chosen
        ? {
            identification: chosen.identification,
            countryCode: chosen.country,
            birthday: chosen.birthday,
            name: body.identity?.name?.trim() || null,
            documentId: null,
          }
        : undefined;
      if (!isUuid(id)) throw new AppError('session_not_found');
      const session = await load(id.toLowerCase());
      if (!session) throw new AppError('session_not_found');
      if (session.partner_id !== partnerId) throw new AppError('session_forbidden');
      if (session.status !== 'pending')
        throw new AppError('conflict', `The session is already ${session.status}; terminal states are final.`);
      if (status === 'expired') {
        const now = clock.now().toISOString();
        await db.transaction().execute((trx) =>
          end(trx, session.id, {
            status: 'expired',
            verifiedAt: now,
            reason: 'expired by the sandbox test helper',
            now,
          }),
        );
      } else if (status === 'approved') {
        await finish(session.id, { status, identity: identity ?? (await sandboxConfirms(session)) });
      } else {
        await finish(session.id, { status, reason: 'completed by the sandbox test helper' });
      }
      return this.status(partnerId, session.id);
    },

    sandboxConfirms,

    /** The console's count of sessions that ended in `status` since then. */
    countEndedSince: (status: TerminalStatus, since: string) => repo.countEndedSince(db, status, since),

    /** The console's "what is stuck": sessions in one status, last changed first (docs/decisions.md §28). */
    inState: (filter: repo.SessionStateFilter, limit: number, offset: number) =>
      repo.sessionsInState(db, crypto, filter, limit, offset),
    countInState: (filter: repo.SessionStateFilter) => repo.countSessionsInState(db, filter),

    /** The console: a person's most recent sessions, every partner's. */
    ofUser: (userId: number, limit = 20) => repo.sessionsOfUser(db, crypto, userId, limit),

    /**
     * The sweeper: ends sessions whose time ran out though nobody read them, so their
     * `verification.session.expired` event is written. Returns how many it ended.
     */
    /** Housekeeping: forgets the start tokens of sessions over and expired more than START_TOKEN_RETENTION_MS ago. */
    async forgetStartTokens(): Promise<number> {
      return repo.forgetStartTokens(db, new Date(clock.now().getTime() - START_TOKEN_RETENTION_MS).toISOString());
    },

    async expireDue(): Promise<number> {
      let ended = 0;
      for (const session of await repo.pendingExpiredBefore(db, clock.now().toISOString(), SWEEP_BATCH)) {
        if (await expireIfDue(session)) ended += 1;
      }
      return ended;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
