import { termsRoutes } from './terms.routes.js';
import { createTermsService, type TermsServiceDeps } from './terms.service.js';

export function createTermsModule(deps: TermsServiceDeps) {
  const service = createTermsService(deps);
  return { service, routes: termsRoutes(service) };
}
