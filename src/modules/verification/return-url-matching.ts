/**
 * Return URLs: the canonical form partners register, and the match that guards the redirect at the
 * end of verification (docs/specification.md, Verification rules 2–3, docs/decisions.md §8). This is the open-redirect guard:
 * it reads the raw text strictly before any URL parser can normalise a trick away.
 */

export interface CanonicalReturnUrl {
  /** scheme://host[:port]/path, lower-case scheme and host, no default port, no trailing slash, no query. */
  canonical: string;
  scheme: 'http' | 'https';
  /** ASCII (punycode) host, lower-case, with a non-default port. */
  host: string;
  /** The path without a trailing slash ("" for the root). */
  path: string;
}

export type ParseResult = { ok: true; url: CanonicalReturnUrl; query: string } | { ok: false; reason: string };

export interface MatchOptions {
  /** Sandbox also accepts http; live requires https. */
  allowHttp: boolean;
}

export const MAX_RETURN_URL_LENGTH = 2048;

// scheme://authority path? query? — no fragment, no backslash, no whitespace or control characters.
const SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\\]*)((?:\/[^?#\\]*)?)(\?[^#\\]*)?$/;
const SEGMENT = /^[A-Za-z0-9]+$/;
// Path characters allowed in a registered base path (RFC 3986 pchar without percent-encoding tricks).
const REGISTERED_SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@-]*$/;
// A DNS name (ASCII; IDN hosts in punycode), a dotted IPv4 address, or a bracketed IPv6 address.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOSTNAME = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])$`);

/**
 * Parses a return URL strictly. Used for registration (the canonical form has no query) and for
 * flow start (the supplied URL's query is returned separately; it is kept and extended on redirect).
 */
export function parseReturnUrl(raw: string, options: MatchOptions): ParseResult {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'must not be empty' };
  if (text.length > MAX_RETURN_URL_LENGTH)
    return { ok: false, reason: `must not be longer than ${MAX_RETURN_URL_LENGTH} characters` };
  // Printable ASCII only: unicode and control characters are how hosts and paths get disguised.
  if (!/^[\x21-\x7e]+$/.test(text))
    return { ok: false, reason: 'must be printable ASCII without spaces (use punycode for international hosts)' };
  if (text.includes('#')) return { ok: false, reason: 'must not contain a fragment (#)' };
  if (text.includes('\\')) return { ok: false, reason: 'must not contain a backslash' };

  const match = SHAPE.exec(text);
  if (!match) return { ok: false, reason: 'must be an absolute URL such as https://example.com/return' };
  const [, schemeRaw, authority, rawPath, rawQuery] = match as unknown as [
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  const scheme = schemeRaw.toLowerCase();
  if (scheme !== 'https' && scheme !== 'http') return { ok: false, reason: 'must use https' };
  if (scheme === 'http' && !options.allowHttp) return { ok: false, reason: 'must use https' };
  if (authority.includes('@')) return { ok: false, reason: 'must not contain user information (@)' };
  if (authority === '' || authority.includes('%')) return { ok: false, reason: 'must name a valid host' };

  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return { ok: false, reason: 'must be a valid URL' };
  }
  if (parsed.username || parsed.password) return { ok: false, reason: 'must not contain user information (@)' };
  // The host exactly as written: the parser's rewrites (numeric IPv4 forms such as 0x7f000001,
  // characters a DNS name cannot hold) are tricks, not hosts a partner registers.
  const writtenHost = authority.replace(/:\d*$/, '').toLowerCase();
  if (!HOSTNAME.test(parsed.hostname) || writtenHost !== parsed.hostname)
    return { ok: false, reason: 'must name a valid host' };

  // The parser must not have changed the path (dot segments, encoded dots, etc.): compare it raw.
  const path = rawPath === '' ? '/' : rawPath;
  if (parsed.pathname !== path)
    return { ok: false, reason: 'must not contain dot segments or characters that change the path' };
  if (path.includes('//')) return { ok: false, reason: 'path must not contain empty segments (//)' };
  const segments = path.split('/').slice(1);
  if (segments.some((segment) => segment.includes('%') || !REGISTERED_SEGMENT.test(segment))) {
    return { ok: false, reason: 'path must not contain percent-encoded or special characters' };
  }

  const host = parsed.host.toLowerCase(); // hostname plus a non-default port; the parser drops :443 and :80
  const trimmedPath = path.replace(/\/$/, '');
  return {
    ok: true,
    url: {
      canonical: `${scheme}://${host}${trimmedPath}`,
      scheme: scheme as 'http' | 'https',
      host,
      path: trimmedPath,
    },
    query: rawQuery ?? '',
  };
}

/**
 * True when `supplied` is the approved URL, or the approved base followed by extra path segments
 * made only of letters and digits. Scheme, host and port must be equal.
 */
export function matchesApproved(supplied: CanonicalReturnUrl, approved: CanonicalReturnUrl): boolean {
  if (supplied.scheme !== approved.scheme || supplied.host !== approved.host) return false;
  if (supplied.path === approved.path) return true;
  const prefix = `${approved.path}/`;
  if (!supplied.path.startsWith(prefix)) return false;
  return supplied.path
    .slice(prefix.length)
    .split('/')
    .every((segment) => SEGMENT.test(segment));
}

/** Finds the approved URL a supplied return URL matches, if any. */
export function findMatchingReturnUrl<T extends { requested_url: string }>(
  raw: string,
  approved: T[],
  options: MatchOptions,
): { ok: true; match: T; url: CanonicalReturnUrl; query: string } | { ok: false; reason: string } {
  const parsed = parseReturnUrl(raw, options);
  if (!parsed.ok) return parsed;
  for (const candidate of approved) {
    const base = parseReturnUrl(candidate.requested_url, { allowHttp: true });
    if (base.ok && matchesApproved(parsed.url, base.url))
      return { ok: true, match: candidate, url: parsed.url, query: parsed.query };
  }
  return { ok: false, reason: 'does not match an approved return URL' };
}

function queryKey(pair: string): string {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * The partner's URL as supplied (it passed the strict parse, so it holds no tricks) with `params`
 * (`verification_id`, `status`) appended to its query. The partner's own query is kept byte for
 * byte (no re-encoding of `%20` to `+`, no `flag` turned into `flag=`); only pairs whose names
 * collide with ours are dropped, so the values the service appends are the only ones.
 */
export function redirectTarget(supplied: string, params: Record<string, string>): string {
  const url = new URL(supplied.trim());
  const ours = new Set(Object.keys(params));
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !ours.has(queryKey(pair)));
  const added = Object.entries(params).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  url.search = [...kept, ...added].join('&');
  return url.toString();
}
