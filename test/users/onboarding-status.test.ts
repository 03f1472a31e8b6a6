import { describe, expect, it } from 'vitest';
import { evaluateOnboarding, ONBOARDING_STEPS, type OnboardingFacts } from '../../src/modules/users/onboarding.js';

const AT = new Date('2026-11-21T10:00:00.000Z');
const ALL: OnboardingFacts = {
  emailVerified: true,
  termsApproved: true,
  profileComplete: true,
  identityVerified: true,
  bankAccount: true,
};
const FACT_OF = {
  email_verified: 'emailVerified',
  terms_approved: 'termsApproved',
  profile: 'profileComplete',
  id_verification: 'identityVerified',
  bank_account: 'bankAccount',
} as const;

describe('evaluateOnboarding (status v2)', () => {
  it('is onboarded when every step is satisfied', () => {
    expect(evaluateOnboarding(ALL, AT)).toEqual({
      is_onboarded: true,
      missing_steps: [],
      steps: { email_verified: true, terms_approved: true, profile: true, id_verification: true, bank_account: true },
      status_version: 'v2',
      evaluated_at: '2026-11-21T10:00:00.000Z',
    });
  });

  it('lists every step when none is satisfied, in the fixed order', () => {
    const none = {
      emailVerified: false,
      termsApproved: false,
      profileComplete: false,
      identityVerified: false,
      bankAccount: false,
    };
    const result = evaluateOnboarding(none, AT);
    expect(result.is_onboarded).toBe(false);
    expect(result.missing_steps).toEqual([
      'email_verified',
      'terms_approved',
      'profile',
      'id_verification',
      'bank_account',
    ]);
    expect(Object.keys(result.steps)).toEqual([...ONBOARDING_STEPS]);
  });

  it.each(ONBOARDING_STEPS.map((step) => [step]))('is not onboarded while %s alone is missing', (step) => {
    const result = evaluateOnboarding({ ...ALL, [FACT_OF[step]]: false }, AT);
    expect(result.is_onboarded).toBe(false);
    expect(result.missing_steps).toEqual([step]);
    expect(result.steps[step]).toBe(false);
  });

  it('keeps the order whatever the subset', () => {
    const result = evaluateOnboarding({ ...ALL, bankAccount: false, emailVerified: false, profileComplete: false }, AT);
    expect(result.missing_steps).toEqual(['email_verified', 'profile', 'bank_account']);
  });
});
