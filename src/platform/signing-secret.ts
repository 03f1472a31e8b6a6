import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect.js';
import { randomToken } from './secrets.js';
import { insertSetting, readSetting } from './settings.js';

const SETTING = 'signing_secret';

/**
 * ONPAY_SECRET when set; otherwise (sandbox only, config enforces it) a secret generated once and
 * kept in the database, so links stay valid across restarts and instances.
 */
export async function resolveSigningSecret(db: Kysely<Database>, config: Pick<Config, 'secret'>): Promise<string> {
  if (config.secret) return config.secret;
  const existing = await readSetting(db, SETTING);
  if (existing !== undefined) return existing;
  try {
    await insertSetting(db, SETTING, randomToken(48));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Another instance may have generated it at the same moment: theirs is the one.
  return (await readSetting(db, SETTING)) as string;
}
