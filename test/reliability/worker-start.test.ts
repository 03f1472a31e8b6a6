/**
 * `onpay worker` started while PostgreSQL is down (refusing connections) waits for it: it logs a
 * warning and tries again, then starts its work once the database answers, instead of exiting 1.
 * A signal while it waits ends it with 0. A database it can never use (no such database) still
 * ends it at once with one line naming DATABASE_URL.
 *
 * "Down" is a port of the test's own on which nothing listens yet; "back" is a proxy to the shared
 * server started on that port.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv } from '../helpers/cli.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';
import { FreezableProxy, startOnpay, type ServiceProcess } from '../helpers/faults.js';
import { freePort } from '../helpers/net.js';

describe.runIf(testEngine === 'postgres')('onpay worker started while PostgreSQL is down', () => {
  let database: TestDatabase;
  const children: ServiceProcess[] = [];
  const proxies: FreezableProxy[] = [];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });

  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.child.kill('SIGKILL');
      await child.exited;
    }
    for (const proxy of proxies.splice(0)) await proxy.close();
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function workerOnClosedPort(): Promise<{ worker: ServiceProcess; port: number }> {
    const port = await freePort();
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const worker = startOnpay(['worker'], cliEnv({ DATABASE_URL: url.toString(), LOG_LEVEL: 'info' }));
    children.push(worker);
    return { worker, port };
  }

  it('waits and retries, then runs once the database accepts connections; SIGTERM exits 0', async () => {
    const { worker, port } = await workerOnClosedPort();
    // Two tries refused: it is waiting, not exiting.
    await worker.printed(/database unavailable at start; trying again[\s\S]*database unavailable at start/);
    const line = JSON.parse(
      worker
        .output()
        .split('\n')
        .find((l) => l.includes('database unavailable at start'))!,
    ) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 40, retryInMs: expect.any(Number), err: { message: /ECONNREFUSED/ } });

    const target = new URL(database.url);
    const proxy = new FreezableProxy(target.hostname, Number(target.port || 5432));
    proxies.push(proxy);
    await proxy.listen(port);
    await worker.printed(/onpay worker \(sandbox\) running/);

    worker.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
  });

  it('a signal while it waits for the database ends it with 0', async () => {
    const { worker } = await workerOnClosedPort();
    await worker.printed(/database unavailable at start; trying again/);
    worker.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
    expect(worker.output()).not.toContain('running');
  });

  it('a database that does not exist is no outage: exit 1 at once, naming DATABASE_URL', async () => {
    const url = new URL(database.url);
    url.pathname = '/onpay_no_such_database';
    const worker = startOnpay(['worker'], cliEnv({ DATABASE_URL: url.toString() }));
    children.push(worker);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/onpay: cannot open the database DATABASE_URL=.*onpay_no_such_database/);
    expect(worker.output()).not.toContain('trying again');
  });
});
