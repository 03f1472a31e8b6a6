/**
 * A payout's bank history on the command line (docs/payouts.md, "Bank reports"): `onpay bank
 * history PAYOUT_ID [--json]` shows the payment files a payout went into (a voided one and the
 * live one, each under its own trace id) and every line a bank report applied to it, as the
 * console's page does; an unknown payout exits 1 with one line.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { pain002, parsePain001 } from '../helpers/bank.js';
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
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe(`onpay bank history (${testEngine})`, () => {
  let database: TestDatabase;
  let dir: string;
  let t: TestApp;
  let acme: TestPartner;
  let staff: Employee[];
  let n = 0;

  function onpay(args: string[]): Promise<Run> {
    return runCli(args, cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ONPAY_ENV: 'sandbox' }));
  }

  /** Exports the pending payouts; each payout's trace id and PmtInf in the file. */
  async function exportFile() {
    const out = path.join(dir, `out-${++n}.xml`);
    const printed = jsonLine(await onpay(['bank', 'export', '--out', out, '--json'])) as {
      file_id: number;
      message_id: string;
    };
    const doc = parsePain001(await readFile(out, 'utf8'));
    const txs = doc.PmtInf.flatMap((info) =>
      info.CdtTrfTxInf.map((tx) => ({ trace: tx.PmtId.EndToEndId, pmtInfId: info.PmtInfId })),
    );
    const of = (payoutId: number) => txs.find((tx) => tx.trace === `OP-${printed.file_id}-${payoutId}`)!;
    return { fileId: printed.file_id, messageId: printed.message_id, of };
  }

  beforeAll(async () => {
    database = await scratchDatabase('onpay-bank-history');
    dir = await mkdtemp(path.join(tmpdir(), 'onpay-bank-history-'));
    t = await buildTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    staff = await onboardedEmployees(t, acme, 2);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the files a payout went into (voided and live, each trace id) and what each bank report said, oldest first', async () => {
    const [rejected, paid] = (await createPayouts(t, acme, batch([item(staff[0]!), item(staff[1]!)]))).payout_ids as [
      number,
      number,
    ];
    const first = await exportFile();
    jsonLine(await onpay(['bank', 'void', String(first.fileId), '--json']));
    const second = await exportFile();
    const report = path.join(dir, 'report.xml');
    await writeFile(
      report,
      pain002({
        version: '03',
        msgId: 'BANK-HISTORY-1',
        orgnlMsgId: second.messageId,
        infos: [
          {
            pmtInfId: second.of(rejected).pmtInfId,
            txs: [
              { trace: second.of(rejected).trace, sts: 'RJCT', reason: { code: 'AC01', text: 'Feil\tkontonummer' } },
              { trace: second.of(paid).trace, sts: 'ACSC', accepted: '2026-11-27T09:00:00' },
            ],
          },
        ],
      }),
    );
    expect(jsonLine(await onpay(['bank', 'import', report, '--json']))).toMatchObject({ applied: 2 });

    const files = jsonLine(await onpay(['bank', 'files', '--json'])) as {
      files: Array<{ file_id: number; created_at: string }>;
    };
    const createdAt = (fileId: number) => files.files.find((f) => f.file_id === fileId)!.created_at;

    const printed = jsonLine(await onpay(['bank', 'history', String(rejected), '--json']));
    expect(printed).toEqual({
      payout_id: rejected,
      status: 'failed',
      trace_id: `OP-${second.fileId}-${rejected}`,
      attempts: [
        {
          file_id: first.fileId,
          message_id: first.messageId,
          trace_id: `OP-${first.fileId}-${rejected}`,
          status: 'voided',
          created_at: createdAt(first.fileId),
        },
        {
          file_id: second.fileId,
          message_id: second.messageId,
          trace_id: `OP-${second.fileId}-${rejected}`,
          status: 'live',
          created_at: createdAt(second.fileId),
        },
      ],
      history: [
        {
          report_message_id: 'BANK-HISTORY-1',
          report_type: 'pain.002.001.03',
          trace_id: `OP-${second.fileId}-${rejected}`,
          bank_status: 'RJCT',
          outcome: 'failed',
          code: 'AC01',
          text: 'Feil\tkontonummer',
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
          recorded_at: expect.stringMatching(ISO) as unknown,
        },
      ],
    });
    // The same as the console's page reads (bankFiles.history), field for field.
    expect(printed.history).toEqual(await t.services.bank.files.history(rejected));

    const paidHistory = jsonLine(await onpay(['bank', 'history', String(paid), '--json'])) as {
      status: string;
      history: Array<{ bank_status: string; outcome: string; date: string }>;
    };
    expect(paidHistory.status).toBe('paid');
    expect(paidHistory.history).toMatchObject([{ bank_status: 'ACSC', outcome: 'paid', date: '2026-11-27' }]);

    // Without --json: a readable table, one line per file and per report line (a bank's tab kept out of the columns).
    const human = await onpay(['bank', 'history', String(rejected)]);
    expect(human.code).toBe(0);
    expect(human.stderr).toBe('');
    const lines = human.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Payout ${rejected} is failed (trace id OP-${second.fileId}-${rejected}).`);
    expect(lines).toContain(
      `  ${first.fileId}\tvoided\tOP-${first.fileId}-${rejected}\t${createdAt(first.fileId)}\t${first.messageId}`,
    );
    expect(lines).toContain(
      `  ${second.fileId}\tlive\tOP-${second.fileId}-${rejected}\t${createdAt(second.fileId)}\t${second.messageId}`,
    );
    const reported = lines.filter((line) => line.startsWith('  BANK-HISTORY-1\t'));
    expect(reported).toHaveLength(1);
    expect(reported[0]!.split('\t').slice(0, 6)).toEqual([
      '  BANK-HISTORY-1',
      'pain.002.001.03',
      `OP-${second.fileId}-${rejected}`,
      'RJCT',
      'failed',
      'AC01',
    ]);
    expect(reported[0]!.split('\t').at(-1)).toBe('Feil kontonummer');
  });

  it('a payout never sent: no files, no bank history, no trace id', async () => {
    const [fresh] = (await createPayouts(t, acme, batch([item(staff[0]!)]))).payout_ids as [number];
    expect(jsonLine(await onpay(['bank', 'history', String(fresh), '--json']))).toEqual({
      payout_id: fresh,
      status: 'pending',
      trace_id: null,
      attempts: [],
      history: [],
    });
    const human = await onpay(['bank', 'history', String(fresh)]);
    expect(human).toEqual({
      code: 0,
      stderr: '',
      stdout: `Payout ${fresh} is pending.\nIt has not been in a payment file.\nNo bank report has said anything of it yet.\n`,
    });
  });

  it('an unknown payout exits 1 with one line; an id that is not one exits 2', async () => {
    expect(expectOneErrorLine(await onpay(['bank', 'history', '999999']), 1)).toBe(
      'onpay: Payout 999999 does not exist.',
    );
    expect(expectJsonError(await onpay(['bank', 'history', '999999', '--json']), 1)).toBe(
      'Payout 999999 does not exist.',
    );
    // Beyond the id range: names nothing (exit 1), never a database error.
    expect(expectOneErrorLine(await onpay(['bank', 'history', '99999999999999']), 1)).toBe(
      'onpay: Payout 99999999999999 does not exist.',
    );
    expect(expectOneErrorLine(await onpay(['bank', 'history', 'abc']), 2)).toContain('PAYOUT_ID must be a positive');
    expect(expectOneErrorLine(await onpay(['bank', 'history']), 2)).toContain("missing required argument 'payout_id'");
  });
});
