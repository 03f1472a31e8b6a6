import { Type, type Static } from '@sinclair/typebox';
import { OnboardingSchema } from '../users/index.js';

const RETURN_URL = 'https://partner.example/onpay/return';
const SESSION_ID = '3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e';

export const RegisterReturnUrlBody = Type.Object(
  {
    partner_return_url: Type.String({
      maxLength: 2048,
      description: 'The base URL to allow, e.g. https://partner.example/onpay/return',
    }),
  },
  { examples: [{ partner_return_url: RETURN_URL }] },
);
export type RegisterReturnUrlBody = Static<typeof RegisterReturnUrlBody>;

export const ReturnUrlRequest = Type.Object(
  {
    id: Type.String(),
    partner_id: Type.Integer(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], {
      description: 'pending until an operator approves or rejects it',
    }),
    requested_url: Type.String({ description: 'Canonical registered base URL; used for matching' }),
    requested_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'ReturnUrlRequest',
    additionalProperties: false,
    examples: [
      {
        id: '7',
        partner_id: 3,
        status: 'pending',
        requested_url: RETURN_URL,
        requested_at: '2026-11-21T10:00:00.000Z',
      },
    ],
  },
);
export type ReturnUrlRequest = Static<typeof ReturnUrlRequest>;

const Provider = Type.Union([Type.Literal('provider_doc'), Type.Literal('provider_eid')], {
  errorMessage: 'provider must be provider_doc or provider_eid.',
  description: '`provider_doc` (document check) or `provider_eid` (national electronic ID)',
});
const IdType = Type.Union([Type.Literal('local'), Type.Literal('international')], {
  errorMessage: 'id_type must be local or international.',
});

export const StartFlowBody = Type.Object(
  {
    provider: Provider,
    partner_return_url: Type.String({
      maxLength: 2048,
      description:
        'An approved return URL, or it followed by extra path segments of letters and digits; may carry a query (kept, and extended on redirect)',
    }),
    // Any value: `provider_eid` ignores it entirely (the spec); the rule for `provider_doc` is below.
    id_type: Type.Optional(
      Type.Unknown({
        description:
          'Required for `provider_doc`: `local` (national documents only) or `international`. Ignored for `provider_eid`, whatever its value (answered as `null`)',
      }),
    ),
  },
  {
    // provider_doc needs an id_type of local or international; for provider_eid it may be anything.
    if: { properties: { provider: { const: 'provider_doc' } }, required: ['provider'] },
    then: {
      properties: { id_type: IdType },
      required: ['id_type'],
      errorMessage: 'id_type is required for provider_doc: local or international.',
    },
    examples: [{ provider: 'provider_doc', partner_return_url: `${RETURN_URL}/employee42`, id_type: 'local' }],
  },
);
export type StartFlowBody = Static<typeof StartFlowBody>;

const nullableIdType = Type.Union([Type.Literal('local'), Type.Literal('international'), Type.Null()]);
const status = Type.Union(
  (['pending', 'approved', 'declined', 'cancelled', 'expired', 'error'] as const).map((s) => Type.Literal(s)),
  { description: 'pending, or one of the terminal states approved, declined, cancelled, expired, error' },
);

export const FlowCreated = Type.Object(
  {
    verification_id: Type.String({ format: 'uuid' }),
    provider: Type.String(),
    status,
    id_type: nullableIdType,
    verification_url: Type.String({ description: "Open this in the end user's browser" }),
    status_check_url: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'VerificationFlow',
    additionalProperties: false,
    examples: [
      {
        verification_id: SESSION_ID,
        provider: 'provider_doc',
        status: 'pending',
        id_type: 'local',
        verification_url: 'https://onpay.example/verify/Vq3kX9pL2mN8rT5wY1zB4cD7fG0hJ6sA',
        status_check_url: `https://onpay.example/api/v1/verification/status/${SESSION_ID}`,
        expires_at: '2026-11-21T11:00:00.000Z',
      },
    ],
  },
);
export type FlowCreated = Static<typeof FlowCreated>;

export const SessionStatus = Type.Object(
  {
    verification_id: Type.String({ format: 'uuid' }),
    user_id: Type.Integer(),
    provider: Type.String(),
    id_type: nullableIdType,
    status,
    verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    expires_at: Type.String({ format: 'date-time' }),
    next_action: Type.Union(
      (['continue_verification', 'redirect_to_partner', 'retry', 'show_error'] as const).map((s) => Type.Literal(s)),
    ),
    last_polled_at: Type.String({ format: 'date-time' }),
    onboarding: Type.Union([OnboardingSchema, Type.Null()]),
  },
  {
    $id: 'VerificationStatus',
    additionalProperties: false,
    examples: [
      {
        verification_id: SESSION_ID,
        user_id: 42,
        provider: 'provider_doc',
        id_type: 'local',
        status: 'approved',
        verified_at: '2026-11-21T10:07:00.000Z',
        expires_at: '2026-11-21T11:00:00.000Z',
        next_action: 'redirect_to_partner',
        last_polled_at: '2026-11-21T10:07:03.000Z',
        onboarding: {
          is_onboarded: true,
          missing_steps: [],
          steps: {
            email_verified: true,
            terms_approved: true,
            profile: true,
            id_verification: true,
            bank_account: true,
          },
          status_version: 'v2',
          evaluated_at: '2026-11-21T10:07:03.000Z',
        },
      },
    ],
  },
);
export type SessionStatus = Static<typeof SessionStatus>;

export const SessionParams = Type.Object({
  verificationSession: Type.String({ description: '`verification_id` from the flow start', examples: [SESSION_ID] }),
});

export const CompleteBody = Type.Object(
  {
    status: Type.Union(
      (['approved', 'declined', 'cancelled', 'expired', 'error'] as const).map((s) => Type.Literal(s)),
      {
        errorMessage: 'status must be one of approved, declined, cancelled, expired, error.',
        description: 'The terminal state to end the session in',
      },
    ),
    identity: Type.Optional(
      Type.Object(
        {
          identification: Type.String({ minLength: 1, maxLength: 64, description: 'National identity number' }),
          country_code: Type.String({
            pattern: '^[A-Za-z]{2}$',
            errorMessage: 'identity.country_code must be an ISO 3166-1 alpha-2 code.',
          }),
          birthday: Type.String({ format: 'date', errorMessage: 'identity.birthday must be a date as YYYY-MM-DD.' }),
          name: Type.Optional(Type.String({ maxLength: 512 })),
        },
        {
          description:
            'With `approved` only: the identity the simulated provider confirms, e.g. `{"identification": "17059012355", "country_code": "NO", "birthday": "1990-05-17", "name": "Kari Nordmann"}`. Without it, the identity you registered with `PUT /users/{id}/identity` (when complete), otherwise a synthetic test identity.',
        },
      ),
    ),
  },
  { examples: [{ status: 'approved' }] },
);
export type CompleteBody = Static<typeof CompleteBody>;
