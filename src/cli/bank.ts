import { access, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { MAX_REPORT_BYTES, type BankFileView } from '../modules/bank/index.js';
import { CliError, type CliContext, output, positiveInt, UsageError, withServices } from './context.js';

/** A file the command writes: never over an existing one (a payment file is a record). */
async function outPath(raw: string): Promise<string> {
  if (raw.trim() === '') throw new UsageError('--out must name a file');
  const file = path.resolve(raw);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (exists)
    throw new CliError(`--out ${raw}: the file exists; choose a new name (a payment file is never overwritten)`);
  return file;
}

const listed = (f: BankFileView) => ({
  file_id: f.file_id,
  message_id: f.message_id,
  format: f.format,
  payouts: f.payouts,
  control_sum: f.control_sum,
  status: f.status,
  created_at: f.created_at,
});

/** A table cell: what a bank wrote (a reason text) on one line, a dash for nothing. */
const cell = (value: string | null) => (value === null ? '-' : value.replace(/\s+/g, ' ').trim() || '-');

export function registerBankCommands(program: Command, ctx: CliContext): void {
  const bank = program
    .command('bank')
    .description(
      "payment files to the bank (pain.001): export, list, download, void; bank reports in; a payout's bank history",
    );

  bank
    .command('export')
    .description('put the pending payouts into a payment file and move them to processing (audited)')
    .requiredOption('--out <file>', 'where to write the file (never overwritten)')
    .option('--format <format>', 'pain.001.001.03 (default, the Norwegian banks’ common guide) or pain.001.001.09')
    .option('--due-before <date>', 'only payouts whose invoice is due on or before this day (YYYY-MM-DD)')
    .option('--partner <id>', "only this partner's payouts")
    .option('--json', 'print one JSON object')
    .action(async (opts: { out: string; format?: string; dueBefore?: string; partner?: string; json?: boolean }) => {
      const partnerId = opts.partner === undefined ? undefined : positiveInt('--partner', opts.partner);
      const out = await outPath(opts.out);
      const result = await withServices(ctx, (s) =>
        s.bank.exportFile({ format: opts.format, dueBefore: opts.dueBefore, partnerId }),
      );
      if (result.xml !== null) {
        try {
          await writeFile(out, result.xml, { flag: 'wx' });
        } catch (error) {
          throw new CliError(
            `payment file ${result.fileId} was recorded and its payouts are processing, but ${out} could not be written (${(error as Error).message}); get it with onpay bank download ${result.fileId} --out FILE`,
          );
        }
      }
      const zero =
        result.settledWithoutTransfer > 0
          ? ` ${result.settledWithoutTransfer} payout${result.settledWithoutTransfer === 1 ? '' : 's'} of 0.00 marked paid without a transfer.`
          : '';
      output(
        ctx,
        Boolean(opts.json),
        {
          file_id: result.fileId,
          message_id: result.messageId,
          format: result.format,
          payouts: result.payouts,
          control_sum: result.controlSum,
          out: result.xml === null ? null : out,
        },
        result.xml === null
          ? `Nothing pending to pay: no file written.${zero}`
          : `Payment file ${result.fileId} (${result.format}, message ${result.messageId}): ${result.payouts} payouts, NOK ${result.controlSum}, written to ${out}. Its payouts are processing; upload it to the bank.${zero}`,
      );
    });

  bank
    .command('import')
    .description(
      'read a bank report (pain.002 status report, camt.054 debit notification) and apply it to the payouts (audited)',
    )
    .argument('<file>', 'the report as the bank sent it')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { json?: boolean }) => {
      const file = path.resolve(raw);
      const size = await stat(file).then(
        (s) => s.size,
        (error: Error) => {
          throw new CliError(`${raw}: cannot read it (${error.message})`);
        },
      );
      if (size > MAX_REPORT_BYTES)
        throw new CliError(`${raw} is ${size} bytes; a bank report may be at most ${MAX_REPORT_BYTES} bytes (32 MiB)`);
      const content = await readFile(file);
      const report = await withServices(ctx, (s) => s.bankImport.importReport(content));
      output(
        ctx,
        Boolean(opts.json),
        { ...report },
        [
          `${report.message_type} ${report.message_id}: ${report.applied} applied, ${report.unchanged} unchanged, ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}.`,
          ...report.problems.map((p) => `  ${p.reference}: ${p.problem}`),
        ].join('\n'),
      );
    });

  bank
    .command('files')
    .description('list payment files, newest first')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const files = await withServices(ctx, (s) => s.bank.files());
      output(
        ctx,
        Boolean(opts.json),
        { files: files.map(listed) },
        files.length
          ? [
              'id\tstatus\tformat\tpayouts\tNOK\tcreated\tmessage id',
              ...files.map(
                (f) =>
                  `  ${f.file_id}\t${f.status}\t${f.format}\t${f.payouts}\t${f.control_sum}\t${f.created_at}\t${f.message_id}`,
              ),
            ].join('\n')
          : 'No payment files.',
      );
    });

  bank
    .command('history')
    .description(
      "a payout's way through the bank: the payment files it went into, and what each bank report said of it",
    )
    .argument('<payout_id>', 'payout id')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { json?: boolean }) => {
      const id = positiveInt('PAYOUT_ID', raw);
      const { payout, attempts, history } = await withServices(ctx, async (s) => ({
        payout: await s.payouts.byId(id),
        attempts: await s.bank.attemptsOfPayout(id),
        history: await s.bank.history(id),
      }));
      output(
        ctx,
        Boolean(opts.json),
        { payout_id: payout.id, status: payout.status, trace_id: payout.trace_id, attempts, history },
        [
          `Payout ${payout.id} is ${payout.status}${payout.trace_id ? ` (trace id ${payout.trace_id})` : ''}.`,
          ...(attempts.length
            ? [
                'Payment files, oldest first:',
                'file\tstatus\ttrace id\tcreated\tmessage id',
                ...attempts.map((a) => `  ${a.file_id}\t${a.status}\t${a.trace_id}\t${a.created_at}\t${a.message_id}`),
              ]
            : ['It has not been in a payment file.']),
          ...(history.length
            ? [
                'What the bank reported, oldest first:',
                'report\ttype\ttrace id\tbank status\toutcome\tcode\tdate\timported\ttext',
                ...history.map((h) =>
                  [
                    h.report_message_id,
                    h.report_type,
                    h.trace_id,
                    h.bank_status,
                    h.outcome,
                    h.code,
                    h.date,
                    h.recorded_at,
                    h.text,
                  ]
                    .map(cell)
                    .join('\t')
                    .replace(/^/, '  '),
                ),
              ]
            : ['No bank report has said anything of it yet.']),
        ].join('\n'),
      );
    });

  bank
    .command('download')
    .description('write a payment file again, byte for byte as exported (audited)')
    .argument('<file_id>', 'payment file id')
    .requiredOption('--out <file>', 'where to write it (never overwritten)')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { out: string; json?: boolean }) => {
      const id = positiveInt('FILE_ID', raw);
      const out = await outPath(opts.out);
      const { file, xml } = await withServices(ctx, (s) => s.bank.download(id));
      await writeFile(out, xml, { encoding: 'utf8', flag: 'wx' });
      output(
        ctx,
        Boolean(opts.json),
        { ...listed(file), out },
        `Payment file ${id} (${file.status}) written to ${out}.`,
      );
    });

  bank
    .command('void')
    .description(
      'void a payment file the bank has not reported on: its processing payouts go back to pending (audited)',
    )
    .argument('<file_id>', 'payment file id')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { json?: boolean }) => {
      const id = positiveInt('FILE_ID', raw);
      const { file, released } = await withServices(ctx, (s) => s.bank.voidFile(id));
      output(
        ctx,
        Boolean(opts.json),
        { ...listed(file), released },
        `Payment file ${id} is voided; ${released} payout${released === 1 ? ' is' : 's are'} pending again and go into the next file. Make sure the bank does not pay it.`,
      );
    });
}
