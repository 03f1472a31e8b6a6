import { Type, type Static } from '@sinclair/typebox';
import { PaginatedList } from '../../platform/pagination.js';

const ENDPOINT_EXAMPLE = {
  id: 7,
  url: 'https://partner.example/onpay/webhooks',
  description: 'Payroll system',
  event_types: ['payout.*', 'user.onboarding.updated'],
  disabled: false,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};
const SECRET_EXAMPLE = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const endpointFields = {
  id: Type.Integer({ description: 'The endpoint id' }),
  url: Type.String({ description: 'Where deliveries are POSTed' }),
  description: Type.String({ description: 'Your own note' }),
  event_types: Type.Array(Type.String(), {
    description: 'The event types delivered: exact types and prefixes ending in `.*`',
  }),
  disabled: Type.Boolean({
    description: 'True: nothing is delivered (you or onpay disabled it, or it failed for 5 days)',
  }),
  disabled_reason: Type.Union(
    [Type.Literal('partner'), Type.Literal('failing'), Type.Literal('operator'), Type.Null()],
    {
      description:
        "`partner`: you disabled it; `failing`: every delivery failed for 5 days (the operator was told); `operator`: onpay's operator disabled it (ask support why; `disabled: false` turns it on again)",
    },
  ),
  failing_since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'The first failed attempt since the last delivered one; null when the last attempt succeeded',
  }),
  previous_secret_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'After a rotation: until when the old secret still signs beside the new one',
  }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

export const WebhookEndpoint = Type.Object(endpointFields, {
  additionalProperties: false,
  examples: [ENDPOINT_EXAMPLE],
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = Type.Object(
  {
    ...endpointFields,
    secret: Type.String({
      description: 'The signing secret (`whsec_…`): shown only now; verify the `webhook-signature` header with it',
    }),
  },
  { additionalProperties: false, examples: [{ ...ENDPOINT_EXAMPLE, secret: SECRET_EXAMPLE }] },
);
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointList = Type.Object(PaginatedList(WebhookEndpoint).properties, {
  additionalProperties: false,
  examples: [{ total: 1, next: '', previous: '', count: 1, results: [ENDPOINT_EXAMPLE] }],
});

const eventTypes = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description:
    'Event types to deliver: exact types (`payout.paid`) or prefixes ending in `.*` (`payout.*`, `*` not accepted); see the Event schema for every type',
});
const url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'An https:// URL of a public host (the sandbox also accepts http://127.0.0.1 and http://localhost)',
});

export const CreateEndpointBody = Type.Object(
  {
    url,
    event_types: eventTypes,
    description: Type.Optional(Type.String({ maxLength: 500, description: 'Your own note' })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        url: 'https://partner.example/onpay/webhooks',
        event_types: ['payout.*', 'user.onboarding.updated'],
        description: 'Payroll system',
      },
    ],
  },
);
export type CreateEndpointBody = Static<typeof CreateEndpointBody>;

export const PatchEndpointBody = Type.Object(
  {
    url: Type.Optional(url),
    event_types: Type.Optional(eventTypes),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    disabled: Type.Optional(
      Type.Boolean({
        description: 'true stops deliveries; false resumes them where they stopped (also after a disable for failing)',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ disabled: false, event_types: ['payout.*'] }] },
);
export type PatchEndpointBody = Static<typeof PatchEndpointBody>;

export const EndpointParams = Type.Object({
  id: Type.String({ description: 'Endpoint id', examples: ['7'] }),
});

export const ReplayBody = Type.Object(
  {
    after: Type.Integer({
      minimum: 0,
      maximum: 2_147_483_647,
      description:
        'Re-send your events after this sequence (of the endpoint’s types), in order, up to the last one already sent',
    }),
  },
  { additionalProperties: false, examples: [{ after: 40 }] },
);

export const ReplayAccepted = Type.Object(
  {
    count: Type.Integer({ description: 'Deliveries queued' }),
    next_after: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'One replay covers at most 10 000 sequences: replay again with this `after` for the rest; null when this one reached the last event already queued',
    }),
  },
  { additionalProperties: false, examples: [{ count: 12, next_after: null }] },
);

export const TestAccepted = Type.Object(
  { event_id: Type.String({ description: 'The `webhook.test` event queued (its id is the delivery’s `webhook-id`)' }) },
  { additionalProperties: false, examples: [{ event_id: 'evt_0c8d3m2k1q9x7v5b4n6z0a2s4f' }] },
);

const ATTEMPT_EXAMPLE = {
  id: 31,
  event_id: 'evt_3k9q0d2m7x1c5v8b4n6z0a2s4f',
  event_type: 'payout.paid',
  sequence: 42,
  attempted_at: '2026-11-23T10:15:01.000Z',
  status_code: 500,
  duration_ms: 84,
  error: 'answered HTTP 500',
  next_retry_at: '2026-11-23T10:15:06.000Z',
  delivery_status: 'pending',
};

export const DeliveryAttempt = Type.Object(
  {
    id: Type.Integer({ description: 'The attempt id' }),
    event_id: Type.String({ description: 'The event (and the delivery’s `webhook-id`)' }),
    event_type: Type.String(),
    sequence: Type.Integer({ description: 'The event’s sequence; 0 for `webhook.test`' }),
    attempted_at: Type.String({ format: 'date-time' }),
    status_code: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Your answer’s HTTP status; null when none came',
    }),
    duration_ms: Type.Integer(),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why it failed; null when delivered' }),
    next_retry_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When it is tried again; null when delivered or failed for good',
    }),
    delivery_status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
      description: 'Where the delivery stands now',
    }),
  },
  { additionalProperties: false, examples: [ATTEMPT_EXAMPLE] },
);
export type DeliveryAttempt = Static<typeof DeliveryAttempt>;

export const DeliveryAttemptList = Type.Object(PaginatedList(DeliveryAttempt).properties, {
  additionalProperties: false,
  examples: [{ total: 1, next: '', previous: '', count: 1, results: [ATTEMPT_EXAMPLE] }],
});
