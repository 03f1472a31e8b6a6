import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PAYER, loadConfig, redact } from '../src/config.js';

/** Runs loadConfig and returns the ConfigError it throws (fails the test if it does not throw one). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const LIVE_OK = {
  ONPAY_ENV: 'live',
  ONPAY_SECRET: 's'.repeat(32),
  SMTP_URL: 'smtp://mail.example:25',
  PUBLIC_BASE_URL: 'https://onpay.example',
  PAYER_NAME: 'Onpay Test AS',
  PAYER_ORG_NUMBER: '987654325',
  PAYER_ACCOUNT: '8601.11.17947',
  PAYER_BIC: 'DNBANOKK',
  PAYER_ADDRESS: 'Testveien 1, 0150 Oslo',
  ONPAY_DATA_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
  ONPAY_INDEX_KEYS: `i1:${Buffer.alloc(32, 2).toString('base64')}`,
};

const KEY_A = Buffer.alloc(32, 7).toString('base64');
const KEY_B = Buffer.alloc(32, 8).toString('base64');

describe('the field-encryption keys (ONPAY_DATA_KEYS, ONPAY_INDEX_KEYS)', () => {
  it('reads a list of keys, the first one writing; a sandbox without them leaves them to be generated', () => {
    const config = loadConfig({ ONPAY_DATA_KEYS: `new:${KEY_A}, old:${KEY_B}`, ONPAY_INDEX_KEYS: `i1:${KEY_B}` });
    expect(config.dataKeys?.map((k) => [k.id, k.key.toString('base64')])).toEqual([
      ['new', KEY_A],
      ['old', KEY_B],
    ]);
    expect(config.indexKeys?.map((k) => k.id)).toEqual(['i1']);
    expect(loadConfig({})).toMatchObject({ dataKeys: null, indexKeys: null });
  });

  it.each(['ONPAY_DATA_KEYS', 'ONPAY_INDEX_KEYS'])(
    'live start-up without %s stops with one line naming it',
    (variable) => {
      const error = configError({ ...LIVE_OK, [variable]: '' });
      expect(error.variable).toBe(variable);
      expect(error.message).toBe(
        `${variable} is required when ONPAY_ENV=live (<id>:<base64 of 32 bytes>[,<id>:<...>])`,
      );
    },
  );

  it.each([
    [`k1${KEY_A}`, 'entry 1 must be <id>:<base64 of 32 bytes>'],
    [`k 1:${KEY_A}`, 'entry 1 must be <id>:<base64 of 32 bytes>'],
    [`k1:${KEY_A},:${KEY_B}`, 'entry 2 must be <id>:<base64 of 32 bytes>'],
    ['k1:not*base64!', 'key "k1" is not valid base64'],
    [`k1:${Buffer.alloc(16).toString('base64')}`, 'key "k1" must be 32 bytes (got 16)'],
    [`k1:${KEY_A},k1:${KEY_B}`, 'key id "k1" appears twice'],
  ])('refuses %s with one line that shows no key material', (raw, message) => {
    for (const variable of ['ONPAY_DATA_KEYS', 'ONPAY_INDEX_KEYS']) {
      const error = configError({ [variable]: raw });
      expect(error.variable).toBe(variable);
      expect(error.message).toContain(`${variable} ${message}`);
      expect(error.message).not.toContain(KEY_A);
      expect(error.message).not.toContain(KEY_B);
      expect(error.message).not.toContain('\n');
    }
  });
});

describe('loadConfig defaults', () => {
  it('fills every documented default from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicBaseUrl: 'http://127.0.0.1:8080',
      database: { engine: 'sqlite', path: './data/onpay.db', url: 'sqlite:./data/onpay.db' },
      redisUrl: null,
      env: 'sandbox',
      secret: null,
      smtpUrl: null,
      mailFrom: null,
      logLevel: 'info',
      rateLimitPerMinute: 500,
      rateLimitUnauthenticatedPerMinute: 100,
      rateLimitPagesPerMinute: 300,
      rateLimitRedisTimeoutMs: 250,
      trustProxy: null,
      idempotencyTtlDays: 30,
      webhookTimeoutMs: 10_000,
    });
  });

  it('reads WEBHOOK_TIMEOUT_MS, and refuses one out of range in one line naming it', () => {
    expect(loadConfig({ WEBHOOK_TIMEOUT_MS: '250' }).webhookTimeoutMs).toBe(250);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '10' })).toThrow(
      'WEBHOOK_TIMEOUT_MS must be a whole number from 50 to 60000 (got "10")',
    );
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '5s' })).toThrow(/^WEBHOOK_TIMEOUT_MS /);
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '  ', ONPAY_ENV: '', DATABASE_URL: ' ', RATE_LIMIT_PER_MINUTE: '' });
    expect(config.port).toBe(8080);
    expect(config.env).toBe('sandbox');
    expect(config.database.url).toBe('sqlite:./data/onpay.db');
    expect(config.rateLimitPerMinute).toBe(500);
  });

  it('is frozen', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.database)).toBe(true);
  });

  it.each([
    [{ PORT: '9000' }, 'http://127.0.0.1:9000'],
    [{ HOST: 'api.internal', PORT: '3000' }, 'http://api.internal:3000'],
    // A wildcard listen address is not a place a browser can go to.
    [{ HOST: '0.0.0.0' }, 'http://127.0.0.1:8080'],
    [{ HOST: '::1' }, 'http://[::1]:8080'],
    [{ PUBLIC_BASE_URL: 'https://pay.example.com/' }, 'https://pay.example.com'],
    [{ PUBLIC_BASE_URL: 'https://pay.example.com/onpay//' }, 'https://pay.example.com/onpay'],
  ])('derives PUBLIC_BASE_URL from %j as %s', (env, expected) => {
    expect(loadConfig(env).publicBaseUrl).toBe(expected);
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://onpay:pw@db.internal:5432/onpay',
      REDIS_URL: 'rediss://cache.internal:6380',
      LOG_LEVEL: 'debug',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '20',
      RATE_LIMIT_PAGES_PER_MINUTE: '40',
      RATE_LIMIT_REDIS_TIMEOUT_MS: '1000',
      TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16 ,fd00::/8,loopback',
      MAIL_FROM: 'onpay <noreply@onpay.example>',
      ...LIVE_OK,
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      database: { engine: 'postgres', url: 'postgres://onpay:pw@db.internal:5432/onpay' },
      redisUrl: 'rediss://cache.internal:6380',
      env: 'live',
      secret: 's'.repeat(32),
      smtpUrl: 'smtp://mail.example:25',
      mailFrom: 'onpay <noreply@onpay.example>',
      logLevel: 'debug',
      rateLimitPerMinute: 100000,
      rateLimitUnauthenticatedPerMinute: 20,
      rateLimitPagesPerMinute: 40,
      rateLimitRedisTimeoutMs: 1000,
      trustProxy: '10.0.0.1,10.1.0.0/16,fd00::/8,loopback',
      publicBaseUrl: 'https://onpay.example',
    });
  });

  it.each(['sqlite::memory:', 'sqlite:/var/lib/onpay/onpay.db'])('accepts DATABASE_URL=%s', (url) => {
    const config = loadConfig({ DATABASE_URL: url });
    expect(config.database).toEqual({ engine: 'sqlite', path: url.slice('sqlite:'.length), url });
  });
});

describe('loadConfig rejects bad values with one line naming the variable', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['ONPAY_ENV', { ONPAY_ENV: 'prod' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'sqlite:' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://' }],
    ['REDIS_URL', { REDIS_URL: 'http://x' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: '0' }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: 'lots' }],
    ['RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE', { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '0' }],
    ['RATE_LIMIT_PAGES_PER_MINUTE', { RATE_LIMIT_PAGES_PER_MINUTE: 'many' }],
    ['RATE_LIMIT_REDIS_TIMEOUT_MS', { RATE_LIMIT_REDIS_TIMEOUT_MS: '5' }],
    ['RATE_LIMIT_REDIS_TIMEOUT_MS', { RATE_LIMIT_REDIS_TIMEOUT_MS: '60000' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,proxy.internal' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'ftp://x' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'not a url' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'https://onpay.example/?q=1' }],
    ['PUBLIC_BASE_URL', { ...LIVE_OK, PUBLIC_BASE_URL: 'http://onpay.example' }],
    ['ONPAY_SECRET', { ...LIVE_OK, ONPAY_SECRET: '' }],
    ['ONPAY_SECRET', { ONPAY_SECRET: 'too-short' }],
    ['ONPAY_SECRET', { ...LIVE_OK, ONPAY_SECRET: 'x'.repeat(31) }],
    ['SMTP_URL', { ...LIVE_OK, SMTP_URL: '' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example' }],
    ['MAIL_FROM', { MAIL_FROM: 'not an address' }],
  ];

  it.each(cases)('%s from %j', (variable, env) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.name).toBe('ConfigError');
    expect(error.message.startsWith(`${variable} `)).toBe(true);
    expect(error.message).not.toMatch(/[\r\n]/);
    expect(error.message.length).toBeLessThan(200);
  });

  it('names the offending value so the operator can find it', () => {
    expect(configError({ PORT: 'abc' }).message).toContain('"abc"');
    expect(configError({ ONPAY_ENV: 'prod' }).message).toContain('"prod"');
    expect(configError({ LOG_LEVEL: 'loud' }).message).toContain('"loud"');
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'mysql://onpay:hunter2@db.internal/onpay' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://:hunter2@db.internal/onpay' }],
    ['REDIS_URL', { REDIS_URL: 'http://default:hunter2@cache.internal:6379' }],
    ['REDIS_URL', { REDIS_URL: 'http://:hunter2@cache.internal:6379' }],
    ['SMTP_URL', { SMTP_URL: 'http://mailer:hunter2@mail.internal' }],
    ['SMTP_URL', { SMTP_URL: 'http://mailer:p@ss-hunter2@mail.internal' }],
  ])('does not print the password of a bad %s', (variable, env) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).not.toContain('hunter2');
  });

  it('never prints ONPAY_SECRET itself', () => {
    expect(configError({ ONPAY_SECRET: 'hunter2-secret' }).message).not.toContain('hunter2');
  });
});

describe('redact', () => {
  it.each([
    ['postgres://onpay:hunter2@db:5432/onpay', 'postgres://onpay:***@db:5432/onpay'],
    ['redis://:hunter2@cache:6379', 'redis://:***@cache:6379'],
    ['smtp://mailer:p@ss@mail:25/x', 'smtp://mailer:***@mail:25/x'],
    ['postgres://db:5432/onpay', 'postgres://db:5432/onpay'],
    ['sqlite:./data/onpay.db', 'sqlite:./data/onpay.db'],
  ])('%s → %s', (raw, expected) => {
    expect(redact(raw)).toBe(expected);
  });
});

describe('database timeouts and shutdown', () => {
  it('defaults: SQLite waits 5 s for the lock; PostgreSQL statements 5 s, answers 7 s, connections 5 s; drain 2 s idle, 10 s at most', () => {
    const config = loadConfig({});
    expect(config.databaseTimeouts).toEqual({ busyMs: 5000, statementMs: 5000, queryMs: 7000, connectMs: 5000 });
    expect(config.shutdown).toEqual({ idleGraceMs: 2000, timeoutMs: 10_000 });
  });

  it('reads every variable; the client-side query timeout follows a raised statement timeout', () => {
    const config = loadConfig({
      DATABASE_BUSY_TIMEOUT_MS: '250',
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      SHUTDOWN_IDLE_GRACE_MS: '500',
      SHUTDOWN_TIMEOUT_MS: '60000',
    });
    expect(config.databaseTimeouts).toEqual({ busyMs: 250, statementMs: 30_000, queryMs: 32_000, connectMs: 1500 });
    expect(config.shutdown).toEqual({ idleGraceMs: 500, timeoutMs: 60_000 });
  });

  it.each([
    ['DATABASE_BUSY_TIMEOUT_MS', { DATABASE_BUSY_TIMEOUT_MS: '5s' }],
    ['DATABASE_STATEMENT_TIMEOUT_MS', { DATABASE_STATEMENT_TIMEOUT_MS: '0' }],
    ['DATABASE_QUERY_TIMEOUT_MS', { DATABASE_STATEMENT_TIMEOUT_MS: '5000', DATABASE_QUERY_TIMEOUT_MS: '5000' }],
    ['DATABASE_CONNECT_TIMEOUT_MS', { DATABASE_CONNECT_TIMEOUT_MS: '-1' }],
    ['SHUTDOWN_IDLE_GRACE_MS', { SHUTDOWN_IDLE_GRACE_MS: '10000', SHUTDOWN_TIMEOUT_MS: '10000' }],
    ['SHUTDOWN_TIMEOUT_MS', { SHUTDOWN_TIMEOUT_MS: 'soon' }],
  ])('refuses a bad %s', (variable, env) => {
    expect(configError(env).variable).toBe(variable);
  });
});

describe('the payer of payment files (PAYER_*)', () => {
  it('a sandbox without PAYER_* pays from the documented demo payer', () => {
    expect(loadConfig({}).payer).toEqual(DEMO_PAYER);
    expect(DEMO_PAYER).toMatchObject({ orgNumber: '923609016', account: { style: 'bban', bban: '12345678903' } });
  });

  it('reads the payer: a Norwegian account as BBAN (separators dropped), an IBAN in its electronic form, the BIC upper case', () => {
    expect(loadConfig(LIVE_OK).payer).toEqual({
      name: 'Onpay Test AS',
      orgNumber: '987654325',
      account: { style: 'bban', bban: '86011117947' },
      bic: 'DNBANOKK',
      bankCustomerId: null,
      address: 'Testveien 1, 0150 Oslo',
      demo: false,
    });
    const iban = loadConfig({
      ...LIVE_OK,
      PAYER_ACCOUNT: 'NO93 8601 1117 947',
      PAYER_BIC: 'dnbanokkxxx',
      PAYER_BANK_CUSTOMER_ID: 'AGR-12345',
    }).payer;
    expect(iban).toMatchObject({
      account: { style: 'iban', iban: 'NO9386011117947' },
      bic: 'DNBANOKKXXX',
      bankCustomerId: 'AGR-12345',
    });
  });

  it.each(['PAYER_NAME', 'PAYER_ORG_NUMBER', 'PAYER_ACCOUNT', 'PAYER_BIC', 'PAYER_ADDRESS'])(
    'live start-up without %s stops with one line naming it',
    (variable) => {
      const error = configError({ ...LIVE_OK, [variable]: '' });
      expect(error.variable).toBe(variable);
      expect(error.message).toBe(`${variable} is required when ONPAY_ENV=live`);
    },
  );

  it('a sandbox given part of the payer names what is missing (no silent demo payer)', () => {
    expect(configError({ PAYER_NAME: 'Acme AS' }).message).toBe(
      'PAYER_ORG_NUMBER is required when another PAYER_ variable is set',
    );
  });

  it.each([
    ['PAYER_ORG_NUMBER', { PAYER_ORG_NUMBER: '987654321' }, 'MOD11'],
    ['PAYER_ORG_NUMBER', { PAYER_ORG_NUMBER: '98765432' }, '9 digits'],
    ['PAYER_ACCOUNT', { PAYER_ACCOUNT: '86011117948' }, 'wrong MOD11 check digit'],
    ['PAYER_ACCOUNT', { PAYER_ACCOUNT: 'NO9486011117947' }, 'or an IBAN'],
    ['PAYER_BIC', { PAYER_BIC: 'DNBANOKKX' }, '8 or 11 characters'],
    ['PAYER_NAME', { PAYER_NAME: 'x'.repeat(71) }, 'at most 70'],
    ['PAYER_BANK_CUSTOMER_ID', { PAYER_BANK_CUSTOMER_ID: 'has spaces' }, 'letters, digits or hyphens'],
  ])('refuses a bad %s in one line', (variable, env, words) => {
    const error = configError({ ...LIVE_OK, ...env });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(words);
    expect(error.message).not.toContain('\n');
  });
});
