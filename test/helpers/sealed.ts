/**
 * The person's data on links and payouts is stored encrypted (src/db/sealed-columns.ts): tests
 * that read or set those columns directly go through these, which seal and open them as the
 * repositories do, with the app's own keys.
 */
import type { LinkUpdate, MailRow, PartnerUserRow } from '../../src/db/database.js';
import { openValues, sealValues } from '../../src/db/sealed-columns.js';
import type { TestApp } from './app.js';

/** A partner's link as stored, its encrypted columns opened. */
export async function readLink(t: TestApp, partnerId: number, userId: number): Promise<PartnerUserRow> {
  const row = await t.db.db
    .selectFrom('partner_users')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return openValues(t.services.fieldCrypto, 'partner_users', row, row);
}

/** Every link of a person, oldest partner id first, opened. */
export async function readLinksOf(t: TestApp, userId: number): Promise<PartnerUserRow[]> {
  const rows = await t.db.db
    .selectFrom('partner_users')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('partner_id')
    .execute();
  return rows.map((row) => openValues(t.services.fieldCrypto, 'partner_users', row, row));
}

/** Sets columns of a link directly (facts a test does not reach through the API), sealed as the repository would. */
export async function writeLink(t: TestApp, partnerId: number, userId: number, values: LinkUpdate): Promise<void> {
  await t.db.db
    .updateTable('partner_users')
    .set(sealValues(t.services.fieldCrypto, 'partner_users', { partner_id: partnerId, user_id: userId }, values))
    .where('partner_id', '=', partnerId)
    .where('user_id', '=', userId)
    .execute();
}

/** The account copied onto a payout, opened. */
export async function payoutAccount(t: TestApp, payoutId: number) {
  const row = await t.db.db
    .selectFrom('payouts')
    .select(['id', 'bank_account_number', 'bank_iban_number', 'bank_bic_number'])
    .where('id', '=', payoutId)
    .executeTakeFirstOrThrow();
  const { id: _id, ...account } = openValues(t.services.fieldCrypto, 'payouts', row, row);
  return account;
}

/** A mail row read directly, its bodies opened as the mail repository opens them. */
export function openedMail<T extends MailRow>(t: TestApp, row: T): T {
  return openValues(t.services.fieldCrypto, 'mail_outbox', row, row);
}

/** What a provider left on a verification session (its state, its outcome text), opened. */
export async function sessionSealed(t: TestApp, id: string) {
  const row = await t.db.db
    .selectFrom('verification_sessions')
    .select(['id', 'provider_state', 'outcome_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return openValues(t.services.fieldCrypto, 'verification_sessions', row, row);
}
