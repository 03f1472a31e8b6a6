import { expect } from 'vitest';

/** The fields of the spec's User payload, in the spec's order. */
export const USER_FIELDS = [
  'id',
  'email',
  'internal_id',
  'name',
  'phone',
  'address',
  'postal_code',
  'city',
  'main_work',
  'nationality',
  'note',
  'bank_account_number',
  'bank_iban_number',
  'bank_bic_number',
  'tax_percent',
  'tax_type',
  'tax_start',
  'tax_table',
  'tax_free_card',
  'onboarding',
  'created_at',
] as const;

export const ONBOARDING_STEPS = [
  'email_verified',
  'terms_approved',
  'profile',
  'id_verification',
  'bank_account',
] as const;
export type Step = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingBody {
  is_onboarded: boolean;
  missing_steps: Step[];
  steps: Record<Step, boolean>;
  status_version: 'v2';
  evaluated_at: string;
}

export interface UserBody {
  id: string;
  email: string;
  internal_id: string;
  name: string;
  phone: string;
  address: string;
  postal_code: string;
  city: string;
  main_work: 'true' | 'false';
  nationality: string;
  note: string;
  bank_account_number: string | null;
  bank_iban_number: string | null;
  bank_bic_number: string | null;
  tax_percent: string | null;
  tax_type: string;
  tax_start: string;
  tax_table: string;
  tax_free_card: string;
  onboarding: OnboardingBody;
  created_at: string;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ALWAYS_STRING = [
  'email',
  'name',
  'phone',
  'address',
  'postal_code',
  'city',
  'nationality',
  'note',
  'tax_type',
  'tax_start',
  'tax_table',
  'tax_free_card',
] as const;
const STRING_OR_NULL = ['bank_account_number', 'bank_iban_number', 'bank_bic_number', 'tax_percent'] as const;

/** Asserts the onboarding object (status v2): exact keys, booleans, and missing_steps = the false steps in order. */
export function expectOnboarding(value: unknown): OnboardingBody {
  expect(value).toBeTypeOf('object');
  const onboarding = value as OnboardingBody;
  expect(Object.keys(onboarding).sort()).toEqual([
    'evaluated_at',
    'is_onboarded',
    'missing_steps',
    'status_version',
    'steps',
  ]);
  expect(Object.keys(onboarding.steps)).toEqual([...ONBOARDING_STEPS]);
  for (const step of ONBOARDING_STEPS) expect(onboarding.steps[step], `steps.${step}`).toBeTypeOf('boolean');
  expect(onboarding.missing_steps).toEqual(ONBOARDING_STEPS.filter((step) => !onboarding.steps[step]));
  expect(onboarding.is_onboarded).toBe(onboarding.missing_steps.length === 0);
  expect(onboarding.status_version).toBe('v2');
  expect(onboarding.evaluated_at).toMatch(ISO_TIMESTAMP);
  return onboarding;
}

/**
 * Asserts that a body is a User payload of the spec: every field present, nothing else, each with
 * the spec's type (id a numeric string, main_work "true"/"false", nullable bank and tax_percent,
 * empty strings rather than null elsewhere). Returns the body typed for further assertions.
 */
export function expectUserPayload(body: unknown): UserBody {
  expect(body).toBeTypeOf('object');
  expect(body).not.toBeNull();
  const user = body as UserBody;
  expect(Object.keys(user).sort()).toEqual([...USER_FIELDS].sort());
  expect(user.id).toMatch(/^[1-9][0-9]*$/);
  expect(user.internal_id).toMatch(/^([0-9]+)?$/);
  for (const field of ALWAYS_STRING) expect(user[field], field).toBeTypeOf('string');
  for (const field of STRING_OR_NULL) {
    if (user[field] !== null) expect(user[field], field).toBeTypeOf('string');
  }
  expect(user.email).toContain('@');
  expect(['true', 'false']).toContain(user.main_work);
  expect(user.phone).toMatch(/^([0-9]{4,15})?$/);
  expect(user.nationality).toMatch(/^([A-Z]{2})?$/);
  expectOnboarding(user.onboarding);
  expect(user.created_at).toMatch(ISO_TIMESTAMP);
  return user;
}
