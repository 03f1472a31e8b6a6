import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from './database.js';
import { reusableQuery } from './reusable-query.js';

/**
 * Per-partner list counters (docs/decisions.md §22): `links` counts the partner's employees,
 * `payouts` its payouts. Each counter also numbers its rows: a link or payout carries its place
 * (`list_position`, 1 = the oldest), kept dense, so the counter is the newest row's place and
 * page N of a list is a seek on (partner_id, list_position).
 */
export type ListName = 'links' | 'payouts';

/** The partner's counter of one list as a select of its `value` (a statement, or a scalar subquery of another). */
export function counterOf(db: Executor, partnerId: number, list: ListName) {
  return db.selectFrom('partner_counters').select('value').where('partner_id', '=', partnerId).where('what', '=', list);
}

const counterRow = reusableQuery(2, counterOf);

/** The partner's row count of one list (0 before its first row). */
export async function listCount(db: Executor, partnerId: number, list: ListName): Promise<number> {
  const [row] = await counterRow(db, partnerId, list);
  return row === undefined ? 0 : Number(row.value);
}

/**
 * Adds n rows to the partner's list in the writer's transaction and answers the place of the
 * first: the rows take places first..first+n-1. On PostgreSQL the counter row stays locked until
 * the transaction ends (`value = value + n`, no lost update); take it after the existing rows the
 * transaction changes and before any event counter (docs/performance.md, "Lock order").
 */
export async function takePlaces(db: Executor, partnerId: number, list: ListName, n: number): Promise<number> {
  const row = await db
    .insertInto('partner_counters')
    .values({ partner_id: partnerId, what: list, value: n })
    .onConflict((oc) =>
      oc.columns(['partner_id', 'what']).doUpdateSet((eb) => ({ value: eb('partner_counters.value', '+', n) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - n + 1;
}

/** One row fewer in the partner's list (its place is given back by the caller renumbering the rows after it). */
export async function releasePlace(db: Executor, partnerId: number, list: ListName): Promise<void> {
  await db
    .updateTable('partner_counters')
    .set((eb) => ({ value: eb('value', '-', 1) }))
    .where('partner_id', '=', partnerId)
    .where('what', '=', list)
    .execute();
}

const LISTS: Array<{ list: ListName; table: 'partner_users' | 'payouts'; order: string }> = [
  { list: 'links', table: 'partner_users', order: 'created_at, user_id' },
  { list: 'payouts', table: 'payouts', order: 'created_at, id' },
];

/**
 * Numbers every row again (oldest first: creation time, then id) and sets every counter to its
 * rows' count: the migration's fill, the benchmark's seed and `onpay lists recount`. Run it in one
 * transaction (it rewrites every row's place).
 */
export async function renumberLists(db: Kysely<Database>): Promise<void> {
  for (const { list, table, order } of LISTS) {
    const key = table === 'partner_users' ? 'user_id' : 'id';
    await sql`update ${sql.table(table)} set list_position = r.n
      from (select partner_id, ${sql.ref(key)} as k, row_number() over (partition by partner_id order by ${sql.raw(order)}) as n
            from ${sql.table(table)}) as r
      where ${sql.ref(`${table}.partner_id`)} = r.partner_id and ${sql.ref(`${table}.${key}`)} = r.k
        and (${sql.ref(`${table}.list_position`)} is null or ${sql.ref(`${table}.list_position`)} <> r.n)`.execute(db);
    await db.deleteFrom('partner_counters').where('what', '=', list).execute();
    await db
      .insertInto('partner_counters')
      .columns(['partner_id', 'what', 'value'])
      .expression((eb) =>
        eb
          .selectFrom(table)
          .select(['partner_id', sql.lit(list).as('what'), (e) => e.fn.countAll<number>().as('value')])
          .groupBy('partner_id'),
      )
      .execute();
  }
}

export interface ListDrift {
  partner_id: number;
  list: ListName;
  counter: number;
  rows: number;
  /** Whether the rows' places are exactly 1..rows (each once). */
  dense: boolean;
}

/** Every counter that differs from its rows' count, and every list whose places are not 1..count: what `recount` repairs. */
export async function listDrift(db: Executor): Promise<ListDrift[]> {
  const drift: ListDrift[] = [];
  for (const { list, table } of LISTS) {
    const rows = await db
      .selectFrom(table)
      .select([
        'partner_id',
        (eb) => eb.fn.countAll<number>().as('rows'),
        (eb) => eb.fn.count<number>('list_position').distinct().as('places'),
        (eb) => eb.fn.min<number>('list_position').as('low'),
        (eb) => eb.fn.max<number>('list_position').as('high'),
      ])
      .groupBy('partner_id')
      .execute();
    const counters = await db
      .selectFrom('partner_counters')
      .select(['partner_id', 'value'])
      .where('what', '=', list)
      .execute();
    const counted = new Map(counters.map((c) => [c.partner_id, Number(c.value)]));
    for (const row of rows) {
      const n = Number(row.rows);
      const counter = counted.get(row.partner_id) ?? 0;
      counted.delete(row.partner_id);
      const dense = Number(row.places) === n && Number(row.low) === 1 && Number(row.high) === n;
      if (counter !== n || !dense) drift.push({ partner_id: row.partner_id, list, counter, rows: n, dense });
    }
    for (const [partnerId, counter] of counted)
      if (counter !== 0) drift.push({ partner_id: partnerId, list, counter, rows: 0, dense: true });
  }
  return drift.sort((a, b) => a.partner_id - b.partner_id || a.list.localeCompare(b.list));
}
