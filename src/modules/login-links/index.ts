import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { RateLimitStore } from '../../platform/rate-limit.js';
import type { PayoutService } from '../payouts/payouts.service.js';
import { loginLinkRoutes } from './login-links.routes.js';
import { createLoginLinkService } from './login-links.service.js';
import type { SigningKeys } from './tokens.js';

export interface LoginLinksModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  keys: SigningKeys;
  publicBaseUrl: string;
  payouts: Pick<PayoutService, 'owned'>;
  limiter: Pick<RateLimitStore, 'hit'>;
}

export function createLoginLinksModule(deps: LoginLinksModuleDeps) {
  const service = createLoginLinkService(deps);
  return { service, routes: loginLinkRoutes(service) };
}

export type LoginLinksModule = ReturnType<typeof createLoginLinksModule>;
