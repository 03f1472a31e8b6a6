/** The terms module: the current terms version (table: terms). */
import { termsRoutes } from './terms.routes.js';
import { createTermsService, type TermsServiceDeps } from './terms.service.js';

export function createTermsModule(deps: TermsServiceDeps) {
  const service = createTermsService(deps);
  return { service, routes: termsRoutes(service) };
}

export {
  checkTerms,
  createTermsService,
  termsRowToMetadata,
  TERMS_CACHE_TTL_MS,
  type TermsService,
} from './terms.service.js';
export { TERMS_EXAMPLE, TermsMetadata } from './terms.schemas.js';
