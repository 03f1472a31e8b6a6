/**
 * How the `onpay` command line answers a wrong command line (docs/decisions.md §3): exit status 2
 * and one line `onpay: …` on stderr, never commander's help dump; a failed operation exits 1; with
 * --json either failure also prints one `{"error": …}` object on stdout. `--help` and `--version`
 * exit 0. Run in-process; test/cli/binary.test.ts shows the real program answers the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import {
  cliEnv,
  expectJsonError,
  expectOneErrorLine,
  root,
  runCli,
  scratchDatabase,
  type Run,
} from '../helpers/cli.js';

const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

/** Runs the command lines, one after another, in order. */
async function runAll(commandLines: string[][], env: NodeJS.ProcessEnv): Promise<Run[]> {
  const runs: Run[] = [];
  for (const args of commandLines) runs.push(await runCli(args, env));
  return runs;
}

// An invalid DATABASE_URL would fail any command that got as far as the configuration (exit 1):
// usage errors are found before it.
const unconfigured = cliEnv({ DATABASE_URL: 'mysql://not-a-supported-engine' });

describe('onpay --help and --version', () => {
  it('print on stdout and exit 0', async () => {
    const [long, short, help, groupHelp, helpCommand] = await runAll(
      [['--version'], ['-V'], ['--help'], ['partner', '--help'], ['help', 'return-url']],
      unconfigured,
    );
    expect(long).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(short).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    for (const run of [help, groupHelp, helpCommand]) expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(help!.stdout).toContain('Usage: onpay [options] [command]');
    expect(help!.stdout).toContain('-V, --version');
    expect(groupHelp!.stdout).toMatch(/^ {2}list \[options\] +list partners/m);
    expect(helpCommand!.stdout).toMatch(/^ {2}revoke \[options\] <id> +withdraw an approved return URL/m);
  });
});

describe('usage errors', () => {
  it('exit 2 with one line naming the problem, before the configuration is read', async () => {
    const cases: Array<[string[], string]> = [
      [
        [],
        'onpay: missing command, one of serve, worker, migrate, partner, token, terms, user, return-url, payout, bank, audit, lists, operator, webhook, keys (see onpay --help)',
      ],
      [
        ['partner'],
        'onpay: partner: missing command, one of create, list, set-fee, set-details, requests (see onpay partner --help)',
      ],
      [['patner', 'list'], "onpay: unknown command 'patner' (did you mean partner?)"],
      [['return-url', 'revok', '1'], "onpay: return-url: unknown command 'revok' (did you mean revoke?)"],
      [['help', 'payuot'], "onpay: unknown command 'payuot'"],
      [['partner', 'list', '--all'], "onpay: partner list: unknown option '--all'"],
      [['partner', 'create'], "onpay: partner create: required option '--name <name>' not specified"],
      [['partner', 'create', '--name'], "onpay: partner create: option '--name <name>' argument missing"],
      [['payout', 'cancel'], "onpay: payout cancel: missing required argument 'payout_id'"],
      [['migrate', 'now'], "onpay: migrate: too many arguments for 'migrate'. Expected 0 arguments but got 1."],
      // Values of the wrong form or range.
      [['token', 'create', '--partner', 'abc'], 'onpay: --partner must be a positive whole number (got "abc")'],
      [['payout', 'retry', '1.5'], 'onpay: PAYOUT_ID must be a positive whole number (got "1.5")'],
      [['partner', 'create', '--name', '  '], 'onpay: --name must be 1 to 255 characters.'],
      [
        ['partner', 'set-fee', '1', '--rate', '5%'],
        'onpay: --rate must be a fraction from 0 to 1 with at most 4 decimals, e.g. 0.05 (got "5%").',
      ],
      [
        ['user', 'set-tax', '7', '--percent', 'ten'],
        'onpay: --percent must be a number from 0 to 100 with at most 2 decimals.',
      ],
      [
        ['user', 'set-tax', '7'],
        'onpay: set-tax (--percent, --type, --table, --start, --free-card) needs at least one value.',
      ],
      [
        ['terms', 'publish', '--code', 'v 2', '--title', 'Terms', '--url', 'terms.html'],
        'onpay: --code must be 1 to 64 letters, digits, dots, dashes or underscores. --url must be an absolute http(s) URL of at most 2048 characters.',
      ],
      [['payout', 'mark-paid', '1', '--at', 'yesterday'], 'onpay: --at "yesterday" is not a timestamp;'],
    ];
    const runs = await runAll(
      cases.map(([args]) => args),
      unconfigured,
    );
    cases.forEach(([args, expected], i) => {
      const line = expectOneErrorLine(runs[i]!, 2);
      if (expected.endsWith(';')) expect(line, args.join(' ')).toContain(expected);
      else expect(line, args.join(' ')).toBe(expected);
    });
  });
});

describe(`--json failures (${testEngine})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await scratchDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('print {"error": …} on stdout as well, with the same exit status, even when parsing failed', async () => {
    const env = cliEnv({ DATABASE_URL: database.url });
    const [unknownCommand, missingOption, missingValue, badId, badAt, noPartner, unknownOption] = await runAll(
      [
        ['patner', 'list', '--json'],
        ['partner', 'create', '--json'],
        ['partner', 'create', '--json', '--name'],
        ['token', 'list', '--partner', 'x', '--json'],
        ['payout', 'mark-paid', '1', '--at', '2026-11-20T10:00:00', '--json'],
        ['token', 'create', '--partner', '999', '--json'],
        ['serve', '--json'],
      ],
      env,
    );
    expect(expectJsonError(unknownCommand!, 2)).toBe("unknown command 'patner' (did you mean partner?)");
    expect(expectJsonError(missingOption!, 2)).toBe("partner create: required option '--name <name>' not specified");
    expect(expectJsonError(missingValue!, 2)).toBe("partner create: option '--name <name>' argument missing");
    expect(expectJsonError(badId!, 2)).toBe('--partner must be a positive whole number (got "x")');
    expect(expectJsonError(badAt!, 2)).toContain('has no time zone');
    // A well-formed command that fails: exit 1.
    expect(expectJsonError(noPartner!, 1)).toBe('Partner 999 does not exist.');
    // serve has no --json, but a script that passed one still gets the error as JSON.
    expect(expectJsonError(unknownOption!, 2)).toBe("serve: unknown option '--json'");
  });
});
