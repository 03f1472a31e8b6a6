import type { Kysely } from 'kysely';
import { engineOf, withIdColumn } from '../dialect.js';

/**
 * Money reaches the bank (docs/payouts.md, "Payment files"): the payment files onpay exported
 * (their bytes kept as the bookkeeping record), each payout's attempt in a file under its trace id,
 * the bank reports imported, and each payout's bank history. Payouts gain the trace id of their
 * latest attempt and the bank's reason when they failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await db.schema.alterTable('payouts').addColumn('trace_id', 'varchar(35)').execute();
  await db.schema.alterTable('payouts').addColumn('failure_code', 'varchar(8)').execute();
  await db.schema.alterTable('payouts').addColumn('failure_message', 'varchar(500)').execute();
  await db.schema.createIndex('payouts_trace_idx').on('payouts').column('trace_id').execute();

  await withIdColumn(db.schema.createTable('bank_files'), engine)
    .addColumn('message_id', 'varchar(35)', (c) => c.notNull().unique())
    .addColumn('format', 'varchar(16)', (c) => c.notNull())
    .addColumn('payouts', 'integer', (c) => c.notNull())
    // Minor units, like every amount.
    .addColumn('control_sum', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    // The file as sent (UTF-8 XML): the bookkeeping record `onpay bank download` gives back.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('voided_by', 'varchar(255)')
    .addColumn('voided_at', 'varchar(32)')
    .execute();

  // One row per payout per file: the attempt, under the trace id sent as InstrId and EndToEndId.
  await db.schema
    .createTable('bank_file_payouts')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('bank_files.id').onDelete('cascade'))
    .addColumn('payout_id', 'integer', (c) => c.notNull().references('payouts.id').onDelete('cascade'))
    .addColumn('trace_id', 'varchar(35)', (c) => c.notNull().unique())
    .addColumn('pmt_inf_id', 'varchar(35)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('execution_date', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('bank_file_payouts_pk', ['file_id', 'payout_id'])
    .execute();
  await db.schema.createIndex('bank_file_payouts_payout_idx').on('bank_file_payouts').column('payout_id').execute();

  // The bank reports imported (pain.002, camt.054); the same bytes twice are one report.
  await withIdColumn(db.schema.createTable('bank_reports'), engine)
    .addColumn('message_id', 'varchar(35)', (c) => c.notNull())
    .addColumn('message_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('applied', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('problems', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // Which payment files a report named (OrgnlMsgId, or the file of a booked trace id): such a file
  // can no longer be voided.
  await db.schema
    .createTable('bank_report_files')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('bank_reports.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('bank_files.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bank_report_files_pk', ['report_id', 'file_id'])
    .execute();
  await db.schema.createIndex('bank_report_files_file_idx').on('bank_report_files').column('file_id').execute();

  // A payout's bank history: each applied line of a report (status, reason, date).
  await withIdColumn(db.schema.createTable('bank_payout_history'), engine)
    .addColumn('payout_id', 'integer', (c) => c.notNull().references('payouts.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('bank_files.id').onDelete('cascade'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('bank_reports.id').onDelete('cascade'))
    .addColumn('trace_id', 'varchar(35)', (c) => c.notNull())
    // The bank's word: ACSC, RJCT, BOOK, RTRN (a return), …
    .addColumn('bank_status', 'varchar(8)', (c) => c.notNull())
    // What it did to the payout: paid, failed.
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(8)')
    .addColumn('text', 'varchar(500)')
    .addColumn('date', 'varchar(10)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_payout_history_payout_idx')
    .on('bank_payout_history')
    .columns(['payout_id', 'id'])
    .execute();
  await db.schema.createIndex('bank_payout_history_file_idx').on('bank_payout_history').column('file_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bank_payout_history').execute();
  await db.schema.dropTable('bank_report_files').execute();
  await db.schema.dropTable('bank_reports').execute();
  await db.schema.dropTable('bank_file_payouts').execute();
  await db.schema.dropTable('bank_files').execute();
  await db.schema.dropIndex('payouts_trace_idx').execute();
  await db.schema.alterTable('payouts').dropColumn('failure_message').execute();
  await db.schema.alterTable('payouts').dropColumn('failure_code').execute();
  await db.schema.alterTable('payouts').dropColumn('trace_id').execute();
}
