/**
 * The audit module: an append-only record of every change, by whom (a partner token, an operator,
 * an employee, the system), with the request id and the names of the changed fields (table:
 * audit_log). Other modules call `record(trx, entries)` in the transaction of the change.
 */
export {
  AUDIT_ACTION,
  AUDIT_ACTOR,
  AUDIT_OBJECT,
  createAuditService,
  type AuditEntry,
  type AuditEntryPayload,
  type AuditQuery,
  type AuditService,
  type ExportRecord,
} from './audit.service.js';
export { auditReason, REASON_MAX, revealReason } from './reason.js';
