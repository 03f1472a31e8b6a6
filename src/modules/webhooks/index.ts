/**
 * The webhooks module: partners' endpoints, and the worker that delivers each partner's events to
 * them (tables: webhook_endpoints, webhook_deliveries, webhook_attempts). It reads the feed through
 * the events module's door (`after`, `counter`); nothing else writes to it.
 */
import { webhookRoutes } from './webhooks.routes.js';
import { createWebhookRights } from './rights.js';
import { createWebhookService, type WebhookServiceDeps } from './webhooks.service.js';
import { createWebhookOperations } from './operator.service.js';

export function createWebhooksModule(deps: WebhookServiceDeps & { publicBaseUrl: string }) {
  const service = createWebhookService(deps);
  return {
    service,
    /** The operator's side (the console): delivery log, resend, replay, disable (docs/decisions.md §26). */
    operations: createWebhookOperations(deps),
    rights: createWebhookRights(deps),
    routes: webhookRoutes(service, deps.publicBaseUrl),
  };
}

export type WebhooksModule = ReturnType<typeof createWebhooksModule>;
export {
  createWebhookWorker,
  MAX_ATTEMPTS,
  RETRY_SCHEDULE_MS,
  signatureHeader,
  STOP_GRACE_MS,
  type WebhookWorker,
  type WebhookWorkerDeps,
} from './delivery.worker.js';
export type { WebhookRights } from './rights.js';
export {
  CONSOLE_REPLAY_MAX,
  DELIVERY_STATUSES,
  ENDPOINT_STATES,
  type EndpointState,
  type OperatorEndpoint,
  type WebhookOperations,
} from './operator.service.js';
export { PERSONAL_KEYS, SHOWN_BODY_CHARS, shownBody, type ShownBody } from './payload-mask.js';
export { isForbiddenAddress, systemResolver, type Resolver } from './ssrf.js';
export { DISABLE_AFTER_FAILING_MS, SECRET_OVERLAP_MS, type WebhookService } from './webhooks.service.js';
