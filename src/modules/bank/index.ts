/**
 * The bank module: payment files out (pain.001), bank reports in (pain.002, camt.054) (tables:
 * bank_files, bank_file_payouts, bank_reports, bank_report_files, bank_payout_history). Payouts
 * move only through the payouts module's door (its bank queue and lifecycle).
 */
import { createBankFiles, type BankFilesDeps } from './bank-files.service.js';
import { createBankImport } from './import.service.js';
import { createBankRights } from './rights.js';

export type BankModuleDeps = BankFilesDeps & {
  queue: BankFilesDeps['queue'] & Parameters<typeof createBankImport>[0]['queue'];
};

export function createBankModule(deps: BankModuleDeps) {
  return { files: createBankFiles(deps), imports: createBankImport(deps), rights: createBankRights(deps) };
}

export type BankModule = ReturnType<typeof createBankModule>;
export {
  osloDay,
  type BankFiles,
  type BankFileView,
  type ExportRequest,
  type ExportResult,
  type PayoutBankState,
} from './bank-files.service.js';
export { PAIN001_FORMATS, namespaceOf } from './pain001.js';
export type { BankRights } from './rights.js';
export { MESSAGE_SCHEMAS, schemaProblems, type MessageSchema } from './xml.js';
export { MAX_REPORT_BYTES, osloMidnight, type BankImport, type ImportReport } from './import.service.js';
export { REPORT_TYPES, type ReportType } from './reports.js';
