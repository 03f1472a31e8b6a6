/**
 * node --expose-gc bin/run-ts.js bench/bank-process.ts seed|export|import DATABASE_URL N OUT.json
 *
 * The payment-file scenarios (docs/performance.md, "Payment files"), each step in a process of its
 * own so that one step's memory is not counted in the next:
 * - seed: N pending payouts with a Norwegian account, due today, of the seeded partner's
 *   employees (copies of a seeded payout), in one new invoice due yesterday.
 * - export: one `onpay bank export --due-before` that day through the service, as the command
 *   does (the file written to OUT.json's directory). Measures its wall time and the process's memory
 *   growth: the resident set size (RSS) and the V8 heap before the export (after a full GC) against
 *   their peaks during it (sampled every 2 ms, and the kernel's peak RSS).
 * - import: a camt.054 booking every transaction of the latest file (batch-booked, one entry per
 *   PmtInf), imported as `onpay bank import` does; measures its wall time.
 * Writes {payouts, seconds, rssGrowthMb, heapGrowthMb, ...} to OUT.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { takeInvoiceNumber } from '../src/db/invoice-numbers.js';
import { allocateIds } from '../src/db/dialect.js';
import { createDb } from '../src/db/kysely.js';
import { sealValues } from '../src/db/sealed-columns.js';
import { runAs, SYSTEM_ACTOR } from '../src/platform/actor.js';
import { openFieldCrypto } from '../src/platform/field-keys.js';
import { createServices } from '../src/services.js';

const [step, url, count, out] = process.argv.slice(2);
if (!step || !url || !count || !out || !['seed', 'export', 'import'].includes(step)) {
  process.stderr.write(
    'usage: node --expose-gc bin/run-ts.js bench/bank-process.ts seed|export|import DATABASE_URL N OUT.json\n',
  );
  process.exit(2);
}
const payouts = Number(count);
const config = loadConfig({ DATABASE_URL: url, ONPAY_ENV: 'sandbox', LOG_LEVEL: 'silent' });
const db = createDb(config.database);
const MB = 2 ** 20;

async function seedPayouts(): Promise<Record<string, number>> {
  const crypto = await openFieldCrypto(db.db, config, new Date().toISOString());
  const template = await db.db.selectFrom('payouts').selectAll().orderBy('id').executeTakeFirstOrThrow();
  const users = (
    await db.db
      .selectFrom('payouts')
      .select('user_id')
      .distinct()
      .where('partner_id', '=', template.partner_id)
      .limit(payouts)
      .execute()
  ).map((row) => row.user_id);
  const today = new Date().toISOString().slice(0, 10);
  // Due yesterday: the export takes these (due on or before that day), not the payouts the other
  // scenarios made (due today); the benchmark's older seeded payouts have no account.
  const dueDate = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const now = new Date().toISOString();
  await db.db.transaction().execute(async (trx) => {
    const invoice = await trx
      .insertInto('invoices')
      .values({
        number: await takeInvoiceNumber(trx),
        issue_date: new Date().toISOString().slice(0, 10),
        partner_id: template.partner_id,
        due_date: dueDate,
        payout_count: payouts,
        total_salary: 0,
        total_vacation: 0,
        total_pension: 0,
        total_employer_contribution: 0,
        total_service_fee: 0,
        total_excl: 0,
        total_vat: 0,
        total_incl: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = template;
    for (let written = 0; written < payouts; written += 500) {
      // The copied account is stored as the service stores it: encrypted, bound to the payout's id.
      const ids = await allocateIds(trx, 'payouts', Math.min(500, payouts - written));
      const rows = ids.map((id, i) => ({
        ...copy,
        id,
        invoice_id: invoice.id,
        user_id: users[(written + i) % users.length] as number,
        status: 'pending' as const,
        date: today,
        paid_at: null,
        trace_id: null,
        failure_code: null,
        failure_message: null,
        ...sealValues(
          crypto,
          'payouts',
          { id },
          { bank_account_number: '12345678903', bank_iban_number: null, bank_bic_number: null },
        ),
        created_at: now,
        updated_at: now,
      }));
      await trx.insertInto('payouts').values(rows).execute();
    }
  });
  return { payouts };
}

/** A camt.054.001.08 booking every transaction of the file, one batch-booked entry per PmtInf. */
function bookingOf(
  messageId: string,
  attempts: Array<{ traceId: string; pmtInfId: string; amount: string }>,
  day: string,
): string {
  const groups = new Map<string, typeof attempts>();
  for (const a of attempts) groups.set(a.pmtInfId, [...(groups.get(a.pmtInfId) ?? []), a]);
  const reportId = `CAMT-${Date.now()}`;
  const minor = (amount: string) => Math.round(Number(amount) * 100);
  const entries = [...groups].map(([pmtInfId, txs], i) => {
    const total = (txs.reduce((sum, tx) => sum + minor(tx.amount), 0) / 100).toFixed(2);
    const details = txs
      .map(
        (tx) =>
          `<TxDtls><Refs><InstrId>${tx.traceId}</InstrId><EndToEndId>${tx.traceId}</EndToEndId></Refs><Amt Ccy="NOK">${tx.amount}</Amt></TxDtls>`,
      )
      .join('');
    return `<Ntry><Amt Ccy="NOK">${total}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><AcctSvcrRef>BENCH-${i + 1}</AcctSvcrRef><BkTxCd><Prtry><Cd>SALARY</Cd></Prtry></BkTxCd><NtryDtls><Btch><MsgId>${messageId}</MsgId><PmtInfId>${pmtInfId}</PmtInfId><NbOfTxs>${txs.length}</NbOfTxs></Btch>${details}</NtryDtls></Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>${reportId}</MsgId><CreDtTm>${day}T06:00:00</CreDtTm></GrpHdr><Ntfctn><Id>${reportId}-1</Id><CreDtTm>${day}T06:00:00</CreDtTm><Acct><Id><Othr><Id>12345678903</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id></Acct>${entries.join('')}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>
`;
}

const services = step === 'seed' ? null : await createServices({ config, db, connectRedis: false });
try {
  let result: Record<string, number>;
  if (step === 'seed') result = await seedPayouts();
  else if (step === 'export') {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) throw new Error('run the export step with node --expose-gc');
    // The seed step's invoice, the newest.
    const { due_date: dueBefore } = await db.db
      .selectFrom('invoices')
      .select('due_date')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // A running service has read these tables before: its database page cache (SQLite keeps up to
    // 16 MiB per connection) is already full, not filling for the first time during the export.
    const warm = async (read: (after: number) => Promise<number[]>) => {
      for (let after = 0, keys = await read(after); keys.length > 0; keys = await read(after)) after = keys.at(-1)!;
    };
    await warm(async (after) =>
      (await db.db.selectFrom('payouts').selectAll().where('id', '>', after).orderBy('id').limit(2000).execute()).map(
        (row) => row.id,
      ),
    );
    await warm(async (after) =>
      (await db.db.selectFrom('users').selectAll().where('id', '>', after).orderBy('id').limit(2000).execute()).map(
        (row) => row.id,
      ),
    );
    await warm(async (after) =>
      (
        await db.db
          .selectFrom('partner_users')
          .selectAll()
          .where('user_id', '>', after)
          .orderBy('user_id')
          .limit(2000)
          .execute()
      ).map((row) => row.user_id),
    );
    gc();
    const before = process.memoryUsage();
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sample = () => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    };
    const sampler = setInterval(sample, 2);
    const started = performance.now();
    const exported = await runAs(SYSTEM_ACTOR, null, () => services!.bank.files.exportFile({ dueBefore }));
    const file = path.join(path.dirname(out), `bench-export-${process.pid}.xml`);
    fs.writeFileSync(file, exported.xml ?? '');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sample();
    fs.rmSync(file, { force: true });
    // The kernel's peak counts too when the export went above every earlier peak of the process.
    const kernelPeak = process.resourceUsage().maxRSS * 1024;
    if (kernelPeak > peakBefore) peakRss = Math.max(peakRss, kernelPeak);
    if (exported.payouts !== payouts) throw new Error(`exported ${exported.payouts} payouts, expected ${payouts}`);
    result = {
      payouts: exported.payouts,
      seconds,
      rssGrowthMb: (peakRss - before.rss) / MB,
      heapGrowthMb: (peakHeap - before.heapUsed) / MB,
      fileMb: Buffer.byteLength(exported.xml ?? '') / MB,
    };
  } else {
    const [latest] = await services!.bank.files.files(1);
    if (!latest) throw new Error('no payment file to book');
    const attempts = await services!.bank.files.attempts(latest.file_id);
    const xml = Buffer.from(bookingOf(latest.message_id, attempts, new Date().toISOString().slice(0, 10)));
    const started = performance.now();
    const report = await runAs(SYSTEM_ACTOR, null, () => services!.bank.imports.importReport(xml));
    const seconds = (performance.now() - started) / 1000;
    if (report.applied !== payouts || report.problems.length > 0)
      throw new Error(`the import applied ${report.applied} of ${payouts}: ${JSON.stringify(report.problems[0])}`);
    result = { transactions: report.applied, seconds, fileMb: xml.length / MB };
  }
  fs.writeFileSync(out, JSON.stringify(result));
} finally {
  await services?.close();
  await db.close();
}
