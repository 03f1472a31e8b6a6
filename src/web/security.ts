import type { FastifyReply } from 'fastify';

/** The origin of an absolute http(s) URL, as a CSP source; null for anything else. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Headers for every server-rendered page: no framing, no third-party anything, no caching. Forms
 * may submit to this service only, plus `formTargets`: the origins a form on this page is sent on
 * to (browsers check form-action on every redirect of a form's submission too).
 */
export function pageHeaders(reply: FastifyReply, formTargets: ReadonlyArray<string | null> = []): FastifyReply {
  const origins = formTargets.filter(
    (origin): origin is string => origin !== null && /^https?:\/\/[^\s;,'"]+$/.test(origin),
  );
  const formAction = ["'self'", ...new Set(origins)].join(' ');
  return reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('X-Frame-Options', 'DENY')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store');
}

/**
 * Headers for the API reference (/docs), its assets, the favicon and the served sources: scripts
 * and styles from this service only; fetches to this service and `connectOrigins` (where "Try it
 * out" sends requests).
 */
export function referenceHeaders(reply: FastifyReply, connectOrigins: ReadonlyArray<string | null>): FastifyReply {
  const origins = connectOrigins.filter(
    (origin): origin is string => origin !== null && /^https?:\/\/[^\s;,'"]+$/.test(origin),
  );
  const connect = ["'self'", ...new Set(origins)].join(' ');
  return reply
    .header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src ${connect}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('X-Frame-Options', 'DENY')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store');
}
