import { sql, type Kysely } from 'kysely';

/**
 * The console's "what is stuck" filters (docs/decisions.md §28), each served by an index, so the
 * page and its exact total read index entries only (issue 24):
 * - links with no bank account, and links that are invited only (no profile, no bank account, no
 *   verification of that partner's), each as a partial index holding only those links: by last
 *   change (every partner) and by partner, then last change;
 * - verification sessions by status, partner and last change (the filter by partner of "ended in
 *   an error" and "waiting for verification"; without a partner the console index of 0013 serves);
 * - login links by person, newest first (the mail and login links on an employee's console page).
 */
const NO_BANK = ['bank_account_number', 'bank_iban_number'] as const;
const INVITED_ONLY = ['profile_completed_at', 'identity_verified_at', ...NO_BANK] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, nulls] of [
    ['no_bank', NO_BANK],
    ['invited', INVITED_ONLY],
  ] as const) {
    let byChange = db.schema
      .createIndex(`partner_users_${name}_idx`)
      .on('partner_users')
      .columns(['updated_at', 'user_id', 'partner_id']);
    let byPartner = db.schema
      .createIndex(`partner_users_${name}_partner_idx`)
      .on('partner_users')
      .columns(['partner_id', 'updated_at', 'user_id']);
    for (const column of nulls) {
      byChange = byChange.where(sql.ref(column), 'is', null);
      byPartner = byPartner.where(sql.ref(column), 'is', null);
    }
    await byChange.execute();
    await byPartner.execute();
  }
  await db.schema
    .createIndex('verification_sessions_status_partner_idx')
    .on('verification_sessions')
    .columns(['status', 'partner_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('login_links_user_idx').on('login_links').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_links_user_idx').execute();
  await db.schema.dropIndex('verification_sessions_status_partner_idx').execute();
  for (const name of ['invited', 'no_bank']) {
    await db.schema.dropIndex(`partner_users_${name}_partner_idx`).execute();
    await db.schema.dropIndex(`partner_users_${name}_idx`).execute();
  }
}
