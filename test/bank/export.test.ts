/**
 * Payment files out (docs/payouts.md, "Payment files"): `onpay bank export|files|download|void`
 * against a real database, each file checked against the official pain.001 schema.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osloDay } from '../../src/modules/bank/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectValid, parsePain001, type ParsedPain001, type ParsedTx } from '../helpers/bank.js';
import { cliEnv, expectOneErrorLine, jsonLine, runCli, scratchDatabase, type Run } from '../helpers/cli.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import type { TestDatabase } from '../helpers/engine.js';
import { batch, cents, createPayouts, getPayout, item } from '../helpers/payouts.js';
import { DE_IBAN, DEUTSCHE_BIC, NO_IBAN, DNB_BIC, putProfile } from '../helpers/users.js';

const FUTURE_DUE = '2026-12-18';

describe('onpay bank export, files, download, void', () => {
  let database: TestDatabase;
  let dir: string;
  let t: TestApp;
  let acme: TestPartner;
  let other: TestPartner;
  let domestic: Employee;
  let viaNorwegianIban: Employee;
  let foreign: Employee;
  let elsewhere: Employee;
  let n = 0;

  function onpay(args: string[]): Promise<Run> {
    return runCli(args, cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ONPAY_ENV: 'sandbox' }));
  }
  const out = () => path.join(dir, `file-${++n}.xml`);

  async function exported(args: string[] = []) {
    const file = out();
    const printed = jsonLine(await onpay(['bank', 'export', '--out', file, '--json', ...args]));
    return { printed, file };
  }

  async function status(partner: TestPartner, id: number) {
    return (await getPayout(t, partner, id)).status;
  }

  const txs = (doc: ParsedPain001): ParsedTx[] => doc.PmtInf.flatMap((p) => p.CdtTrfTxInf);

  beforeAll(async () => {
    database = await scratchDatabase('onpay-bank');
    dir = await mkdtemp(path.join(tmpdir(), 'onpay-bank-out-'));
    t = await buildTestApp({ database });
    acme = await t.partner('Acme');
    other = await t.partner('Other');
    domestic = await onboardedEmployee(t, acme);
    await putProfile(t, acme, domestic.id, { first_name: 'Åse Bjørg', last_name: 'Sæther' });
    viaNorwegianIban = await onboardedEmployee(t, acme);
    const iban = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${viaNorwegianIban.id}`,
      payload: { bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC },
    });
    expect(iban.statusCode, iban.body).toBe(200);
    foreign = await onboardedEmployee(t, acme);
    await putProfile(t, acme, foreign.id, { first_name: 'Zoë', last_name: 'Ødegård' });
    const de = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${foreign.id}`,
      payload: { bank_iban_number: DE_IBAN, bank_bic_number: DEUTSCHE_BIC },
    });
    expect(de.statusCode, de.body).toBe(200);
    elsewhere = await onboardedEmployee(t, other);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('with nothing pending it writes no file, prints payouts 0 and exits 0', async () => {
    const { printed, file } = await exported();
    expect(printed).toEqual({
      file_id: null,
      message_id: null,
      format: 'pain.001.001.03',
      payouts: 0,
      control_sum: '0.00',
      out: null,
    });
    await expect(stat(file)).rejects.toThrow();
    expect(jsonLine(await onpay(['bank', 'files', '--json']))).toEqual({ files: [] });
  });

  it('exports every pending payout into one valid pain.001.001.03, moves them to processing, and records the file', async () => {
    const past = await createPayouts(t, acme, batch([item(domestic), item(viaNorwegianIban), item(foreign)]));
    const future = await createPayouts(t, acme, batch([item(domestic, { date: '2026-11-20' })], FUTURE_DUE));
    const theirs = await createPayouts(t, other, batch([item(elsewhere)]));
    const ids = [...past.payout_ids, ...future.payout_ids];
    const payouts = await Promise.all(ids.map((id) => getPayout(t, acme, id)));
    const theirPayout = await getPayout(t, other, theirs.payout_ids[0] as number);
    const expectedSum = [...payouts, theirPayout].reduce(
      (sum, p) => sum + cents(p.net_salary) + cents(p.net_vacation),
      0,
    );

    const { printed, file } = await exported();
    expect(Object.keys(printed)).toEqual(['file_id', 'message_id', 'format', 'payouts', 'control_sum', 'out']);
    expect(printed).toMatchObject({ format: 'pain.001.001.03', payouts: 5, out: file });
    expect(printed.control_sum).toBe((expectedSum / 100).toFixed(2));
    expect(printed.message_id).toMatch(/^[A-Z0-9-]{1,35}$/);

    const xml = await readFile(file, 'utf8');
    await expectValid(xml, 'pain.001.001.03');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">/,
    );
    expect(xml).not.toMatch(/<\w+:\w+/);
    const doc = parsePain001(xml);
    expect(doc.GrpHdr).toMatchObject({ MsgId: printed.message_id, NbOfTxs: '5', CtrlSum: printed.control_sum });
    expect(doc.GrpHdr.InitgPty.Nm).toBe('onpay Sandbox AS');

    // One PmtInf per execution date and kind: today (past due dates) domestic and foreign, the future date domestic.
    const today = osloDay(new Date());
    const groups = doc.PmtInf.map((p) => ({
      date: typeof p.ReqdExctnDt === 'string' ? p.ReqdExctnDt : p.ReqdExctnDt.Dt,
      count: p.CdtTrfTxInf.length,
      foreign: p.ChrgBr === 'SHAR',
    }));
    expect(groups).toEqual([
      { date: today, count: 3, foreign: false },
      { date: today, count: 1, foreign: true },
      { date: FUTURE_DUE, count: 1, foreign: false },
    ]);
    for (const info of doc.PmtInf) {
      expect(info).toMatchObject({ BtchBookg: 'true', PmtTpInf: { CtgyPurp: { Cd: 'SALA' } } });
      expect(info.PmtInfId.length).toBeLessThanOrEqual(35);
      expect(info.CtrlSum).toBe(
        (info.CdtTrfTxInf.reduce((s, tx) => s + cents(tx.Amt.InstdAmt['#text']), 0) / 100).toFixed(2),
      );
    }

    // Each payout once, under its trace id, with its net amount in NOK and its account.
    const byTrace = new Map(txs(doc).map((tx) => [tx.PmtId.EndToEndId, tx]));
    expect(byTrace.size).toBe(5);
    for (const payout of [...payouts, theirPayout]) {
      const partner = payout === theirPayout ? other : acme;
      const row = await t.db.db
        .selectFrom('payouts')
        .select('trace_id')
        .where('id', '=', payout.id)
        .executeTakeFirstOrThrow();
      const tx = byTrace.get(row.trace_id as string) as ParsedTx;
      expect(tx, `payout ${payout.id}`).toBeDefined();
      expect(tx.PmtId.InstrId).toBe(tx.PmtId.EndToEndId);
      expect(tx.PmtId.EndToEndId.length).toBeLessThanOrEqual(35);
      expect(tx.Amt.InstdAmt).toEqual({
        '#text': ((cents(payout.net_salary) + cents(payout.net_vacation)) / 100).toFixed(2),
        '@Ccy': 'NOK',
      });
      expect(await status(partner, payout.id)).toBe('processing');
    }
    // Domestic: the BBAN with scheme BBAN, Nordic letters kept; a Norwegian IBAN goes as its BBAN.
    const domesticTx = txs(doc).filter((tx) => tx.Cdtr.Nm === 'Åse Bjørg Sæther');
    expect(domesticTx).toHaveLength(2);
    expect(domesticTx[0]?.CdtrAcct.Id.Othr).toEqual([{ Id: '12345678903', SchmeNm: { Cd: 'BBAN' } }]);
    expect(domesticTx[0]?.CdtrAgt).toBeUndefined();
    expect(domesticTx[0]?.RmtInf.Ustrd).toMatch(/^Lønn 2026-\d\d-\d\d via onpay$/);
    expect(txs(doc).some((tx) => tx.CdtrAcct.Id.Othr?.[0]?.Id === '86011117947')).toBe(true);
    // Foreign: the IBAN with the creditor agent's BIC, basic Latin only.
    const foreignTx = txs(doc).filter((tx) => tx.CdtrAcct.Id.IBAN !== undefined);
    expect(foreignTx).toHaveLength(1);
    expect(foreignTx[0]).toMatchObject({
      Cdtr: { Nm: 'Zoe Odegard' },
      CdtrAcct: { Id: { IBAN: DE_IBAN } },
      CdtrAgt: { FinInstnId: { BIC: DEUTSCHE_BIC } },
    });
    expect(foreignTx[0]?.RmtInf.Ustrd).toMatch(/^Salary 2026-03-15 via onpay$/);

    // Listed, and downloaded byte for byte.
    const files = jsonLine(await onpay(['bank', 'files', '--json'])) as { files: Array<Record<string, unknown>> };
    expect(files.files).toEqual([
      {
        file_id: printed.file_id,
        message_id: printed.message_id,
        format: 'pain.001.001.03',
        payouts: 5,
        control_sum: printed.control_sum,
        status: 'live',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const again = out();
    jsonLine(await onpay(['bank', 'download', String(printed.file_id), '--out', again, '--json']));
    const [first, second] = [await readFile(file), await readFile(again)];
    expect(second.equals(first)).toBe(true);
    const stored = await t.db.db.selectFrom('bank_files').select('sha256').executeTakeFirstOrThrow();
    expect(stored.sha256).toBe(createHash('sha256').update(first).digest('hex'));

    // Nothing left: the next export takes nothing.
    expect((await exported()).printed).toMatchObject({ payouts: 0, file_id: null });

    // The export, the download: audited.
    const actions = (await t.services.audit.list({ object: `bank_file:${printed.file_id as number}` })).map(
      (e) => e.action,
    );
    expect(actions.sort()).toEqual(['bank_file.downloaded', 'bank_file.exported']);
  });

  it('pain.001.001.09 on request, valid against its schema (BICFI, ReqdExctnDt/Dt)', async () => {
    await createPayouts(t, acme, batch([item(domestic), item(foreign)]));
    const { printed, file } = await exported(['--format', 'pain.001.001.09']);
    expect(printed).toMatchObject({ format: 'pain.001.001.09', payouts: 2 });
    const xml = await readFile(file, 'utf8');
    await expectValid(xml, 'pain.001.001.09');
    const doc = parsePain001(xml);
    expect(doc.namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const foreignTx = txs(doc).find((tx) => tx.CdtrAcct.Id.IBAN !== undefined);
    expect(foreignTx?.CdtrAgt).toEqual({ FinInstnId: { BICFI: DEUTSCHE_BIC } });
  });

  it('--partner and --due-before take only what they name; an unknown format or a bad date is a usage error that changes nothing', async () => {
    const mine = await createPayouts(t, acme, batch([item(domestic)], FUTURE_DUE));
    const theirs = await createPayouts(t, other, batch([item(elsewhere)], '2026-04-01'));
    expectOneErrorLine(await onpay(['bank', 'export', '--out', out(), '--format', 'pain.001.001.02']), 2);
    expectOneErrorLine(await onpay(['bank', 'export', '--out', out(), '--due-before', '2026-02-30']), 2);
    expect(await status(acme, mine.payout_ids[0] as number)).toBe('pending');

    const onlyOther = await exported(['--partner', String(other.partnerId)]);
    expect(onlyOther.printed).toMatchObject({ payouts: 1 });
    expect(await status(other, theirs.payout_ids[0] as number)).toBe('processing');
    expect(await status(acme, mine.payout_ids[0] as number)).toBe('pending');

    expect((await exported(['--due-before', '2026-12-17'])).printed).toMatchObject({ payouts: 0 });
    expect((await exported(['--due-before', FUTURE_DUE])).printed).toMatchObject({ payouts: 1 });
    expect(await status(acme, mine.payout_ids[0] as number)).toBe('processing');
  });

  it('a payout of 0.00 is not sent to the bank: the export marks it paid (nothing to transfer)', async () => {
    const zero = await createPayouts(
      t,
      acme,
      batch([item(domestic, { products: [{ quantity: 1, price: 0, description: 'Unpaid trial shift' }] })]),
    );
    const id = zero.payout_ids[0] as number;
    expect(await getPayout(t, acme, id)).toMatchObject({ net_salary: '0.00', net_vacation: '0.00' });
    const { printed } = await exported();
    expect(printed).toMatchObject({ payouts: 0, file_id: null, out: null });
    expect(await getPayout(t, acme, id)).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
  });

  it('void puts the file’s processing payouts back to pending (audited); the next file carries them under new trace ids; a voided file cannot be voided again', async () => {
    const created = await createPayouts(t, acme, batch([item(domestic), item(viaNorwegianIban)]));
    const [a, b] = created.payout_ids as [number, number];
    const first = await exported();
    const traceOf = async (id: number) =>
      (await t.db.db.selectFrom('payouts').select('trace_id').where('id', '=', id).executeTakeFirstOrThrow()).trace_id;
    const firstTrace = await traceOf(a);

    const voided = jsonLine(await onpay(['bank', 'void', String(first.printed.file_id), '--json']));
    expect(voided).toMatchObject({ file_id: first.printed.file_id, status: 'voided', released: 2 });
    expect([await status(acme, a), await status(acme, b)]).toEqual(['pending', 'pending']);
    expect(expectOneErrorLine(await onpay(['bank', 'void', String(first.printed.file_id)]), 1)).toContain(
      `Payment file ${first.printed.file_id as number} is already voided.`,
    );

    const second = await exported();
    expect(second.printed).toMatchObject({ payouts: 2 });
    const secondTrace = await traceOf(a);
    expect(secondTrace).not.toBe(firstTrace);
    const doc = parsePain001(await readFile(second.file, 'utf8'));
    expect(txs(doc).map((tx) => tx.PmtId.EndToEndId)).toContain(secondTrace);

    const actions = (await t.services.audit.list({ object: `bank_file:${first.printed.file_id as number}` })).map(
      (e) => e.action,
    );
    expect(actions).toContain('bank_file.voided');
    expect(expectOneErrorLine(await onpay(['bank', 'void', '999999']), 1)).toContain(
      'Payment file 999999 does not exist.',
    );
  });

  it('retry: a failed payout goes into the next file under a new trace id', async () => {
    const id = (await createPayouts(t, acme, batch([item(domestic)]))).payout_ids[0] as number;
    await exported();
    const before = await t.db.db
      .selectFrom('payouts')
      .select('trace_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    jsonLine(await onpay(['payout', 'fail', String(id), '--reason', 'The bank phoned: account closed', '--json']));
    jsonLine(await onpay(['payout', 'retry', String(id), '--json']));
    const next = await exported();
    expect(next.printed).toMatchObject({ payouts: 1 });
    const after = await t.db.db.selectFrom('payouts').select('trace_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.trace_id).not.toBe(before.trace_id);
    const doc = parsePain001(await readFile(next.file, 'utf8'));
    expect(txs(doc).map((tx) => tx.PmtId.EndToEndId)).toEqual([after.trace_id]);
    expect(await status(acme, id)).toBe('processing');
  });

  it('an existing --out file is never overwritten, and nothing is exported', async () => {
    const id = (await createPayouts(t, acme, batch([item(domestic)]))).payout_ids[0] as number;
    const existing = out();
    await (await import('node:fs/promises')).writeFile(existing, 'keep me');
    expect(expectOneErrorLine(await onpay(['bank', 'export', '--out', existing]), 1)).toContain('the file exists');
    expect(await readFile(existing, 'utf8')).toBe('keep me');
    expect(await status(acme, id)).toBe('pending');
    await exported();
  });
});
