import type { UserRow } from '../../db/database.js';
import type { LinkedUserRow } from './users.repository.js';
import type { UserPayload } from './users.schemas.js';
import { evaluateOnboarding, type Onboarding } from './onboarding.js';

export function hasBankAccount(user: UserRow): boolean {
  return Boolean(user.bank_account_number) || (Boolean(user.bank_iban_number) && Boolean(user.bank_bic_number));
}

/** The onboarding status of a user, given whether they approved the current terms. */
export function onboardingOf(user: UserRow, termsApproved: boolean, now: Date): Onboarding {
  return evaluateOnboarding(
    {
      emailVerified: user.email_verified_at !== null,
      termsApproved,
      profileComplete: user.profile_completed_at !== null,
      identityVerified: user.identity_verified_at !== null,
      bankAccount: hasBankAccount(user),
    },
    now,
  );
}

/** The one serialiser of the User payload, used by every operation that returns a user. */
export function userRowToPayload(row: LinkedUserRow, termsApproved: boolean, now: Date): UserPayload {
  const { user, link } = row;
  const name = [user.first_name, user.last_name].filter((part) => part && part.trim() !== '').join(' ');
  return {
    id: String(user.id),
    email: user.email,
    internal_id: link.internal_id === null ? '' : String(link.internal_id),
    name,
    phone: user.phone ?? '',
    address: user.address ?? '',
    postal_code: user.postal_code ?? '',
    city: user.city ?? '',
    main_work: user.main_work === 1 ? 'true' : 'false',
    nationality: user.identity_country_code ?? '',
    note: link.note ?? '',
    bank_account_number: user.bank_account_number,
    bank_iban_number: user.bank_iban_number,
    bank_bic_number: user.bank_bic_number,
    tax_percent: user.tax_percent,
    tax_type: user.tax_type ?? '',
    tax_start: user.tax_start ?? '',
    tax_table: user.tax_table ?? '',
    tax_free_card: user.tax_free_card ?? '',
    onboarding: onboardingOf(user, termsApproved, now),
    created_at: user.created_at,
  };
}
