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
