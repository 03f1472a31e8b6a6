import type { Command } from 'commander';
import { systemClock } from '../clock.js';
import { checkPaidAt, checkReason, payoutRowToPayload } from '../modules/payouts/index.js';
import { type CliContext, output, positiveInt, withServices } from './context.js';

const COMMANDS = [
  ['mark-paid', 'paid', 'mark a pending payout paid, paid another way (sets paid_at); a processing one needs --reason'],
  ['cancel', 'cancelled', 'cancel a pending or failed payout'],
  ['fail', 'failed', 'mark a pending payout failed; a processing one needs --reason'],
  ['retry', 'pending', 'put a failed payout back to pending (it goes into the next payment file)'],
] as const;

export function registerPayoutCommands(program: Command, ctx: CliContext): void {
  const payout = program.command('payout').description('move payouts along their lifecycle');
  for (const [name, status, description] of COMMANDS) {
    const command = payout
      .command(name)
      .description(description)
      .argument('<payout_id>', 'payout id')
      .option('--json', 'print one JSON object');
    if (status === 'paid')
      command.option(
        '--at <timestamp>',
        'when it was paid: ISO 8601 with a time zone, not in the future (default now)',
      );
    if (status === 'paid' || status === 'failed')
      command.option(
        '--reason <text>',
        'why, kept in the audit log (3 to 500 characters); required to settle a payout that is in a payment file (processing)',
      );
    command.action(async (raw: string, opts: { json?: boolean; at?: string; reason?: string }) => {
      const id = positiveInt('PAYOUT_ID', raw);
      if (opts.at !== undefined) checkPaidAt(opts.at, systemClock.now());
      checkReason(opts.reason);
      const row = await withServices(ctx, (s) => s.payouts.transition(id, status, opts.at, opts.reason));
      output(
        ctx,
        Boolean(opts.json),
        { payout: payoutRowToPayload(row) },
        `Payout ${id} is now ${row.status}${row.paid_at ? ` (paid ${row.paid_at})` : ''}.`,
      );
    });
  }
}
