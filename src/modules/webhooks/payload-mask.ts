/**
 * A delivery's body as the console shows it (docs/decisions.md §26): the event's personal fields
 * masked unless revealed, then cut to a bounded length. Pure; no I/O.
 */

/**
 * Keys whose values are personal data wherever they appear in an event's object (its
 * `previous_attributes` included): identity numbers, bank details, phone, address, birth date,
 * identity document.
 */
export const PERSONAL_KEYS: ReadonlySet<string> = new Set([
  'identification',
  'verified_identification',
  'national_id',
  'ssn',
  'bank_account_number',
  'bank_iban_number',
  'bank_bic_number',
  'account_number',
  'iban',
  'bic',
  'phone',
  'address',
  'postal_code',
  'city',
  'birthday',
  'birth_date',
  'date_of_birth',
  'document_id',
]);

/** Characters of a body the console shows (the rest is cut, and the page says so). */
export const SHOWN_BODY_CHARS = 4096;

/** Seven bullets and the last 4 characters (as the console masks elsewhere); 4 characters or fewer show none. */
function masked(value: string): string {
  return '•••••••' + (value.length > 4 ? value.slice(-4) : '');
}

function walk(value: unknown, found: Set<string>, reveal: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, found, reveal));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const personal = PERSONAL_KEYS.has(key.toLowerCase());
    if (personal && (typeof inner === 'string' || typeof inner === 'number') && String(inner) !== '') {
      found.add(key);
      out[key] = reveal ? inner : masked(String(inner));
    } else out[key] = walk(inner, found, reveal);
  }
  return out;
}

export interface ShownBody {
  /** Pretty-printed, masked unless revealed, at most SHOWN_BODY_CHARS characters. */
  text: string;
  /** The body was longer than what is shown. */
  truncated: boolean;
  /** The personal fields the body holds (what a reveal shows), by name. */
  personal: string[];
  /** Its length as sent, in bytes. */
  bytes: number;
}

/** The body as the console shows it; a body that is not JSON is shown masked whole (nothing of it read as safe). */
export function shownBody(raw: string, reveal: boolean): ShownBody {
  const found = new Set<string>();
  let text: string;
  try {
    text = JSON.stringify(walk(JSON.parse(raw), found, reveal), null, 2);
  } catch {
    text = reveal ? raw : '(not JSON: not shown)';
  }
  return {
    text: text.length > SHOWN_BODY_CHARS ? text.slice(0, SHOWN_BODY_CHARS) : text,
    truncated: text.length > SHOWN_BODY_CHARS,
    personal: [...found].sort(),
    bytes: Buffer.byteLength(raw),
  };
}
