/**
 * A SQLite file the process may not write, at start-up: `onpay serve`, `onpay worker` and
 * `onpay migrate` exit 1 with one line naming DATABASE_URL and saying the file is read-only,
 * instead of SQLite's bare "attempt to write a readonly database" (a read-only directory) or,
 * worse, starting (a read-only file in a writable directory: SQLite opens it read-only without a
 * word, and the first client write fails).
 *
 * Permissions do not bind root (CI runs as root): there the commands run as the user `nobody`.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, cliEnv, expectOneErrorLine, root, runCli, type Run } from '../helpers/cli.js';
import { testEngine } from '../helpers/engine.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** The real program as a user the file's permissions bind. */
function onpayUnprivileged(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: root, env, timeout: 30_000, ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe.runIf(testEngine === 'sqlite')('SQLite: a database file the process may not write', () => {
  let dir: string | null = null;

  afterEach(async () => {
    if (!dir) return;
    await chmod(dir, 0o755);
    await rm(dir, { recursive: true, force: true });
    dir = null;
  });

  /** A migrated database (WAL mode), then its files made read-only; its directory too unless `writableDir`. */
  async function readOnlyDatabase(writableDir: boolean): Promise<string> {
    dir = await mkdtemp(path.join(tmpdir(), 'onpay-ro-'));
    const url = `sqlite:${path.join(dir, 'onpay.db')}`;
    const migrated = await runCli(['migrate', '--json'], cliEnv({ DATABASE_URL: url }));
    expect(migrated.code, migrated.stderr).toBe(0);
    for (const name of await readdir(dir)) await chmod(path.join(dir, name), 0o444);
    await chmod(dir, writableDir ? 0o777 : 0o555);
    return url;
  }

  it.each([
    ['a read-only file in a read-only directory', false],
    ['a read-only file in a writable directory', true],
  ])(
    '%s: serve, worker and migrate exit 1 naming DATABASE_URL',
    async (_case, writableDir) => {
      const url = await readOnlyDatabase(writableDir);
      for (const command of [['serve'], ['worker'], ['migrate']]) {
        const run = await onpayUnprivileged(command, cliEnv({ DATABASE_URL: url, PORT: '0' }));
        const line = expectOneErrorLine(run, 1);
        expect(line, command[0]).toContain(`cannot open the database DATABASE_URL=${url}: `);
        expect(line).toContain('is read-only for this process (EACCES)');
      }
      // Three processes of their own, each loading the sources through tsx: more than 30 s on a busy CI machine.
    },
    90_000,
  );
});
