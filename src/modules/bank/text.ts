/**
 * Text in payment files (docs/payouts.md, "Payment files"): basic Latin, plus the Nordic letters
 * for domestic creditors only, as the Norwegian banks' common guide allows. Anything else is
 * transliterated (é → e, ø → o abroad) or dropped, never sent as something the bank refuses.
 */

const NORDIC = 'ÆØÅæøåÄÖÜäöü';
const FOREIGN_SPELLING: Record<string, string> = { Æ: 'AE', æ: 'ae', Ø: 'O', ø: 'o', Å: 'A', å: 'a' };
const BASIC = /[A-Za-z0-9 /\-?:().,'+]/;

/** `raw` in the characters a file may carry, spaces collapsed, cut to `max` characters (never empty: `fallback`). */
export function bankText(raw: string, max: number, domestic: boolean, fallback: string): string {
  let out = '';
  for (const ch of raw.normalize('NFC')) {
    if (BASIC.test(ch) || (domestic && NORDIC.includes(ch))) out += ch;
    else if (!domestic && FOREIGN_SPELLING[ch]) out += FOREIGN_SPELLING[ch];
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((c) => BASIC.test(c)) ? base : ' ';
    }
  }
  const text = out.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return text === '' ? fallback : text;
}
