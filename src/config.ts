import { isIP } from 'node:net';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { KeyListError, parseKeyList, type FieldKey } from './platform/field-crypto.js';

/**
 * The only reader of process.env. Turns the environment into a frozen, typed Config, or throws a
 * ConfigError whose message is one line naming the offending variable.
 */

export type Environment = 'sandbox' | 'live';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type DatabaseConfig =
  | { engine: 'sqlite'; path: string; url: string }
  | {
      engine: 'postgres';
      url: string;
      /**
       * Fixed-shape hot reads run as named prepared statements (DATABASE_PREPARED_STATEMENTS=1, the
       * default; 0 behind a connection pooler that cannot keep them: docs/operations.md).
       */
      preparedStatements?: boolean;
    };

/** OpenID Connect eID broker for provider_eid (docs/decisions.md §8). */
export interface EidConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  acrValues: string | null;
  /** Claim names differ between brokers (Criipto/Idura, Signicat, ...). */
  claims: { identification: string; birthdate: string; name: string };
  /** Country of the identity numbers the broker returns (ISO 3166-1 alpha-2). */
  countryCode: string;
}

/** Hosted document-verification vendor for provider_doc (a Veriff-style sessions API). */
export interface DocVendorConfig {
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** The country whose documents `id_type: local` accepts (ISO 3166-1 alpha-2). */
  countryCode: string;
  /** Where the vendor's hosted pages are (the browser is sent there); default: DOC_API_URL's origin. */
  pageOrigin: string;
}

/**
 * Who pays: the debtor of every payment file (docs/payouts.md, "Payment files"). Required in live;
 * a sandbox without it uses the documented demo payer (DEMO_PAYER), so files can be tried out.
 */
export interface PayerConfig {
  /** PAYER_NAME: the debtor's name in the file (at most 70 characters). */
  readonly name: string;
  /** PAYER_ORG_NUMBER: the Norwegian organisation number, 9 digits with a MOD11 check digit. */
  readonly orgNumber: string;
  /** PAYER_ACCOUNT: the account the salaries are paid from, a Norwegian account (BBAN, 11 digits) or an IBAN. */
  readonly account:
    { readonly style: 'bban'; readonly bban: string } | { readonly style: 'iban'; readonly iban: string };
  /** PAYER_BIC: the payer's bank (8 or 11 characters). */
  readonly bic: string;
  /** PAYER_BANK_CUSTOMER_ID: the bank agreement id some banks want in InitgPty; null when not given. */
  readonly bankCustomerId: string | null;
  /** PAYER_ADDRESS: the seller's postal address on invoices (docs/decisions.md §24); required in live, null when not given. */
  readonly address: string | null;
  /** True when the sandbox's demo payer stands in for unset PAYER_* variables. */
  readonly demo: boolean;
}

/** The sandbox's payer when PAYER_* are unset (documented in the README); refused nowhere, never used in live. */
export const DEMO_PAYER: PayerConfig = Object.freeze({
  name: 'onpay Sandbox AS',
  orgNumber: '923609016',
  account: Object.freeze({ style: 'bban' as const, bban: '12345678903' }),
  bic: 'DNBANOKK',
  bankCustomerId: null,
  address: 'Sandbox gate 1, 0150 Oslo',
  demo: true,
});

/** Timeouts of the database layer, in milliseconds. */
export interface DatabaseTimeouts {
  /** SQLite: how long a write waits for another process's write lock before it answers 503. */
  readonly busyMs: number;
  /** PostgreSQL: statement_timeout, enforced by the server (a slow statement or a lock wait). */
  readonly statementMs: number;
  /** PostgreSQL: how long the client waits for any answer (a database or network that stopped answering). */
  readonly queryMs: number;
  /** PostgreSQL: how long a query waits for a pooled connection, opening one included. */
  readonly connectMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = Object.freeze({
  busyMs: 5000,
  statementMs: 5000,
  queryMs: 7000,
  connectMs: 5000,
});

/** What happens between SIGTERM and exit, in milliseconds. */
export interface ShutdownConfig {
  /** A kept-alive connection that stays idle this long after the signal is closed. */
  readonly idleGraceMs: number;
  /** Longest drain: after it, remaining connections are cut and the process exits 1. */
  readonly timeoutMs: number;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicBaseUrl: string;
  /** Whether PUBLIC_BASE_URL was given; without it the base is made from HOST and PORT. */
  readonly publicBaseUrlGiven: boolean;
  readonly database: DatabaseConfig;
  readonly databaseTimeouts: DatabaseTimeouts;
  readonly shutdown: ShutdownConfig;
  readonly redisUrl: string | null;
  readonly env: Environment;
  /** Signing key; null in sandbox until resolved from the database at start-up. */
  readonly secret: string | null;
  /** The signing key before the last rotation: still accepted for verification, never used to sign. */
  readonly secretPrevious: string | null;
  readonly smtpUrl: string | null;
  readonly mailFrom: string | null;
  readonly logLevel: LogLevel;
  readonly rateLimitPerMinute: number;
  /** Per client address: /api/v1 requests without valid credentials (and the public document). */
  readonly rateLimitUnauthenticatedPerMinute: number;
  /** Per client address: the service's own web pages and unsigned webhook deliveries. */
  readonly rateLimitPagesPerMinute: number;
  /** How long a limiter call may wait for Redis before the request is let through uncounted. */
  readonly rateLimitRedisTimeoutMs: number;
  /**
   * Reverse proxies whose X-Forwarded-For names the client address (addresses, CIDRs, or
   * `loopback`, `linklocal`, `uniquelocal`); null: the socket's peer is the client.
   */
  readonly trustProxy: string | null;
  /**
   * Benchmark-only (`ONPAY_BENCH_DISABLE_RATE_LIMIT=1`): no request is counted and no RateLimit-*
   * headers are sent, so `npm run bench` can measure what the limiter costs. Refused in live.
   */
  readonly benchDisableRateLimit: boolean;
  /**
   * Benchmark-only (`ONPAY_BENCH_DISABLE_REQUEST_LOG=1`): partner requests are not noted in the
   * request log, so the point-read bench can measure what noting them costs. Refused in live.
   */
  readonly benchDisableRequestLog: boolean;
  /**
   * Whether console sign-in asks for the authenticator code (docs/decisions.md §18). Always in live;
   * a sandbox may turn it off (`CONSOLE_REQUIRE_TOTP=0`) for local development.
   */
  readonly consoleRequireTotp: boolean;
  /** How long a stored Idempotency-key blocks reuse (docs/decisions.md §10). */
  readonly idempotencyTtlDays: number;
  /** How long a webhook delivery waits for the receiver's answer (WEBHOOK_TIMEOUT_MS, default 10 s). */
  readonly webhookTimeoutMs: number;
  /** Real identity providers; null means simulated in sandbox and unavailable in live. */
  readonly eid: EidConfig | null;
  readonly docVendor: DocVendorConfig | null;
  /** The debtor of payment files (PAYER_*); the demo payer in a sandbox without them. */
  readonly payer: PayerConfig;
  /**
   * ONPAY_DATA_KEYS: the keys of field encryption, the first one writing (docs/data-protection.md,
   * "Keys"); null in a sandbox without them (generated once and kept in the database).
   */
  readonly dataKeys: readonly FieldKey[] | null;
  /** ONPAY_INDEX_KEYS: the keys of the blind indexes, in the same form; null as dataKeys. */
  readonly indexKeys: readonly FieldKey[] | null;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** Environment variables by name: the process's own (processEnvironment) or a test's. */
export type Env = Record<string, string | undefined>;

/** The process's environment, for the entry point to hand down; nothing else reads process.env. */
export function processEnvironment(): Env {
  return process.env;
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  return value;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(name, `must not carry a query, fragment or credentials (got "${raw}")`);
  }
  return url.toString().replace(/\/+$/, '');
}

export function parseDatabaseUrl(raw: string): DatabaseConfig {
  if (raw.startsWith('sqlite:')) {
    const path = raw.slice('sqlite:'.length);
    if (path === '')
      throw new ConfigError('DATABASE_URL', `must name a file, as sqlite:PATH or sqlite::memory: (got "${raw}")`);
    return { engine: 'sqlite', path, url: raw };
  }
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    try {
      const url = new URL(raw);
      if (!url.hostname && !url.searchParams.get('host')) throw new Error('no host');
    } catch {
      throw new ConfigError('DATABASE_URL', `is not a valid postgres:// URL`);
    }
    return { engine: 'postgres', url: raw };
  }
  throw new ConfigError(
    'DATABASE_URL',
    `must be sqlite:PATH, sqlite::memory: or postgres://... (got "${redact(raw)}")`,
  );
}

/** Hides a password in a URL-like string before it is printed (also with an empty user name or an unescaped `@`). */
export function redact(raw: string): string {
  return raw.replace(/(\/\/[^:/@]*:)[^/]*@/, '$1***@');
}

export function loadConfig(env: Env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = read(env, 'HOST') ?? '127.0.0.1';

  const environment = read(env, 'ONPAY_ENV') ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'live') {
    throw new ConfigError('ONPAY_ENV', `must be "sandbox" or "live" (got "${environment}")`);
  }

  const publicRaw = read(env, 'PUBLIC_BASE_URL');
  const hostForUrl = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const publicBaseUrl = publicRaw ? httpUrl('PUBLIC_BASE_URL', publicRaw) : `http://${hostForUrl}:${port}`;
  if (environment === 'live' && !publicBaseUrl.startsWith('https://')) {
    throw new ConfigError('PUBLIC_BASE_URL', 'must be an https:// URL when ONPAY_ENV=live');
  }

  const parsedDatabase = parseDatabaseUrl(read(env, 'DATABASE_URL') ?? 'sqlite:./data/onpay.db');
  const database: DatabaseConfig =
    parsedDatabase.engine === 'postgres'
      ? { ...parsedDatabase, preparedStatements: switchOn(env, 'DATABASE_PREPARED_STATEMENTS', true) }
      : parsedDatabase;

  const databaseTimeouts = loadDatabaseTimeouts(env);
  const shutdown = loadShutdown(env);

  const redisUrl = read(env, 'REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', `must be a redis:// or rediss:// URL (got "${redact(redisUrl)}")`);
  }

  const secret = read(env, 'ONPAY_SECRET') ?? null;
  if (secret === null && environment === 'live') {
    throw new ConfigError('ONPAY_SECRET', 'is required when ONPAY_ENV=live (at least 32 characters)');
  }
  if (secret !== null && secret.length < 32) {
    throw new ConfigError('ONPAY_SECRET', 'must be at least 32 characters long');
  }

  const secretPrevious = read(env, 'ONPAY_SECRET_PREVIOUS') ?? null;
  if (secretPrevious !== null && secretPrevious.length < 32) {
    throw new ConfigError('ONPAY_SECRET_PREVIOUS', 'must be at least 32 characters long');
  }

  const smtpUrl = read(env, 'SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL', `must be an smtp:// or smtps:// URL (got "${redact(smtpUrl)}")`);
  }
  if (smtpUrl === null && environment === 'live') {
    throw new ConfigError('SMTP_URL', 'is required when ONPAY_ENV=live');
  }
  const mailFrom = read(env, 'MAIL_FROM') ?? null;
  if (mailFrom !== null && !/^[^\s@]+@[^\s@]+$|<[^\s@]+@[^\s@]+>$/.test(mailFrom)) {
    throw new ConfigError('MAIL_FROM', `must be an e-mail address (got "${mailFrom}")`);
  }

  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const rateLimitPerMinute = integer(env, 'RATE_LIMIT_PER_MINUTE', 500, 1, 10_000_000);
  const rateLimitUnauthenticatedPerMinute = integer(env, 'RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE', 100, 1, 10_000_000);
  const rateLimitPagesPerMinute = integer(env, 'RATE_LIMIT_PAGES_PER_MINUTE', 300, 1, 10_000_000);
  const rateLimitRedisTimeoutMs = integer(env, 'RATE_LIMIT_REDIS_TIMEOUT_MS', 250, 10, 10_000);
  const trustProxy = proxies(env, 'TRUST_PROXY');
  const benchDisableRateLimit = benchSwitch(env, 'ONPAY_BENCH_DISABLE_RATE_LIMIT', environment);
  const benchDisableRequestLog = benchSwitch(env, 'ONPAY_BENCH_DISABLE_REQUEST_LOG', environment);
  const consoleRequireTotp = consoleTotp(env, environment);
  const eid = loadEid(env, environment);
  const docVendor = loadDocVendor(env, environment);
  const payer = loadPayer(env, environment);
  const dataKeys = keyList(env, 'ONPAY_DATA_KEYS', environment);
  const indexKeys = keyList(env, 'ONPAY_INDEX_KEYS', environment);

  return Object.freeze({
    port,
    host,
    publicBaseUrl,
    publicBaseUrlGiven: publicRaw !== undefined,
    database: Object.freeze(database),
    databaseTimeouts,
    shutdown,
    redisUrl,
    env: environment,
    secret,
    secretPrevious,
    smtpUrl,
    mailFrom,
    logLevel,
    rateLimitPerMinute,
    rateLimitUnauthenticatedPerMinute,
    rateLimitPagesPerMinute,
    rateLimitRedisTimeoutMs,
    trustProxy,
    benchDisableRateLimit,
    benchDisableRequestLog,
    consoleRequireTotp,
    idempotencyTtlDays: 30,
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 50, 60_000),
    eid: eid ? Object.freeze(eid) : null,
    docVendor: docVendor ? Object.freeze(docVendor) : null,
    payer,
    dataKeys,
    indexKeys,
  });
}

/** A list of `<id>:<base64 of 32 bytes>`, comma-separated; required in live, generated in a sandbox without it. */
function keyList(env: Env, name: string, environment: Environment): readonly FieldKey[] | null {
  const raw = read(env, name);
  if (raw === undefined) {
    if (environment === 'live')
      throw new ConfigError(name, 'is required when ONPAY_ENV=live (<id>:<base64 of 32 bytes>[,<id>:<...>])');
    return null;
  }
  try {
    return Object.freeze(parseKeyList(raw));
  } catch (error) {
    if (error instanceof KeyListError) throw new ConfigError(name, error.message);
    throw error;
  }
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A comma-separated list of proxy addresses or CIDR ranges, as written (blank: none). */
function proxies(env: Env, name: string): string | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  const items = raw.split(',').map((item) => item.trim());
  for (const item of items) {
    const [address = '', prefix, ...more] = item.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(item) && (family === 0 || !prefixOk || more.length > 0)) {
      throw new ConfigError(name, `must list proxy addresses or CIDR ranges, comma-separated (got "${item}")`);
    }
  }
  return items.join(',');
}

function loadDatabaseTimeouts(env: Env): DatabaseTimeouts {
  const defaults = DEFAULT_DATABASE_TIMEOUTS;
  const busyMs = integer(env, 'DATABASE_BUSY_TIMEOUT_MS', defaults.busyMs, 0, 600_000);
  const statementMs = integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', defaults.statementMs, 100, 3_600_000);
  // The client waits longer than the server, so a slow statement is cancelled by the server (and
  // its connection stays usable) before the client gives the connection up.
  const queryMs = integer(
    env,
    'DATABASE_QUERY_TIMEOUT_MS',
    statementMs + (defaults.queryMs - defaults.statementMs),
    100,
    3_700_000,
  );
  if (queryMs <= statementMs) {
    throw new ConfigError(
      'DATABASE_QUERY_TIMEOUT_MS',
      `must be greater than DATABASE_STATEMENT_TIMEOUT_MS (${statementMs}; got "${queryMs}")`,
    );
  }
  const connectMs = integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', defaults.connectMs, 100, 600_000);
  return Object.freeze({ busyMs, statementMs, queryMs, connectMs });
}

function loadShutdown(env: Env): ShutdownConfig {
  const timeoutMs = integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 3_600_000);
  const idleGraceMs = integer(env, 'SHUTDOWN_IDLE_GRACE_MS', 2_000, 0, 3_600_000);
  if (idleGraceMs >= timeoutMs) {
    throw new ConfigError(
      'SHUTDOWN_IDLE_GRACE_MS',
      `must be less than SHUTDOWN_TIMEOUT_MS (${timeoutMs}; got "${idleGraceMs}")`,
    );
  }
  return Object.freeze({ idleGraceMs, timeoutMs });
}

/** A 1-or-0 setting: `fallback` when unset, anything else refused. */
function switchOn(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (raw !== '1' && raw !== '0') throw new ConfigError(name, `must be 1 or 0 (got "${raw}")`);
  return raw === '1';
}

/** A switch that exists for benchmarks only: off unless set to 1, and never allowed in live. */
function benchSwitch(env: Env, name: string, environment: Environment): boolean {
  const on = switchOn(env, name, false);
  if (on && environment === 'live')
    throw new ConfigError(name, 'is for benchmarks only and is refused when ONPAY_ENV=live');
  return on;
}

function consoleTotp(env: Env, environment: Environment): boolean {
  const requireCode = switchOn(env, 'CONSOLE_REQUIRE_TOTP', true);
  if (!requireCode && environment === 'live')
    throw new ConfigError(
      'CONSOLE_REQUIRE_TOTP',
      'cannot be 0 when ONPAY_ENV=live: operators always sign in with a code there',
    );
  return requireCode;
}

function required(env: Env, name: string, because: string): string {
  const value = read(env, name);
  if (value === undefined) throw new ConfigError(name, `is required when ${because}`);
  return value;
}

function loadEid(env: Env, environment: Environment): EidConfig | null {
  const issuerRaw = read(env, 'EID_ISSUER');
  if (issuerRaw === undefined) return null;
  // The issuer identifier is compared exactly with the one the broker publishes, so it is kept as
  // written (httpUrl would drop a trailing slash some brokers have).
  httpUrl('EID_ISSUER', issuerRaw);
  const issuer = issuerRaw;
  const issuerUrl = new URL(issuer);
  if (environment === 'live' && issuerUrl.protocol !== 'https:')
    throw new ConfigError('EID_ISSUER', 'must be an https:// URL when ONPAY_ENV=live');
  if (issuerUrl.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname)) {
    throw new ConfigError(
      'EID_ISSUER',
      `must be an https:// URL (http only for a local test provider on localhost or 127.0.0.1; got "${issuer}")`,
    );
  }
  const countryCode = (read(env, 'EID_COUNTRY') ?? 'NO').toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode))
    throw new ConfigError('EID_COUNTRY', `must be an ISO 3166-1 alpha-2 code (got "${countryCode}")`);
  return {
    issuer,
    clientId: required(env, 'EID_CLIENT_ID', 'EID_ISSUER is set'),
    clientSecret: required(env, 'EID_CLIENT_SECRET', 'EID_ISSUER is set'),
    scopes: eidScopes(read(env, 'EID_SCOPES')),
    acrValues: read(env, 'EID_ACR_VALUES') ?? null,
    claims: {
      identification: read(env, 'EID_CLAIM_IDENTIFICATION') ?? 'nin',
      birthdate: read(env, 'EID_CLAIM_BIRTHDATE') ?? 'birthdate',
      name: read(env, 'EID_CLAIM_NAME') ?? 'name',
    },
    countryCode,
  };
}

/** Space-separated scopes; `openid` is always requested (without it there is no ID token). */
function eidScopes(raw: string | undefined): string {
  const scopes = (raw ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
  return [...new Set(['openid', ...scopes])].join(' ');
}

function loadDocVendor(env: Env, environment: Environment): DocVendorConfig | null {
  const apiRaw = read(env, 'DOC_API_URL');
  if (apiRaw === undefined) return null;
  const apiUrl = httpUrl('DOC_API_URL', apiRaw);
  if (environment === 'live' && !apiUrl.startsWith('https://'))
    throw new ConfigError('DOC_API_URL', 'must be an https:// URL when ONPAY_ENV=live');
  const webhookSecret = required(env, 'DOC_WEBHOOK_SECRET', 'DOC_API_URL is set');
  if (webhookSecret.length < 16) throw new ConfigError('DOC_WEBHOOK_SECRET', 'must be at least 16 characters long');
  const countryCode = (read(env, 'DOC_COUNTRY') ?? 'NO').toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode))
    throw new ConfigError('DOC_COUNTRY', `must be an ISO 3166-1 alpha-2 code (got "${countryCode}")`);
  const pageOriginRaw = read(env, 'DOC_PAGE_ORIGIN');
  const pageOrigin = pageOriginRaw === undefined ? new URL(apiUrl).origin : httpUrl('DOC_PAGE_ORIGIN', pageOriginRaw);
  if (new URL(pageOrigin).origin !== pageOrigin)
    throw new ConfigError(
      'DOC_PAGE_ORIGIN',
      `must be an origin only, like https://pages.vendor.example (got "${pageOriginRaw}")`,
    );
  if (environment === 'live' && !pageOrigin.startsWith('https://'))
    throw new ConfigError('DOC_PAGE_ORIGIN', 'must be an https:// origin when ONPAY_ENV=live');
  return { apiUrl, apiKey: required(env, 'DOC_API_KEY', 'DOC_API_URL is set'), webhookSecret, countryCode, pageOrigin };
}

const PAYER_VARIABLES = ['PAYER_NAME', 'PAYER_ORG_NUMBER', 'PAYER_ACCOUNT', 'PAYER_BIC'] as const;
const ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];
const ACCOUNT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The MOD11 check digit of `digits` with `weights`; null when there is none (a remainder of 1). */
function mod11(digits: string, weights: readonly number[]): number | null {
  const remainder = weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0) % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check === 10 ? null : check;
}

/**
 * PAYER_*: all four required in live (the first missing one is named); in a sandbox either all
 * unset (the demo payer) or checked like live, so a half-configured payer is noticed at start-up.
 */
function loadPayer(env: Env, environment: Environment): PayerConfig {
  const given = PAYER_VARIABLES.filter((name) => read(env, name) !== undefined);
  if (environment === 'sandbox' && given.length === 0 && read(env, 'PAYER_BANK_CUSTOMER_ID') === undefined)
    return DEMO_PAYER;
  const because = environment === 'live' ? 'ONPAY_ENV=live' : 'another PAYER_ variable is set';
  const name = required(env, 'PAYER_NAME', because);
  if (name.length > 70) throw new ConfigError('PAYER_NAME', `must be at most 70 characters (got ${name.length})`);
  const orgRaw = required(env, 'PAYER_ORG_NUMBER', because);
  const orgNumber = orgRaw.replace(/\s/g, '');
  if (!/^\d{9}$/.test(orgNumber) || mod11(orgNumber, ORG_WEIGHTS) !== Number(orgNumber[8]))
    throw new ConfigError(
      'PAYER_ORG_NUMBER',
      `must be a Norwegian organisation number, 9 digits with a valid MOD11 check digit (got "${orgRaw}")`,
    );
  const accountRaw = required(env, 'PAYER_ACCOUNT', because);
  const bbanDigits = accountRaw.replace(/[ .]/g, '');
  let account: PayerConfig['account'];
  if (/^\d{11}$/.test(bbanDigits)) {
    if (mod11(bbanDigits, ACCOUNT_WEIGHTS) !== Number(bbanDigits[10]))
      throw new ConfigError(
        'PAYER_ACCOUNT',
        `is a Norwegian account number with a wrong MOD11 check digit (got "${accountRaw}")`,
      );
    account = Object.freeze({ style: 'bban', bban: bbanDigits });
  } else {
    const iban = electronicFormatIBAN(accountRaw) ?? '';
    if (!isValidIBAN(iban))
      throw new ConfigError(
        'PAYER_ACCOUNT',
        `must be a Norwegian account number (11 digits, MOD11) or an IBAN (got "${accountRaw}")`,
      );
    account = Object.freeze({ style: 'iban', iban });
  }
  const bicRaw = required(env, 'PAYER_BIC', because);
  const bic = bicRaw.toUpperCase().replace(/\s/g, '');
  if (!isValidBIC(bic)) throw new ConfigError('PAYER_BIC', `must be a BIC of 8 or 11 characters (got "${bicRaw}")`);
  const bankCustomerId = read(env, 'PAYER_BANK_CUSTOMER_ID') ?? null;
  if (bankCustomerId !== null && !/^[A-Za-z0-9-]{1,35}$/.test(bankCustomerId))
    throw new ConfigError(
      'PAYER_BANK_CUSTOMER_ID',
      `must be 1 to 35 letters, digits or hyphens, as the bank gave it (got "${bankCustomerId}")`,
    );
  const address =
    environment === 'live' ? required(env, 'PAYER_ADDRESS', because) : (read(env, 'PAYER_ADDRESS') ?? null);
  if (address !== null && address.length > 200)
    throw new ConfigError('PAYER_ADDRESS', `must be at most 200 characters (got ${address.length})`);
  return Object.freeze({ name, orgNumber, account, bic, bankCustomerId, address, demo: false });
}
