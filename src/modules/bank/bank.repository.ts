import type { Insertable } from 'kysely';
import type {
  BankFilePayoutsTable,
  BankFilesTable,
  BankPayoutHistoryTable,
  BankReportsTable,
  Executor,
} from '../../db/database.js';

export async function insertFile(db: Executor, values: Insertable<BankFilesTable>): Promise<number> {
  const row = await db.insertInto('bank_files').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function completeFile(
  db: Executor,
  id: number,
  values: { payouts: number; control_sum: number; sha256: string; content: string },
): Promise<void> {
  await db.updateTable('bank_files').set(values).where('id', '=', id).execute();
}

export async function insertFilePayouts(db: Executor, rows: Insertable<BankFilePayoutsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('bank_file_payouts')
      .values(rows.slice(i, i + 500))
      .execute();
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

export async function fileContent(db: Executor, id: number) {
  return db.selectFrom('bank_files').select(['id', 'content', 'sha256']).where('id', '=', id).executeTakeFirst();
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
export async function historyOfPayout(db: Executor, payoutId: number) {
  return db
    .selectFrom('bank_payout_history')
    .leftJoin('bank_reports', 'bank_reports.id', 'bank_payout_history.report_id')
    .selectAll('bank_payout_history')
    .select(['bank_reports.message_id as report_message_id', 'bank_reports.message_type as report_type'])
    .where('bank_payout_history.payout_id', '=', payoutId)
    .orderBy('bank_payout_history.id')
    .execute();
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
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('bank_report_files')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function insertHistory(db: Executor, rows: Insertable<BankPayoutHistoryTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('bank_payout_history')
      .values(rows.slice(i, i + 200))
      .execute();
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
