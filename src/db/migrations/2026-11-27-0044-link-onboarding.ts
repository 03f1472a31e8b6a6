import { sql, type Kysely } from 'kysely';
import type { Executor } from '../database.js';
import { storeEveryOnboarding } from '../link-onboarding.js';

/**
 * Each link's onboarding stored on the link (docs/decisions.md §28): `partner_users.onboarded`,
 * 1 when that partner's onboarding is complete, else 0, kept by every writer of an input in its
 * transaction (src/db/link-onboarding.ts). Filled here for the existing links by the rule the
 * service evaluates on every read, a batch of people at a time; then the console's "not onboarded"
 * filter gets partial indexes like 0041's, holding only the links not onboarded: by last change
 * (every partner) and by partner, then last change.
 */
export const NAME = '2026-11-27-0044-link-onboarding';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('partner_users')
    .addColumn('onboarded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await storeEveryOnboarding(db as Executor);
  await db.schema
    .createIndex('partner_users_not_onboarded_idx')
    .on('partner_users')
    .columns(['updated_at', 'user_id', 'partner_id'])
    .where(sql.ref('onboarded'), '=', sql.lit(0))
    .execute();
  await db.schema
    .createIndex('partner_users_not_onboarded_partner_idx')
    .on('partner_users')
    .columns(['partner_id', 'updated_at', 'user_id'])
    .where(sql.ref('onboarded'), '=', sql.lit(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('partner_users_not_onboarded_partner_idx').execute();
  await db.schema.dropIndex('partner_users_not_onboarded_idx').execute();
  await db.schema.alterTable('partner_users').dropColumn('onboarded').execute();
}
