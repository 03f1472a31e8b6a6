import { ConfigError, loadConfig, redact, type Config, type Env } from '../config.js';
import { createDb, type Db } from '../db/kysely.js';
import { migrateToLatest } from '../db/migrator.js';
import { listDrift, renumberLists } from '../db/list-counters.js';
import { AppError } from '../errors.js';
import { fieldKeysForMigrations, keyStatus, rotateKeys } from '../platform/field-keys.js';
import { readServiceAddress } from '../platform/settings.js';
import { createServices } from '../services.js';

/**
 * What a command may use of the world it runs in: the environment it reads its configuration from
 * and where it prints. The entry point passes the process's own; the tests pass their own.
 */
export interface CliContext {
  env: Env;
  stdout(text: string): void;
  stderr(text: string): void;
}

/** A failure the command line reports as one line on stderr. */
export class CliError extends Error {}

/** The command line itself is wrong (exit status 2), found before the database is opened. */
export class UsageError extends CliError {}

/**
 * Exit status 2 for a command line that no database could make right: commander's parse errors,
 * and values a command refuses by their form or range (the services' validation errors).
 */
export function isUsageError(error: unknown): boolean {
  return error instanceof UsageError || (error instanceof AppError && error.code === 'validation_failed');
}

/** Opens the database named by the configuration and proves it answers; one clear line if not. */
export async function openDatabase(config: Config): Promise<Db> {
  let db: Db | null = null;
  try {
    // Opening a SQLite file already writes (WAL mode) or refuses one it may not write.
    db = createDb(config.database, { timeouts: config.databaseTimeouts });
    await db.ping();
    return db;
  } catch (error) {
    await db?.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`cannot open the database DATABASE_URL=${redact(config.database.url)}: ${reason}`, {
      cause: error,
    });
  }
}

/** The base of the links a command prints (set-up links), and where it came from. */
export interface LinkBase {
  url: string;
  /** PUBLIC_BASE_URL; the address the running service published at start-up; or HOST and PORT. */
  source: 'PUBLIC_BASE_URL' | 'published' | 'default';
  /** When the service published it (source `published`). */
  published_at: string | null;
}

/**
 * Where the links a command prints point: PUBLIC_BASE_URL when it is set; else the address the
 * running service published when it started (its PORT may not be this environment's); else the
 * default made from HOST and PORT.
 */
export async function linkBase(config: Config, db: Db): Promise<LinkBase> {
  if (config.publicBaseUrlGiven) return { url: config.publicBaseUrl, source: 'PUBLIC_BASE_URL', published_at: null };
  const published = await readServiceAddress(db.db);
  if (published) return { url: published.url, source: 'published', published_at: published.published_at };
  return { url: config.publicBaseUrl, source: 'default', published_at: null };
}

/** The line that says which address a command's links use, and why. */
export function linkBaseLine(links: LinkBase): string {
  switch (links.source) {
    case 'PUBLIC_BASE_URL':
      return `Links use ${links.url} (PUBLIC_BASE_URL).`;
    case 'published':
      return `Links use ${links.url}: the address the running service published when it started (${links.published_at}); PUBLIC_BASE_URL is not set.`;
    case 'default':
      return `Links use ${links.url}, made from HOST and PORT: PUBLIC_BASE_URL is not set and no service has published its address in this database. Start the service first, or set PUBLIC_BASE_URL.`;
  }
}

/** What operator commands use, from the one composition root (no Redis: the command line limits nothing). */
export async function services(config: Config, db: Db) {
  // Links the commands print (operator set-up links) go where the service really answers.
  const links = await linkBase(config, db);
  const all = await createServices({
    config: links.url === config.publicBaseUrl ? config : Object.freeze({ ...config, publicBaseUrl: links.url }),
    db,
    connectRedis: false,
  });
  return {
    links,
    partners: all.partners,
    terms: all.terms.service,
    tax: all.users.tax,
    privacy: all.privacy,
    payouts: all.payouts.payouts,
    bank: all.bank.files,
    bankImport: all.bank.imports,
    returnUrls: all.verification.returnUrls,
    audit: all.audit,
    requestLog: all.requestLog,
    operators: all.operators,
    webhooks: all.webhooks.service,
    lists: {
      check: () => listDrift(db.db),
      /** What had drifted, then every list renumbered and recounted. */
      recount: () =>
        db.db.transaction().execute(async (trx) => {
          const drift = await listDrift(trx);
          await renumberLists(trx);
          return drift;
        }),
    },
    keys: {
      status: () => keyStatus(db.db, all.fieldCrypto),
      rotate: (kind: 'data' | 'index') => rotateKeys(db.db, all.fieldCrypto, kind),
    },
  };
}

export type Services = Awaited<ReturnType<typeof services>>;

/** Runs one operator command against a migrated database, then closes it. */
export async function withServices<T>(
  ctx: CliContext,
  work: (services: Services, config: Config, db: Db) => Promise<T>,
): Promise<T> {
  const config = loadConfig(ctx.env);
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db, fieldKeysForMigrations(config));
    return await work(await services(config, db), config, db);
  } finally {
    await db.close();
  }
}

/** A field a service names, as the command line names it: its option (`free_card` → `--free-card`). */
function optionOf(field: string): string {
  if (field === 'tax') return 'set-tax (--percent, --type, --table, --start, --free-card)';
  return `--${field.replace(/_/g, '-')}`;
}

/** What to run instead of a refused return-URL decision (the service names the decision, not a command). */
const INSTEAD: Record<string, string> = {
  revoke: 'to withdraw it',
  reject: 'to turn it down',
  approve: 'to approve it',
};

/** A service's error in the command line's words: fields by their options, what to do instead as a command. */
function inCommandWords(error: AppError): string {
  const worded = error.wordedFor(optionOf);
  const instead = error.details?.instead;
  const id = error.details?.id;
  if (error.code === 'conflict' && typeof instead === 'string' && INSTEAD[instead] && id !== undefined)
    return `${error.message.slice(0, error.message.endsWith('.') ? -1 : undefined)}; ${INSTEAD[instead]}, run \`onpay return-url ${instead} ${String(id)}\`.`;
  const fields = worded.fieldErrors ? Object.values(worded.fieldErrors).flat() : [];
  return fields.length > 1 ? fields.join(' ') : worded.message;
}

/** The one line printed for a failed command. */
export function describeFailure(error: unknown): string {
  if (error instanceof ConfigError) return `invalid configuration: ${error.message}`;
  if (error instanceof AppError) return inCommandWords(error);
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Prints the result: one JSON object with --json, otherwise readable lines. */
export function output(ctx: CliContext, json: boolean, value: Record<string, unknown>, human: string): void {
  ctx.stdout(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}

/** An id argument or option; a number beyond the id range is left to the service, where it names nothing. */
export function positiveInt(name: string, raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`${name} must be a positive whole number (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}
