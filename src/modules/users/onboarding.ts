import { Type, type Static } from '@sinclair/typebox';
import { missingStepsOf, ONBOARDING_STEPS, stepsOf, type OnboardingFacts } from '../../db/link-onboarding.js';

/** Onboarding status v2: a pure function of the stored facts (the rule: src/db/link-onboarding.ts). */

export { ONBOARDING_STEPS, type OnboardingFacts, type OnboardingStep } from '../../db/link-onboarding.js';

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

export type Onboarding = Static<typeof OnboardingSchema>;

export function evaluateOnboarding(facts: OnboardingFacts, evaluatedAt: Date): Onboarding {
  const missing = missingStepsOf(facts);
  return {
    is_onboarded: missing.length === 0,
    missing_steps: missing,
    steps: stepsOf(facts),
    status_version: 'v2',
    evaluated_at: evaluatedAt.toISOString(),
  };
}
