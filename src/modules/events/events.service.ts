import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, EventRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { AuditEntry, AuditService } from '../audit/index.js';
import type { PartnerService } from '../partners/index.js';
import { typesMatching, type EventType } from './event-types.js';
import * as repo from './events.repository.js';

/** How long the feed keeps an event (docs/decisions.md §16). */
export const EVENT_RETENTION_DAYS = 30;
/** Partners served per transaction of a fan-out job. */
const JOB_STEP = 200;
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** An event to write: for one partner, its view of the object. */
export interface NewEvent {
  partnerId: number;
  type: EventType;
  /** The resource exactly as the API answers this partner now. */
  object: unknown;
  /** For `*.updated`: the changed fields' values before the change. */
  previousAttributes?: Record<string, unknown>;
}

/** An event as the feed, `GET /events/{id}` and webhook deliveries show it. */
export interface EventPayload {
  id: string;
  type: string;
  sequence: number;
  created_at: string;
  data: { object: unknown };
  previous_attributes?: Record<string, unknown>;
}

export interface FeedQuery {
  after?: number;
  limit?: number;
  type?: string;
}

export interface Feed {
  results: EventPayload[];
  next_after: number;
  has_more: boolean;
}

export function eventId(): string {
  const bytes = randomBytes(26);
  let id = 'evt_';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

export function eventRowToPayload(row: EventRow): EventPayload {
  return {
    id: row.id,
    type: row.type,
    sequence: Number(row.sequence),
    created_at: row.created_at,
    data: { object: JSON.parse(row.object) as unknown },
    ...(row.previous_attributes === null
      ? {}
      : { previous_attributes: JSON.parse(row.previous_attributes) as Record<string, unknown> }),
  };
}

/** What an event is about, for the audit log. */
function subjectOf(type: string, object: Record<string, unknown>): AuditEntry['object'] {
  if (type.startsWith('user.')) return { type: 'user', id: String(object.id ?? object.user_id) };
  if (type.startsWith('verification.session.'))
    return { type: 'verification_session', id: String(object.verification_id) };
  if (type === 'payout.batch.created') return { type: 'invoice', id: String(object.invoice_id) };
  if (type.startsWith('payout.')) return { type: 'payout', id: String(object.id) };
  if (type.startsWith('return_url.')) return { type: 'return_url', id: String(object.id) };
  if (type.startsWith('terms.')) return { type: 'terms', id: String(object.code ?? object.id ?? '') };
  throw new Error(`no audit object for event type ${type}`);
}

/** What an event is about, stored beside it in the clear (`payout:12`) so a payout's events are found by index. */
function subjectText(type: string, object: unknown): string | null {
  if (typeof object !== 'object' || object === null) return null;
  const { type: kind, id } = subjectOf(type, object as Record<string, unknown>);
  return `${kind}:${id}`.slice(0, 80);
}

/**
 * The audit entries of a transaction's events: one per change (type and object), with the union of
 * the changed fields over the partners' views. Onboarding events are derived state, not changes.
 */
export function auditEntries(events: readonly NewEvent[]): AuditEntry[] {
  const entries = new Map<string, AuditEntry & { fields: string[]; partners: Set<number> }>();
  for (const event of events) {
    if (event.type === 'user.onboarding.updated') continue;
    const object = subjectOf(event.type, event.object as Record<string, unknown>);
    const key = `${event.type} ${object.type}:${object.id}`;
    const entry = entries.get(key) ?? { action: event.type, object, fields: [], partners: new Set<number>() };
    for (const field of Object.keys(event.previousAttributes ?? {}))
      if (!entry.fields.includes(field)) entry.fields.push(field);
    entry.partners.add(event.partnerId);
    entries.set(key, entry);
  }
  return [...entries.values()].map(({ partners, ...entry }) => ({
    ...entry,
    partnerId: partners.size === 1 ? [...partners][0] : null,
  }));
}

export interface EventsDeps {
  db: Kysely<Database>;
  clock: Clock;
  partners: Pick<PartnerService, 'partnerIdsAfter'>;
  audit: Pick<AuditService, 'record'>;
  /** The stored payloads are encrypted (docs/data-protection.md); the repository seals and opens them. */
  crypto: FieldCrypto;
  /**
   * Test seam: called after the events of a transaction are written (a failure there must leave
   * neither them nor the change), and awaited (a test holds the transaction open meanwhile).
   */
  afterEmit?: (written: readonly EventRow[]) => void | Promise<void>;
}

export function createEventService({ db, clock, partners, audit, crypto, afterEmit }: EventsDeps) {
  /**
   * Writes events in the caller's transaction: they commit with the change they announce, or not at
   * all. Each partner's sequences come from its counter, taken in partner-id order so two
   * transactions touching the same partners never wait on each other in a cycle. Call it once per
   * transaction with every event of that transaction; `why.reason` goes into their audit entries.
   * A transaction too large to hold all its events at once (a payment file of 10 000 payouts) may
   * call it in steps, its events ordered by partner id across the steps, after it has locked every
   * row it changes: the counters are then still taken in partner-id order, and after the rows.
   */
  async function emit(
    trx: Transaction<Database>,
    events: readonly NewEvent[],
    why?: { reason?: string },
  ): Promise<void> {
    if (events.length === 0) return;
    // Each change once in the audit log, whatever number of partners it was announced to, with
    // the reason the actor gave where they had to give one (an operator's return-URL decision).
    await audit.record(
      trx,
      ...auditEntries(events).map((entry) => (why?.reason ? { ...entry, reason: why.reason } : entry)),
    );
    // The partner's counter is taken last: its row lock orders the partner's writers until commit,
    // so the less work after it, the more writers per second one partner can have (PostgreSQL).
    await writeEvents(trx, events);
  }

  function rowOf(event: NewEvent, now: string): Omit<EventRow, 'sequence'> {
    return {
      id: eventId(),
      partner_id: event.partnerId,
      type: event.type,
      object: JSON.stringify(event.object),
      previous_attributes: event.previousAttributes ? JSON.stringify(event.previousAttributes) : null,
      subject: subjectText(event.type, event.object),
      created_at: now,
    };
  }

  async function writeEvents(trx: Transaction<Database>, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const now = clock.now().toISOString();
    if (events.length === 1) {
      // The common case (one change, one partner): numbered and written in one step.
      const [event] = events as [NewEvent];
      const row = rowOf(event, now);
      const written = [{ ...row, sequence: await repo.insertNumberedEvent(trx, crypto, row) }];
      await afterEmit?.(written);
      return;
    }
    const byPartner = new Map<number, NewEvent[]>();
    for (const event of events) {
      const own = byPartner.get(event.partnerId);
      if (own) own.push(event);
      else byPartner.set(event.partnerId, [event]);
    }
    const rows: EventRow[] = [];
    for (const partnerId of [...byPartner.keys()].sort((a, b) => a - b)) {
      const own = byPartner.get(partnerId)!;
      const last = await repo.takeSequences(trx, partnerId, own.length);
      own.forEach((event, index) => rows.push({ ...rowOf(event, now), sequence: last - own.length + 1 + index }));
    }
    await repo.insertEvents(trx, crypto, rows);
    await afterEmit?.(rows);
  }

  return {
    emit,

    /**
     * One event for every partner (terms.published): written as a job in the caller's
     * transaction, expanded by the events worker (`runJobs`) a step of partners at a time.
     */
    async emitToEveryPartner(
      trx: Transaction<Database>,
      type: EventType,
      object: unknown,
      subject: AuditEntry['object'],
    ): Promise<void> {
      await repo.insertJob(trx, crypto, {
        type,
        object: JSON.stringify(object),
        created_at: clock.now().toISOString(),
      });
      await audit.record(trx, { action: type, object: subject });
    },

    /**
     * Expands pending fan-out jobs; returns the number of events written. Each step claims its
     * partners and writes their events in one transaction, so a crash repeats no partner and skips
     * none.
     */
    async runJobs(): Promise<number> {
      let written = 0;
      for (;;) {
        const job = await repo.nextJob(db, crypto);
        if (!job) return written;
        const step = await db.transaction().execute(async (trx) => {
          const ids = await partners.partnerIdsAfter(trx, job.done_through_partner, JOB_STEP);
          const through = ids.at(-1) ?? job.done_through_partner;
          const finished = ids.length < JOB_STEP ? clock.now().toISOString() : null;
          // Claim first: another worker on the same step finds nothing to advance and writes nothing.
          if (!(await repo.advanceJob(trx, job.id, job.done_through_partner, through, finished))) return 0;
          const object = JSON.parse(job.object) as unknown;
          // Announcing an audited change to each partner is not a change of its own.
          await writeEvents(
            trx,
            ids.map((partnerId) => ({ partnerId, type: job.type as EventType, object })),
          );
          return ids.length;
        });
        written += step;
      }
    },

    /** GET /events: the partner's events after `after`, in sequence order. */
    async feed(partnerId: number, query: FeedQuery): Promise<Feed> {
      const after = query.after ?? 0;
      const limit = query.limit ?? 100;
      const types = query.type === undefined ? null : typesMatching(query.type);
      if (query.type !== undefined && types === null)
        throw AppError.field(
          'type',
          'type must be event types or prefixes ending in .* (payout.*), separated by commas.',
        );
      // The counter first: every event up to it is committed, so a page up to it never misses one
      // that commits later (later commits take higher sequences).
      const counter = await repo.counterOf(db, partnerId);
      if (after > 0 && after < counter.purgedThrough) {
        throw new AppError(
          'events_expired',
          `Events up to sequence ${counter.purgedThrough} have aged out of the feed (kept ${EVENT_RETENTION_DAYS} days); the oldest available is ${counter.purgedThrough + 1}.`,
          undefined,
          {
            oldest_available: counter.purgedThrough + 1,
          },
        );
      }
      const rows = await repo.eventsAfter(db, crypto, partnerId, after, counter.last, types, limit + 1);
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      const lastShown = page.at(-1)?.sequence;
      // Without more to show, the reader may continue from the counter: nothing it skips matches.
      const nextAfter = hasMore ? Number(lastShown) : Math.max(after, counter.last);
      return { results: page.map(eventRowToPayload), next_after: nextAfter, has_more: hasMore };
    },

    async get(partnerId: number, id: string): Promise<EventPayload> {
      const row = /^evt_[0-9a-z]{26}$/.test(id) ? await repo.findEvent(db, crypto, partnerId, id) : undefined;
      if (!row) throw new AppError('event_not_found');
      return eventRowToPayload(row);
    },

    /** The partner's events after `after` (webhook replay and delivery read the feed through this). */
    async after(partnerId: number, after: number, limit: number): Promise<EventPayload[]> {
      const counter = await repo.counterOf(db, partnerId);
      return (await repo.eventsAfter(db, crypto, partnerId, after, counter.last, null, limit)).map(eventRowToPayload);
    },

    /** The partner's events about these objects (`{ type: 'payout', id: '12' }`), oldest first, at most `limit` (the console's payout page). */
    async about(
      partnerId: number,
      objects: ReadonlyArray<AuditEntry['object']>,
      limit: number,
    ): Promise<EventPayload[]> {
      const subjects = objects.map((object) => `${object.type}:${object.id}`);
      return (await repo.eventsAbout(db, crypto, partnerId, subjects, limit)).map(eventRowToPayload);
    },

    /** The partner's counter: the last sequence committed, and up to which events have aged out of the feed. */
    async counter(partnerId: number): Promise<{ last: number; purgedThrough: number }> {
      return repo.counterOf(db, partnerId);
    },

    /** Housekeeping: removes events older than the retention; returns how many. */
    async purgeExpired(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
      let removed = 0;
      for (const { partnerId, through } of await repo.agedOut(db, cutoff)) {
        removed += await db.transaction().execute((trx) => repo.purgeThrough(trx, partnerId, through));
      }
      return removed;
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
