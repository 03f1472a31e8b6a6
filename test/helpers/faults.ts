/** Fault injection for the reliability tests: other processes, a TCP proxy that can freeze, the real service. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { cli, root } from './cli.js';

/** Resolves once `condition` holds; polls, so it waits for an event, not for time. Fails after `limitMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 15_000,
): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface LockHolder {
  /** Commits and ends the process. */
  release(): Promise<void>;
}

const HOLD_LOCK = `
import Database from 'better-sqlite3';
const db = new Database(process.env.LOCK_FILE);
db.exec('begin immediate');
process.stdout.write('locked\\n');
process.stdin.once('data', () => { db.exec('commit'); db.close(); process.exit(0); });
`;

/** Another process (as the operator command line would be) that holds the SQLite file's write lock. */
export async function holdSqliteWriteLock(file: string): Promise<LockHolder> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', HOLD_LOCK], {
    cwd: root,
    env: { ...process.env, LOCK_FILE: file },
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${errors}`)));
  });
  return {
    release: () =>
      new Promise<void>((resolve, reject) => {
        child.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`lock holder exited with ${code}: ${errors}`)),
        );
        child.stdin.write('release\n');
      }),
  };
}

/**
 * A TCP proxy in front of a server (the shared PostgreSQL) that the test can freeze: while frozen it
 * accepts connections and reads nothing, and forwards nothing either way, as a stopped database
 * or a network that drops packets would look to the service.
 */
export class FreezableProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private frozen = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.frozen) this.pause(pair);
      const end = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
  }

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  private pause([client, upstream]: [net.Socket, net.Socket]): void {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }

  freeze(): void {
    this.frozen = true;
    for (const pair of this.pairs) this.pause(pair);
  }

  thaw(): void {
    this.frozen = false;
    for (const [client, upstream] of this.pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
    }
  }

  /** Cuts every connection (the server went away); new ones still reach it. */
  cutAll(): void {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  async close(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface ServiceProcess {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Resolves with the exit code (null when a signal ended the process) once its output is read. */
  exited: Promise<number | null>;
  /** Resolves once stdout matches. */
  printed(pattern: RegExp, limitMs?: number): Promise<RegExpExecArray>;
}

/** `onpay serve` (or another command) as a real process, through the same entry point as the CLI tests. */
export function startOnpay(args: string[], env: NodeJS.ProcessEnv): ServiceProcess {
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': by then everything the process printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    child,
    output: () => stdout + stderr,
    exited,
    printed(pattern, limitMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`${path.basename(cli)} ${args.join(' ')} did not print ${pattern}:\n${stdout}${stderr}`)),
          limitMs,
        );
        const check = () => {
          const match = pattern.exec(stdout);
          if (!match) return;
          clearTimeout(timer);
          child.stdout.off('data', check);
          resolve(match);
        };
        child.stdout.on('data', check);
        check();
        void exited.then((code) => {
          clearTimeout(timer);
          if (!pattern.test(stdout))
            reject(new Error(`exited with ${code} before printing ${pattern}:\n${stdout}${stderr}`));
        });
      });
    },
  };
}
