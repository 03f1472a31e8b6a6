/**
 * Starts the measured servers as child processes, the way an operator runs them: the service via
 * `bin/onpay.js serve` (what `npm start` runs), the ceiling via the same tsx loader and the same
 * Node flags. A child of its own keeps the load generator (autocannon, in this process) off the
 * server's event loop, and lets us read its resident memory from /proc.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  name: string;
  pid: number;
  baseUrl: string;
  /** Resident set size and its peak, in MiB, from /proc/<pid>/status (null where /proc is absent). */
  memory(): { rssMb: number; peakMb: number } | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Script and arguments after the Node flags, relative to the repository root. */
  args: string[];
  env: Record<string, string>;
  nodeFlags: string[];
}

const LISTENING = /listening on (http:\/\/[^\s;]+)/;

function readMemory(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Spawns a server and resolves once it printed the address it listens on. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  // Only what the server needs: no DATABASE_URL or REDIS_URL leaks in from the caller's shell.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env };
  const child = spawn(process.execPath, [...options.nodeFlags, ...options.args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });

  const baseUrl = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => fail(new Error(`${options.name} did not start within 60 s`)), 60_000);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${stderr}`));
    }
    const onData = (chunk: string) => {
      stdout += chunk;
      const match = LISTENING.exec(stdout);
      if (match) {
        clearTimeout(timer);
        // From here on the output (request logs at info) is drained and dropped: keeping or
        // scanning it would cost this process, which also generates the load.
        child.stdout?.off('data', onData).on('data', () => undefined);
        resolve(match[1] as string);
      }
    };
    child.stdout?.setEncoding('utf8').on('data', onData);
    child.once('exit', (code, signal) => fail(new Error(`${options.name} exited during start-up (${signal ?? code})`)));
  });
  if (child.pid === undefined) throw new Error(`${options.name} has no pid`);
  const pid = child.pid;

  return {
    name: options.name,
    pid,
    baseUrl,
    memory: () => readMemory(pid),
    async stop() {
      child.removeAllListeners('exit');
      // SIGTERM: graceful close, which also lets --cpu-prof write its profile.
      child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
      if ((await Promise.race([exited(child), timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await exited(child);
      }
    },
  };
}

/** What `npm start` does first: `npm run build` (tsc into dist/); and the ceiling transpiled beside it. */
export function buildCompiled(): void {
  const build = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('tsc -p tsconfig.build.json failed');
  const source = fs.readFileSync(path.join(ROOT, 'bench/ceiling-server.ts'), 'utf8');
  const output = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  fs.mkdirSync(path.join(ROOT, 'dist/bench'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'dist/bench/ceiling-server.js'), output);
}
