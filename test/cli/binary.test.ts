/**
 * The real program (docs/decisions.md §3). Every other command-line test runs the command line
 * in-process (`runCli`); these few run `node bin/onpay.js …` as a child process, as an operator or
 * a script does, to prove what in-process cannot: the entry point runs it, the exit status reaches
 * the shell, stdout and stderr are the process's own, the environment is read, and a command that
 * opened a database ends by itself. `serve` as a process is tested in test/cli/cli.test.ts and
 * test/reliability/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { cliEnv, expectJsonError, expectOneErrorLine, jsonLine, onpay, root, scratchDatabase } from '../helpers/cli.js';

const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

const TEST_TOKEN = /^onp_test_[A-Za-z0-9_-]{20,}$/;

// Usage errors are found before the configuration is read: this one would fail any command that got that far.
const unconfigured = cliEnv({ DATABASE_URL: 'mysql://not-a-supported-engine' });

describe('node bin/onpay.js, a process of its own', () => {
  it('--version prints the version and exits 0', async () => {
    expect(await onpay(['--version'], unconfigured)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('a usage error exits 2 with one line on stderr, and {"error"} on stdout under --json', async () => {
    expect(expectOneErrorLine(await onpay(['partner', 'create'], unconfigured), 2)).toBe(
      "onpay: partner create: required option '--name <name>' not specified",
    );
    expect(expectJsonError(await onpay(['patner', 'list', '--json'], unconfigured), 2)).toBe(
      "unknown command 'patner' (did you mean partner?)",
    );
  });

  it('a configuration it cannot use exits 1 with one line naming DATABASE_URL, without printing a password', async () => {
    expect(expectJsonError(await onpay(['migrate', '--json'], unconfigured), 1)).toContain('DATABASE_URL');
    const withPassword = await onpay(
      ['partner', 'create', '--name', 'Acme'],
      cliEnv({ DATABASE_URL: 'postgres://postgres:s3cret-pw@127.0.0.1:1/x' }),
    );
    expect(expectOneErrorLine(withPassword, 1)).toContain('DATABASE_URL');
    expect(withPassword.stderr).not.toContain('s3cret-pw');
  });
});

describe(`node bin/onpay.js against a database (${testEngine})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await scratchDatabase('onpay-binary');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('migrate --json applies the migrations, then finds nothing to apply', async () => {
    const env = cliEnv({ DATABASE_URL: database.url });
    const first = jsonLine(await onpay(['migrate', '--json'], env));
    expect(first).toEqual({ applied: expect.arrayContaining([expect.any(String)]), notes: [] });
    expect(jsonLine(await onpay(['migrate', '--json'], env))).toEqual({ applied: [], notes: [] });
  });

  it('partner create --json and token create --json print the credentials, and each process ends', async () => {
    const env = cliEnv({ DATABASE_URL: database.url });
    const created = jsonLine(await onpay(['partner', 'create', '--name', 'Acme', '--json'], env));
    expect(Object.keys(created).sort()).toEqual(['access_token', 'api_key', 'partner_id']);
    expect(created.access_token).toMatch(TEST_TOKEN);
    const issued = jsonLine(await onpay(['token', 'create', '--partner', String(created.partner_id), '--json'], env));
    expect(Object.keys(issued).sort()).toEqual(['access_token', 'token_id']);
    expect(issued.access_token).toMatch(TEST_TOKEN);
  });
});
