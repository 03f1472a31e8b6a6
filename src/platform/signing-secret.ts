import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect.js';
import { randomToken } from './secrets.js';

const SETTING = 'signing_secret';

/**
 * ONPAY_SECRET when set; otherwise (sandbox only, config enforces it) a secret generated once and
 * kept in the database, so links stay valid across restarts and instances.
 */
export async function resolveSigningSecret(db: Kysely<Database>, config: Pick<Config, 'secret'>): Promise<string> {
  if (config.secret) return config.secret;
  const existing = await db.selectFrom('settings').select('value').where('name', '=', SETTING).executeTakeFirst();
  if (existing) return existing.value;
  try {
    await db.insertInto('settings').values({ name: SETTING, value: randomToken(48) }).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await db.selectFrom('settings').select('value').where('name', '=', SETTING).executeTakeFirstOrThrow();
  return row.value;
}
