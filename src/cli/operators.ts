import type { Command } from 'commander';
import type { OperatorRow } from '../db/database.js';
import { ROLES } from '../modules/operators/index.js';
import { type CliContext, linkBaseLine, output, positiveInt, UsageError, withServices } from './context.js';

function summary(row: OperatorRow) {
  return {
    operator_id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    last_sign_in_at: row.last_sign_in_at,
    failed_sign_ins: Number(row.failed_sign_ins),
    created_at: row.created_at,
  };
}

export function registerOperatorCommands(program: Command, ctx: CliContext): void {
  const operator = program.command('operator').description('manage the people who use the console');
  operator
    .command('create')
    .description('create an operator; prints a one-time set-up link (24 hours) for password and authenticator')
    .requiredOption('--email <email>', "the operator's e-mail address (their sign-in name)")
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`)
    .option('--json', 'print one JSON object')
    .action(async (opts: { email: string; role: string; json?: boolean }) => {
      if (!(ROLES as readonly string[]).includes(opts.role))
        throw new UsageError(`--role must be one of ${ROLES.join(', ')} (got ${JSON.stringify(opts.role)})`);
      const { created, links } = await withServices(ctx, async (s) => ({
        created: await s.operators.create(opts.email, opts.role as OperatorRow['role']),
        links: s.links,
      }));
      output(
        ctx,
        Boolean(opts.json),
        {
          operator: summary(created.operator),
          setup_url: created.setupUrl,
          setup_expires_at: created.expiresAt,
          link_base: links,
        },
        [
          `Operator ${created.operator.id} (${created.operator.email}, ${created.operator.role}) created.`,
          `Send them this set-up link; it works once, until ${created.expiresAt}:`,
          `  ${created.setupUrl}`,
          linkBaseLine(links),
        ].join('\n'),
      );
    });

  operator
    .command('list')
    .description('every operator: role, status, last sign-in, failed sign-ins since the last success')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const rows = await withServices(ctx, (s) => s.operators.list());
      const operators = rows.map(summary);
      const lines = operators.map(
        (o) =>
          `  ${o.operator_id}\t${o.role}\t${o.status}\t${o.last_sign_in_at ?? 'never'}\t${o.failed_sign_ins}\t${o.email}`,
      );
      output(
        ctx,
        Boolean(opts.json),
        { operators },
        operators.length ? ['  id\trole\tstatus\tlast sign-in\tfailed\te-mail', ...lines].join('\n') : 'No operators.',
      );
    });

  operator
    .command('disable')
    .description('stop an operator from signing in; their sessions end at once')
    .argument('<operator_id>', 'operator id')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { json?: boolean }) => {
      const id = positiveInt('OPERATOR_ID', raw);
      const result = await withServices(ctx, (s) => s.operators.disable(id));
      output(
        ctx,
        Boolean(opts.json),
        { operator: summary(result.operator), changed: result.changed },
        result.changed ? `Operator ${id} disabled.` : `Operator ${id} was already disabled.`,
      );
    });

  operator
    .command('reset')
    .description('forget the password, authenticator and recovery codes; end every session; print a new set-up link')
    .argument('<operator_id>', 'operator id')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { json?: boolean }) => {
      const id = positiveInt('OPERATOR_ID', raw);
      const { reset, links } = await withServices(ctx, async (s) => ({
        reset: await s.operators.reset(id),
        links: s.links,
      }));
      output(
        ctx,
        Boolean(opts.json),
        {
          operator: summary(reset.operator),
          setup_url: reset.setupUrl,
          setup_expires_at: reset.expiresAt,
          link_base: links,
        },
        [
          `Operator ${id} reset: signed out everywhere.`,
          `New set-up link (works once, until ${reset.expiresAt}):`,
          `  ${reset.setupUrl}`,
          linkBaseLine(links),
        ].join('\n'),
      );
    });
}
