/** The mail module's part of the person's rights: mail to their address, exported and erased. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { deleteMailTo, mailTo } from './rights.repository.js';

/** A sign-in link inside a body: the token is a secret, even in the person's own copy. */
const LOGIN_TOKEN = /\/login\/[A-Za-z0-9._~-]+/g;

export function createMailRights({ db, crypto }: { db: Kysely<Database>; crypto: FieldCrypto }) {
  return {
    /** Every mail to the address, with its text; sign-in tokens in it are replaced by `…`. */
    async exportOf(address: string) {
      return (await mailTo(db, crypto, address)).map((mail) => ({
        id: mail.id,
        partner_id: mail.partner_id,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body.replace(LOGIN_TOKEN, '/login/…'),
        status: mail.status,
        created_at: mail.created_at,
        sent_at: mail.sent_at,
      }));
    },
    /** Removes every mail to the address (bodies and address); a pending one is never sent. */
    erase: (trx: Transaction<Database>, address: string) => deleteMailTo(trx, address),
  };
}

export type MailRights = ReturnType<typeof createMailRights>;
