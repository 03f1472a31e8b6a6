import fs from 'node:fs';
import os from 'node:os';
import { Command, CommanderError } from 'commander';
import { serve } from '../server.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrator.js';
import { fieldKeysForMigrations, openFieldCrypto } from '../platform/field-keys.js';
import { migrationNotes } from '../db/migration-notes.js';
import { runAs, type Actor } from '../platform/actor.js';
import { type CliContext, describeFailure, isUsageError, openDatabase, output } from './context.js';
import { registerKeysCommands } from './keys.js';
import { registerPartnerCommands } from './partners.js';
import { registerTermsCommands } from './terms.js';
import { registerPayoutCommands } from './payouts.js';
import { registerBankCommands } from './bank.js';
import { registerReturnUrlCommands } from './return-urls.js';
import { registerUserCommands } from './users.js';
import { registerAuditCommands } from './audit.js';
import { registerListCommands } from './lists.js';
import { registerOperatorCommands } from './operators.js';
import { registerWebhookCommands } from './webhooks.js';
import { registerWorkerCommand } from './worker.js';

const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * Runs one `onpay` command line (the arguments after the program's name) and resolves with its exit
 * status (docs/decisions.md §3). It reads only `ctx.env` and prints only through `ctx`, so the
 * tests run it in-process; src/cli/main.ts runs it for the real process. `serve` resolves with 0
 * once listening: the server then owns the process and ends it after a signal (src/server.ts).
 */
export async function runCli(args: string[], ctx: CliContext): Promise<number> {
  const program = buildProgram(ctx);
  /** The command whose action ran, once parsing succeeded. */
  let parsed: Command | undefined;
  program.hook('preAction', (_program, actionCommand) => {
    parsed = actionCommand;
  });

  try {
    // What a command changes is audited as the operator at the command line.
    await runAs(commandLineActor(), null, () => program.parseAsync(args, { from: 'user' }));
    return 0;
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return 0; // --help, --version
    const usage = error instanceof CommanderError || isUsageError(error);
    const line =
      error instanceof CommanderError ? commanderReason(program, args, error) : describeFailure(error).split('\n')[0]!;
    if (jsonRequested(parsed, args)) ctx.stdout(`${JSON.stringify({ error: line })}\n`);
    ctx.stderr(`onpay: ${line}\n`);
    return usage ? 2 : 1;
  }
}

/** The operator at the command line, named by the system account running it. */
function commandLineActor(): Actor {
  let user = 'unknown user';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the command is still audited, without a name.
  }
  return { type: 'operator', id: null, label: `command line (${user})` };
}

/** A fresh program per command line: commander keeps what it parsed on the Command objects. */
function buildProgram(ctx: CliContext): Command {
  const program = new Command()
    .name('onpay')
    .version(version)
    .description('onpay: employee onboarding and payouts. Every command reads the same environment as the server.')
    .exitOverride()
    // --help and --version print on stdout; commander's own error output (several lines, sometimes
    // the whole help) is replaced by the one line runCli prints.
    .configureOutput({ writeOut: (text) => ctx.stdout(text), writeErr: () => undefined, outputError: () => undefined });

  program
    .command('serve')
    .description('apply pending migrations, then serve the API and pages')
    .action(async () => {
      await serve(ctx);
    });

  registerWorkerCommand(program, ctx);

  program
    .command('migrate')
    .description('apply pending migrations (idempotent)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const config = loadConfig(ctx.env);
      const db = await openDatabase(config);
      const { applied, notes } = await migrateToLatest(db, fieldKeysForMigrations(config))
        .then(async (names) => {
          // With nothing to apply, no migration asked for the keys: check them as start-up does, so
          // a deploy's migrate step fails on a wrong or missing key before any instance serves.
          await openFieldCrypto(db.db, config, new Date().toISOString());
          return { applied: names, notes: await migrationNotes(db.db, names) };
        })
        .finally(() => db.close());
      const human = [
        applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.',
        ...notes.map((note) => `Review: ${note}`),
      ].join('\n');
      output(ctx, Boolean(opts.json), { applied, notes }, human);
    });

  registerPartnerCommands(program, ctx);
  registerTermsCommands(program, ctx);
  registerUserCommands(program, ctx);
  registerReturnUrlCommands(program, ctx);
  registerPayoutCommands(program, ctx);
  registerBankCommands(program, ctx);
  registerAuditCommands(program, ctx);
  registerListCommands(program, ctx);
  registerOperatorCommands(program, ctx);
  registerWebhookCommands(program, ctx);
  registerKeysCommands(program, ctx);
  return program;
}

/** Commander's message without its `error: ` prefix, after the command it is about. */
function commanderReason(program: Command, args: string[], error: CommanderError): string {
  const { commands, unmatched } = commandPath(program, args);
  const last = commands.at(-1)!;
  const named = commands.slice(1).map((command) => command.name());
  const about = named.length > 0 ? `${named.join(' ')}: ` : '';
  // A command group run without one of its commands (or `help` with an unknown one): commander would print the whole help.
  if (error.code === 'commander.help') {
    if (unmatched !== undefined) return `${about}unknown command '${unmatched}'`;
    const names = last.commands.map((command) => command.name()).join(', ');
    return `${about}missing command, one of ${names} (see ${commands.map((command) => command.name()).join(' ')} --help)`;
  }
  // Commander puts its "(Did you mean …?)" on a line of its own.
  return (
    about +
    error.message
      .replace(/^error: /, '')
      .replace(/\s*\n\(Did you mean/, ' (did you mean')
      .replace(/\n/g, ' ')
  );
}

/** The commands the arguments name, from the program down, and the first word that names none. */
function commandPath(program: Command, args: string[]): { commands: Command[]; unmatched?: string } {
  const commands = [program];
  for (const arg of args) {
    if (arg === '--') break;
    // `help` is commander's own command (`onpay help partner`), not among .commands.
    if (arg.startsWith('-') || arg === 'help') continue;
    const next = commands.at(-1)!.commands.find((command) => command.name() === arg);
    if (!next) return { commands, unmatched: arg };
    commands.push(next);
  }
  return { commands };
}

/** --json of the command that ran; when parsing failed, whether --json is among the arguments at all. */
function jsonRequested(parsed: Command | undefined, args: string[]): boolean {
  if (parsed) return parsed.opts<{ json?: boolean }>().json === true;
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).includes('--json');
}
