/**
 * The users module: people (global by e-mail) and each partner's link to them (what that partner
 * entered). Tables: users, partner_users, terms_approvals. Other modules use `employees`, the
 * schemas and the pure helpers below; nothing else of this folder.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { EventService } from '../events/index.js';
import type { TermsService } from '../terms/index.js';
import { createDirectory } from './directory.service.js';
import { createEmployees } from './employees.service.js';
import { createIdentityService, parseIdentity } from './identity.service.js';
import { createPersonRights } from './rights.service.js';
import { createTaxService } from './tax.service.js';
import { createUserEvents } from './user-events.js';
import { createUserTermsService } from './user-terms.service.js';
import { userRoutes } from './users.routes.js';
import { createUserService } from './users.service.js';

export interface UsersModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  terms: Pick<TermsService, 'current'>;
  events: Pick<EventService, 'emit'>;
  publicBaseUrl: string;
  /** Field encryption: the repositories seal and open the person's data with it (docs/data-protection.md). */
  crypto: FieldCrypto;
}

export function createUsersModule(deps: UsersModuleDeps) {
  const userEvents = createUserEvents(deps);
  const users = createUserService({ ...deps, userEvents });
  const identity = createIdentityService({ ...deps, users, userEvents });
  const userTerms = createUserTermsService({ ...deps, userEvents });
  return {
    users,
    identity,
    userTerms,
    tax: createTaxService({ ...deps, userEvents }),
    employees: createEmployees({ ...deps, userEvents }),
    directory: createDirectory(deps),
    rights: createPersonRights(deps),
    routes: userRoutes({ users, identity, userTerms, publicBaseUrl: deps.publicBaseUrl }),
  };
}

export type UsersModule = ReturnType<typeof createUsersModule>;
export type { Employees, PartnerView, PaymentAccount, PaymentFacts, PersonView } from './employees.service.js';
export type { Directory, PersonSummary } from './directory.service.js';
export { LINK_STATES, type LinkState, type LinkStateFilter } from './stuck.repository.js';
export type { PersonRecord, PersonRights } from './rights.service.js';
export type { UserTermsService } from './user-terms.service.js';
export type { ConfirmedIdentity } from './identity.service.js';
export type { Views } from './user-events.js';
export { taxChanges, type TaxFacts, type TaxInput, type TaxService } from './tax.service.js';
export { parseIdentity };
export { namedBy, normalisePhone, type EmployeeKey } from './employee-keys.js';
export { identificationCandidates, normaliseIdentification } from './identity-numbers.js';
export { ONBOARDING_STEPS, type Onboarding, type OnboardingStep } from './onboarding.js';
export { distinctVerifiedIdentities, linkName } from './users.payload.js';
export { OnboardingSchema, UserIdParams, UserPayload } from './users.schemas.js';
export type { UserService } from './users.service.js';
