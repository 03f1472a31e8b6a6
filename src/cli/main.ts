import fs from 'node:fs';
import { Command, CommanderError } from 'commander';
import { serve } from '../server.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrator.js';
import { migrationNotes } from '../db/migration-notes.js';
import { describeFailure, isUsageError, openDatabase, output } from './context.js';
import { registerPartnerCommands } from './partners.js';
import { registerTermsCommands } from './terms.js';
import { registerPayoutCommands } from './payouts.js';
import { registerReturnUrlCommands } from './return-urls.js';
import { registerUserCommands } from './users.js';

// package.json's engines (Node.js 24, the project's node_modules/.bin/node). Checked before any
// database opens: better-sqlite3's Node-API binary crashes a Node.js 20 outright (a segfault).
const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string; engines: { node: string } };
const nodeMajor = /\d+/.exec(pkg.engines.node)![0];
if (process.versions.node.split('.')[0] !== nodeMajor) {
  process.stderr.write(`onpay: needs Node.js ${nodeMajor}, this is ${process.version}; start it with node_modules/.bin/node (npm start does)\n`);
  process.exit(1);
}

const program = new Command()
  .name('onpay')
  .version(pkg.version)
  .description('onpay: employee onboarding and payouts. Every command reads the same environment as the server.')
  .exitOverride()
  // Commander's own error output (several lines, sometimes the whole help) is replaced by one line below.
  .configureOutput({ writeErr: () => undefined, outputError: () => undefined });

/** The command whose action ran, once parsing succeeded. */
let parsed: Command | undefined;
program.hook('preAction', (_program, actionCommand) => {
  parsed = actionCommand;
});

program
  .command('serve')
  .description('apply pending migrations, then serve the API and pages')
  .action(async () => {
    await serve();
  });

program
  .command('migrate')
  .description('apply pending migrations (idempotent)')
  .option('--json', 'print one JSON object')
  .action(async (opts: { json?: boolean }) => {
    const db = await openDatabase(loadConfig());
    const { applied, notes } = await migrateToLatest(db)
      .then(async (names) => ({ applied: names, notes: await migrationNotes(db.db, names) }))
      .finally(() => db.close());
    const human = [applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.', ...notes.map((note) => `Review: ${note}`)].join('\n');
    output(Boolean(opts.json), { applied, notes }, human);
  });

registerPartnerCommands(program);
registerTermsCommands(program);
registerUserCommands(program);
registerReturnUrlCommands(program);
registerPayoutCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError && error.exitCode === 0) process.exit(0); // --help, --version
  const usage = error instanceof CommanderError || isUsageError(error);
  const line = error instanceof CommanderError ? commanderReason(error) : describeFailure(error).split('\n')[0]!;
  if (jsonRequested()) process.stdout.write(`${JSON.stringify({ error: line })}\n`);
  process.stderr.write(`onpay: ${line}\n`);
  process.exit(usage ? 2 : 1);
}

/** Commander's message without its `error: ` prefix, after the command it is about. */
function commanderReason(error: CommanderError): string {
  const { commands, unmatched } = commandPath(process.argv.slice(2));
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
  return about + error.message.replace(/^error: /, '').replace(/\s*\n\(Did you mean/, ' (did you mean').replace(/\n/g, ' ');
}

/** The commands the arguments name, from the program down, and the first word that names none. */
function commandPath(args: string[]): { commands: Command[]; unmatched?: string } {
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
function jsonRequested(): boolean {
  if (parsed) return parsed.opts<{ json?: boolean }>().json === true;
  const args = process.argv.slice(2);
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).includes('--json');
}
