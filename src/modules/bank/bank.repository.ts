import { sql, type Insertable } from 'kysely';
import type {
  BankFilePayoutsTable,
  BankFilesTable,
  BankPayoutHistoryTable,
  BankReportsTable,
  Executor,
} from '../../db/database.js';
import { allocateIds, insertRows } from '../../db/dialect.js';
import { openValuesNow, sealValues } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

// A file's content and a history line's text are stored encrypted, bound to the row's id
// (docs/data-protection.md, "Encryption at rest"): this repository seals and opens them.

export async function insertFile(db: Executor, values: Insertable<BankFilesTable>): Promise<number> {
  const row = await db.insertInto('bank_files').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Records the built file: its bytes compressed and encrypted once, as they are (`sha256` is of the clear bytes). */
export async function completeFile(
  db: Executor,
  crypto: FieldCrypto,
  id: number,
  values: { payouts: number; control_sum: number; sha256: string; content: Buffer },
): Promise<void> {
  await db
    .updateTable('bank_files')
    .set(sealValues(crypto, 'bank_files', { id }, values) as typeof values & { content: string })
    .where('id', '=', id)
    .execute();
}

export async function insertFilePayouts(db: Executor, rows: Insertable<BankFilePayoutsTable>[]): Promise<void> {
  await insertRows(db, 'bank_file_payouts', rows, 500);
}

const LISTED = [
  'id',
  'message_id',
  'format',
  'payouts',
  'control_sum',
  'status',
  'created_by',
  'created_at',
  'voided_by',
  'voided_at',
] as const;

/** Every file, newest first. */
export async function listFiles(db: Executor, limit: number) {
  return db.selectFrom('bank_files').select(LISTED).orderBy('id', 'desc').limit(limit).execute();
}

export async function findFile(db: Executor, id: number) {
  return db.selectFrom('bank_files').select(LISTED).where('id', '=', id).executeTakeFirst();
}

export async function fileContent(db: Executor, crypto: FieldCrypto, id: number) {
  const row = await db
    .selectFrom('bank_files')
    .select(['id', 'content', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && openValuesNow(crypto, 'bank_files', row, row);
}

export async function traceIdsOfFile(db: Executor, fileId: number): Promise<string[]> {
  const rows = await db.selectFrom('bank_file_payouts').select('trace_id').where('file_id', '=', fileId).execute();
  return rows.map((row) => row.trace_id);
}

/** Whether an imported report named the file. */
export async function reportNamed(db: Executor, fileId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bank_report_files')
    .select('report_id')
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Voids a live file; false when it was not live (voided meanwhile). */
export async function voidFile(db: Executor, id: number, by: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('bank_files')
    .set({ status: 'voided', voided_by: by, voided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'live')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The bank reports imported, newest first. */
export async function listReports(db: Executor, limit: number) {
  return db.selectFrom('bank_reports').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** A payout's bank history: each applied report line, oldest first. */
export async function historyOfPayout(db: Executor, crypto: FieldCrypto, payoutId: number) {
  const rows = await db
    .selectFrom('bank_payout_history')
    .leftJoin('bank_reports', 'bank_reports.id', 'bank_payout_history.report_id')
    .selectAll('bank_payout_history')
    .select(['bank_reports.message_id as report_message_id', 'bank_reports.message_type as report_type'])
    .where('bank_payout_history.payout_id', '=', payoutId)
    .orderBy('bank_payout_history.id')
    .execute();
  return rows.map((row) => openValuesNow(crypto, 'bank_payout_history', row, row));
}

export async function fileByMessageId(db: Executor, messageId: string) {
  return db
    .selectFrom('bank_files')
    .select(['id', 'status', 'message_id'])
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

/** Each trace id's attempt with its file (any file; trace ids are unique). */
export async function attemptsByTrace(db: Executor, traceIds: readonly string[]) {
  const rows = [];
  const unique = [...new Set(traceIds)];
  for (let i = 0; i < unique.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('bank_file_payouts as a')
        .innerJoin('bank_files as f', 'f.id', 'a.file_id')
        .select(['a.file_id', 'a.payout_id', 'a.trace_id', 'a.pmt_inf_id', 'a.amount', 'f.status', 'f.message_id'])
        .where('a.trace_id', 'in', unique.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/** A file's attempts, optionally of one PmtInf. */
export async function attemptsOfFile(db: Executor, fileId: number, pmtInfId: string | null) {
  let query = db
    .selectFrom('bank_file_payouts as a')
    .innerJoin('bank_files as f', 'f.id', 'a.file_id')
    .select(['a.file_id', 'a.payout_id', 'a.trace_id', 'a.pmt_inf_id', 'a.amount', 'f.status', 'f.message_id'])
    .where('a.file_id', '=', fileId);
  if (pmtInfId !== null) query = query.where('a.pmt_inf_id', '=', pmtInfId);
  return query.orderBy('a.payout_id').execute();
}

export async function reportBySha(db: Executor, sha256: string) {
  return db.selectFrom('bank_reports').select('id').where('sha256', '=', sha256).executeTakeFirst();
}

export async function insertReport(db: Executor, values: Insertable<BankReportsTable>): Promise<number> {
  const row = await db.insertInto('bank_reports').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function noteReportFiles(db: Executor, reportId: number, fileIds: readonly number[]): Promise<void> {
  const rows = [...new Set(fileIds)].map((file_id) => ({ report_id: reportId, file_id }));
  await insertRows(db, 'bank_report_files', rows, 500);
}

/** The bank history lines of these payouts, what each said. */
export async function historyOfPayouts(db: Executor, payoutIds: readonly number[]) {
  const rows = [];
  for (let i = 0; i < payoutIds.length; i += 1000)
    rows.push(
      ...(await db
        .selectFrom('bank_payout_history')
        .select(['trace_id', 'bank_status', 'outcome', 'code', 'date'])
        .where('payout_id', 'in', payoutIds.slice(i, i + 1000))
        .execute()),
    );
  return rows;
}

/** One applied report line for its payout's bank history. */
export type HistoryLine = Omit<Insertable<BankPayoutHistoryTable>, 'id' | 'report_id' | 'created_at'>;

/** Lines that say the same thing, for this many payouts or more, are written by one INSERT … SELECT. */
const SHARED_LINE = 20;

/**
 * Keeps a report's applied lines in their payouts' bank history, each payout's in report order.
 * Lines that say the same thing without words of the bank's (a batch booking: status, date) are
 * written by INSERT … SELECT over their trace ids, whose attempts name the payout and file: a
 * booking of 10 000 payouts is 10 statements of 1 000 ids instead of 100 000 values. The rest go
 * in rows of values, each with its id allocated first: the bank's text is encrypted bound to it.
 */
export async function insertHistory(
  db: Executor,
  crypto: FieldCrypto,
  reportId: number,
  createdAt: string,
  lines: readonly HistoryLine[],
): Promise<void> {
  // A payout's n-th line goes in round n, rounds in order: each payout's history stays in order
  // however its lines are grouped (a trace id names one payout).
  const rounds: Array<Map<string, HistoryLine[]>> = [];
  const seen = new Map<string, number>();
  for (const line of lines) {
    const round = seen.get(line.trace_id) ?? 0;
    seen.set(line.trace_id, round + 1);
    const groups = (rounds[round] ??= new Map());
    const key = JSON.stringify([line.bank_status, line.outcome, line.code, line.text, line.date, line.file_id]);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  for (const groups of rounds) {
    const single: HistoryLine[] = [];
    for (const group of groups.values()) {
      if (group.length < SHARED_LINE || (group[0] as HistoryLine).text != null) {
        single.push(...group);
        continue;
      }
      const [first] = group as [HistoryLine];
      for (let i = 0; i < group.length; i += 1000)
        await db
          .insertInto('bank_payout_history')
          .columns([
            'payout_id',
            'file_id',
            'report_id',
            'trace_id',
            'bank_status',
            'outcome',
            'code',
            'date',
            'created_at',
          ])
          .expression((eb) =>
            eb
              .selectFrom('bank_file_payouts')
              // Parameters in a SELECT list have no type of their own: each is cast to its column's type.
              .select([
                'payout_id',
                'file_id',
                sql<number>`cast(${reportId} as integer)`.as('report_id'),
                'trace_id',
                sql<string>`cast(${first.bank_status} as varchar(8))`.as('bank_status'),
                sql<string>`cast(${first.outcome} as varchar(16))`.as('outcome'),
                sql<string | null>`cast(${first.code ?? null} as varchar(8))`.as('code'),
                sql<string | null>`cast(${first.date ?? null} as varchar(10))`.as('date'),
                sql<string>`cast(${createdAt} as varchar(32))`.as('created_at'),
              ])
              .where('file_id', '=', first.file_id)
              .where(
                'trace_id',
                'in',
                group.slice(i, i + 1000).map((line) => line.trace_id),
              ),
          )
          .execute();
    }
    for (let i = 0; i < single.length; i += 1000) {
      const chunk = single.slice(i, i + 1000);
      const ids = await allocateIds(db, 'bank_payout_history', chunk.length);
      await insertRows(
        db,
        'bank_payout_history',
        chunk.map((line, j) =>
          sealValues(
            crypto,
            'bank_payout_history',
            { id: ids[j] },
            {
              ...line,
              id: ids[j] as number,
              report_id: reportId,
              created_at: createdAt,
            },
          ),
        ),
        1000,
      );
    }
  }
}

/** A payout's latest attempt in a live file: when the file was made and the execution date asked. */
export async function latestLiveAttempt(db: Executor, payoutId: number) {
  return db
    .selectFrom('bank_file_payouts as a')
    .innerJoin('bank_files as f', 'f.id', 'a.file_id')
    .select(['a.trace_id', 'a.execution_date', 'f.created_at'])
    .where('a.payout_id', '=', payoutId)
    .where('f.status', '=', 'live')
    .orderBy('a.file_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A payout's attempts, oldest first: each file it went into, with the file's status. */
export async function attemptsOfPayout(db: Executor, payoutId: number) {
  return db
    .selectFrom('bank_file_payouts as a')
    .innerJoin('bank_files as f', 'f.id', 'a.file_id')
    .select(['a.file_id', 'a.trace_id', 'f.message_id', 'f.status', 'f.created_at'])
    .where('a.payout_id', '=', payoutId)
    .orderBy('a.file_id')
    .execute();
}
