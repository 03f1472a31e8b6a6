import type { Command } from 'commander';
import { taxChanges } from '../modules/users/index.js';
import { type CliContext, output, positiveInt, withServices } from './context.js';

export function registerUserCommands(program: Command, ctx: CliContext): void {
  const user = program.command('user').description('manage employees');
  user
    .command('set-tax')
    .description("set an employee's tax facts (partners cannot)")
    .argument('<user_id>', 'employee id')
    .option('--percent <p>', 'withholding percentage, 0 to 100')
    .option('--type <t>', 'tax type, e.g. tax_card')
    .option('--table <t>', 'tax table')
    .option('--start <date>', 'valid from, YYYY-MM-DD')
    .option('--free-card <amount>', 'tax-free card amount for the calendar year')
    .option('--json', 'print one JSON object')
    .action(
      async (
        raw: string,
        opts: { percent?: string; type?: string; table?: string; start?: string; freeCard?: string; json?: boolean },
      ) => {
        const userId = positiveInt('USER_ID', raw);
        const input = {
          percent: opts.percent,
          type: opts.type,
          table: opts.table,
          start: opts.start,
          freeCard: opts.freeCard,
        };
        taxChanges(input);
        const tax = await withServices(ctx, (s) => s.tax.setTax(userId, input));
        const shown = Object.entries(tax).map(
          ([name, value]) => `  ${name}: ${value === null || value === '' ? '(not set)' : value}`,
        );
        output(
          ctx,
          Boolean(opts.json),
          { user: { id: String(userId), ...tax } },
          [`Tax facts of user ${userId} updated:`, ...shown].join('\n'),
        );
      },
    );
}
