import type { Command } from 'commander';
import { returnUrlRowToPayload } from '../modules/verification/index.js';
import { type CliContext, output, positiveInt, UsageError, withServices } from './context.js';

export function registerReturnUrlCommands(program: Command, ctx: CliContext): void {
  const returnUrl = program.command('return-url').description('review the return URLs partners register');
  returnUrl
    .command('list')
    .description('list return URL requests, oldest first')
    .option('--partner <id>', 'only this partner')
    .option('--json', 'print one JSON object')
    .action(async (opts: { partner?: string; json?: boolean }) => {
      const partnerId = opts.partner === undefined ? null : positiveInt('--partner', opts.partner);
      const rows = await withServices(ctx, (s) => s.returnUrls.list(partnerId));
      const lines = rows.map((r) => `  ${r.id}\t${r.status}\tpartner ${r.partner_id}\t${r.requested_url}`);
      output(
        ctx,
        Boolean(opts.json),
        {
          return_urls: rows.map((r) => ({
            ...returnUrlRowToPayload(r),
            normalized_scheme: r.normalized_scheme,
            normalized_host: r.normalized_host,
            normalized_path_prefix: r.normalized_path_prefix,
            decided_at: r.decided_at,
          })),
        },
        rows.length ? ['id\tstatus\tpartner\trequested_url', ...lines].join('\n') : 'No return URL requests.',
      );
    });
  for (const [command, description] of [
    ['approve', 'approve a pending or rejected return URL; flows may use it at once'],
    ['reject', 'turn down a pending return URL request (an approved one is revoked instead)'],
    ['revoke', 'withdraw an approved return URL: it becomes rejected and new flows cannot use it'],
  ] as const) {
    returnUrl
      .command(command)
      .description(description)
      .argument('<id>', 'request id')
      .option('--reason <text>', 'why (kept in the audit log, at most 500 characters)')
      .option('--json', 'print one JSON object')
      .action(async (raw: string, opts: { reason?: string; json?: boolean }) => {
        const id = positiveInt('ID', raw);
        if (opts.reason !== undefined && opts.reason.length > 500)
          throw new UsageError('--reason must be at most 500 characters');
        const { row, changed } = await withServices(ctx, (s) => s.returnUrls.command(id, command, opts.reason));
        const human = `Return URL ${id} (${row.requested_url}) ${changed ? 'is now' : 'was already'} ${row.status}.`;
        output(ctx, Boolean(opts.json), { return_url: returnUrlRowToPayload(row) }, human);
      });
  }
}
