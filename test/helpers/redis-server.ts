import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './net.js';

export const REDIS_SERVER = '/usr/bin/redis-server';

/** A redis-server of the test's own (never the shared one): it may be frozen and killed. */
export interface OwnRedis {
  url: string;
  pid: number;
  /** SIGSTOP: the process keeps its connections but answers nothing. */
  freeze(): void;
  /** SIGCONT. */
  thaw(): void;
  stop(): Promise<void>;
}

export function redisServerAvailable(): boolean {
  return fs.existsSync(REDIS_SERVER);
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;

  // Ready when it answers PING.
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (let attempt = 0; ; attempt++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      probe.disconnect();
      if (attempt > 100) {
        child.kill('SIGKILL');
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();

  const pid = child.pid as number;
  return {
    url,
    pid,
    freeze: () => process.kill(pid, 'SIGSTOP'),
    thaw: () => process.kill(pid, 'SIGCONT'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(pid, 'SIGCONT');
        child.kill('SIGKILL');
      }
      await exited;
    },
  };
}
