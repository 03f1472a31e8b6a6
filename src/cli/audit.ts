import type { Command } from 'commander';
import { AUDIT_ACTION, AUDIT_ACTOR, AUDIT_OBJECT } from '../modules/audit/index.js';
import { type CliContext, output, positiveInt, UsageError, withServices } from './context.js';

export function registerAuditCommands(program: Command, ctx: CliContext): void {
  const audit = program.command('audit').description('read the audit log (append-only: who changed what, when)');
  audit
    .command('list')
    .description('audit entries, newest first')
    .option('--object <type:id>', 'only this object, e.g. user:12, payout:501, partner:3')
    .option('--actor <type[:id]>', 'only this actor, e.g. partner:3, operator, employee:12, system')
    .option('--action <action>', 'only this action, e.g. payout.paid')
    .option('--since <time>', 'only entries at or after this ISO 8601 time with a time zone')
    .option('--before <id>', 'only entries older than this entry id (paging)')
    .option('--limit <n>', 'at most this many entries (1 to 1000)', '100')
    .option('--json', 'print one JSON object')
    .action(
      async (opts: {
        object?: string;
        actor?: string;
        action?: string;
        since?: string;
        before?: string;
        limit: string;
        json?: boolean;
      }) => {
        if (opts.object !== undefined && !AUDIT_OBJECT.test(opts.object))
          throw new UsageError(`--object must be type:id, e.g. user:12 (got ${JSON.stringify(opts.object)})`);
        if (opts.actor !== undefined && !AUDIT_ACTOR.test(opts.actor))
          throw new UsageError(
            `--actor must be partner, operator, employee, system or anonymous, optionally :id (got ${JSON.stringify(opts.actor)})`,
          );
        if (opts.action !== undefined && !AUDIT_ACTION.test(opts.action))
          throw new UsageError(
            `--action must be an action name such as payout.paid (got ${JSON.stringify(opts.action)})`,
          );
        const since = opts.since === undefined ? undefined : isoTime(opts.since);
        const limit = positiveInt('--limit', opts.limit);
        if (limit > 1000) throw new UsageError(`--limit must be at most 1000 (got ${limit})`);
        const beforeId = opts.before === undefined ? undefined : positiveInt('--before', opts.before);
        const entries = await withServices(ctx, (s) =>
          s.audit.list({ object: opts.object, actor: opts.actor, action: opts.action, since, beforeId, limit }),
        );
        const lines = entries.map(
          (e) =>
            `  ${e.id}\t${e.at}\t${e.actor.label}\t${e.action}\t${e.object}${e.fields.length ? `\t[${e.fields.join(', ')}]` : ''}${e.reason ? `\treason: ${e.reason}` : ''}${e.request_id ? `\trequest ${e.request_id}` : ''}`,
        );
        output(
          ctx,
          Boolean(opts.json),
          { entries },
          entries.length ? ['  id\tat\tactor\taction\tobject', ...lines].join('\n') : 'No entries.',
        );
      },
    );
}

/** An ISO 8601 time with a time zone, as UTC. */
function isoTime(raw: string): string {
  const ms = Date.parse(raw);
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(raw) || Number.isNaN(ms))
    throw new UsageError(
      `--since must be an ISO 8601 time with a time zone, e.g. 2026-11-23T10:00:00Z (got ${JSON.stringify(raw)})`,
    );
  return new Date(ms).toISOString();
}
