/** The payouts module: batches on one invoice, each payout's lifecycle (tables: invoices, payouts; invoice numbers through src/db/invoice-numbers.ts). */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { PayerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { EventService } from '../events/index.js';
import type { PartnerService } from '../partners/index.js';
import type { Employees } from '../users/index.js';
import { createBankQueue } from './bank-queue.service.js';
import { createPayoutOperations } from './operations.service.js';
import { invoiceRoutes } from './invoices.routes.js';
import { createInvoiceService } from './invoices.service.js';
import { createPayoutBatchService } from './payout-batch.service.js';
import { payoutRoutes } from './payouts.routes.js';
import { createPayoutService } from './payouts.service.js';
import { createPayoutRights } from './rights.js';

export interface PayoutsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  employees: Pick<Employees, 'find' | 'paymentFacts' | 'requireLinked'>;
  partners: Pick<PartnerService, 'feeRate' | 'invoiceDetails' | 'partnerName'>;
  /** The seller on invoices (PAYER_NAME, PAYER_ORG_NUMBER, PAYER_ADDRESS). */
  payer: Pick<PayerConfig, 'name' | 'orgNumber' | 'address'>;
  /** The name each paying partner entered for its employees, keyed `partnerId:userId` (invoice lines). */
  employeeNames: (rows: ReadonlyArray<{ partnerId: number; userId: number }>) => Promise<Map<string, string>>;
  events: Pick<EventService, 'emit'>;
  publicBaseUrl: string;
  /** Field encryption of the copied account (docs/data-protection.md). */
  crypto: FieldCrypto;
  /** Test seam: called after each chunk of inserted payouts (to prove a mid-batch failure leaves nothing). */
  afterChunk?: (insertedSoFar: number) => void | Promise<void>;
}

export function createPayoutsModule(deps: PayoutsModuleDeps) {
  const batches = createPayoutBatchService(deps);
  const payouts = createPayoutService(deps);
  const operations = createPayoutOperations(deps);
  const bankQueue = createBankQueue(deps);
  const invoices = createInvoiceService(deps);
  return {
    invoices,
    invoiceRoutes: invoiceRoutes({ invoices, publicBaseUrl: deps.publicBaseUrl }),
    batches,
    payouts,
    operations,
    bankQueue,
    rights: createPayoutRights(deps),
    routes: payoutRoutes({ batches, payouts, publicBaseUrl: deps.publicBaseUrl }),
  };
}

export type PayoutsModule = ReturnType<typeof createPayoutsModule>;
export {
  checkPaidAt,
  checkReason,
  PAID_AT_MAX_AHEAD_MS,
  payoutRowToPayload,
  type PayoutService,
} from './payouts.service.js';
export { mayMove, movableFrom, PAYOUT_STATUSES, TRANSITIONS, type MoveCause, type PayoutMove } from './lifecycle.js';
export {
  MAX_PAYOUTS_PER_ACTION,
  type Blocked,
  type BulkOutcome,
  type InvoiceFilter,
  type InvoiceView,
  type OperationsFilter,
  type PayoutLine,
  type PayoutOperations,
  type MonthTotals,
  type Totals,
} from './operations.service.js';
export { PayoutExportQuery, PayoutParams, PayoutSchema, type PayoutPayload } from './payouts.schemas.js';
export { INVOICE_STATUSES, InvoiceSchema, type InvoicePayload, type InvoiceStatus } from './invoices.schemas.js';
export { invoiceStatusOf, type InvoiceService } from './invoices.service.js';
export { norwegianAmount } from './invoice-pdf.js';
export { OPEN_PAYOUT_STATUSES, type PayoutRights } from './rights.js';
export type { BankQueue, BankVerdict, ExportFilter, QueuedPayout, VerdictOutcome } from './bank-queue.service.js';
export { formatAmount, toDecimal } from './money.js';
export { calculatePayroll, fromMinorUnits, sumAmounts, toMinorUnits } from './payroll.js';
