import type { Command } from 'commander';
import { erasureReason } from '../modules/privacy/index.js';
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

  user
    .command('export')
    .description('print everything stored about an employee as one JSON document (their right to a copy; audited)')
    .argument('<user_id>', 'employee id')
    .action(async (raw: string) => {
      const userId = positiveInt('USER_ID', raw);
      const document = await withServices(ctx, (s) => s.privacy.exportOf(userId));
      ctx.stdout(`${JSON.stringify(document, null, 2)}\n`);
    });

  user
    .command('erase')
    .description(
      'erase an employee at their request: personal data goes, payouts stay for bookkeeping (refused while a payout is pending, processing or failed)',
    )
    .argument('<user_id>', 'employee id')
    .requiredOption('--reason <text>', 'why (kept in the audit log): the request, not the person')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { reason: string; json?: boolean }) => {
      const userId = positiveInt('USER_ID', raw);
      erasureReason(opts.reason);
      const erased = await withServices(ctx, (s) => s.privacy.erase(userId, opts.reason));
      const told = erased.partner_ids.length;
      output(
        ctx,
        Boolean(opts.json),
        { ...erased },
        [
          `User ${userId} is erased (${erased.erased_at}).`,
          `  partners told (user.erased): ${told === 0 ? 'none' : erased.partner_ids.join(', ')}`,
          `  payouts kept for bookkeeping, without the account: ${erased.payouts_kept}`,
          `  partners' events redacted: ${erased.events_redacted}`,
        ].join('\n'),
      );
    });
}
