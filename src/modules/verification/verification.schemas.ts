import { Type, type Static } from '@sinclair/typebox';
import { OnboardingSchema } from '../users/users.schemas.js';

export const RegisterReturnUrlBody = Type.Object({
  partner_return_url: Type.String({ maxLength: 2048, description: 'The base URL to allow, e.g. https://partner.example/onpay/return' }),
});
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
  { $id: 'ReturnUrlRequest', additionalProperties: false },
);
export type ReturnUrlRequest = Static<typeof ReturnUrlRequest>;

const Provider = Type.Union([Type.Literal('provider_doc'), Type.Literal('provider_eid')], {
  errorMessage: 'provider must be provider_doc or provider_eid.',
  description: '`provider_doc` (document check) or `provider_eid` (national electronic ID)',
});
const IdType = Type.Union([Type.Literal('local'), Type.Literal('international')], {
  errorMessage: 'id_type must be local or international.',
});

export const StartFlowBody = Type.Object({
  provider: Provider,
  partner_return_url: Type.String({ maxLength: 2048 }),
  id_type: Type.Optional(Type.Union([IdType, Type.Null()], { errorMessage: 'id_type must be local or international.' })),
});
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
  { $id: 'VerificationFlow', additionalProperties: false },
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
    next_action: Type.Union((['continue_verification', 'redirect_to_partner', 'retry', 'show_error'] as const).map((s) => Type.Literal(s))),
    last_polled_at: Type.String({ format: 'date-time' }),
    onboarding: Type.Union([OnboardingSchema, Type.Null()]),
  },
  { $id: 'VerificationStatus', additionalProperties: false },
);
export type SessionStatus = Static<typeof SessionStatus>;

export const SessionParams = Type.Object({ verificationSession: Type.String() });

export const CompleteBody = Type.Object({
  status: Type.Union((['approved', 'declined', 'cancelled', 'expired', 'error'] as const).map((s) => Type.Literal(s)), {
    errorMessage: 'status must be one of approved, declined, cancelled, expired, error.',
  }),
});
export type CompleteBody = Static<typeof CompleteBody>;
