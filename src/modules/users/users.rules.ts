import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import type { FieldErrors } from '../../errors.js';

/** The fields of a full profile (docs/decisions.md §6): sent together when no profile exists yet. */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'address', 'postal_code', 'city', 'dial_code', 'phone', 'main_work'] as const;
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

export function isCountryCode(code: string): boolean {
  return COUNTRIES.has(code.toUpperCase());
}

export function mainWorkToInt(value: string | boolean): number {
  return value === true || value === 'true' ? 1 : 0;
}

export function isProvided<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

/** User ids are ids like any other (src/ids.ts): a larger one names no user and must not reach a query. */
export { isId as isUserId } from '../../ids.js';

/** A phone number as stored and searched: without spaces or dashes. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** The ways an employee can be named (lookup, payout items); exactly one must be given. */
const EMPLOYEE_KEYS = ['user_id', 'phone', 'ssn'] as const;
export type EmployeeKey = (typeof EMPLOYEE_KEYS)[number];

/** Which of user_id, phone and ssn the request names the employee by, in that order. */
export function namedBy(item: Partial<Record<EmployeeKey, unknown>>): EmployeeKey[] {
  return EMPLOYEE_KEYS.filter((field) => item[field] !== undefined);
}

/** A real calendar date written YYYY-MM-DD (2023-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date YYYY-MM-DD between 1900-01-01 and `today`. */
export function checkBirthday(value: string, today: Date): string | null {
  if (!isCalendarDate(value)) return 'birthday must be a date as YYYY-MM-DD.';
  if (value < '1900-01-01' || new Date(`${value}T00:00:00.000Z`).getTime() > today.getTime()) return 'birthday must be a past date after 1900-01-01.';
  return null;
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
