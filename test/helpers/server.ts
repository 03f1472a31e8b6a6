/** The service started as the Quick start starts it (`npm start`: build, then serve), on a database of its own. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliEnv, root } from './cli.js';
import { freshDatabase, testEngine, type TestDatabase } from './engine.js';
import { freePort } from './net.js';

/** The README's "First integration in 5 minutes" script, exactly as written between its markers. */
export function walkthroughScript(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const match = /<!-- walkthrough:start -->\s*```sh\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(readme);
  if (!match?.[1]) throw new Error('README.md has no walkthrough block between the walkthrough markers');
  return match[1];
}

export interface StartedServer {
  base: string;
  env: NodeJS.ProcessEnv;
  /** The demo partner's credentials from the start-up banner. */
  token: string;
  apiKey: string;
  /** The database it serves from (a file under a temporary directory on SQLite). */
  database: TestDatabase;
  /** Everything the process printed on stdout so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * How long the first `npm start` (a cold tsc build, then serve) may take. A test or hook that starts
 * it allows 360 s: this, and up to three minutes of work.
 */
export const NPM_START_TIMEOUT_MS = 180_000;

const BUILD_LOCK = path.join(os.tmpdir(), `onpay-npm-start-${Buffer.from(root).toString('hex').slice(-24)}.lock`);
/** A lock older than this belongs to a test process that died while building. */
const STALE_LOCK_MS = NPM_START_TIMEOUT_MS + 60_000;

/**
 * `npm start` compiles into dist/ before serving: two test files starting it at once would build
 * over each other. One start at a time holds the lock (a directory: creating it is atomic) until
 * its server is listening; the next start's build then has nothing left to do.
 */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      fs.mkdirSync(BUILD_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

export async function startWithNpm(extraEnv: Record<string, string> = {}): Promise<StartedServer> {
  return withBuildLock(() => start(extraEnv));
}

async function start(extraEnv: Record<string, string>): Promise<StartedServer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-npm-start-'));
  let database: TestDatabase | undefined;
  let databaseUrl = `sqlite:${path.join(tmp, 'onpay.db')}`;
  if (testEngine === 'postgres') {
    database = await freshDatabase('postgres');
    databaseUrl = database.url;
  }
  const port = await freePort();
  const env = cliEnv({ DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'warn', ...extraEnv });
  const server: ChildProcessWithoutNullStreams = spawn('npm', ['start'], { cwd: root, env, detached: true });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    // npm runs the service in a child of its own: end the whole process group.
    if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
    await database?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      // The first start compiles the sources (tsc) before serving: on a fresh clone, beside the rest
      // of the suite on two cores, that took more than a minute in CI.
      const timer = setTimeout(
        () => reject(new Error(`npm start did not print credentials:\n${output}`)),
        NPM_START_TIMEOUT_MS,
      );
      server.stdout.on('data', () => {
        if (/Access token:\s+\S+/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    base: `http://127.0.0.1:${port}`,
    env,
    token: /Access token:\s+(\S+)/.exec(output)![1]!,
    apiKey: /API-key:\s+(\S+)/.exec(output)![1]!,
    database: database ?? { url: databaseUrl, drop: async () => undefined },
    output: () => output,
    stop,
  };
}
