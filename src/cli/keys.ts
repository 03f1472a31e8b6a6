import type { Command } from 'commander';
import { type CliContext, output, withServices } from './context.js';

/** `onpay keys`: the field-encryption keys (docs/data-protection.md, "Keys"). */
export function registerKeysCommands(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description('field-encryption keys: what each protects, and rotation');
  keys
    .command('status')
    .description('the active key and how many values each key still protects (and the blind-index keys)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const status = await withServices(ctx, (s) => s.keys.status());
      const list = (entries: Array<{ id: string; values: number }>, active: string) =>
        entries.map(
          (k) => `  ${k.id}${k.id === active ? ' (active)' : ''}\t${k.values} value${k.values === 1 ? '' : 's'}`,
        );
      output(
        ctx,
        Boolean(opts.json),
        { ...status },
        [
          'Data keys (ONPAY_DATA_KEYS):',
          ...list(status.keys, status.active),
          ...(status.clear > 0 ? [`  in clear\t${status.clear} values (run \`onpay keys rotate\`)`] : []),
          'Index keys (ONPAY_INDEX_KEYS):',
          ...list(status.index.keys, status.index.active),
        ].join('\n'),
      );
    });
  keys
    .command('rotate')
    .description(
      're-encrypt every value under the active key (--index: rebuild the blind index under the active index key); resumable, the service keeps serving',
    )
    .option('--index', 'rebuild the blind indexes instead')
    .option('--json', 'print one JSON object')
    .action(async (opts: { index?: boolean; json?: boolean }) => {
      const rotation = await withServices(ctx, (s) => s.keys.rotate(opts.index ? 'index' : 'data'));
      const variable = rotation.kind === 'data' ? 'ONPAY_DATA_KEYS' : 'ONPAY_INDEX_KEYS';
      output(
        ctx,
        Boolean(opts.json),
        { ...rotation },
        [
          `Rewrote ${rotation.rewritten} row${rotation.rewritten === 1 ? '' : 's'}: every ${rotation.kind === 'data' ? 'value' : 'index'} is under key "${rotation.active}".`,
          ...rotation.retired.map((id) => `Key "${id}" protects nothing any more: it may be removed from ${variable}.`),
        ].join('\n'),
      );
    });
}
