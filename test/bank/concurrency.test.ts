/**
 * Two exports at once (docs/payouts.md, "Payment files"): both succeed, and together they carry
 * every pending payout exactly once; one may carry none and write no file. Real processes of the
 * real program, on the engine under test.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectValid, parsePain001 } from '../helpers/bank.js';
import { cliEnv, jsonLine, onpay, scratchDatabase } from '../helpers/cli.js';
import { onboardedEmployees } from '../helpers/employees.js';
import type { TestDatabase } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

describe('two exports at once', () => {
  let database: TestDatabase;
  let dir: string;
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    database = await scratchDatabase('onpay-bank-race');
    dir = await mkdtemp(path.join(tmpdir(), 'onpay-bank-race-'));
    t = await buildTestApp({ database });
    acme = await t.partner('Acme');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('never put one payout in two files, and together carry every pending payout once', async () => {
    const employees = await onboardedEmployees(t, acme, 3);
    const ids: number[] = [];
    for (let round = 0; round < 4; round++)
      ids.push(
        ...(await createPayouts(t, acme, batch(employees.flatMap((e) => Array.from({ length: 25 }, () => item(e))))))
          .payout_ids,
      );
    const env = cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ONPAY_ENV: 'sandbox' });
    const runs = await Promise.all(
      ['a', 'b'].map((name) =>
        onpay(['bank', 'export', '--out', path.join(dir, `${name}.xml`), '--json'], env, 60_000),
      ),
    );
    const printed = runs.map((run) => jsonLine(run) as { payouts: number; out: string | null; file_id: number | null });
    expect(printed.reduce((sum, p) => sum + p.payouts, 0)).toBe(ids.length);

    const carried: string[] = [];
    for (const p of printed) {
      if (p.out === null) {
        expect(p).toMatchObject({ payouts: 0, file_id: null });
        continue;
      }
      const xml = await readFile(p.out, 'utf8');
      await expectValid(xml, 'pain.001.001.03');
      carried.push(...parsePain001(xml).PmtInf.flatMap((info) => info.CdtTrfTxInf.map((tx) => tx.PmtId.EndToEndId)));
    }
    expect(new Set(carried).size).toBe(ids.length);
    expect(carried).toHaveLength(ids.length);

    const rows = await t.db.db.selectFrom('bank_file_payouts').select(['payout_id', 'trace_id']).execute();
    expect(rows.map((r) => r.payout_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const payouts = await t.db.db.selectFrom('payouts').select(['status', 'trace_id']).execute();
    expect(payouts.every((p) => p.status === 'processing')).toBe(true);
    expect(new Set(payouts.map((p) => p.trace_id))).toEqual(new Set(carried));
  }, 120_000);
});
