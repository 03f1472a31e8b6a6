import type { Insertable } from 'kysely';
import type { BankFilePayoutsTable, BankFilesTable, Executor } from '../../db/database.js';

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
  return db.selectFrom('bank_payout_history').selectAll().where('payout_id', '=', payoutId).orderBy('id').execute();
}
