/** Onboarding status v2: a pure function of the stored facts. */

export const ONBOARDING_STEPS = ['email_verified', 'terms_approved', 'profile', 'id_verification', 'bank_account'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingFacts {
  emailVerified: boolean;
  /** Approved the *current* terms code. */
  termsApproved: boolean;
  profileComplete: boolean;
  identityVerified: boolean;
  bankAccount: boolean;
}

export interface Onboarding {
  is_onboarded: boolean;
  missing_steps: OnboardingStep[];
  steps: Record<OnboardingStep, boolean>;
  status_version: 'v2';
  evaluated_at: string;
}

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
