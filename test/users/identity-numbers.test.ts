import { describe, expect, it } from 'vitest';
import {
  hasCountryRule,
  identificationCandidates,
  normaliseIdentification,
} from '../../src/modules/users/identity-numbers.js';
import { norwegianId, swedishId, withWrongCheckDigit } from '../helpers/users.js';

describe('Norway: fødselsnummer and d-number (two MOD11 check digits)', () => {
  const fnr = norwegianId('010190');

  it('accepts a fødselsnummer, with or without separators', () => {
    expect(normaliseIdentification('NO', fnr)).toBe(fnr);
    expect(normaliseIdentification('no', `${fnr.slice(0, 6)} ${fnr.slice(6)}`)).toBe(fnr);
    expect(normaliseIdentification('NO', `${fnr.slice(0, 6)}-${fnr.slice(6)}`)).toBe(fnr);
  });

  it('accepts a d-number (day + 40) and a synthetic test number (month + 80)', () => {
    const dnr = norwegianId('410190');
    const synthetic = norwegianId('018190');
    expect(normaliseIdentification('NO', dnr)).toBe(dnr);
    expect(normaliseIdentification('NO', synthetic)).toBe(synthetic);
  });

  it.each([
    ['a wrong second check digit', withWrongCheckDigit(fnr)],
    ['a wrong first check digit', `${fnr.slice(0, 9)}${(Number(fnr[9]) + 1) % 10}${fnr[10]}`],
    ['10 digits', fnr.slice(0, 10)],
    ['letters', `${fnr.slice(0, 10)}A`],
    ['a date that does not exist (31 February)', norwegianId('310290')],
    ['month 13', norwegianId('011390')],
  ])('rejects %s', (_name, raw) => {
    expect(normaliseIdentification('NO', raw)).toBeNull();
  });
});

describe('Sweden: personnummer (Luhn), stored as 10 digits', () => {
  it('accepts the 10- and 12-digit forms, with - or +, and stores the 10-digit form', () => {
    expect(normaliseIdentification('SE', '811218-9876')).toBe('8112189876');
    expect(normaliseIdentification('SE', '8112189876')).toBe('8112189876');
    expect(normaliseIdentification('SE', '198112189876')).toBe('8112189876');
    expect(normaliseIdentification('SE', '19811218-9876')).toBe('8112189876');
    expect(normaliseIdentification('SE', '811218+9876')).toBe('8112189876');
  });

  it('accepts a samordningsnummer (day + 60)', () => {
    const number = swedishId('811278');
    expect(normaliseIdentification('SE', number)).toBe(number);
  });

  it.each([
    ['a wrong Luhn digit', '8112189875'],
    ['an impossible month', swedishId('811318')],
    ['11 digits', '81121898760'],
  ])('rejects %s', (_name, raw) => {
    expect(normaliseIdentification('SE', raw)).toBeNull();
  });
});

describe('Denmark: CPR (a valid date and 10 digits)', () => {
  it('accepts 10 digits starting with a date, with or without the dash', () => {
    expect(normaliseIdentification('DK', '010190-1234')).toBe('0101901234');
    expect(normaliseIdentification('DK', '0101901234')).toBe('0101901234');
  });

  it('rejects an impossible date or the wrong length', () => {
    expect(normaliseIdentification('DK', '3202901234')).toBeNull();
    expect(normaliseIdentification('DK', '010190123')).toBeNull();
  });
});

describe('Finland: henkilötunnus (check character)', () => {
  it('accepts a valid number in any letter case and stores it upper-cased', () => {
    expect(normaliseIdentification('FI', '131052-308T')).toBe('131052-308T');
    expect(normaliseIdentification('FI', ' 131052-308t ')).toBe('131052-308T');
    expect(normaliseIdentification('FI', '010105A123P')).toBe('010105A123P');
  });

  it('rejects a wrong check character or a bad century sign', () => {
    expect(normaliseIdentification('FI', '131052-308U')).toBeNull();
    expect(normaliseIdentification('FI', '131052G308T')).toBeNull();
    expect(normaliseIdentification('FI', '311352-308T')).toBeNull();
  });
});

describe('countries without a rule', () => {
  it('accept any non-empty value of at most 64 characters, trimmed', () => {
    expect(hasCountryRule('DE')).toBe(false);
    expect(hasCountryRule('no')).toBe(true);
    expect(normaliseIdentification('DE', ' T22000129 ')).toBe('T22000129');
    expect(normaliseIdentification('DE', 'x'.repeat(64))).toBe('x'.repeat(64));
    expect(normaliseIdentification('DE', 'x'.repeat(65))).toBeNull();
    expect(normaliseIdentification('DE', '   ')).toBeNull();
  });
});

describe('identificationCandidates (lookup by ssn)', () => {
  it('offers the compact and 10-digit forms of a 12-digit number', () => {
    expect(identificationCandidates('19811218-9876')).toEqual(expect.arrayContaining(['198112189876', '8112189876']));
  });

  it('offers the upper-cased form, and nothing empty', () => {
    expect(identificationCandidates('131052-308t')).toContain('131052-308T');
    expect(identificationCandidates('   ')).toEqual([]);
  });
});
