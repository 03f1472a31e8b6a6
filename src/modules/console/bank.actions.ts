/**
 * Payment files in the console (docs/console.md): the list, one file with its payouts and their
 * bank history, its download (payment data leaving onpay: operators and admins, audited by the
 * bank module), and the import of a bank report (the same service as `onpay bank import`).
 */
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import { PAIN001_FORMATS, type BankFiles, type BankImport } from '../bank/index.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PayoutOperations } from '../payouts/index.js';
import type { Directory } from '../users/index.js';
import { employeeNamesOf } from './money.actions.js';

export interface BankActionsDeps {
  files: Pick<BankFiles, 'files' | 'file' | 'attempts' | 'download' | 'voidFile' | 'exportFile'>;
  imports: Pick<BankImport, 'importReport'>;
  operations: Pick<PayoutOperations, 'selection' | 'totals'>;
  /** The employees' names on a file's page (one read per page). */
  directory: Pick<Directory, 'linkNames' | 'erased'>;
}

/** The most transactions a file's page lists (a file may carry 10 000; the download has them all). */
export const FILE_PAGE_ROWS = 1000;

/** An export as the form sends it: every field text, empty when not given. */
export interface ExportForm {
  format: string;
  due_before: string;
  partner: string;
}

function readExport(form: ExportForm): { format: string; dueBefore?: string; partnerId?: number } {
  const format = form.format || 'pain.001.001.03';
  if (!(PAIN001_FORMATS as readonly string[]).includes(format))
    throw AppError.field('format', `The format must be one of ${PAIN001_FORMATS.join(', ')}.`);
  const dueBefore = form.due_before.trim() || undefined;
  if (dueBefore !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(dueBefore))
    throw AppError.field('due_before', 'Due on or before must be a date (YYYY-MM-DD).');
  const partnerRaw = form.partner.trim();
  const partnerId = partnerRaw === '' ? undefined : (parseId(partnerRaw) ?? undefined);
  if (partnerRaw !== '' && partnerId === undefined)
    throw AppError.field('partner', `Partner: “${partnerRaw}” is not a partner id.`);
  return { format, dueBefore, partnerId };
}

export function createBankActions(deps: BankActionsDeps) {
  return {
    /** What an export would take (the review step): the pending payouts matching, and their total. */
    async exportReview(operator: ConsoleOperator, form: ExportForm) {
      requirePermission(operator, 'move_payouts');
      const request = readExport(form);
      const totals = await deps.operations.totals({
        status: 'pending',
        ...(request.partnerId === undefined ? {} : { partnerId: request.partnerId }),
        ...(request.dueBefore === undefined ? {} : { dueTo: request.dueBefore }),
      });
      return { request, count: totals.count, net: totals.net };
    },

    /** Exports the file (the bank module records it and moves its payouts to processing). */
    async exportFile(operator: ConsoleOperator, form: ExportForm) {
      requirePermission(operator, 'move_payouts');
      return deps.files.exportFile(readExport(form));
    },

    async files(operator: ConsoleOperator) {
      requirePermission(operator, 'view');
      return deps.files.files(200);
    },

    /** One file, its first transactions with each payout's status now and the employee it pays (the partner's name for them). */
    async file(operator: ConsoleOperator, rawId: string) {
      requirePermission(operator, 'view');
      const file = await deps.files.file(rawId);
      const attempts = await deps.files.attempts(file.file_id);
      const shown = attempts.slice(0, FILE_PAGE_ROWS);
      const { rows } = await deps.operations.selection(shown.map((a) => a.payoutId));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const names = await employeeNamesOf(deps.directory, rows);
      return {
        file,
        total: attempts.length,
        rows: shown.map((a) => {
          const row = byId.get(a.payoutId);
          return {
            ...a,
            status: row?.status ?? null,
            userId: row?.userId ?? null,
            employeeName: row ? names.get(`${row.partnerId}:${row.userId}`) || `Employee ${row.userId}` : null,
          };
        }),
      };
    },

    /**
     * Imports a bank report as `onpay bank import` does (audited by the bank module): a file that
     * is not a valid report changes nothing and the error says why.
     */
    async importReport(operator: ConsoleOperator, content: Buffer) {
      requirePermission(operator, 'move_payouts');
      if (content.byteLength === 0) throw AppError.field('report', 'Choose the bank report to import (an XML file).');
      return deps.imports.importReport(content);
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
