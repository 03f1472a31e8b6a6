import type { Migration } from 'kysely';
import * as foundation from './2026-11-21-0001-foundation.js';
import * as users from './2026-11-21-0002-users.js';
import * as verification from './2026-11-21-0003-verification.js';
import * as payouts from './2026-11-21-0004-payouts.js';
import * as loginLinks from './2026-11-21-0005-login-links-mail.js';
import * as tenancy from './2026-11-23-0006-tenancy.js';
import * as idempotencyOutcome from './2026-11-23-0007-idempotency-outcome.js';
import * as events from './2026-11-23-0008-events.js';
import * as audit from './2026-11-23-0010-audit.js';
import * as operators from './2026-11-23-0011-operators.js';
import * as webhooks from './2026-11-23-0012-webhooks.js';
import * as consoleIndexes from './2026-11-23-0013-console-indexes.js';
import * as verifiedPerPartner from './2026-11-25-0014-verified-per-partner.js';
import * as tokenLastUse from './2026-11-25-0015-token-last-use.js';
import * as writeProbe from './2026-11-25-0016-write-probe.js';
import * as bankFiles from './2026-11-25-0018-bank-files.js';
import * as retention from './2026-11-25-0021-retention.js';
import * as userErasure from './2026-11-25-0022-user-erasure.js';
import * as listIndexes from './2026-11-25-0030-list-indexes.js';
import * as fieldEncryption from './2026-11-25-0031-field-encryption.js';
import * as sealedEvents from './2026-11-26-0032-sealed-events.js';
import * as sealedMailVerification from './2026-11-26-0033-sealed-mail-verification.js';
import * as sealedBankFiles from './2026-11-26-0034-sealed-bank-files.js';
import * as listCounters from './2026-11-26-0035-list-counters.js';
import * as foldedSearch from './2026-11-26-0036-folded-search.js';
import * as sealedFailureMessage from './2026-11-26-0037-sealed-failure-message.js';
import * as eventSubjects from './2026-11-26-0038-event-subjects.js';
import * as requestLog from './2026-11-26-0039-request-log.js';
import * as webhookConsole from './2026-11-26-0040-webhook-console.js';
import * as stuckFilters from './2026-11-26-0041-stuck-filters.js';
import * as invoices from './2026-11-26-0042-invoices.js';
import * as listSorts from './2026-11-27-0043-list-sorts.js';
import * as linkOnboarding from './2026-11-27-0044-link-onboarding.js';

/** What some migrations need from the running service (the field-encryption keys). */
export type MigrationContext = fieldEncryption.FieldEncryptionContext;

/**
 * Every migration, in the order they apply, given what the service passes them. Names are
 * timestamps: never rename one that shipped.
 */
export function migrationsWith(context: MigrationContext): Record<string, Migration> {
  return {
    ...migrations,
    [fieldEncryption.NAME]: fieldEncryption.fieldEncryption(context),
    [sealedEvents.NAME]: sealedEvents.sealedEvents(context),
    [sealedMailVerification.NAME]: sealedMailVerification.sealedMailVerification(context),
    [sealedBankFiles.NAME]: sealedBankFiles.sealedBankFiles(context),
    [sealedFailureMessage.NAME]: sealedFailureMessage.sealedFailureMessage(context),
  };
}

/** Every migration without the service's context: enough for an empty database (nothing to encrypt). */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
  '2026-11-21-0002-users': users,
  '2026-11-21-0003-verification': verification,
  '2026-11-21-0004-payouts': payouts,
  '2026-11-21-0005-login-links-mail': loginLinks,
  [tenancy.NAME]: tenancy,
  '2026-11-23-0007-idempotency-outcome': idempotencyOutcome,
  '2026-11-23-0008-events': events,
  '2026-11-23-0010-audit': audit,
  '2026-11-23-0011-operators': operators,
  '2026-11-23-0012-webhooks': webhooks,
  '2026-11-23-0013-console-indexes': consoleIndexes,
  [verifiedPerPartner.NAME]: verifiedPerPartner,
  '2026-11-25-0015-token-last-use': tokenLastUse,
  '2026-11-25-0016-write-probe': writeProbe,
  '2026-11-25-0018-bank-files': bankFiles,
  '2026-11-25-0021-retention': retention,
  '2026-11-25-0022-user-erasure': userErasure,
  '2026-11-25-0030-list-indexes': listIndexes,
  [fieldEncryption.NAME]: fieldEncryption.fieldEncryption({}),
  [sealedEvents.NAME]: sealedEvents.sealedEvents({}),
  [sealedMailVerification.NAME]: sealedMailVerification.sealedMailVerification({}),
  [sealedBankFiles.NAME]: sealedBankFiles.sealedBankFiles({}),
  [listCounters.NAME]: listCounters,
  [foldedSearch.NAME]: foldedSearch,
  [sealedFailureMessage.NAME]: sealedFailureMessage.sealedFailureMessage({}),
  [eventSubjects.NAME]: eventSubjects,
  [requestLog.NAME]: requestLog,
  [webhookConsole.NAME]: webhookConsole,
  '2026-11-26-0041-stuck-filters': stuckFilters,
  [invoices.NAME]: invoices,
  [listSorts.NAME]: listSorts,
  [linkOnboarding.NAME]: linkOnboarding,
};

/** The last migration before the personal data was encrypted (tests of older migrations stop there). */
export const BEFORE_FIELD_ENCRYPTION = Object.keys(migrations)[
  Object.keys(migrations).indexOf(fieldEncryption.NAME) - 1
] as string;
