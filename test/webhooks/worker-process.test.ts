/**
 * `onpay worker` as a process of its own (the real binary): it delivers without serving HTTP, and
 * SIGTERM stops it cleanly (exit 0).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { cli, cliEnv, root, scratchDatabase } from '../helpers/cli.js';
import { ManualClock } from '../helpers/clock.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { createEndpoint, emitEvents, startReceiver, type Receiver } from './helpers.js';

describe(`onpay worker, a process of its own (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let r: Receiver;

  beforeAll(async () => {
    database = await scratchDatabase('onpay-worker');
    const clock = new ManualClock(new Date());
    t = await buildTestApp({ database, clock });
    r = await startReceiver(clock);
  });
  afterAll(async () => {
    await r?.close();
    await t?.close();
    await database?.drop();
  });

  it('delivers the events, then exits 0 on SIGTERM', async () => {
    const acme = await t.partner('Acme');
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.*'] });
    r.secrets.push(endpoint.secret);
    await emitEvents(t, acme.partnerId, 3);

    const child = spawn(process.execPath, [cli, 'worker'], {
      cwd: root,
      env: cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'info' }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => r.verified().length, { timeout: 20_000, interval: 100 }).toBe(3);
      expect(stdout).toContain('onpay worker (sandbox) running');
      expect(r.received.map((d) => d.event.sequence)).toEqual([1, 2, 3]);
      // It serves nothing: no port was asked for, and it printed no listening line.
      expect(stdout).not.toContain('listening');
      child.kill('SIGTERM');
      expect(await exited, `${stdout}\n${stderr}`).toBe(0);
      expect(stdout).toContain('SIGTERM');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

describe(`the delivery worker of a serving instance (${testEngine})`, () => {
  it('services.startWorkers() delivers by itself; close() stops it', async () => {
    const clock = new ManualClock(new Date());
    const t = await buildTestApp({ clock });
    const r = await startReceiver(clock);
    try {
      const acme = await t.partner('Acme');
      const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.*'] });
      r.secrets.push(endpoint.secret);
      t.services.startWorkers();
      await emitEvents(t, acme.partnerId, 2);
      await expect.poll(() => r.verified().length, { timeout: 10_000, interval: 50 }).toBe(2);
    } finally {
      await t.close();
      await r.close();
    }
  });
});
