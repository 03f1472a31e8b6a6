import type { PartnerUserRow } from '../../db/database.js';
import { onboardingFactsOf, type OnboardingLink } from '../../db/link-onboarding.js';
import type { PayloadRow } from './users.repository.js';
import type { UserPayload } from './users.schemas.js';
import { evaluateOnboarding, type Onboarding } from './onboarding.js';

export { hasBankAccount, isIdentityVerifiedFor } from '../../db/link-onboarding.js';

/** True when this partner's own verification confirmed an identity (which then cannot be replaced by a PUT). */
export function hasOwnVerifiedIdentity(link: Pick<PartnerUserRow, 'identity_verified_at'>): boolean {
  return link.identity_verified_at !== null;
}

/** The identity a link's own verification confirmed, as one comparable key; null when it ran none. */
function verifiedKey(
  link: Pick<
    PartnerUserRow,
    'identity_verified_at' | 'verified_identification' | 'verified_country_code' | 'verified_birthday'
  >,
): string | null {
  if (link.identity_verified_at === null) return null;
  return JSON.stringify([link.verified_identification, link.verified_country_code, link.verified_birthday]);
}

/** How many different identities the partners' own verifications of one person confirmed (more than one is for an operator to review). */
export function distinctVerifiedIdentities(links: Parameters<typeof verifiedKey>[0][]): number {
  return new Set(links.map(verifiedKey).filter((key) => key !== null)).size;
}

/**
 * Onboarding as one partner sees it: the e-mail is the person's; terms, profile, bank account and
 * identity are this partner's link's (the same facts the link's stored state is kept from).
 */
export function onboardingOf(
  { user, link }: { user: Pick<PayloadRow['user'], 'email_verified_at'>; link: OnboardingLink },
  termsApproved: boolean,
  now: Date,
): Onboarding {
  return evaluateOnboarding(onboardingFactsOf(user, link, termsApproved), now);
}

/** The name as the partner registered it ("" when it registered none). */
export function linkName(link: Pick<PartnerUserRow, 'first_name' | 'last_name'>): string {
  return [link.first_name, link.last_name].filter((part) => part && part.trim() !== '').join(' ');
}

/** The one serialiser of the User payload: the person as this partner sees them. */
export function userRowToPayload(row: PayloadRow, termsApproved: boolean, now: Date): UserPayload {
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
    // The country of the identity this partner's own verification confirmed, else of the one it registered.
    nationality: (hasOwnVerifiedIdentity(link) ? link.verified_country_code : link.identity_country_code) ?? '',
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
