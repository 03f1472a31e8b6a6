import fs from 'node:fs';
import { Command, CommanderError } from 'commander';
import { serve } from '../main.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrator.js';
import { migrationNotes } from '../db/migration-notes.js';
import { describeFailure, openDatabase, output } from './context.js';
import { registerPartnerCommands } from './partners.js';
import { registerTermsCommands } from './terms.js';
import { registerPayoutCommands } from './payouts.js';
import { registerReturnUrlCommands } from './return-urls.js';
import { registerUserCommands } from './users.js';

// package.json's engines (Node.js 24, the project's node_modules/.bin/node). Checked before any
// database opens: better-sqlite3's Node-API binary crashes a Node.js 20 outright (a segfault).
const engines = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
const nodeMajor = /\d+/.exec(engines.engines.node)![0];
if (process.versions.node.split('.')[0] !== nodeMajor) {
  process.stderr.write(`onpay: needs Node.js ${nodeMajor}, this is ${process.version}; start it with node_modules/.bin/node (npm start does)\n`);
  process.exit(1);
}

const program = new Command()
  .name('onpay')
  .description('onpay: employee onboarding and payouts. Every command reads the same environment as the server.')
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });

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
  if (error instanceof CommanderError) {
    // Commander has already printed its message (or the help text).
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  process.stderr.write(`onpay: ${describeFailure(error).split('\n')[0]}\n`);
  process.exit(1);
}
