import { Type, type Static } from '@sinclair/typebox';

/** Onboarding status v2: a pure function of the stored facts. */

export const ONBOARDING_STEPS = [
  'email_verified',
  'terms_approved',
  'profile',
  'id_verification',
  'bank_account',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_EXAMPLE = {
  is_onboarded: false,
  missing_steps: ['id_verification' as const],
  steps: { email_verified: true, terms_approved: true, profile: true, id_verification: false, bank_account: true },
  status_version: 'v2' as const,
  evaluated_at: '2026-11-21T10:05:00.000Z',
};

export const OnboardingSchema = Type.Object(
  {
    is_onboarded: Type.Boolean(),
    missing_steps: Type.Array(Type.Union(ONBOARDING_STEPS.map((step) => Type.Literal(step)))),
    steps: Type.Object(
      {
        email_verified: Type.Boolean(),
        terms_approved: Type.Boolean(),
        profile: Type.Boolean(),
        id_verification: Type.Boolean(),
        bank_account: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    status_version: Type.Literal('v2'),
    evaluated_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Onboarding',
    additionalProperties: false,
    description: 'Onboarding status (status_version v2)',
    examples: [ONBOARDING_EXAMPLE],
  },
);

export interface OnboardingFacts {
  emailVerified: boolean;
  /** Approved the *current* terms code. */
  termsApproved: boolean;
  profileComplete: boolean;
  identityVerified: boolean;
  bankAccount: boolean;
}

export type Onboarding = Static<typeof OnboardingSchema>;

export function evaluateOnboarding(facts: OnboardingFacts, evaluatedAt: Date): Onboarding {
  const steps: Record<OnboardingStep, boolean> = {
    email_verified: facts.emailVerified,
    terms_approved: facts.termsApproved,
    profile: facts.profileComplete,
    id_verification: facts.identityVerified,
    bank_account: facts.bankAccount,
  };
  const missing = ONBOARDING_STEPS.filter((step) => !steps[step]);
  return {
    is_onboarded: missing.length === 0,
    missing_steps: missing,
    steps,
    status_version: 'v2',
    evaluated_at: evaluatedAt.toISOString(),
  };
}
