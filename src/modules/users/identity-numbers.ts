/**
 * National identity numbers, checked by country where the rule is known (docs/decisions.md §6):
 * Norway (fødselsnummer and d-number, two MOD11 digits), Sweden (personnummer, Luhn),
 * Denmark (CPR: a valid date and 10 digits; the old MOD11 rule is no longer used),
 * Finland (henkilötunnus, check character). Elsewhere: non-empty, at most 64 characters.
 */

const NO_W1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
const NO_W2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

function mod11(digits: string, weights: number[]): number | null {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return null;
  return check;
}

function validDate(day: number, month: number, year: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function norway(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{11}$/.test(digits)) return null;
  const k1 = mod11(digits, NO_W1);
  const k2 = mod11(digits, NO_W2);
  if (k1 === null || k2 === null || k1 !== Number(digits[9]) || k2 !== Number(digits[10])) return null;
  let day = Number(digits.slice(0, 2));
  if (day > 40) day -= 40; // d-number
  const month = Number(digits.slice(2, 4)) % 40; // synthetic test numbers add 40 (or 80) to the month
  return validDate(day, month > 12 ? month - 40 : month, 2000) ? digits : null;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Stored as the 10-digit form YYMMDDNNNC, so 10- and 12-digit inputs find the same person. */
function sweden(raw: string): string | null {
  const compact = raw.replace(/[\s\-+]/g, '');
  if (!/^(\d{10}|\d{12})$/.test(compact)) return null;
  const ten = compact.length === 12 ? compact.slice(2) : compact;
  let day = Number(ten.slice(4, 6));
  if (day > 60) day -= 60; // samordningsnummer
  if (!validDate(day, Number(ten.slice(2, 4)), 2000)) return null;
  return luhn(ten) ? ten : null;
}

function denmark(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return null;
  return validDate(Number(digits.slice(0, 2)), Number(digits.slice(2, 4)), 2000) ? digits : null;
}

const FI_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

function finland(raw: string): string | null {
  const value = raw.trim().toUpperCase();
  const match = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(value);
  if (!match) return null;
  const [, dd, mm, yy, , serial, check] = match as unknown as string[];
  if (!validDate(Number(dd), Number(mm), 2000 + Number(yy)) && !validDate(Number(dd), Number(mm), 1900 + Number(yy)))
    return null;
  const expected = FI_CHECK[Number(`${dd}${mm}${yy}${serial}`) % 31];
  return expected === check ? value : null;
}

const RULES: Record<string, (raw: string) => string | null> = { NO: norway, SE: sweden, DK: denmark, FI: finland };

/** The stored form of a valid identity number for the country, or null when it is not valid there. */
export function normaliseIdentification(countryCode: string, raw: string): string | null {
  const rule = RULES[countryCode.toUpperCase()];
  if (rule) return rule(raw);
  const trimmed = raw.trim();
  return trimmed !== '' && trimmed.length <= 64 ? trimmed : null;
}

export function hasCountryRule(countryCode: string): boolean {
  return countryCode.toUpperCase() in RULES;
}

/** The stored forms an `ssn` given to lookup could have, whatever the country. */
export function identificationCandidates(raw: string): string[] {
  const trimmed = raw.trim();
  const candidates = new Set<string>([trimmed, trimmed.toUpperCase()]);
  const compact = trimmed.replace(/[\s\-+]/g, '');
  if (/^\d+$/.test(compact)) {
    candidates.add(compact);
    if (compact.length === 12) candidates.add(compact.slice(2));
  }
  return [...candidates].filter((c) => c !== '');
}
