/**
 * What the employee sees of the bank on their payout's page (docs/payouts.md, "Bank reports"):
 * sent to the bank on …, paid on … (by the bank, or marked by onpay), or what went wrong in plain
 * words. Real pages through a login link, real files and reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { camt054, pain002, parsePain001 } from '../helpers/bank.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { asEmployee, payoutLink, plainText, signIn } from '../helpers/login-links.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

describe("the employee's payout page and the bank", () => {
  let t: TestApp;
  let acme: TestPartner;
  let ids: number[];
  let cookie: string;

  const pageText = async (id: number) => {
    const res = await asEmployee(t, cookie, `/me/payouts/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return plainText(res.body);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    const employee = await onboardedEmployee(t, acme);
    ids = (await createPayouts(t, acme, batch([item(employee), item(employee), item(employee), item(employee)])))
      .payout_ids;
    const link = await payoutLink(t, acme, ids[0] as number);
    cookie = await signIn(t, link.path, `/me/payouts/${ids[0]}`);
  });
  afterAll(() => t.close());

  it('pending, sent to the bank, paid by the bank, failed with the reason in plain words, marked paid by onpay', async () => {
    const [booked, rejected, marked, waiting] = ids as [number, number, number, number];
    await t.services.payouts.payouts.transition(marked, 'paid');
    expect(await pageText(marked)).toContain('(marked paid by onpay: paid another way)');
    expect(await pageText(waiting)).toContain('Waiting to be sent to the bank.');

    // The test clock says 21 Nov 2026, 11:00 in Oslo; the invoice was due in April: paid on the export day.
    const file = await t.services.bank.files.exportFile({});
    expect(file.payouts).toBe(3);
    expect(await pageText(booked)).toContain(
      'Status: Sent to the bank. Sent to the bank on 21 Nov 2026, to be paid on 21 Nov 2026. The bank has not confirmed it yet.',
    );

    const doc = parsePain001(file.xml!.toString('utf8'));
    const txs = doc.PmtInf[0]!.CdtTrfTxInf;
    const traceOf = async (id: number) =>
      (await t.db.db.selectFrom('payouts').select('trace_id').where('id', '=', id).executeTakeFirstOrThrow())
        .trace_id as string;
    const [bookedTrace, rejectedTrace] = [await traceOf(booked), await traceOf(rejected)];
    const amountOf = (trace: string) => txs.find((tx) => tx.PmtId.EndToEndId === trace)!.Amt.InstdAmt['#text'];

    await t.services.bank.imports.importReport(
      Buffer.from(
        pain002({
          version: '03',
          msgId: 'STS',
          orgnlMsgId: file.messageId as string,
          infos: [
            {
              pmtInfId: doc.PmtInf[0]!.PmtInfId,
              txs: [{ trace: rejectedTrace, sts: 'RJCT', reason: { code: 'AC04', text: 'Konto avsluttet' } }],
            },
          ],
        }),
      ),
    );
    await t.services.bank.imports.importReport(
      Buffer.from(
        camt054({
          version: '08',
          msgId: 'NTF',
          entries: [
            {
              amount: amountOf(bookedTrace),
              date: '2026-11-23',
              ref: 'R1',
              txs: [{ trace: bookedTrace, amount: amountOf(bookedTrace) }],
            },
          ],
        }),
      ),
    );
    expect(await pageText(booked)).toContain('Status: Paid. Paid on 23 Nov 2026: the bank booked it.');
    expect(await pageText(rejected)).toContain(
      'The payment failed: the account is closed (bank code AC04). Acme sees the same reason; once it is fixed (a new account number, for example), the payment is sent again.',
    );
  });
});
