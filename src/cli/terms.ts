import type { Command } from 'commander';
import { checkTerms } from '../modules/terms/index.js';
import { type CliContext, output, withServices } from './context.js';

export function registerTermsCommands(program: Command, ctx: CliContext): void {
  const terms = program.command('terms').description('manage the terms employees approve');
  terms
    .command('publish')
    .description('make these the current terms; everyone must approve the new code')
    .requiredOption('--code <code>', 'terms version code')
    .requiredOption('--title <title>', 'title')
    .requiredOption('--url <url>', 'where the terms can be read')
    .option('--json', 'print one JSON object')
    .action(async (opts: { code: string; title: string; url: string; json?: boolean }) => {
      checkTerms(opts);
      const published = await withServices(ctx, (s) => s.terms.publish(opts));
      output(ctx, Boolean(opts.json), { terms: published }, `Terms ${published.code} are now current.`);
    });
}
