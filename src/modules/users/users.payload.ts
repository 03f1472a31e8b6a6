import type { PartnerUserRow, UserRow } from '../../db/database.js';
import type { LinkedUserRow } from './users.repository.js';
import type { UserPayload } from './users.schemas.js';
import { evaluateOnboarding, type Onboarding } from './onboarding.js';

export function hasBankAccount(
  link: Pick<PartnerUserRow, 'bank_account_number' | 'bank_iban_number' | 'bank_bic_number'>,
): boolean {
  return Boolean(link.bank_account_number) || (Boolean(link.bank_iban_number) && Boolean(link.bank_bic_number));
}

/** True when a provider verified the person's identity (whichever partner ran the verification: a person verifies once). */
export function isIdentityVerified(user: Pick<UserRow, 'identity_verified_at'>): boolean {
  return user.identity_verified_at !== null;
}

/**
 * Onboarding as one partner sees it: the e-mail and the verified identity are the person's; terms,
 * profile and bank account are what this partner's link holds.
 */
export function onboardingOf({ user, link }: LinkedUserRow, termsApproved: boolean, now: Date): Onboarding {
  return evaluateOnboarding(
    {
      emailVerified: user.email_verified_at !== null,
      termsApproved,
      profileComplete: link.profile_completed_at !== null,
      identityVerified: isIdentityVerified(user),
      bankAccount: hasBankAccount(link),
    },
    now,
  );
}

/** The name as the partner registered it ("" when it registered none). */
export function linkName(link: Pick<PartnerUserRow, 'first_name' | 'last_name'>): string {
  return [link.first_name, link.last_name].filter((part) => part && part.trim() !== '').join(' ');
}

/** The one serialiser of the User payload: the person as this partner sees them. */
export function userRowToPayload(row: LinkedUserRow, termsApproved: boolean, now: Date): UserPayload {
  const { user, link } = row;
  return {
    id: String(user.id),
    email: user.email,
    internal_id: link.internal_id === null ? '' : String(link.internal_id),
    name: linkName(link),
    phone: link.phone ?? '',
    address: link.address ?? '',
    postal_code: link.postal_code ?? '',
    city: link.city ?? '',
    main_work: link.main_work === 1 ? 'true' : 'false',
    // The verified identity's country once there is one; before that, the identity this partner registered.
    nationality: (isIdentityVerified(user) ? user.identity_country_code : link.identity_country_code) ?? '',
    note: link.note ?? '',
    bank_account_number: link.bank_account_number,
    bank_iban_number: link.bank_iban_number,
    bank_bic_number: link.bank_bic_number,
    tax_percent: user.tax_percent,
    tax_type: user.tax_type ?? '',
    tax_start: user.tax_start ?? '',
    tax_table: user.tax_table ?? '',
    tax_free_card: user.tax_free_card ?? '',
    onboarding: onboardingOf(row, termsApproved, now),
    // When this partner created or linked the person: another partner's history is not this one's.
    created_at: link.created_at,
  };
}
