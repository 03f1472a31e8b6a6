import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { TermsService } from '../terms/terms.service.js';
import { createBrowserFlow } from './browser-flow.service.js';
import { createProviderAdapters } from './providers/index.js';
import { createReturnUrlService } from './return-urls.service.js';
import { createSessionService } from './sessions.service.js';
import { verificationRoutes } from './verification.routes.js';

export interface VerificationModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  idempotency: Pick<Idempotency, 'reserve'>;
  terms: Pick<TermsService, 'current'>;
}

export function createVerificationModule({ db, clock, config, idempotency, terms }: VerificationModuleDeps) {
  const base = config.publicBaseUrl;
  const sandbox = config.env === 'sandbox';
  const adapters = createProviderAdapters(config, (token) => `${base}/sandbox/provider/${token}`);
  const returnUrls = createReturnUrlService({ db, clock, idempotency, allowHttp: sandbox });
  const sessions = createSessionService({
    db,
    clock,
    idempotency,
    returnUrls,
    terms,
    publicBaseUrl: base,
    availableProviders: new Set(adapters.keys()),
  });
  const flow = createBrowserFlow({ db, clock, sessions, adapters, callbackUrl: (provider) => `${base}/verify/callback/${provider}` });
  return { returnUrls, sessions, flow, adapters, routes: verificationRoutes({ returnUrls, sessions, sandbox }) };
}

export type VerificationModule = ReturnType<typeof createVerificationModule>;
