/**
 * Payment files and the bank history stored encrypted (docs/data-protection.md, "Encryption at
 * rest"): after an export and an import, the bank tables hold none of the creditors' names,
 * accounts, IBANs or BICs, nor the bank's words about a person; the file is still served as sent
 * (its SHA-256 is the one recorded); a file's content or a line's text moved to another row does
 * not decrypt. On the engine under test.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../src/platform/field-crypto.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { pain002, parsePain001 } from '../helpers/bank.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { DE_IBAN, DEUTSCHE_BIC, DNB_BIC, NO_ACCOUNT, NO_IBAN, putProfile } from '../helpers/users.js';

const BANK_TABLES = [
  'bank_files',
  'bank_file_payouts',
  'bank_reports',
  'bank_report_files',
  'bank_payout_history',
] as const;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe(`payment files and bank history stored encrypted on ${testEngine}`, () => {
  let t: TestApp;
  let op: Browser;
  let acme: TestPartner;
  let domestic: Employee;
  let foreign: Employee;
  let viaIban: Employee;
  let first: { fileId: number; xml: string };
  let rejectedPayout: number;
  const REASON = 'Konto 12345678903 tilhører ikke Åse Bjørg Sæther';

  async function exportOne(employees: Employee[]) {
    await createPayouts(t, acme, batch(employees.map((e) => item(e))));
    const exported = await t.services.bank.files.exportFile({});
    expect(exported.fileId).not.toBeNull();
    return { fileId: exported.fileId as number, xml: exported.xml!.toString('utf8') };
  }

  /** Every row of the bank tables as the database holds them, as one text. */
  async function rawBankRows(): Promise<string> {
    const tables = await Promise.all(BANK_TABLES.map((table) => t.db.db.selectFrom(table).selectAll().execute()));
    return JSON.stringify(tables);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    op = await signedIn(t, await readyOperator(t, 'operator'));
    acme = await t.partner('Acme');
    domestic = await onboardedEmployee(t, acme);
    await putProfile(t, acme, domestic.id, { first_name: 'Åse Bjørg', last_name: 'Sæther' });
    foreign = await onboardedEmployee(t, acme);
    await putProfile(t, acme, foreign.id, { first_name: 'Zoë', last_name: 'Ødegård' });
    const de = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${foreign.id}`,
      payload: { bank_iban_number: DE_IBAN, bank_bic_number: DEUTSCHE_BIC },
    });
    expect(de.statusCode, de.body).toBe(200);
    viaIban = await onboardedEmployee(t, acme);
    const no = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${viaIban.id}`,
      payload: { bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC },
    });
    expect(no.statusCode, no.body).toBe(200);

    first = await exportOne([domestic, foreign, viaIban]);
    // The bank rejects the domestic payment, in words that name the person and the account.
    const doc = parsePain001(first.xml);
    const info = doc.PmtInf.find((p) => p.CdtTrfTxInf.some((tx) => tx.Cdtr.Nm === 'Åse Bjørg Sæther'))!;
    const tx = info.CdtTrfTxInf.find((x) => x.Cdtr.Nm === 'Åse Bjørg Sæther')!;
    rejectedPayout = Number(tx.PmtId.EndToEndId.slice(`OP-${first.fileId}-`.length));
    const report = await t.services.bank.imports.importReport(
      Buffer.from(
        pain002({
          version: '03',
          msgId: 'RJCT-SEALED-1',
          orgnlMsgId: doc.GrpHdr.MsgId,
          infos: [
            {
              pmtInfId: info.PmtInfId,
              txs: [{ trace: tx.PmtId.EndToEndId, sts: 'RJCT', reason: { code: 'AC01', text: REASON } }],
            },
          ],
        }),
      ),
    );
    expect(report).toMatchObject({ applied: 1, problems: [] });
  }, 60_000);
  afterAll(() => t?.close());

  it('the bank tables hold none of the names, accounts, IBANs, BICs or the bank’s words in clear', async () => {
    // The file did carry them: what is stored is that file, encrypted.
    for (const value of ['Åse Bjørg Sæther', 'Zoe Odegard', NO_ACCOUNT, DE_IBAN, DEUTSCHE_BIC, NO_IBAN.slice(4)])
      expect(first.xml).toContain(value);
    const raw = await rawBankRows();
    for (const value of [
      'Åse',
      'Sæther',
      'Zoe Odegard',
      NO_ACCOUNT,
      DE_IBAN,
      DEUTSCHE_BIC,
      NO_IBAN.slice(4),
      'tilhører',
    ])
      expect(raw, value).not.toContain(value);
    const file = await t.db.db
      .selectFrom('bank_files')
      .select('content')
      .where('id', '=', first.fileId)
      .executeTakeFirstOrThrow();
    expect(isSealed(file.content)).toBe(true);
    const line = await t.db.db
      .selectFrom('bank_payout_history')
      .select('text')
      .where('payout_id', '=', rejectedPayout)
      .executeTakeFirstOrThrow();
    expect(isSealed(line.text as string)).toBe(true);
    // Read through the service, the bank's words are as it wrote them.
    expect((await t.services.bank.files.history(rejectedPayout)).map((h) => h.text)).toEqual([REASON]);
    // The same words on the failed payout itself: encrypted for its row, shown to its partner as written.
    const payout = await t.db.db
      .selectFrom('payouts')
      .select('failure_message')
      .where('id', '=', rejectedPayout)
      .executeTakeFirstOrThrow();
    expect(isSealed(payout.failure_message as string)).toBe(true);
    const shown = await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${rejectedPayout}` });
    expect(shown.json()).toMatchObject({ status: 'failed', failure_code: 'AC01', failure_message: REASON });
  });

  it('the download (console and service) is the file as sent: its SHA-256 is the one recorded at export', async () => {
    const { sha256: recorded } = await t.db.db
      .selectFrom('bank_files')
      .select('sha256')
      .where('id', '=', first.fileId)
      .executeTakeFirstOrThrow();
    expect(sha256(Buffer.from(first.xml, 'utf8'))).toBe(recorded);
    const res = await op.get(`/console/bank/files/${first.fileId}/download`);
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(recorded);
    const { xml } = await t.services.bank.files.download(first.fileId);
    expect(sha256(Buffer.from(xml, 'utf8'))).toBe(recorded);
  });

  it('a file’s content moved onto another file does not decrypt: the download fails, never serving the other file', async () => {
    const second = await exportOne([domestic]);
    const moved = await t.db.db
      .selectFrom('bank_files')
      .select('content')
      .where('id', '=', first.fileId)
      .executeTakeFirstOrThrow();
    const own = await t.db.db
      .selectFrom('bank_files')
      .select('content')
      .where('id', '=', second.fileId)
      .executeTakeFirstOrThrow();
    await t.db.db.updateTable('bank_files').set(moved).where('id', '=', second.fileId).execute();
    try {
      const res = await op.get(`/console/bank/files/${second.fileId}/download`);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('Sæther');
      await expect(t.services.bank.files.download(second.fileId)).rejects.toThrow(/does not decrypt/);
    } finally {
      await t.db.db.updateTable('bank_files').set(own).where('id', '=', second.fileId).execute();
    }
    expect(sha256(Buffer.from((await t.services.bank.files.download(second.fileId)).xml, 'utf8'))).toBe(
      sha256(Buffer.from(second.xml, 'utf8')),
    );
  });

  it('the bank’s words moved onto another history line do not decrypt', async () => {
    const [line] = await t.db.db
      .selectFrom('bank_payout_history')
      .select(['id', 'text'])
      .where('payout_id', '=', rejectedPayout)
      .execute();
    // Another line of history, of another payout, written as the import would (its text sealed to its own row).
    const other = await t.db.db
      .selectFrom('bank_file_payouts')
      .select(['payout_id', 'file_id', 'trace_id'])
      .where('file_id', '=', first.fileId)
      .where('payout_id', '!=', rejectedPayout)
      .executeTakeFirstOrThrow();
    const inserted = await t.db.db
      .insertInto('bank_payout_history')
      .values({
        ...other,
        report_id: (await t.db.db.selectFrom('bank_reports').select('id').executeTakeFirstOrThrow()).id,
        bank_status: 'RJCT',
        outcome: 'failed',
        code: 'AC01',
        text: line!.text,
        date: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await expect(t.services.bank.files.history(other.payout_id)).rejects.toThrow(/does not decrypt/);
    } finally {
      await t.db.db.deleteFrom('bank_payout_history').where('id', '=', inserted.id).execute();
    }
  });
});
