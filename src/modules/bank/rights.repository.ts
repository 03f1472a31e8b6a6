/** The SQL of the person's rights (export and erasure) on the bank module's tables. */
import type { Executor } from '../../db/database.js';
import { openValuesNow } from '../../db/sealed-columns.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/** The payment files these payouts went out in, and what the bank reported on them (a person's export). */
export async function bankTrailOfPayouts(db: Executor, crypto: FieldCrypto, payoutIds: number[]) {
  if (payoutIds.length === 0) return { files: [], reports: [] };
  const [files, reports] = await Promise.all([
    db
      .selectFrom('bank_file_payouts as bfp')
      .innerJoin('bank_files as bf', 'bf.id', 'bfp.file_id')
      .select([
        'bfp.payout_id',
        'bfp.file_id',
        'bf.message_id',
        'bf.status as file_status',
        'bfp.trace_id',
        'bfp.amount',
        'bfp.execution_date',
        'bf.created_at',
      ])
      .where('bfp.payout_id', 'in', payoutIds)
      .orderBy('bfp.file_id')
      .execute(),
    db
      .selectFrom('bank_payout_history')
      .select([
        'id',
        'payout_id',
        'file_id',
        'report_id',
        'trace_id',
        'bank_status',
        'outcome',
        'code',
        'text',
        'date',
        'created_at',
      ])
      .where('payout_id', 'in', payoutIds)
      .orderBy('id')
      .execute(),
  ]);
  return {
    files,
    reports: reports.map((row) => {
      const { id: _id, ...line } = openValuesNow(crypto, 'bank_payout_history', row, row);
      return line;
    }),
  };
}
