import type { Command } from 'commander';
import { systemClock } from '../clock.js';
import { checkPaidAt, payoutRowToPayload } from '../modules/payouts/index.js';
import { type CliContext, output, positiveInt, withServices } from './context.js';

const COMMANDS = [
  ['mark-paid', 'paid', 'mark a pending payout paid (sets paid_at)'],
  ['cancel', 'cancelled', 'cancel a pending or failed payout'],
  ['fail', 'failed', 'mark a pending payout failed (the bank rejected it)'],
  ['retry', 'pending', 'put a failed payout back to pending'],
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
    command.action(async (raw: string, opts: { json?: boolean; at?: string }) => {
      const id = positiveInt('PAYOUT_ID', raw);
      if (opts.at !== undefined) checkPaidAt(opts.at, systemClock.now());
      const row = await withServices(ctx, (s) => s.payouts.transition(id, status, opts.at));
      output(
        ctx,
        Boolean(opts.json),
        { payout: payoutRowToPayload(row) },
        `Payout ${id} is now ${row.status}${row.paid_at ? ` (paid ${row.paid_at})` : ''}.`,
      );
    });
  }
}
