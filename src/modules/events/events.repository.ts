import { sql } from 'kysely';
import type { EventRow, Executor } from '../../db/database.js';
import { allocateIds, insertRows, writesInWith } from '../../db/dialect.js';
import { openValuesNow, sealValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/**
 * An event's payload (`object`, `previous_attributes`) as stored: encrypted whole, bound to the
 * event's id, which is made before the insert (docs/data-protection.md, "Encryption at rest").
 */
export function sealEvent<T extends Pick<EventRow, 'id' | 'object' | 'previous_attributes'>>(
  crypto: FieldCrypto,
  row: T,
): T {
  return sealValues(crypto, 'events', row, row);
}

/** A stored event with its payload in clear (a value that does not decrypt throws). */
export function openEvent(crypto: FieldCrypto, row: EventRow): EventRow {
  return openValuesNow(crypto, 'events', row, row);
}

/**
 * Takes `count` sequences of the partner's counter, creating it at the first event. The counter's
 * row stays locked until the transaction ends (PostgreSQL; SQLite serialises writers), so a second
 * writer for the same partner waits here and numbers its events after the first one's commit.
 * Returns the last sequence taken.
 */
export async function takeSequences(trx: Executor, partnerId: number, count: number): Promise<number> {
  const row = await trx
    .insertInto('event_sequences')
    .values({ partner_id: partnerId, last_sequence: count })
    .onConflict((oc) =>
      oc.column('partner_id').doUpdateSet({ last_sequence: sql<number>`event_sequences.last_sequence + ${count}` }),
    )
    .returning('last_sequence')
    .executeTakeFirstOrThrow();
  return Number(row.last_sequence);
}

/**
 * One event with the partner's next sequence; returns that sequence. Where the engine can, the
 * counter's upsert and the insert are one statement, so the counter's lock (held until commit) is
 * taken one round trip later: a partner's concurrent writers wait in turn for less time.
 */
export async function insertNumberedEvent(
  trx: Executor,
  crypto: FieldCrypto,
  clear: Omit<EventRow, 'sequence'>,
): Promise<number> {
  if (!writesInWith(trx)) {
    const sequence = await takeSequences(trx, clear.partner_id, 1);
    await insertEvents(trx, crypto, [{ ...clear, sequence }]);
    return sequence;
  }
  const row = sealEvent(crypto, clear);
  // Parameters in a SELECT list have no type of their own: each is cast to its column's type.
  const inserted = await trx
    .with('counter', (db) =>
      db
        .insertInto('event_sequences')
        .values({ partner_id: row.partner_id, last_sequence: 1 })
        .onConflict((oc) =>
          oc.column('partner_id').doUpdateSet({ last_sequence: sql<number>`event_sequences.last_sequence + 1` }),
        )
        .returning('last_sequence'),
    )
    .insertInto('events')
    .columns(['id', 'partner_id', 'sequence', 'type', 'object', 'previous_attributes', 'subject', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('counter')
        .select([
          sql<string>`cast(${row.id} as varchar(40))`.as('id'),
          sql<number>`cast(${row.partner_id} as integer)`.as('partner_id'),
          'counter.last_sequence',
          sql<string>`cast(${row.type} as varchar(64))`.as('type'),
          sql<string>`cast(${row.object} as text)`.as('object'),
          sql<string | null>`cast(${row.previous_attributes} as text)`.as('previous_attributes'),
          sql<string | null>`cast(${row.subject} as varchar(80))`.as('subject'),
          sql<string>`cast(${row.created_at} as varchar(32))`.as('created_at'),
        ]),
    )
    .returning('sequence')
    .executeTakeFirstOrThrow();
  return Number(inserted.sequence);
}

export async function insertEvents(trx: Executor, crypto: FieldCrypto, rows: EventRow[]): Promise<void> {
  // SQLite allows 32 766 variables per statement: 8 columns, so well under 4 000 rows a chunk.
  await insertRows(
    trx,
    'events',
    rows.map((row) => sealEvent(crypto, row)),
    1000,
  );
}

/** The partner's counter: the last sequence committed, and up to which events have aged out. */
export async function counterOf(db: Executor, partnerId: number): Promise<{ last: number; purgedThrough: number }> {
  const row = await db
    .selectFrom('event_sequences')
    .select(['last_sequence', 'purged_through'])
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
  return { last: Number(row?.last_sequence ?? 0), purgedThrough: Number(row?.purged_through ?? 0) };
}

/** The partner's events after `after` and up to `upTo`, in sequence order, of the given types (all when null). */
export async function eventsAfter(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  after: number,
  upTo: number,
  types: readonly string[] | null,
  limit: number,
): Promise<EventRow[]> {
  let query = db
    .selectFrom('events')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('sequence', '>', after)
    .where('sequence', '<=', upTo);
  if (types) query = query.where('type', 'in', types);
  return (await query.orderBy('sequence').limit(limit).execute()).map((row) => openEvent(crypto, row));
}

/**
 * A partner's events about these objects (`payout:12`), oldest first, at most `limit`. Read by the
 * subject alone (events_subject_idx), then kept to the partner's: a condition on the partner would
 * draw the planner to the partner's whole feed (events_partner_sequence_key). A payout's or an
 * invoice's subject is one partner's anyway.
 */
export async function eventsAbout(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  subjects: readonly string[],
  limit: number,
): Promise<EventRow[]> {
  if (subjects.length === 0) return [];
  const rows = await db.selectFrom('events').selectAll().where('subject', 'in', subjects).limit(limit).execute();
  return rows
    .filter((row) => row.partner_id === partnerId)
    .sort((a, b) => Number(a.sequence) - Number(b.sequence))
    .map((row) => openEvent(crypto, row));
}

export async function findEvent(
  db: Executor,
  crypto: FieldCrypto,
  partnerId: number,
  id: string,
): Promise<EventRow | undefined> {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
  return row && openEvent(crypto, row);
}

/** For each partner, the last sequence of its events created before `cutoff`. */
export async function agedOut(db: Executor, cutoff: string): Promise<Array<{ partnerId: number; through: number }>> {
  const rows = await db
    .selectFrom('events')
    .select(['partner_id', (eb) => eb.fn.max('sequence').as('through')])
    .where('created_at', '<', cutoff)
    .groupBy('partner_id')
    .execute();
  return rows.map((row) => ({ partnerId: row.partner_id, through: Number(row.through) }));
}

/** Removes a partner's events up to `through` and records that the feed now starts after it. */
export async function purgeThrough(trx: Executor, partnerId: number, through: number): Promise<number> {
  await trx
    .updateTable('event_sequences')
    .set({ purged_through: through })
    .where('partner_id', '=', partnerId)
    .where('purged_through', '<', through)
    .execute();
  const result = await trx
    .deleteFrom('events')
    .where('partner_id', '=', partnerId)
    .where('sequence', '<=', through)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A fan-out job, its object encrypted and bound to its id (allocated first: the caller's transaction holds the write lock). */
export async function insertJob(
  trx: Executor,
  crypto: FieldCrypto,
  job: { type: string; object: string; created_at: string },
): Promise<void> {
  const [id] = (await allocateIds(trx, 'event_jobs', 1)) as [number];
  await trx
    .insertInto('event_jobs')
    .values(sealValues(crypto, 'event_jobs', { id }, { ...job, id }))
    .execute();
}

export async function nextJob(db: Executor, crypto: FieldCrypto) {
  const job = await db
    .selectFrom('event_jobs')
    .selectAll()
    .where('finished_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return job && openValuesNow(crypto, 'event_jobs', job, job);
}

/**
 * Moves a job past the partners it has served, only from where the caller read it: a job two
 * workers expand at once advances once, and the loser's transaction (with its events) rolls back.
 */
export async function advanceJob(
  trx: Executor,
  id: number,
  from: number,
  to: number,
  finishedAt: string | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('event_jobs')
    .set({ done_through_partner: to, finished_at: finishedAt })
    .where('id', '=', id)
    .where('done_through_partner', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
