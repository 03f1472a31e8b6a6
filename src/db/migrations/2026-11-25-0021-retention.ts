import type { Kysely } from 'kysely';

/** Every mail queued before this migration carried a login link, which lived 24 hours. */
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Retention (docs/data-protection.md, "Retention"): a mail's body is removed by `body_expires_at`
 * at the latest (a login link's mail: when the link expires), and `body_removed_at` says when it
 * was; the row stays as the record that the mail was sent. A login link knows its mail
 * (`mail_id`), so using the link removes the mail's body at once.
 *
 * Mail already queued gets the expiry of the link in it: 24 hours after it was queued (those
 * older than that lose their bodies at the first housekeeping round).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('body_expires_at', 'varchar(32)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('body_removed_at', 'varchar(32)').execute();
  await db.schema.alterTable('login_links').addColumn('mail_id', 'integer').execute();

  const cutoff = new Date(Date.now() - LINK_LIFETIME_MS).toISOString();
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ body_expires_at: eb.ref('created_at') }))
    .where('created_at', '<=', cutoff)
    .execute();
  const recent = await db
    .selectFrom('mail_outbox')
    .select(['id', 'created_at'])
    .where('created_at', '>', cutoff)
    .execute();
  for (const row of recent as Array<{ id: number; created_at: string }>) {
    const expiresAt = new Date(Date.parse(row.created_at) + LINK_LIFETIME_MS).toISOString();
    await db.updateTable('mail_outbox').set({ body_expires_at: expiresAt }).where('id', '=', row.id).execute();
  }

  await db.schema
    .createIndex('mail_outbox_body_due_idx')
    .on('mail_outbox')
    .columns(['body_removed_at', 'body_expires_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_body_due_idx').execute();
  await db.schema.alterTable('login_links').dropColumn('mail_id').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('body_removed_at').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('body_expires_at').execute();
}
