/**
 * The open-redirect guard (docs/specification.md, Verification rules 2–3, docs/decisions.md §8), as pure functions: the
 * canonical form a partner registers, the match at flow start, and the final redirect target.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_RETURN_URL_LENGTH,
  findMatchingReturnUrl,
  matchesApproved,
  parseReturnUrl,
  redirectTarget,
} from '../../src/modules/verification/return-url-matching.js';

const LIVE = { allowHttp: false };
const SANDBOX = { allowHttp: true };
const BASE = 'https://partner.example/onpay/return';

/** A URL of exactly `length` characters under BASE (extra segment of letters). */
function urlOfLength(length: number): string {
  const prefix = `${BASE}/`;
  return prefix + 'a'.repeat(length - prefix.length);
}

describe('registering: the canonical form', () => {
  const accepted: Array<[string, string, string]> = [
    ['plain https URL', BASE, BASE],
    ['surrounding whitespace is trimmed', `  ${BASE}\n`, BASE],
    ['surrounding tab is trimmed', `\t${BASE}\t`, BASE],
    ['scheme and host are lower-cased', 'HTTPS://Partner.EXAMPLE/onpay/return', BASE],
    ['path case is kept', 'https://partner.example/OnPay/Return', 'https://partner.example/OnPay/Return'],
    ['default port 443 is dropped', 'https://partner.example:443/onpay/return', BASE],
    [
      'a non-default port is kept',
      'https://partner.example:8443/onpay/return',
      'https://partner.example:8443/onpay/return',
    ],
    ['trailing slash is dropped', `${BASE}/`, BASE],
    ['root with a slash', 'https://partner.example/', 'https://partner.example'],
    ['root without a slash', 'https://partner.example', 'https://partner.example'],
    ['query is dropped', `${BASE}?tenant=7`, BASE],
    ['empty query is dropped', `${BASE}?`, BASE],
    ['punycode host is kept as is', 'https://xn--bcher-kva.example/cb', 'https://xn--bcher-kva.example/cb'],
    ['IPv4 host', 'https://192.0.2.10/cb', 'https://192.0.2.10/cb'],
    [
      'hyphens and dots in the registered path are fine',
      'https://partner.example/on-pay/v1.2/return',
      'https://partner.example/on-pay/v1.2/return',
    ],
  ];

  it.each(accepted)('%s', (_name, raw, canonical) => {
    const parsed = parseReturnUrl(raw, LIVE);
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    if (parsed.ok) expect(parsed.url.canonical).toBe(canonical);
  });

  it('splits the auxiliary parts: scheme, host (with a non-default port), path', () => {
    const parsed = parseReturnUrl('HTTPS://Partner.Example:8443/onpay/return/', LIVE);
    expect(parsed).toMatchObject({
      ok: true,
      url: { scheme: 'https', host: 'partner.example:8443', path: '/onpay/return' },
    });
  });

  it('http is accepted in sandbox only; the default port 80 is dropped', () => {
    expect(parseReturnUrl('http://partner.example:80/onpay/return', SANDBOX)).toMatchObject({
      ok: true,
      url: { canonical: 'http://partner.example/onpay/return', scheme: 'http' },
    });
    expect(parseReturnUrl('http://partner.example/onpay/return', LIVE)).toEqual({
      ok: false,
      reason: 'must use https',
    });
  });

  const rejected: Array<[string, string]> = [
    ['empty', ''],
    ['only whitespace', '   '],
    ['a fragment', `${BASE}#done`],
    ['a relative path', '/onpay/return'],
    ['scheme-relative', '//partner.example/onpay/return'],
    ['javascript: scheme', 'javascript:alert(document.cookie)'],
    ['javascript: dressed as a URL', 'javascript://partner.example/%0aalert(1)'],
    ['data: scheme', 'data:text/html,<script>alert(1)</script>'],
    ['ftp scheme', 'ftp://partner.example/onpay/return'],
    ['one slash after the scheme', 'https:/partner.example/onpay/return'],
    ['three slashes after the scheme', 'https:///partner.example/onpay/return'],
    ['user-info', 'https://user:pw@partner.example/onpay/return'],
    ['user-info hiding the real host', 'https://partner.example@evil.com/onpay/return'],
    ['a backslash', 'https://partner.example\\@evil.com/onpay/return'],
    ['a unicode host', 'https://bücher.example/cb'],
    ['a homoglyph host (Cyrillic a)', 'https://p\u0430rtner.example/onpay/return'],
    ['a space inside', 'https://partner.example/onpay/ret urn'],
    ['a tab inside', 'https://partner.example/onpay/re\tturn'],
    ['a newline inside', 'https://partner.example/onpay/re\nturn'],
    ['percent-encoding in the path', 'https://partner.example/onpay%2Freturn'],
    ['a dot segment', 'https://partner.example/onpay/./return'],
    ['a dot-dot segment', 'https://partner.example/x/../onpay/return'],
    ['an empty segment', 'https://partner.example/onpay//return'],
    ['percent-encoding in the host', 'https://partner.example%2eevil.com/cb'],
    ['a host a DNS name cannot be', 'https://partner.example;evil.com/cb'],
    ['a numeric IPv4 trick', 'https://0x7f000001/cb'],
    ['a trailing-dot host', 'https://partner.example./onpay/return'],
    ['an impossible port', 'https://partner.example:99999/onpay/return'],
    ['no host', 'https:///'],
  ];

  it.each(rejected)('rejects %s', (_name, raw) => {
    const parsed = parseReturnUrl(raw, SANDBOX);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/^must|^path/);
  });

  it(`accepts ${MAX_RETURN_URL_LENGTH} characters and rejects ${MAX_RETURN_URL_LENGTH + 1}`, () => {
    expect(urlOfLength(2048)).toHaveLength(2048);
    expect(parseReturnUrl(urlOfLength(2048), LIVE).ok).toBe(true);
    expect(parseReturnUrl(urlOfLength(2049), LIVE)).toEqual({
      ok: false,
      reason: 'must not be longer than 2048 characters',
    });
    // Length counts after trimming.
    expect(parseReturnUrl(` ${urlOfLength(2048)} `, LIVE).ok).toBe(true);
  });
});

describe(`matching a supplied URL against the approved base ${BASE}`, () => {
  const approved = [{ id: 1, requested_url: BASE }];

  // [name, supplied URL, options, should match]
  const cases: Array<[string, string, { allowHttp: boolean }, boolean]> = [
    // equal, and allowed continuations
    ['exactly the base', BASE, LIVE, true],
    ['the base with a trailing slash', `${BASE}/`, LIVE, true],
    ['the base with surrounding whitespace', `  ${BASE}\t\n`, LIVE, true],
    ['one extra segment of letters', `${BASE}/abc`, LIVE, true],
    ['one extra segment of digits', `${BASE}/12345`, LIVE, true],
    ['several extra segments', `${BASE}/Tenant7/user/42`, LIVE, true],
    ['extra segments and a trailing slash', `${BASE}/abc/`, LIVE, true],
    ['upper-case scheme and host', 'HTTPS://PARTNER.EXAMPLE/onpay/return', LIVE, true],
    ['the default port written out', 'https://partner.example:443/onpay/return', LIVE, true],
    ['a query (kept)', `${BASE}?order=17&lang=nb`, LIVE, true],
    ['extra segment and a query', `${BASE}/abc?x=1`, LIVE, true],
    // the dynamic part holds only [A-Za-z0-9]
    ['a hyphen in an extra segment', `${BASE}/a-b`, LIVE, false],
    ['an underscore in an extra segment', `${BASE}/a_b`, LIVE, false],
    ['a dot in an extra segment', `${BASE}/a.b`, LIVE, false],
    ['a tilde in an extra segment', `${BASE}/a~b`, LIVE, false],
    ['an @ in an extra segment', `${BASE}/a@b`, LIVE, false],
    ['percent-encoding in an extra segment', `${BASE}/a%41`, LIVE, false],
    ['an empty extra segment', `${BASE}//abc`, LIVE, false],
    // path tricks
    ['a prefix extension of the last segment', `${BASE}x`, LIVE, false],
    ['a digit appended to the last segment', `${BASE}2`, LIVE, false],
    ['a parent of the base', 'https://partner.example/onpay', LIVE, false],
    ['another path on the host', 'https://partner.example/evil', LIVE, false],
    ['the path in another letter case', 'https://partner.example/ONPAY/return', LIVE, false],
    ['a dot-dot segment leaving the base', `${BASE}/../../evil`, LIVE, false],
    ['a dot-dot segment coming back', `${BASE}/../return`, LIVE, false],
    ['a dot segment', `${BASE}/./abc`, LIVE, false],
    ['an encoded slash', `${BASE}/%2Fevil.com`, LIVE, false],
    ['an encoded slash, lower case', `${BASE}%2fabc`, LIVE, false],
    ['encoded dots', `${BASE}/%2e%2e/evil`, LIVE, false],
    ['mixed encoded dot segment', `${BASE}/.%2e/evil`, LIVE, false],
    ['a backslash in the path', 'https://partner.example/onpay\\return', LIVE, false],
    ['a backslash before the host', 'https://partner.example\\@evil.com/onpay/return', LIVE, false],
    ['a backslash-slash prefix', 'https:\\\\evil.com/onpay/return', LIVE, false],
    // host tricks
    ['another host', 'https://evil.com/onpay/return', LIVE, false],
    ['the host as a suffix of another', 'https://partner.example.evil.com/onpay/return', LIVE, false],
    ['the host with a prefix', 'https://evilpartner.example/onpay/return', LIVE, false],
    ['a subdomain of the host', 'https://www.partner.example/onpay/return', LIVE, false],
    ['the host as user-info', 'https://partner.example@evil.com/onpay/return', LIVE, false],
    ['user-info before the right host', 'https://user:pw@partner.example/onpay/return', LIVE, false],
    ['an empty user-info', 'https://@partner.example/onpay/return', LIVE, false],
    ['a unicode host', 'https://pärtner.example/onpay/return', LIVE, false],
    ['a homoglyph host (Cyrillic a)', 'https://p\u0430rtner.example/onpay/return', LIVE, false],
    ['a homoglyph host in punycode', 'https://xn--prtner-2of.example/onpay/return', LIVE, false],
    ['a fullwidth dot in the host', 'https://partner\uff0eexample/onpay/return', LIVE, false],
    ['a trailing dot on the host', 'https://partner.example./onpay/return', LIVE, false],
    // ports
    ['another port', 'https://partner.example:8443/onpay/return', LIVE, false],
    ['port 80 on https', 'https://partner.example:80/onpay/return', LIVE, false],
    // schemes
    ['javascript:', 'javascript:alert(1)//partner.example/onpay/return', LIVE, false],
    ['data:', 'data:text/html;base64,PHNjcmlwdD4=', LIVE, false],
    ['scheme-relative', '//evil.com/onpay/return', LIVE, false],
    ['scheme-relative to the right host', '//partner.example/onpay/return', LIVE, false],
    ['one slash after the scheme', 'https:/partner.example/onpay/return', LIVE, false],
    ['no slashes after the scheme', 'https:partner.example/onpay/return', LIVE, false],
    ['http in live', 'http://partner.example/onpay/return', LIVE, false],
    ['http against an https base in sandbox', 'http://partner.example/onpay/return', SANDBOX, false],
    // whitespace, control characters, fragments, length
    ['a space inside', 'https://partner.example/onpay/return/a b', LIVE, false],
    ['an encoded space', `${BASE}/a%20b`, LIVE, false],
    ['a tab inside', 'https://partner.example/onpay/\treturn', LIVE, false],
    ['a newline inside', 'https://partner.example/onpay/return/\nabc', LIVE, false],
    ['a fragment', `${BASE}#section`, LIVE, false],
    ['an empty fragment', `${BASE}#`, LIVE, false],
    ['a fragment after a query', `${BASE}?a=1#x`, LIVE, false],
    ['2048 characters', urlOfLength(2048), LIVE, true],
    ['2049 characters', urlOfLength(2049), LIVE, false],
    ['empty', '', LIVE, false],
  ];

  it(`has at least 40 cases (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(cases.filter((c) => c[3]).length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases)('%s: %j', (_name, supplied, options, shouldMatch) => {
    const found = findMatchingReturnUrl(supplied, approved, options);
    expect(found.ok, JSON.stringify(found)).toBe(shouldMatch);
    if (found.ok) expect(found.match).toBe(approved[0]);
  });

  it('an http base matches http in sandbox only', () => {
    const httpBase = [{ requested_url: 'http://localhost:3000/cb' }];
    expect(findMatchingReturnUrl('http://localhost:3000/cb/7', httpBase, SANDBOX).ok).toBe(true);
    expect(findMatchingReturnUrl('http://localhost:3000/cb/7', httpBase, LIVE).ok).toBe(false);
    expect(findMatchingReturnUrl('http://localhost:3001/cb/7', httpBase, SANDBOX).ok).toBe(false);
    expect(findMatchingReturnUrl('https://localhost:3000/cb/7', httpBase, SANDBOX).ok).toBe(false);
  });

  it('a root base accepts its own host with letter-and-digit paths only', () => {
    const root = [{ requested_url: 'https://partner.example' }];
    expect(findMatchingReturnUrl('https://partner.example/', root, LIVE).ok).toBe(true);
    expect(findMatchingReturnUrl('https://partner.example/abc/123', root, LIVE).ok).toBe(true);
    expect(findMatchingReturnUrl('https://partner.example/a-b', root, LIVE).ok).toBe(false);
    expect(findMatchingReturnUrl('https://partner.example.evil.com/', root, LIVE).ok).toBe(false);
  });

  it('picks whichever approved base matches, and reports why nothing did', () => {
    const several = [{ requested_url: 'https://other.example/cb' }, { requested_url: BASE }];
    const found = findMatchingReturnUrl(`${BASE}/x1`, several, LIVE);
    expect(found).toMatchObject({ ok: true, match: several[1], query: '' });
    expect(findMatchingReturnUrl(`${BASE}/x1`, [], LIVE)).toEqual({
      ok: false,
      reason: 'does not match an approved return URL',
    });
    expect(findMatchingReturnUrl(`${BASE}#x`, several, LIVE)).toEqual({
      ok: false,
      reason: 'must not contain a fragment (#)',
    });
  });

  it('returns the supplied query separately', () => {
    expect(findMatchingReturnUrl(`${BASE}/a?x=1&y`, approved, LIVE)).toMatchObject({ ok: true, query: '?x=1&y' });
  });

  it('matchesApproved compares whole segments, never string prefixes', () => {
    const parse = (raw: string) => {
      const parsed = parseReturnUrl(raw, SANDBOX);
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.url;
    };
    const cb = parse('https://partner.example/cb');
    expect(matchesApproved(parse('https://partner.example/cb'), cb)).toBe(true);
    expect(matchesApproved(parse('https://partner.example/cb/x'), cb)).toBe(true);
    expect(matchesApproved(parse('https://partner.example/cbx'), cb)).toBe(false);
    expect(matchesApproved(parse('https://partner.example/c'), cb)).toBe(false);
    expect(matchesApproved(parse('https://partner.example:8443/cb'), cb)).toBe(false);
    expect(matchesApproved(parse('http://partner.example/cb'), cb)).toBe(false);
  });
});

describe('redirectTarget', () => {
  const params = { verification_id: '0b6c1c6e-4c3a-4d53-9a0e-6f2f3f1f9a11', status: 'approved' };

  it('appends verification_id and status to a URL without a query', () => {
    const target = new URL(redirectTarget(BASE, params));
    expect(`${target.origin}${target.pathname}`).toBe(BASE);
    expect(Object.fromEntries(target.searchParams)).toEqual(params);
  });

  it("keeps the partner's query exactly as written and adds ours after it", () => {
    expect(redirectTarget(`${BASE}/abc?order=17&name=a%20b&flag`, params)).toBe(
      `${BASE}/abc?order=17&name=a%20b&flag&verification_id=${params.verification_id}&status=approved`,
    );
  });

  it("replaces a partner parameter named like ours, so only the service's values arrive", () => {
    const target = redirectTarget(`${BASE}?status=approved&verification_id=forged&keep=1`, {
      ...params,
      status: 'declined',
    });
    const url = new URL(target);
    expect(url.searchParams.getAll('status')).toEqual(['declined']);
    expect(url.searchParams.getAll('verification_id')).toEqual([params.verification_id]);
    expect(url.searchParams.get('keep')).toBe('1');
  });

  it('drops an empty query marker, trims, and uses the canonical host', () => {
    expect(redirectTarget(`  HTTPS://Partner.Example:443/onpay/return? `, params)).toBe(
      `${BASE}?verification_id=${params.verification_id}&status=approved`,
    );
  });

  it('encodes what the partner query would need encoded in a Location header', () => {
    const target = redirectTarget(`${BASE}?q="<x>"`, params);
    expect(target).not.toMatch(/[<>"\s]/);
    expect(new URL(target).searchParams.get('q')).toBe('"<x>"');
  });
});
