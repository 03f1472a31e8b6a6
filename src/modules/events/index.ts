/**
 * The events module: each partner's ordered, gapless feed of what changed, written in the
 * transaction of the change (tables: events, event_sequences, event_jobs). Other modules call
 * `emit(trx, events)` with their own view of the object; webhooks read the feed through `after`.
 */
import { eventRoutes } from './events.routes.js';
import { createEventService, type EventsDeps } from './events.service.js';
import { createEventRights } from './rights.js';

export function createEventsModule(deps: EventsDeps) {
  const service = createEventService(deps);
  return { service, rights: createEventRights(deps), routes: eventRoutes(service) };
}

export type EventsModule = ReturnType<typeof createEventsModule>;
export { EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from './event-types.js';
export { EventSchema } from './events.schemas.js';
export type { EventRights } from './rights.js';
export {
  EVENT_RETENTION_DAYS,
  eventId,
  type EventPayload,
  type EventService,
  type NewEvent,
} from './events.service.js';
