import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from './event-types.js';

const EVENT_EXAMPLE = {
  id: 'evt_3k9q0d2m7x1c5v8b4n6z0a2s4f',
  type: 'payout.paid',
  sequence: 42,
  created_at: '2026-11-23T10:15:00.000Z',
  data: { object: { id: 501, user_id: 42, status: 'paid', paid_at: '2026-11-23T10:15:00.000Z' } },
  previous_attributes: { status: 'pending', paid_at: null },
};

export const EventSchema = Type.Object(
  {
    id: Type.String({
      description: 'Unique; use it to recognise a repeated webhook delivery',
      examples: ['evt_3k9q0d2m7x1c5v8b4n6z0a2s4f'],
    }),
    type: Type.String({
      enum: EVENT_TYPE_NAMES,
      description: EVENT_TYPE_NAMES.map((type) => `\`${type}\`: ${EVENT_TYPES[type]}.`).join(' '),
    }),
    sequence: Type.Integer({
      minimum: 1,
      description:
        'Your own counter: every event of yours has the next number, in the order the changes committed, with no gaps',
    }),
    created_at: Type.String({ format: 'date-time' }),
    data: Type.Object(
      {
        object: Type.Unknown({
          description:
            'The resource exactly as the API returned it to you at that moment (a user, payout, verification status, return URL, terms or payout batch)',
        }),
      },
      { additionalProperties: false },
    ),
    previous_attributes: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'For `user.updated` and `user.onboarding.updated`: the changed fields before the change',
      }),
    ),
  },
  { $id: 'Event', additionalProperties: false, examples: [EVENT_EXAMPLE] },
);
export type EventSchema = Static<typeof EventSchema>;

export const EventFeedQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2_147_483_647,
      description: 'Events after this sequence; omitted or 0: from the oldest event the feed keeps',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'At most this many events, 1 to 500' }),
  ),
  type: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        'Only these types: exact types or prefixes ending in `.*`, separated by commas (`payout.*,user.onboarding.updated`)',
    }),
  ),
});
export type EventFeedQuery = Static<typeof EventFeedQuery>;

export const EventFeed = Type.Object(
  {
    results: Type.Array(EventSchema),
    next_after: Type.Integer({ description: 'Send as `after` for the next page; store it to resume after downtime' }),
    has_more: Type.Boolean({ description: 'More events are ready now; false: poll again later with `next_after`' }),
  },
  { additionalProperties: false, examples: [{ results: [EVENT_EXAMPLE], next_after: 42, has_more: false }] },
);

export const EventParams = Type.Object({
  id: Type.String({ description: 'Event id', examples: ['evt_3k9q0d2m7x1c5v8b4n6z0a2s4f'] }),
});
