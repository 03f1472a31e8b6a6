import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Where background work (mail delivery, housekeeping) reports: the server's logger, or nothing. */
export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Paths whose next segment is a secret, by their leading segments: a login link token, a
 * verification start token (the provider's return, `/verify/callback/...`, carries none in its
 * path), the sandbox provider page's start token, an operator's set-up token. `rest` masks everything after the prefix.
 */
const SECRET_SEGMENTS: ReadonlyArray<{ prefix: readonly string[]; except?: string; rest?: boolean }> = [
  { prefix: ['login'], rest: true },
  { prefix: ['verify'], except: 'callback' },
  { prefix: ['sandbox', 'provider'] },
  // A partner's sandbox mailbox: the token is the only key to it.
  { prefix: ['sandbox', 'mailbox'] },
  // An operator's one-time set-up link: whoever holds it chooses the password and authenticator.
  { prefix: ['console', 'setup'] },
];

/** Query parameters whose values the log keeps (paging and filters); every other value is masked. */
const PLAIN_QUERY = new Set(['page', 'per_page', 'status', 'user_id', 'from', 'to']);

const MASK = '***';

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

function maskPath(path: string): string {
  const segments = path.split('/');
  // Empty segments (a doubled slash) do not hide a prefix; letter case and percent-encoding neither.
  const named = segments.map((segment, index) => ({ index, name: decoded(segment) })).filter((s) => s.name !== '');
  for (const rule of SECRET_SEGMENTS) {
    if (!rule.prefix.every((name, i) => named[i]?.name === name)) continue;
    const secrets = named.slice(rule.prefix.length, rule.rest ? undefined : rule.prefix.length + 1);
    if (secrets[0] && secrets[0].name === rule.except) continue;
    for (const { index } of secrets) segments[index] = MASK;
  }
  return segments.join('/');
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      // A bare word (`?abc`) may be a secret itself.
      if (equals === -1) return pair === '' || PLAIN_QUERY.has(pair) ? pair : MASK;
      const name = pair.slice(0, equals);
      return PLAIN_QUERY.has(name) ? pair : `${name}=${MASK}`;
    })
    .join('&');
}

/**
 * A request URL as the log may keep it: secret path segments and the values of query parameters
 * that are not known to be harmless (tokens, codes, states, keys) replaced by `***`.
 */
export function maskUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return maskPath(url);
  return `${maskPath(url.slice(0, question))}?${maskQuery(url.slice(question + 1))}`;
}

/** The production logger: credentials and cookies redacted, secrets in URLs masked. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["api-key"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'access_token',
        'api_key',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: maskUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
