/**
 * The one folding rule of the people search (docs/decisions.md §23), applied to what is stored and
 * to what an operator types, so SQLite and PostgreSQL match alike. Pure: no I/O.
 */

/** The shortest folded query a trigram index answers (docs/decisions.md §23). */
export const MIN_SEARCH_LENGTH = 3;

/** Letters that no accent removal turns into plain ones; `ø` and `å` have two spellings each. */
const SHORT: Readonly<Record<string, string>> = {
  æ: 'ae',
  ø: 'o',
  å: 'a',
  ß: 'ss',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
};
const LONG: Readonly<Record<string, string>> = { ...SHORT, ø: 'oe', å: 'aa' };
const SPECIAL = new RegExp(`[${Object.keys(SHORT).join('')}]`, 'g');

function foldWith(text: string, letters: Readonly<Record<string, string>>): string {
  return (
    text
      .toLowerCase()
      .replace(SPECIAL, (letter) => letters[letter] as string)
      // Decomposed, every remaining accent is a combining mark of its own: drop them.
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The forms of a text: the short spelling (`ø` → `o`, `å` → `a`) first, then the long one (`oe`,
 * `aa`) when it differs. "Søren" → ["soren", "soeren"]; "Sæther" → ["saether"].
 */
export function foldedForms(text: string): string[] {
  const short = foldWith(text, SHORT);
  const long = foldWith(text, LONG);
  return short === long ? [short] : [short, long];
}

/**
 * What the index holds for a person: the forms of the e-mail and of each name, one per line
 * (a query never spans two lines: it has no line break after folding), without repeats.
 */
export function searchTextOf(email: string, names: string[]): string {
  const forms = [email, ...names].filter((text) => text.trim() !== '').flatMap(foldedForms);
  return [...new Set(forms)].join('\n');
}

/** The forms to look for, or null when the query is too short for the index (docs/decisions.md §23). */
export function queryForms(text: string): string[] | null {
  const forms = foldedForms(text);
  return (forms[0] as string).length < MIN_SEARCH_LENGTH ? null : forms;
}
