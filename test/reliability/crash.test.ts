/**
 * A crash (SIGKILL) under write load: every write the service answered 200 is in the database, a
 * write the client saw fail is either fully there or not at all, and the service starts again on
 * the same database.
 */
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb } from '../../src/db/kysely.js';
import { cliEnv, scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { startOnpay, until, type ServiceProcess } from '../helpers/faults.js';
import { freePort } from '../helpers/net.js';

const LOOPS = 6;

function post(agent: http.Agent, port: number, headers: Record<string, string>, body: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/users', agent, headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? null));
        response.on('error', () => resolve(null));
      },
    );
    request.on('error', () => resolve(null));
    request.end(body);
  });
}

describe(`SIGKILL under write load (${testEngine})`, () => {
  let database: TestDatabase | undefined;
  const services: ServiceProcess[] = [];

  afterAll(async () => {
    for (const service of services) if (service.child.exitCode === null) service.child.kill('SIGKILL');
    await database?.drop();
  });

  it('keeps every write answered 200, and starts again on the same database', async () => {
    database = await scratchDatabase('onpay-crash');
    const port = await freePort();
    const env = cliEnv({
      DATABASE_URL: database.url,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const service = startOnpay(['serve'], env);
    services.push(service);
    const token = (await service.printed(/Access token:\s+(\S+)/))[1]!;
    const apiKey = (await service.printed(/API-key:\s+(\S+)/))[1]!;
    const headers = { authorization: `Bearer ${token}`, 'api-key': apiKey, 'content-type': 'application/json' };

    const agent = new http.Agent({ keepAlive: true, maxSockets: LOOPS });
    const answered: string[] = [];
    const unanswered: string[] = [];
    let counter = 0;
    const loops = Array.from({ length: LOOPS }, async () => {
      for (;;) {
        const email = `crash.${(counter += 1)}@example.com`;
        const status = await post(agent, port, headers, JSON.stringify({ email, internal_id: counter }));
        if (status === 200) answered.push(email);
        else if (status === null) return unanswered.push(email);
        else throw new Error(`unexpected ${status} before the crash`);
      }
    });

    await until(() => answered.length >= 60, '60 employees created');
    service.child.kill('SIGKILL');
    await Promise.all(loops);
    expect(await service.exited).toBeNull();
    agent.destroy();

    const db = createDb(parseDatabaseUrl(database.url));
    try {
      const stored = new Set((await db.db.selectFrom('users').select('email').execute()).map((row) => row.email));
      for (const email of answered) expect(stored.has(email), email).toBe(true);
      // Whatever else is stored was in flight at the crash; a write is there whole or not at all.
      for (const email of stored) expect(answered.includes(email) || unanswered.includes(email), email).toBe(true);
      const links = await db.db.selectFrom('partner_users').select('user_id').execute();
      expect(links).toHaveLength(stored.size);
    } finally {
      await db.close();
    }

    const again = startOnpay(['serve'], { ...env, PORT: '0' });
    services.push(again);
    await again.printed(/listening on/);
    expect(again.output()).not.toContain('demo partner was created');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
