/** The mail module: the outbox (table: mail_outbox), its SMTP worker, and the sandbox mailbox. */
export {
  enqueueMail,
  MAIL_BODY_RETENTION_MS,
  NOT_SENT_BODY_REMOVED,
  removeMailBody,
  type OutgoingMail,
} from './mail.repository.js';
export {
  bodyRemovedAt,
  createOutbox,
  maskAddress,
  type Outbox,
  type OutboxFilter,
  type OutboxMail,
} from './outbox.service.js';
export { mailRoutes } from './mail.routes.js';
export { createSandboxMailbox, type SandboxMailbox } from './mailbox.service.js';
export { backoffMs, createMailWorker, type MailWorker } from './mail.worker.js';
export { createSmtpTransport, SMTP_TIMEOUTS, type MailMessage, type MailTransport } from './transport.js';
export { createMailRights, type MailRights } from './rights.js';
