import type { Executor } from '../db/database.js';

/**
 * The service's own settings: a small table of named values (the generated signing secret, the
 * demo partner's claim), owned by the platform, not by any module.
 */
export async function readSetting(db: Executor, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Stores a setting under its unique name; throws a unique violation when it is already there. */
export async function insertSetting(db: Executor, name: string, value: string): Promise<void> {
  await db.insertInto('settings').values({ name, value }).execute();
}

/** Stores a setting, replacing the value it had. */
export async function writeSetting(db: Executor, name: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

const SERVICE_ADDRESS = 'service_address';

/** The address a running service serves on (its links' base), and when it started there. */
export interface ServiceAddress {
  url: string;
  published_at: string;
}

/**
 * Records the address a service started on (`onpay serve`, once listening), for the command line:
 * without PUBLIC_BASE_URL it prints links under it (README, "The address in printed links"). The
 * last to start wins.
 */
export async function publishServiceAddress(db: Executor, address: ServiceAddress): Promise<void> {
  await writeSetting(db, SERVICE_ADDRESS, JSON.stringify(address));
}

/** The address the last service to start published, or null (none has; or a value this version cannot read). */
export async function readServiceAddress(db: Executor): Promise<ServiceAddress | null> {
  const raw = await readSetting(db, SERVICE_ADDRESS);
  if (raw === undefined) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ServiceAddress>;
    return typeof parsed.url === 'string' && typeof parsed.published_at === 'string'
      ? { url: parsed.url, published_at: parsed.published_at }
      : null;
  } catch {
    return null;
  }
}
