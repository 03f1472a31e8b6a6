import { describe, expect, it } from 'vitest';
import { hasBankFields, normaliseNorwegianAccount, parseBankAccount } from '../../src/modules/users/bank.js';
import { DE_IBAN, DEUTSCHE_BIC, DNB_BIC, NO_ACCOUNT, NO_IBAN } from '../helpers/users.js';

describe('normaliseNorwegianAccount (11 digits, MOD11)', () => {
  it.each([
    ['plain digits', '12345678903', '12345678903'],
    ['grouped with spaces', '1234 56 78903', '12345678903'],
    ['grouped with dots', '1234.56.78903', '12345678903'],
    ['a check digit of 0 (remainder 0)', '12345678970', '12345678970'],
  ])('accepts %s', (_name, raw, stored) => {
    expect(normaliseNorwegianAccount(raw)).toBe(stored);
  });

  it.each([
    ['a wrong check digit', '12345678904'],
    ['10 digits', '1234567890'],
    ['12 digits', '123456789031'],
    ['letters', '1234567890A'],
    ['dashes', '1234-56-78903'],
    ['an account whose check digit would be 10 (no valid number)', '12345678920'],
    ['the same account with a check digit of 1', '12345678921'],
    ['empty', ''],
  ])('rejects %s', (_name, raw) => {
    expect(normaliseNorwegianAccount(raw)).toBeNull();
  });
});

describe('hasBankFields', () => {
  it('treats null, undefined and blank as not sent', () => {
    expect(hasBankFields({})).toBe(false);
    expect(hasBankFields({ bank_account_number: null, bank_iban_number: undefined, bank_bic_number: '  ' })).toBe(
      false,
    );
    expect(hasBankFields({ bank_bic_number: 'X' })).toBe(true);
  });
});

describe('parseBankAccount', () => {
  it('returns a domestic account in its stored (digits-only) form', () => {
    expect(parseBankAccount({ bank_account_number: ' 1234.56.78903 ' })).toEqual({
      account: { style: 'domestic', accountNumber: NO_ACCOUNT },
    });
  });

  it('returns an international account in electronic form, BIC upper-cased', () => {
    expect(parseBankAccount({ bank_iban_number: 'no93 8601 1117 947', bank_bic_number: 'dnbanokkxxx' })).toEqual({
      account: { style: 'international', iban: NO_IBAN, bic: DNB_BIC },
    });
    expect(parseBankAccount({ bank_iban_number: DE_IBAN, bank_bic_number: DEUTSCHE_BIC })).toEqual({
      account: { style: 'international', iban: DE_IBAN, bic: DEUTSCHE_BIC },
    });
  });

  it.each([
    ['domestic and IBAN', { bank_account_number: NO_ACCOUNT, bank_iban_number: NO_IBAN }, ['bank_account_number']],
    ['domestic and BIC', { bank_account_number: NO_ACCOUNT, bank_bic_number: DNB_BIC }, ['bank_account_number']],
    [
      'all three',
      { bank_account_number: NO_ACCOUNT, bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC },
      ['bank_account_number'],
    ],
    ['an IBAN without a BIC', { bank_iban_number: NO_IBAN }, ['bank_bic_number']],
    ['a BIC without an IBAN', { bank_bic_number: DNB_BIC }, ['bank_iban_number']],
    ['a bad IBAN checksum', { bank_iban_number: 'NO9486011117947', bank_bic_number: DNB_BIC }, ['bank_iban_number']],
    ['a bad BIC shape', { bank_iban_number: NO_IBAN, bank_bic_number: 'DNB1NOKK' }, ['bank_bic_number']],
    ['a BIC of 9 characters', { bank_iban_number: NO_IBAN, bank_bic_number: 'DNBANOKKX' }, ['bank_bic_number']],
    ['a bad domestic check digit', { bank_account_number: '12345678904' }, ['bank_account_number']],
  ])('rejects %s, naming the field', (_name, input, fields) => {
    const result = parseBankAccount(input);
    expect('errors' in result).toBe(true);
    if ('errors' in result) expect(Object.keys(result.errors).sort()).toEqual(fields);
  });
});
