import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import type { FieldErrors } from '../../errors.js';

/** The fields of a full profile: sent together when a link has no profile yet. */
export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'address',
  'postal_code',
  'city',
  'dial_code',
  'phone',
  'main_work',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const CALLING_CODES = new Set(getCountries().map((country) => getCountryCallingCode(country)));
// libphonenumber knows every ISO 3166-1 country with a telephone plan; the territories without
// one are added so that every ISO code is accepted (plus XK, AC and TA, which documents use).
const WITHOUT_TELEPHONE_PLAN = ['AQ', 'BV', 'GS', 'HM', 'PN', 'TF', 'UM'];
const COUNTRIES = new Set<string>([...getCountries(), ...WITHOUT_TELEPHONE_PLAN]);

/** "+47", "47", "0047" → "+47" when it is a country calling code in use; otherwise null. */
export function normaliseDialCode(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '');
  const match = /^(?:\+|00)?([0-9]{1,4})$/.exec(compact);
  if (!match || !CALLING_CODES.has(match[1] as never)) return null;
  return `+${match[1]}`;
}

/** Dial code checked server-side (spec): adds an error and returns the stored form. */
export function checkDialCode(value: string, errors: FieldErrors): string {
  const normalised = normaliseDialCode(value);
  if (normalised === null) {
    errors.dial_code = ['dial_code must be a country calling code such as +47.'];
    return value;
  }
  return normalised;
}

export function isCountryCode(code: string): boolean {
  return COUNTRIES.has(code.toUpperCase());
}

export function mainWorkToInt(value: string | boolean): number {
  return value === true || value === 'true' ? 1 : 0;
}

/** A body field that was sent: null counts as not sent. */
export function isProvided<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}
