import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { TermsService } from '../terms/terms.service.js';
import { createIdentityService } from './identity.service.js';
import { createTaxService } from './tax.service.js';
import { createUserTermsService } from './user-terms.service.js';
import { userRoutes } from './users.routes.js';
import { createUserService } from './users.service.js';

export interface UsersModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  terms: Pick<TermsService, 'current'>;
  publicBaseUrl: string;
}

export function createUsersModule(deps: UsersModuleDeps) {
  const users = createUserService(deps);
  const identity = createIdentityService({ ...deps, users });
  const userTerms = createUserTermsService(deps);
  const tax = createTaxService(deps);
  return {
    users,
    identity,
    userTerms,
    tax,
    routes: userRoutes({ users, identity, userTerms, publicBaseUrl: deps.publicBaseUrl }),
  };
}

export type UsersModule = ReturnType<typeof createUsersModule>;
