import { Command, CommanderError } from 'commander';
import { serve } from '../main.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrator.js';
import { describeFailure, openDatabase, output } from './context.js';
import { registerPartnerCommands } from './partners.js';
import { registerTermsCommands } from './terms.js';
import { registerPayoutCommands } from './payouts.js';
import { registerReturnUrlCommands } from './return-urls.js';
import { registerUserCommands } from './users.js';

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
    const applied = await migrateToLatest(db).finally(() => db.close());
    output(Boolean(opts.json), { applied }, applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
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
