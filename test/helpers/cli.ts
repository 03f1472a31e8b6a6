/**
 * Running the `onpay` command line against a database of its own: in-process (`runCli`, what the
 * tests use) or as the real program in a child process (`onpay`, for test/cli/binary.test.ts and
 * the tests that need a process of its own). Both return the same `Run`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runCli as runProgram } from '../../src/cli/program.js';
import { freshDatabase, testEngine, type TestDatabase } from './engine.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const cli = path.join(root, 'bin', 'onpay.js');

/** Every variable src/config.ts reads: removed from the inherited environment so the host's settings cannot leak in. */
const CONFIG_VARIABLE =
  /^(PORT|HOST|PUBLIC_BASE_URL|DATABASE_|REDIS_URL|ONPAY_|SMTP_URL|MAIL_FROM|LOG_LEVEL|RATE_LIMIT_PER_MINUTE|SHUTDOWN_|EID_|DOC_|WEBHOOK_|PAYER_)/;

/** The host's environment without its configuration, plus `extra`: for `runCli`, `onpay` and served processes. */
export function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!CONFIG_VARIABLE.test(key)) env[key] = value;
  return { ...env, ...extra };
}

/** A database of the engine under test: a SQLite file in a fresh directory, or a fresh PostgreSQL database. */
export async function scratchDatabase(prefix = 'onpay-cli'): Promise<TestDatabase> {
  if (testEngine === 'postgres') return freshDatabase('postgres');
  const dir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  return { url: `sqlite:${path.join(dir, 'onpay.db')}`, drop: () => rm(dir, { recursive: true, force: true }) };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The command line in-process (src/cli/program.ts): what the real program would exit with and
 * print, read from `env` only (never this process's environment), as `onpay` does in a child.
 */
export async function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runProgram(args, {
    env: { ...env },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** The real program, `node bin/onpay.js …`, as a child process with exactly `env`. */
export function onpay(args: string[], env: NodeJS.ProcessEnv, timeout = 30_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: root, env, timeout }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The one JSON object a `--json` command prints: stdout must be exactly one line. */
export function jsonLine(run: Run): Record<string, unknown> {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^[^\n]+\n$/);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/**
 * A failed command: exit status `code` (1, a failure; 2, a usage error; any non-zero when omitted),
 * nothing on stdout, exactly one line `onpay: …` on stderr, returned.
 */
export function expectOneErrorLine(run: Run, code?: 1 | 2): string {
  if (code === undefined) expect(run.code).not.toBe(0);
  else expect(run.code, run.stderr).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^onpay: [^\n]+\n$/);
  return run.stderr.trim();
}

/**
 * A failed `--json` command: exit status `code`, exactly one JSON object `{"error": …}` on stdout,
 * and the same reason as the one line `onpay: …` on stderr. Returns the reason.
 */
export function expectJsonError(run: Run, code: 1 | 2): string {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stdout).toMatch(/^[^\n]+\n$/);
  const printed = JSON.parse(run.stdout) as Record<string, unknown>;
  expect(Object.keys(printed)).toEqual(['error']);
  expect(printed.error).toEqual(expect.any(String));
  expect(run.stderr).toBe(`onpay: ${printed.error as string}\n`);
  return printed.error as string;
}
