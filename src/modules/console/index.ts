/**
 * The console module: what operators do in the console, each action behind its role check
 * (docs/decisions.md §18). It owns no table: it calls the other modules' doors.
 */
export { createConsoleService, type ConsoleService, type Dashboard } from './console.service.js';
export {
  OUTBOX_FILTERS,
  PAGE_SIZE,
  PARTNER_ORDERS,
  RETURN_URL_STATUSES,
  type AdminActions,
  type ReturnUrlParts,
} from './admin.actions.js';
/** The payout statuses the console filters by: the lifecycle's own list. */
export { PAYOUT_STATUSES } from '../payouts/index.js';
export { REASON_MAX } from '../audit/index.js';
export {
  EMPLOYEE_ORDERS,
  employeeNamesOf,
  INVOICE_ORDERS,
  mask,
  PAGE_SIZES,
  PAYOUT_ORDERS,
  REVEAL_SHOWN_MS,
  REVEALABLE,
  type EmployeeView,
  type Guarded,
  type MoneyActions,
} from './money.actions.js';
export type { InvoiceActions } from './invoices.actions.js';
export type { PrivacyActions } from './privacy.actions.js';
export { DELIVERIES_PER_PAGE, type WebhookActions } from './webhooks.actions.js';
export type { ConsoleExport, ExportActions } from './exports.actions.js';
export { FILE_PAGE_ROWS, type BankActions, type ExportForm } from './bank.actions.js';
export {
  PAYOUT_REVEALABLE,
  STORY_ROWS,
  type AmountLine,
  type PayoutStoryActions,
  type TimelineEntry,
  type WebhookDeliveryView,
} from './payout-story.actions.js';
export { REQUEST_LOG_PAGE, type PartnerPageActions, type RequestLogPage } from './partner-page.actions.js';
export type { StuckRow, StuckState } from './stuck.actions.js';
export type { LinkKind, SentLink } from './mail-history.actions.js';
