/**
 * Bank account rules (docs/decisions.md §6): exactly one style, domestic numbers by the country rule
 * (Norway: 11 digits, MOD11), IBAN by its ISO 13616 checksum, BIC by its ISO 9362 shape.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { FieldErrors } from '../../errors.js';

export interface BankInput {
  bank_account_number?: string | null | undefined;
  bank_iban_number?: string | null | undefined;
  bank_bic_number?: string | null | undefined;
}

export type BankAccount =
  { style: 'domestic'; accountNumber: string } | { style: 'international'; iban: string; bic: string };

const NORWAY_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** Norwegian account number: 11 digits (spaces and dots allowed as separators), MOD11 check digit. */
export function normaliseNorwegianAccount(raw: string): string | null {
  if (!/^[0-9 .]+$/.test(raw)) return null;
  const digits = raw.replace(/[ .]/g, '');
  if (!/^\d{11}$/.test(digits)) return null;
  const sum = NORWAY_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const remainder = sum % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  if (check === 10 || check !== Number(digits[10])) return null;
  return digits;
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** True when the body carries any bank field (null counts as not sent). */
export function hasBankFields(input: BankInput): boolean {
  return present(input.bank_account_number) || present(input.bank_iban_number) || present(input.bank_bic_number);
}

/** Validates the bank fields of a body; returns the normalised account, or the field errors. */
export function parseBankAccount(input: BankInput): { account: BankAccount } | { errors: FieldErrors } {
  const domestic = present(input.bank_account_number) ? input.bank_account_number.trim() : null;
  const iban = present(input.bank_iban_number) ? input.bank_iban_number.trim() : null;
  const bic = present(input.bank_bic_number) ? input.bank_bic_number.trim() : null;

  if (domestic !== null && (iban !== null || bic !== null)) {
    const problem =
      'Send either bank_account_number (domestic) or bank_iban_number with bank_bic_number (international), not both.';
    return { errors: { bank_account_number: [problem] } };
  }
  if (domestic !== null) {
    const account = normaliseNorwegianAccount(domestic);
    if (!account)
      return {
        errors: { bank_account_number: ['bank_account_number must be a valid 11-digit account number (MOD11).'] },
      };
    return { account: { style: 'domestic', accountNumber: account } };
  }
  const errors: FieldErrors = {};
  if (iban === null) errors.bank_iban_number = ['bank_iban_number is required with bank_bic_number.'];
  if (bic === null) errors.bank_bic_number = ['bank_bic_number is required with bank_iban_number.'];
  const electronic = iban !== null ? (electronicFormatIBAN(iban) ?? '') : '';
  if (iban !== null && !isValidIBAN(electronic)) errors.bank_iban_number = ['bank_iban_number must be a valid IBAN.'];
  const bicUpper = bic?.toUpperCase().replace(/\s/g, '') ?? '';
  if (bic !== null && !isValidBIC(bicUpper))
    errors.bank_bic_number = ['bank_bic_number must be a valid BIC (8 or 11 characters).'];
  if (Object.keys(errors).length > 0) return { errors };
  return { account: { style: 'international', iban: electronic, bic: bicUpper } };
}
