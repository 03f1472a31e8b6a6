/**
 * The console's lists as CSV files (docs/decisions.md §21): every row the employees or payouts list
 * shows for a filter, with the list's own columns (what the page masks, or leaves out, the file
 * does too), for the roles that may export, each export audited with its filter and row count.
 */
import type { ExportRecord } from '../audit/index.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PayoutLine } from '../payouts/index.js';
import type { PersonSummary } from '../users/index.js';
import type { CsvColumn } from '../../platform/csv.js';
import type { ExportOutcome } from '../../platform/export-stream.js';
import { readFilters, textFilter, type FilterText } from './filters.js';
import { employeeNamesOf, readPayoutFilter, type MoneyActionsDeps } from './money.actions.js';

/** An export, ready to stream: its columns, its rows a chunk at a time, and its audit entries. */
export interface ConsoleExport<T> {
  columns: readonly CsvColumn<T>[];
  chunks: AsyncIterable<T[]>;
  started: () => Promise<void>;
  ended: (outcome: ExportOutcome) => Promise<void>;
}

/** One partner's link of a person, as the employees list shows it (a person without links: one row, no link). */
export interface EmployeeExportRow {
  person: PersonSummary;
  link: PersonSummary['links'][number] | null;
  partnerName: string;
}

export interface PayoutExportRow {
  line: PayoutLine;
  partnerName: string;
  employee: string;
}

const EMPLOYEE_COLUMNS: CsvColumn<EmployeeExportRow>[] = [
  { header: 'id', value: (r) => r.person.id },
  { header: 'email', value: (r) => r.person.email },
  { header: 'verified', value: (r) => r.person.verified },
  { header: 'identities_differ', value: (r) => r.person.identityReview },
  { header: 'partner_id', value: (r) => r.link?.partnerId },
  { header: 'partner', value: (r) => (r.link ? r.partnerName : '') },
  { header: 'name', value: (r) => r.link?.name },
  { header: 'phone', value: (r) => r.link?.phone },
  { header: 'internal_id', value: (r) => r.link?.internalId },
];

const PAYOUT_COLUMNS: CsvColumn<PayoutExportRow>[] = [
  { header: 'payout', value: (r) => r.line.id },
  { header: 'partner_id', value: (r) => r.line.partnerId },
  { header: 'partner', value: (r) => r.partnerName },
  { header: 'user_id', value: (r) => r.line.userId },
  { header: 'employee', value: (r) => r.employee },
  { header: 'invoice', value: (r) => r.line.invoiceId },
  { header: 'due_date', value: (r) => r.line.dueDate },
  { header: 'status', value: (r) => r.line.status },
  { header: 'paid_at', value: (r) => r.line.paidAt },
  { header: 'net', value: (r) => r.line.net },
  { header: 'invoice_incl', value: (r) => r.line.invoiceIncl },
];

export function createExportActions(deps: MoneyActionsDeps) {
  function audited<T>(
    record: ExportRecord,
    columns: readonly CsvColumn<T>[],
    chunks: AsyncIterable<T[]>,
  ): ConsoleExport<T> {
    return {
      columns,
      chunks,
      started: () => deps.audit.recordExport(record),
      ended: (outcome) => deps.audit.recordExport(record, outcome),
    };
  }

  return {
    /** The employees list of search `q`, every page of it: one row per partner's link, as the list shows each. */
    employees(operator: ConsoleOperator, text: FilterText): ConsoleExport<EmployeeExportRow> {
      requirePermission(operator, 'export_lists');
      const { q = '' } = readFilters({ q: textFilter('Search', 200) }, text);
      async function* rows(): AsyncGenerator<EmployeeExportRow[]> {
        for await (const people of deps.directory.exportChunks(q, deps.exportChunkRows)) {
          const names = await deps.partners.partnerNames(people.flatMap((p) => p.links.map((l) => l.partnerId)));
          yield people.flatMap((person): EmployeeExportRow[] =>
            person.links.length === 0
              ? [{ person, link: null, partnerName: '' }]
              : person.links.map((link) => ({
                  person,
                  link,
                  partnerName: names.get(link.partnerId) ?? '',
                })),
          );
        }
      }
      // What was searched may be a name or an e-mail: the audit log keeps that one was, not what.
      const filters = { q: q === '' ? undefined : `(given, ${q.length} characters)` };
      const record = {
        list: 'console.employees',
        object: { type: 'operator' as const, id: operator.id },
        format: 'csv',
        filters,
      };
      return audited(record, EMPLOYEE_COLUMNS, rows());
    },

    /** The payouts list of this filter (status, partner, due range, invoice), every page of it, as the list shows each. */
    payouts(operator: ConsoleOperator, text: FilterText): ConsoleExport<PayoutExportRow> {
      requirePermission(operator, 'export_lists');
      const { filter } = readPayoutFilter({ ...text, page: undefined });
      async function* rows(): AsyncGenerator<PayoutExportRow[]> {
        for await (const lines of deps.operations.exportLines(filter, deps.exportChunkRows)) {
          const [partners, employees] = await Promise.all([
            deps.partners.partnerNames(lines.map((l) => l.partnerId)),
            employeeNamesOf(deps.directory, lines),
          ]);
          yield lines.map((line) => ({
            line,
            partnerName: partners.get(line.partnerId) ?? '',
            employee: employees.get(`${line.partnerId}:${line.userId}`) || `Employee ${line.userId}`,
          }));
        }
      }
      const filters = {
        status: filter.status,
        partner: filter.partnerId,
        due_from: filter.dueFrom,
        due_to: filter.dueTo,
        invoice: filter.invoiceId,
      };
      const record = {
        list: 'console.payouts',
        object: { type: 'operator' as const, id: operator.id },
        partnerId: filter.partnerId ?? null,
        format: 'csv',
        filters,
      };
      return audited(record, PAYOUT_COLUMNS, rows());
    },
  };
}

export type ExportActions = ReturnType<typeof createExportActions>;
