import type { Command } from 'commander';
import { type CliContext, output, positiveInt, withServices } from './context.js';

export function registerWebhookCommands(program: Command, ctx: CliContext): void {
  const webhook = program
    .command('webhook')
    .description("partners' webhook endpoints: list them, re-enable a disabled one");
  webhook
    .command('list')
    .description('list webhook endpoints with their deliveries (pending, failed, delivered)')
    .option('--partner <id>', 'only this partner')
    .option('--failing', 'only endpoints whose deliveries are failing, or that were disabled for failing')
    .option('--json', 'print one JSON object')
    .action(async (opts: { partner?: string; failing?: boolean; json?: boolean }) => {
      const partnerId = opts.partner === undefined ? null : positiveInt('--partner', opts.partner);
      const rows = await withServices(ctx, (s) =>
        s.webhooks.operatorList({ partnerId, failing: Boolean(opts.failing) }),
      );
      const state = (r: (typeof rows)[number]) =>
        r.disabled
          ? `disabled (${r.disabled_reason})`
          : r.failing_since
            ? `failing since ${r.failing_since}`
            : 'enabled';
      const lines = rows.map(
        (r) =>
          `  ${r.id}\tpartner ${r.partner_id}\t${state(r)}\t${r.deliveries.pending}/${r.deliveries.failed}/${r.deliveries.delivered}\t${r.url}`,
      );
      output(
        ctx,
        Boolean(opts.json),
        { webhook_endpoints: rows },
        rows.length
          ? ['id\tpartner\tstate\tpending/failed/delivered\turl', ...lines].join('\n')
          : opts.failing
            ? 'No failing webhook endpoints.'
            : 'No webhook endpoints.',
      );
    });
  webhook
    .command('enable')
    .description('re-enable a disabled endpoint: deliveries resume where they stopped (audited)')
    .argument('<id>', 'endpoint id')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { json?: boolean }) => {
      const id = positiveInt('ID', raw);
      const { endpoint, changed } = await withServices(ctx, (s) => s.webhooks.enable(id));
      output(
        ctx,
        Boolean(opts.json),
        { webhook_endpoint: endpoint, changed },
        `Webhook endpoint ${id} (${endpoint.url}) ${changed ? 'is enabled again' : 'was already enabled'}.`,
      );
    });
}
