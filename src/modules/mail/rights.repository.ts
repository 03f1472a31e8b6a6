/** The SQL of the person's rights (export and erasure) on the mail module's tables. */
import type { Executor, MailRow } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { openMail } from './mail.repository.js';

/** Mail to this address (compared without letter case), oldest first, bodies opened: a person's export. */
export async function mailTo(db: Executor, crypto: FieldCrypto, address: string): Promise<MailRow[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', address.toLowerCase()))
    .orderBy('id')
    .execute();
  return rows.map((row) => openMail(crypto, row));
}

/** Erasure: every mail to this address goes, bodies and address with it (one still pending is never sent). */
export async function deleteMailTo(trx: Executor, address: string): Promise<void> {
  await trx
    .deleteFrom('mail_outbox')
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', address.toLowerCase()))
    .execute();
}
