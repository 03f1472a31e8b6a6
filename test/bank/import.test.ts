/**
 * Bank reports in (docs/payouts.md, "Bank reports"): `onpay bank import` of pain.002 (.03, .10)
 * and camt.054 (.02, .08) fixtures as banks send them, against real payment files on a real
 * database; hostile XML refused with nothing applied and nothing read from disk.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osloMidnight } from '../../src/modules/bank/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { camt054, expectValid, pain002, parsePain001 } from '../helpers/bank.js';
import {
  cliEnv,
  expectJsonError,
  expectOneErrorLine,
  jsonLine,
  runCli,
  scratchDatabase,
  type Run,
} from '../helpers/cli.js';
import { onboardedEmployees, type Employee } from '../helpers/employees.js';
import type { TestDatabase } from '../helpers/engine.js';
import { batch, createPayouts, item, type PayoutBody } from '../helpers/payouts.js';

type Tx = Exported['txs'][number];

interface Exported {
  fileId: number;
  messageId: string;
  /** trace id → { payout id, amount, PmtInfId } */
  txs: Array<{ trace: string; amount: string; pmtInfId: string }>;
}

describe('onpay bank import', () => {
  let database: TestDatabase;
  let dir: string;
  let t: TestApp;
  let acme: TestPartner;
  let staff: Employee[];
  let n = 0;

  function onpay(args: string[]): Promise<Run> {
    return runCli(args, cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ONPAY_ENV: 'sandbox' }));
  }

  async function payouts(count: number): Promise<number[]> {
    const items = Array.from({ length: count }, (_, i) => item(staff[i % staff.length]!));
    return (await createPayouts(t, acme, batch(items))).payout_ids;
  }

  async function exportFile(format = 'pain.001.001.03'): Promise<Exported> {
    const out = path.join(dir, `out-${++n}.xml`);
    const printed = jsonLine(await onpay(['bank', 'export', '--out', out, '--format', format, '--json'])) as {
      file_id: number;
      message_id: string;
    };
    const doc = parsePain001(await readFile(out, 'utf8'));
    return {
      fileId: printed.file_id,
      messageId: printed.message_id,
      txs: doc.PmtInf.flatMap((info) =>
        info.CdtTrfTxInf.map((tx) => ({
          trace: tx.PmtId.EndToEndId,
          amount: tx.Amt.InstdAmt['#text'],
          pmtInfId: info.PmtInfId,
        })),
      ),
    };
  }

  async function importXml(xml: string, validate?: Parameters<typeof expectValid>[1]) {
    if (validate) await expectValid(xml, validate);
    const file = path.join(dir, `report-${++n}.xml`);
    await writeFile(file, xml);
    return onpay(['bank', 'import', file, '--json']);
  }
  async function imported(xml: string, validate: Parameters<typeof expectValid>[1]) {
    return jsonLine(await importXml(xml, validate)) as {
      message_id: string;
      message_type: string;
      applied: number;
      unchanged: number;
      problems: Array<{ reference: string; problem: string }>;
    };
  }

  async function payoutOfTrace(trace: string): Promise<PayoutBody> {
    const row = await t.db.db
      .selectFrom('bank_file_payouts')
      .select('payout_id')
      .where('trace_id', '=', trace)
      .executeTakeFirstOrThrow();
    const res = await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${row.payout_id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PayoutBody;
  }

  async function feedCount(): Promise<number> {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/events?limit=500&type=payout.*' });
    let total = 0;
    let page = res.json() as { results: unknown[]; next_after: number; has_more: boolean };
    total += page.results.length;
    while (page.has_more) {
      page = (
        await t.as(acme, { method: 'GET', url: `/api/v1/events?limit=500&type=payout.*&after=${page.next_after}` })
      ).json() as typeof page;
      total += page.results.length;
    }
    return total;
  }

  beforeAll(async () => {
    database = await scratchDatabase('onpay-bank-import');
    dir = await mkdtemp(path.join(tmpdir(), 'onpay-bank-import-'));
    t = await buildTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    staff = await onboardedEmployees(t, acme, 4);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('round trip: 100 payouts out; a pain.002 rejecting 3 (AC01, AC04, AM04) and a batch-booked camt.054 booking 97 → exactly those statuses, codes, dates and events; both again change nothing', async () => {
    await payouts(100);
    const file = await exportFile();
    expect(file.txs).toHaveLength(100);
    const [r1, r2, r3, ...booked] = file.txs as [Tx, Tx, Tx, ...Tx[]];
    const eventsBefore = await feedCount();

    const status = pain002({
      version: '03',
      msgId: 'BANK-STS-1',
      orgnlMsgId: file.messageId,
      grpSts: 'PART',
      infos: [
        {
          pmtInfId: r1.pmtInfId,
          txs: [
            { trace: r1.trace, sts: 'RJCT', reason: { code: 'AC01', text: 'Feil kontonummer' }, amount: r1.amount },
            { trace: r2.trace, sts: 'RJCT', reason: { code: 'AC04', text: 'Kontoen er avsluttet' } },
            { trace: r3.trace, sts: 'RJCT', reason: { code: 'AM04' } },
            ...booked.slice(0, 5).map((tx) => ({ trace: tx.trace, sts: 'ACCP' })),
          ],
        },
      ],
    });
    const first = await imported(status, 'pain.002.001.03');
    expect(first).toEqual({
      message_id: 'BANK-STS-1',
      message_type: 'pain.002.001.03',
      applied: 3,
      unchanged: 5,
      problems: [],
    });
    expect(await payoutOfTrace(r1.trace)).toMatchObject({
      status: 'failed',
      failure_code: 'AC01',
      failure_message: 'Feil kontonummer',
      trace_id: r1.trace,
      paid_at: null,
    });
    expect(await payoutOfTrace(r2.trace)).toMatchObject({ status: 'failed', failure_code: 'AC04' });
    expect(await payoutOfTrace(r3.trace)).toMatchObject({
      status: 'failed',
      failure_code: 'AM04',
      failure_message: 'The bank reported RJCT (AM04).',
    });
    expect(await payoutOfTrace(booked[0]!.trace)).toMatchObject({ status: 'processing' });

    const total = booked.reduce((s, tx) => s + Number(tx.amount.replace('.', '')), 0);
    const booking = camt054({
      version: '08',
      msgId: 'BANK-NTF-1',
      entries: [
        {
          amount: (total / 100).toFixed(2),
          date: '2026-11-27',
          ref: 'BANKREF-1',
          batch: { msgId: file.messageId, pmtInfId: r1.pmtInfId },
          txs: booked.map((tx) => ({ trace: tx.trace, amount: tx.amount })),
        },
      ],
    });
    const second = await imported(booking, 'camt.054.001.08');
    expect(second).toEqual({
      message_id: 'BANK-NTF-1',
      message_type: 'camt.054.001.08',
      applied: 97,
      unchanged: 0,
      problems: [],
    });
    const paidAt = osloMidnight('2026-11-27');
    expect(paidAt).toBe('2026-11-26T23:00:00.000Z');
    for (const tx of booked.slice(0, 10))
      expect(await payoutOfTrace(tx.trace)).toMatchObject({ status: 'paid', paid_at: paidAt, failure_code: null });
    const counts = await t.db.db
      .selectFrom('payouts')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]))).toEqual({ failed: 3, paid: 97 });
    expect((await feedCount()) - eventsBefore).toBe(100);

    // The bank history of one payout: the report line that settled it.
    const history = await t.services.bank.files.history((await payoutOfTrace(r2.trace)).id);
    expect(history).toEqual([
      expect.objectContaining({ bank_status: 'RJCT', outcome: 'failed', code: 'AC04', text: 'Kontoen er avsluttet' }),
    ]);

    // Both again: nothing changes, no event, no history line.
    const historyRows = (await t.db.db.selectFrom('bank_payout_history').select('id').execute()).length;
    expect(await imported(status, 'pain.002.001.03')).toMatchObject({ applied: 0, unchanged: 8, problems: [] });
    expect(await imported(booking, 'camt.054.001.08')).toMatchObject({ applied: 0, unchanged: 97, problems: [] });
    expect((await feedCount()) - eventsBefore).toBe(100);
    expect((await t.db.db.selectFrom('bank_payout_history').select('id').execute()).length).toBe(historyRows);

    // A file the bank has reported on cannot be voided.
    expect(expectOneErrorLine(await onpay(['bank', 'void', String(file.fileId)]), 1)).toContain(
      'the bank has reported on it',
    );

    // Retry: a rejected payout goes into the next file under a new trace id.
    const rejected = await payoutOfTrace(r1.trace);
    jsonLine(await onpay(['payout', 'retry', String(rejected.id), '--json']));
    const next = await exportFile();
    expect(next.txs.map((tx) => tx.trace)).toHaveLength(1);
    expect(next.txs[0]!.trace).not.toBe(r1.trace);
    const retried = (await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${rejected.id}` })).json() as PayoutBody;
    expect(retried).toMatchObject({ status: 'processing', trace_id: next.txs[0]!.trace, failure_code: null });
    // The old attempt's report is about an earlier attempt now: listed, not applied.
    const late = await imported(
      pain002({
        version: '03',
        msgId: 'BANK-STS-LATE',
        orgnlMsgId: file.messageId,
        infos: [{ pmtInfId: r1.pmtInfId, txs: [{ trace: r1.trace, sts: 'ACSC' }] }],
      }),
      'pain.002.001.03',
    );
    expect(late.applied).toBe(0);
    expect(late.problems).toEqual([{ reference: r1.trace, problem: expect.stringContaining('earlier attempt') }]);
  }, 120_000);

  it('a group-level rejection (pain.002.001.10 answering a .03 file) fails every payout of the file', async () => {
    await payouts(4);
    const file = await exportFile();
    const report = await imported(
      pain002({
        version: '10',
        msgId: 'BANK-GRP-RJCT',
        orgnlMsgId: file.messageId,
        grpSts: 'RJCT',
        grpReason: { code: 'MS03', text: 'Filen ble avvist' },
      }),
      'pain.002.001.10',
    );
    expect(report).toMatchObject({ message_type: 'pain.002.001.10', applied: 4, unchanged: 0, problems: [] });
    for (const tx of file.txs)
      expect(await payoutOfTrace(tx.trace)).toMatchObject({
        status: 'failed',
        failure_code: 'MS03',
        failure_message: 'Filen ble avvist',
      });
  });

  it('a group-level rejection that names one PmtInf with its own reason fails the rest of the file with the group’s', async () => {
    // Two execution dates, two PmtInf.
    await createPayouts(t, acme, batch([item(staff[0]!), item(staff[1]!)], '2027-01-15'));
    await createPayouts(t, acme, batch([item(staff[2]!), item(staff[3]!)], '2027-02-15'));
    const file = await exportFile();
    const pmtInfs = [...new Set(file.txs.map((tx) => tx.pmtInfId))];
    expect(pmtInfs).toHaveLength(2);
    const report = await imported(
      pain002({
        version: '03',
        msgId: 'BANK-GRP-AND-PMTINF',
        orgnlMsgId: file.messageId,
        grpSts: 'RJCT',
        grpReason: { code: 'MS03', text: 'Filen ble avvist' },
        infos: [{ pmtInfId: pmtInfs[0]!, sts: 'RJCT', reason: { code: 'AC06', text: 'Sperret konto' } }],
      }),
      'pain.002.001.03',
    );
    expect(report).toMatchObject({ applied: 4, unchanged: 0, problems: [] });
    for (const tx of file.txs)
      expect(await payoutOfTrace(tx.trace)).toMatchObject(
        tx.pmtInfId === pmtInfs[0]
          ? { status: 'failed', failure_code: 'AC06', failure_message: 'Sperret konto' }
          : { status: 'failed', failure_code: 'MS03', failure_message: 'Filen ble avvist' },
      );
  });

  it('a date with a time zone is the day in Oslo: ACSC at 23:30 UTC pays the next day', async () => {
    await payouts(1);
    const file = await exportFile();
    const [a] = file.txs as [Tx];
    const report = await imported(
      pain002({
        version: '10',
        msgId: 'BANK-ACSC-UTC',
        orgnlMsgId: file.messageId,
        infos: [{ pmtInfId: a.pmtInfId, txs: [{ trace: a.trace, sts: 'ACSC', accepted: '2026-11-27T23:30:00Z' }] }],
      }),
      'pain.002.001.10',
    );
    expect(report).toMatchObject({ applied: 1, problems: [] });
    expect(await payoutOfTrace(a.trace)).toMatchObject({ status: 'paid', paid_at: osloMidnight('2026-11-28') });
  });

  it('a payment-information rejection applies to every transaction of that PmtInf, but a status report never fails a paid payout; ACSC pays with its date (.09 file, .03 report)', async () => {
    await payouts(2);
    const file = await exportFile('pain.001.001.09');
    const [a, b] = file.txs as [Tx, Tx];
    const accepted = await imported(
      pain002({
        version: '03',
        msgId: 'BANK-ACSC',
        orgnlMsgId: file.messageId,
        orgnlFormat: 'pain.001.001.09',
        infos: [{ pmtInfId: a.pmtInfId, txs: [{ trace: a.trace, sts: 'ACSC', accepted: '2026-11-28T09:15:00' }] }],
      }),
      'pain.002.001.03',
    );
    expect(accepted).toMatchObject({ applied: 1, problems: [] });
    expect(await payoutOfTrace(a.trace)).toMatchObject({ status: 'paid', paid_at: osloMidnight('2026-11-28') });
    // A later booking of the same payout is unchanged.
    const later = await imported(
      camt054({
        version: '02',
        msgId: 'BANK-NTF-ACSC',
        entries: [{ amount: a.amount, date: '2026-11-29', ref: 'R-A', txs: [{ trace: a.trace, amount: a.amount }] }],
      }),
      'camt.054.001.02',
    );
    expect(later).toMatchObject({ applied: 0, unchanged: 1, problems: [] });
    expect(await payoutOfTrace(a.trace)).toMatchObject({ paid_at: osloMidnight('2026-11-28') });

    const rejected = await imported(
      pain002({
        version: '10',
        msgId: 'BANK-PMTINF',
        orgnlMsgId: file.messageId,
        orgnlFormat: 'pain.001.001.09',
        infos: [{ pmtInfId: b.pmtInfId, sts: 'RJCT', reason: { code: 'AC06', text: 'Sperret konto' } }],
      }),
      'pain.002.001.10',
    );
    // Both payouts share the PmtInf: the paid one cannot be failed by a status report.
    expect(rejected.applied).toBe(1);
    expect(rejected.problems).toEqual([{ reference: a.trace, problem: expect.stringContaining('is paid') }]);
    expect(await payoutOfTrace(b.trace)).toMatchObject({ status: 'failed', failure_code: 'AC06' });
  });

  it('camt.054: several batch-booked entries, and a return (RtrInf) days later fails a paid payout with its reason', async () => {
    await payouts(3);
    const file = await exportFile();
    const [a, b, c] = file.txs as [Tx, Tx, Tx];
    const booked = await imported(
      camt054({
        version: '02',
        msgId: 'BANK-NTF-2',
        entries: [
          {
            amount: ((Number(a.amount.replace('.', '')) + Number(b.amount.replace('.', ''))) / 100).toFixed(2),
            date: '2026-11-30',
            ref: 'R-2',
            batch: { msgId: file.messageId, pmtInfId: a.pmtInfId },
            txs: [
              { trace: a.trace, amount: a.amount },
              { trace: b.trace, amount: b.amount },
            ],
          },
          {
            amount: c.amount,
            date: '2026-11-30',
            ref: 'R-3',
            status: 'PDNG',
            txs: [{ trace: c.trace, amount: c.amount }],
          },
        ],
      }),
      'camt.054.001.02',
    );
    expect(booked).toMatchObject({ applied: 2, unchanged: 1, problems: [] });
    expect(await payoutOfTrace(c.trace)).toMatchObject({ status: 'processing' });

    const returned = await imported(
      camt054({
        version: '08',
        msgId: 'BANK-RTRN',
        entries: [
          {
            amount: a.amount,
            credit: true,
            date: '2026-12-03',
            ref: 'R-4',
            txs: [{ trace: a.trace, amount: a.amount, ret: { code: 'AC04', text: 'Mottakers konto er avsluttet' } }],
          },
        ],
      }),
      'camt.054.001.08',
    );
    expect(returned).toMatchObject({ applied: 1, problems: [] });
    expect(await payoutOfTrace(a.trace)).toMatchObject({
      status: 'failed',
      failure_code: 'AC04',
      failure_message: 'Mottakers konto er avsluttet',
    });
    expect(await payoutOfTrace(b.trace)).toMatchObject({ status: 'paid' });
  });

  it('unknown references, amount mismatches and a voided file’s report are listed, never applied (exit 0)', async () => {
    await payouts(1);
    const [a] = (await exportFile()).txs as [Tx];
    await payouts(1);
    const file = await exportFile();
    const [b] = file.txs as [Tx];
    const report = await imported(
      camt054({
        version: '08',
        msgId: 'BANK-ODD',
        entries: [
          { amount: '1.00', date: '2026-11-30', ref: 'R-5', txs: [{ trace: 'OP-999999-1', amount: '1.00' }] },
          { amount: '0.01', date: '2026-11-30', ref: 'R-6', txs: [{ trace: a.trace, amount: '0.01' }] },
        ],
      }),
      'camt.054.001.08',
    );
    expect(report.applied).toBe(0);
    expect(report.problems).toEqual([
      { reference: 'OP-999999-1', problem: 'no payment file has a transaction OP-999999-1' },
      { reference: a.trace, problem: `the bank reports 0.01 NOK, the payment file sent ${a.amount} NOK` },
    ]);
    expect(await payoutOfTrace(a.trace)).toMatchObject({ status: 'processing' });

    jsonLine(await onpay(['bank', 'void', String(file.fileId), '--json']));
    const afterVoid = await imported(
      pain002({
        version: '03',
        msgId: 'BANK-VOIDED',
        orgnlMsgId: file.messageId,
        infos: [{ pmtInfId: b.pmtInfId, txs: [{ trace: b.trace, sts: 'ACSC' }] }],
      }),
      'pain.002.001.03',
    );
    expect(afterVoid.applied).toBe(0);
    expect(afterVoid.problems).toEqual([
      {
        reference: b.trace,
        problem: `payment file ${file.fileId} was voided: nothing is applied from a report about it`,
      },
    ]);
    expect(await payoutOfTrace(b.trace)).toMatchObject({ status: 'pending' });
  });

  it('a return (RtrInf) fails a payout still processing too: the booking need not have been imported first', async () => {
    await payouts(1);
    const [a] = (await exportFile()).txs as [Tx];
    const report = await imported(
      camt054({
        version: '08',
        msgId: 'BANK-RTRN-EARLY',
        entries: [
          {
            amount: a.amount,
            credit: true,
            date: '2026-12-01',
            ref: 'R-EARLY',
            txs: [{ trace: a.trace, amount: a.amount, ret: { code: 'AC01', text: 'Ukjent konto' } }],
          },
        ],
      }),
      'camt.054.001.08',
    );
    expect(report).toMatchObject({ applied: 1, unchanged: 0, problems: [] });
    expect(await payoutOfTrace(a.trace)).toMatchObject({
      status: 'failed',
      failure_code: 'AC01',
      failure_message: 'Ukjent konto',
      paid_at: null,
    });
  });

  it('bookings and returns in one camt.054, in any order of entries: each payout ends failed with both lines in its bank history, in order; the same report again changes nothing and lists nothing', async () => {
    await payouts(45);
    const file = await exportFile();
    const [a, ...rest] = file.txs as [Tx, ...Tx[]];
    const [early, late] = [rest.slice(0, 20), rest.slice(20)];
    const b = late[0]!;
    const minor = (txs: Tx[]) => txs.reduce((sum, tx) => sum + Number(tx.amount.replace('.', '')), 0);
    const batchOf = (txs: Tx[], ref: string, date: string) => ({
      amount: (minor(txs) / 100).toFixed(2),
      date,
      ref,
      batch: { msgId: file.messageId, pmtInfId: a.pmtInfId },
      txs: txs.map((tx) => ({ trace: tx.trace, amount: tx.amount })),
    });
    const returnOf = (tx: Tx, ref: string, date: string) => ({
      amount: tx.amount,
      credit: true,
      date,
      ref,
      txs: [{ trace: tx.trace, amount: tx.amount, ret: { code: 'AC04', text: 'Konto avsluttet' } }],
    });
    // Twenty payouts booked by an earlier report.
    expect(
      await imported(
        camt054({ version: '08', msgId: 'BANK-EARLY', entries: [batchOf(early, 'R-EARLY', '2026-12-02')] }),
        'camt.054.001.08',
      ),
    ).toMatchObject({ applied: 20, problems: [] });
    // Then one report: their returns; a's return, listed before its booking but a day later; the
    // booking of a and the rest; b's return the day of its booking, the same words as the twenty.
    const report = camt054({
      version: '08',
      msgId: 'BANK-BOOK-AND-RETURN',
      entries: [
        ...early.map((tx, i) => returnOf(tx, `R-RET-${i}`, '2026-12-03')),
        returnOf(a, 'R-RET-A', '2026-12-04'),
        batchOf([a, ...late], 'R-BOOK', '2026-12-03'),
        returnOf(b, 'R-RET-B', '2026-12-03'),
      ],
    });
    expect(await imported(report, 'camt.054.001.08')).toMatchObject({ applied: 47, unchanged: 0, problems: [] });
    for (const [tx, returned] of [
      [a, '2026-12-04'],
      [b, '2026-12-03'],
    ] as const) {
      const payout = await payoutOfTrace(tx.trace);
      expect(payout).toMatchObject({ status: 'failed', failure_code: 'AC04', paid_at: osloMidnight('2026-12-03') });
      expect(await t.services.bank.files.history(payout.id)).toEqual([
        expect.objectContaining({ bank_status: 'BOOK', outcome: 'paid', date: '2026-12-03' }),
        expect.objectContaining({ bank_status: 'RTRN', outcome: 'failed', code: 'AC04', date: returned }),
      ]);
    }
    const historyRows = (await t.db.db.selectFrom('bank_payout_history').select('id').execute()).length;
    expect(await imported(report, 'camt.054.001.08')).toMatchObject({ applied: 0, unchanged: 47, problems: [] });
    expect((await t.db.db.selectFrom('bank_payout_history').select('id').execute()).length).toBe(historyRows);
  });

  it('a booked credit that names a payment without return information is listed, not counted unchanged', async () => {
    await payouts(1);
    const [a] = (await exportFile()).txs as [Tx];
    const report = await imported(
      camt054({
        version: '02',
        msgId: 'BANK-CRDT',
        entries: [
          {
            amount: a.amount,
            credit: true,
            date: '2026-12-06',
            ref: 'R-CRDT',
            txs: [{ trace: a.trace, amount: a.amount }],
          },
        ],
      }),
      'camt.054.001.02',
    );
    expect(report).toMatchObject({
      applied: 0,
      unchanged: 0,
      problems: [{ reference: a.trace, problem: expect.stringContaining('without return information (RtrInf)') }],
    });
    expect(await payoutOfTrace(a.trace)).toMatchObject({ status: 'processing' });
  });

  it('amounts to the øre: zeros past the øre match; a fraction of an øre or another currency is a mismatch, listed and never applied', async () => {
    await payouts(3);
    const [a, b, c] = (await exportFile()).txs as [Tx, Tx, Tx];
    const entry = (tx: Tx, amount: string, ref: string, currency?: string) => ({
      amount,
      date: '2026-12-02',
      ref,
      txs: [{ trace: tx.trace, amount, ...(currency ? { currency } : {}) }],
    });
    const report = await imported(
      camt054({
        version: '08',
        msgId: 'BANK-AMOUNTS',
        entries: [
          entry(a, `${a.amount}000`, 'R-A0'),
          entry(b, `${b.amount}1`, 'R-B1'),
          entry(c, c.amount, 'R-C', 'EUR'),
        ],
      }),
      'camt.054.001.08',
    );
    expect(report.applied).toBe(1);
    expect(report.problems).toEqual([
      { reference: b.trace, problem: `the bank reports ${b.amount}1 NOK, the payment file sent ${b.amount} NOK` },
      { reference: c.trace, problem: `the bank reports ${c.amount} EUR, the payment file sent ${c.amount} NOK` },
    ]);
    expect(await payoutOfTrace(a.trace)).toMatchObject({ status: 'paid' });
    expect(await payoutOfTrace(b.trace)).toMatchObject({ status: 'processing' });
    expect(await payoutOfTrace(c.trace)).toMatchObject({ status: 'processing' });
  });

  it('a batch entry without an amount per transaction must book their sum; an entry without transaction details is listed', async () => {
    await payouts(4);
    const [a, b, c, d] = (await exportFile()).txs as [Tx, Tx, Tx, Tx];
    const sum = (...txs: Tx[]) => (txs.reduce((s, tx) => s + Number(tx.amount.replace('.', '')), 0) / 100).toFixed(2);
    const plusOre = (amount: string) => ((Number(amount.replace('.', '')) + 1) / 100).toFixed(2);
    const entry = (ref: string, amount: string, txs: Array<{ trace: string }>) => ({
      amount,
      date: '2026-12-05',
      ref,
      txs,
    });
    const report = await imported(
      camt054({
        version: '08',
        msgId: 'BANK-NO-TX-AMOUNTS',
        entries: [
          entry('R-AB', sum(a, b), [{ trace: a.trace }, { trace: b.trace }]),
          entry('R-CD', plusOre(sum(c, d)), [{ trace: c.trace }, { trace: d.trace }]),
          entry('R-D?', sum(d), [{ trace: d.trace }, { trace: 'OP-999999-2' }]),
          entry('R-FEE', '25.00', []),
        ],
      }),
      'camt.054.001.08',
    );
    const booked = `the entry books ${plusOre(sum(c, d))} NOK for 2 transactions, the payment files sent ${sum(c, d)} NOK for them`;
    expect(report.problems).toEqual([
      { reference: c.trace, problem: booked },
      { reference: d.trace, problem: booked },
      {
        reference: d.trace,
        problem: `the entry books ${sum(d)} NOK for 2 transactions without an amount for each, and not all of them are in onpay's payment files: nothing to check the amount against`,
      },
      { reference: 'OP-999999-2', problem: 'no payment file has a transaction OP-999999-2' },
      { reference: 'R-FEE', problem: 'the bank gives no EndToEndId: nothing to match it by' },
    ]);
    expect(report.applied).toBe(2);
    expect(await payoutOfTrace(a.trace)).toMatchObject({ status: 'paid' });
    expect(await payoutOfTrace(c.trace)).toMatchObject({ status: 'processing' });
    expect(await payoutOfTrace(d.trace)).toMatchObject({ status: 'processing' });
  });

  it('the bank’s words arrive as it wrote them: escaped characters and character references in a reason are read', async () => {
    await payouts(1);
    const file = await exportFile();
    const [a] = file.txs as [Tx];
    const report = await imported(
      pain002({
        version: '10',
        msgId: 'BANK-ESCAPES',
        orgnlMsgId: file.messageId,
        infos: [
          {
            pmtInfId: a.pmtInfId,
            txs: [
              {
                trace: a.trace,
                sts: 'RJCT',
                reason: {
                  code: 'AC06',
                  text: 'Konto &amp; kort sperret &#8211; ring &quot;Bank&quot; &lt;22&#x20;00&gt;',
                },
              },
            ],
          },
        ],
      }),
      'pain.002.001.10',
    );
    expect(report).toMatchObject({ applied: 1, problems: [] });
    expect(await payoutOfTrace(a.trace)).toMatchObject({
      status: 'failed',
      failure_code: 'AC06',
      failure_message: 'Konto & kort sperret – ring "Bank" <22 00>',
    });
  });

  it('hostile or invalid XML is refused whole: exit 1 naming the problem, nothing applied, nothing read from disk', async () => {
    await payouts(1);
    const file = await exportFile();
    const [a] = file.txs as [Tx];
    const secret = path.join(dir, 'secret.txt');
    await writeFile(secret, 'TOP-SECRET-MARKER');
    const valid = pain002({
      version: '03',
      msgId: 'BANK-EVIL',
      orgnlMsgId: file.messageId,
      infos: [
        { pmtInfId: a.pmtInfId, txs: [{ trace: a.trace, sts: 'RJCT', reason: { code: 'AC01', text: '&xxe;' } }] },
      ],
    });
    const xxe = valid.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file://${secret}">]>`,
    );
    const lol = valid
      .replace('&xxe;', '&lol9;')
      .replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]>`,
      );
    const cases: Array<[string, string, string]> = [
      ['external entity', xxe, 'DOCTYPE'],
      ['entity expansion', lol, 'DOCTYPE'],
      ['not a bank report', '<?xml version="1.0"?><Document xmlns="urn:example"/>', 'not a bank report onpay reads'],
      [
        'invalid against its schema',
        valid.replace('<TxSts>RJCT</TxSts>', '<TxSts>NOPE!</TxSts>'),
        'is not valid pain.002.001.03',
      ],
    ];
    for (const [name, xml, words] of cases) {
      const run = await importXml(xml);
      expect(expectJsonError(run, 1), name).toContain(words);
      expect(run.stderr + run.stdout, name).not.toContain('TOP-SECRET-MARKER');
    }
    expect(await payoutOfTrace(a.trace)).toMatchObject({ status: 'processing', failure_code: null });
    expect(
      (await t.db.db.selectFrom('bank_reports').select('id').where('message_id', '=', 'BANK-EVIL').execute()).length,
    ).toBe(0);
  });
});
