/** The login-links module: signed, single-use magic links (table: login_links). */
import { loginLinkRoutes } from './login-links.routes.js';
import { createLoginLinkService, type LoginLinkServiceDeps } from './login-links.service.js';
import { createLoginLinkRights } from './rights.js';

export function createLoginLinksModule(deps: LoginLinkServiceDeps) {
  const service = createLoginLinkService(deps);
  return { service, rights: createLoginLinkRights(deps), routes: loginLinkRoutes(service) };
}

export type LoginLinksModule = ReturnType<typeof createLoginLinksModule>;
export {
  LINK_LIFETIME_MS,
  LINK_RETENTION_MS,
  SIGN_IN_LIMITS,
  type ConsumeResult,
  type LinkState,
  type LoginLinkService,
} from './login-links.service.js';
export type { LoginLinkRights } from './rights.js';
export { signToken, verifyToken, type SigningKeys } from './tokens.js';
