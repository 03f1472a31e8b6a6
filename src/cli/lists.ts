import type { Command } from 'commander';
import type { ListDrift } from '../db/list-counters.js';
import { type CliContext, output, withServices } from './context.js';

const described = (drift: ListDrift[]) =>
  drift.map(
    (d) =>
      `  partner ${d.partner_id}, ${d.list}: counter ${d.counter}, rows ${d.rows}${d.dense ? '' : ', places not 1..rows'}`,
  );

/** `onpay lists check` and `onpay lists recount`: the list counters and places (docs/decisions.md §22). */
export function registerListCommands(program: Command, ctx: CliContext): void {
  const lists = program
    .command('lists')
    .description("the partners' list counters and places (GET /users, GET /payouts)");
  lists
    .command('check')
    .description(
      "compare every counter with a count of its rows, and every list's places with 1..count (reads every row)",
    )
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const drift = await withServices(ctx, (s) => s.lists.check());
      output(
        ctx,
        Boolean(opts.json),
        { drift },
        drift.length === 0
          ? 'Every list counter equals its rows, every list is numbered 1..count.'
          : [`${drift.length} list(s) differ (onpay lists recount repairs them):`, ...described(drift)].join('\n'),
      );
    });
  lists
    .command('recount')
    .description(
      'number every list again and set every counter to its rows, in one transaction (locks the lists while it runs)',
    )
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const repaired = await withServices(ctx, (s) => s.lists.recount());
      output(
        ctx,
        Boolean(opts.json),
        { repaired },
        repaired.length === 0
          ? 'Recounted: nothing had drifted.'
          : [`Recounted; ${repaired.length} list(s) had drifted:`, ...described(repaired)].join('\n'),
      );
    });
}
