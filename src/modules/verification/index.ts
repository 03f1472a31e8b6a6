/**
 * The verification module: return URLs, verification sessions and the providers behind them
 * (tables: return_urls, verification_sessions, webhook_receipts).
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { AuditService } from '../audit/index.js';
import type { EventService } from '../events/index.js';
import type { PartnerService } from '../partners/index.js';
import type { Employees } from '../users/index.js';
import { createBrowserFlow } from './browser-flow.service.js';
import { createDocWebhook } from './providers/doc-webhook.js';
import { createProviderAdapters } from './providers/index.js';
import { createReturnUrlService } from './return-urls.service.js';
import { createSessionRights } from './rights.js';
import { createSessionService } from './sessions.service.js';
import { verificationRoutes } from './verification.routes.js';

export interface VerificationModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  /** Seals what providers leave on sessions. */
  crypto: FieldCrypto;
  idempotency: Pick<Idempotency, 'reserve'>;
  employees: Pick<Employees, 'requireLinked' | 'partnerView' | 'recordVerifiedIdentity' | 'registeredIdentity'>;
  partners: Pick<PartnerService, 'partnerName'>;
  events: Pick<EventService, 'emit'>;
  audit: Pick<AuditService, 'record'>;
}

export function createVerificationModule({
  db,
  clock,
  config,
  crypto,
  idempotency,
  employees,
  partners,
  events,
  audit,
}: VerificationModuleDeps) {
  const base = config.publicBaseUrl;
  const sandbox = config.env === 'sandbox';
  const adapters = createProviderAdapters(config, (token) => `${base}/sandbox/provider/${token}`);
  const returnUrls = createReturnUrlService({ db, clock, idempotency, allowHttp: sandbox, events, audit });
  const sessions = createSessionService({
    db,
    clock,
    crypto,
    idempotency,
    returnUrls,
    employees,
    events,
    publicBaseUrl: base,
    availableProviders: new Set(adapters.keys()),
  });
  const flow = createBrowserFlow({
    db,
    clock,
    crypto,
    sessions,
    partners,
    adapters,
    callbackUrl: (provider) => `${base}/verify/callback/${provider}`,
  });
  // The document vendor's decisions arrive by webhook; null when no vendor is configured.
  const docWebhook = config.docVendor ? createDocWebhook({ db, clock, sessions, config: config.docVendor }) : null;
  return {
    returnUrls,
    sessions,
    flow,
    adapters,
    docWebhook,
    rights: createSessionRights({ db, crypto }),
    routes: verificationRoutes({ returnUrls, sessions, sandbox }),
  };
}

export type VerificationModule = ReturnType<typeof createVerificationModule>;
export type { BrowserFlow, Step } from './browser-flow.service.js';
export type { SessionRights } from './rights.js';
export type { DocWebhook, WebhookResult } from './providers/doc-webhook.js';
export { signWebhookBody } from './providers/doc-webhook.js';
export { SANDBOX_OUTCOMES, sandboxIdentity, type SandboxOutcome } from './providers/sandbox.js';
export { returnUrlRowToPayload, type ReturnUrlCommand, type ReturnUrlService } from './return-urls.service.js';
export { REPLACED_REASON } from './sessions.repository.js';
export { START_TOKEN_RETENTION_MS, VERIFICATION_SESSION_LIFETIME_MS, type SessionService } from './sessions.service.js';
