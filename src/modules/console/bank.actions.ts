/**
 * Payment files in the console (docs/console.md): the list, one file with its payouts, and its
 * download (payment data leaving onpay: operators and admins, audited by the bank module).
 */
import type { BankFiles } from '../bank/index.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PayoutOperations } from '../payouts/index.js';

export interface BankActionsDeps {
  files: Pick<BankFiles, 'files' | 'file' | 'attempts' | 'download' | 'voidFile'>;
  operations: Pick<PayoutOperations, 'selection'>;
}

/** The most transactions a file's page lists (a file may carry 10 000; the download has them all). */
export const FILE_PAGE_ROWS = 1000;

export function createBankActions(deps: BankActionsDeps) {
  return {
    async files(operator: ConsoleOperator) {
      requirePermission(operator, 'view');
      return deps.files.files(200);
    },

    /** One file, its first transactions with each payout's status now. */
    async file(operator: ConsoleOperator, rawId: string) {
      requirePermission(operator, 'view');
      const file = await deps.files.file(rawId);
      const attempts = await deps.files.attempts(file.file_id);
      const shown = attempts.slice(0, FILE_PAGE_ROWS);
      const { rows } = await deps.operations.selection(shown.map((a) => a.payoutId));
      const status = new Map(rows.map((row) => [row.id, row.status]));
      return {
        file,
        total: attempts.length,
        rows: shown.map((a) => ({ ...a, status: status.get(a.payoutId) ?? null })),
      };
    },

    /**
     * What voiding a file would do (the review step): how many of its payouts are still
     * processing and would go back to pending, and their total.
     */
    async voidReview(operator: ConsoleOperator, rawId: string) {
      requirePermission(operator, 'move_payouts');
      const file = await deps.files.file(rawId);
      const attempts = await deps.files.attempts(file.file_id);
      let processing = 0;
      let cents = 0;
      for (let i = 0; i < attempts.length; i += 1000) {
        const chunk = attempts.slice(i, i + 1000);
        const amount = new Map(chunk.map((a) => [a.payoutId, a.amount]));
        const { rows } = await deps.operations.selection(chunk.map((a) => a.payoutId));
        for (const row of rows.filter((r) => r.status === 'processing')) {
          processing++;
          cents += Math.round(Number(amount.get(row.id) ?? '0') * 100);
        }
      }
      return { file, processing, total: (cents / 100).toFixed(2) };
    },

    /** Voids the file: its processing payouts go back to pending (the bank module refuses a file a report named). */
    async voidFile(operator: ConsoleOperator, rawId: string) {
      requirePermission(operator, 'move_payouts');
      return deps.files.voidFile(rawId);
    },

    /** A viewer sees that a file exists (the list shows it) but may not take its payment data away. */
    async download(operator: ConsoleOperator, rawId: string) {
      requirePermission(operator, 'view');
      await deps.files.file(rawId);
      requirePermission(operator, 'move_payouts');
      return deps.files.download(rawId);
    },
  };
}

export type BankActions = ReturnType<typeof createBankActions>;
