/** The request-log module: each authenticated partner API request, without bodies (table: request_log). */
export {
  createRequestLog,
  REQUEST_LOG_DEFAULTS,
  STATUS_CLASSES,
  type RequestLog,
  type RequestLogEntry,
  type RequestLogFilter,
  type RequestLogNote,
  type RequestLogTuning,
  type StatusClass,
} from './request-log.service.js';
export { registerRequestLogHook } from './request-log.hook.js';
