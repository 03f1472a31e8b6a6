import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { described, errorResponses } from '../../platform/openapi.js';
import { callerOf } from '../../platform/request-context.js';
import { EventFeed, EventFeedQuery, EventParams, EventSchema } from './events.schemas.js';
import type { EventService } from './events.service.js';

const tags = ['Events'];

export function eventRoutes(events: EventService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/events',
      {
        schema: {
          tags,
          operationId: 'listEvents',
          summary: 'Your events, in order',
          description:
            'Every change to your employees, payouts, verification sessions and return URLs, in the order it committed (`sequence`, gapless and only increasing). Read from `after` (the last sequence you processed), store `next_after`, and ask again: nothing is skipped or repeated, also after downtime. Events are kept 30 days; an `after` older than that answers 410 with `oldest_available`. An extension to the interface specification.',
          querystring: EventFeedQuery,
          response: {
            200: described(EventFeed, 'Your events after `after`'),
            ...errorResponses(
              new AppError(
                'events_expired',
                'Events up to sequence 120 have aged out of the feed (kept 30 days); the oldest available is 121.',
                undefined,
                { oldest_available: 121 },
              ),
              AppError.field(
                'type',
                'type must be event types or prefixes ending in .* (payout.*), separated by commas.',
              ),
            ),
          },
        },
      },
      async (request) => events.feed(callerOf(request).partnerId, request.query),
    );

    app.get(
      '/events/:id',
      {
        schema: {
          tags,
          operationId: 'getEvent',
          summary: 'One event',
          description: 'One of your events, while the feed keeps it (30 days).',
          params: EventParams,
          response: { 200: described(EventSchema, 'The event'), ...errorResponses('event_not_found') },
        },
      },
      async (request) => events.get(callerOf(request).partnerId, request.params.id),
    );
  };
}
