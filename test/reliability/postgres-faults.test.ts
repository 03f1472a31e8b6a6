/**
 * PostgreSQL going away in the ways it does: frozen mid-query, refusing connections, a statement
 * stuck behind a lock, a backend terminated by an administrator, too many connections. Each
 * answers 503 {"message":"Service Unavailable"} with Retry-After within the configured timeouts,
 * is logged as a warning with the request id, and the service recovers by itself afterwards.
 *
 * The faults are injected through a TCP proxy the test controls in front of the shared server (and
 * with the test's own role and locks), never by stopping the shared server.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createServices, type Services } from '../../src/services.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { freshDatabase, pgAdminUrl, testEngine, type TestDatabase } from '../helpers/engine.js';
import { FreezableProxy, until } from '../helpers/faults.js';

interface Service {
  app: FastifyInstance;
  services: Services;
  db: Db;
  logs: Record<string, unknown>[];
  as(options: InjectOptions): Promise<LightMyRequestResponse>;
}

function throughProxy(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return proxied.toString();
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }): void {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: 'Service Unavailable' });
  expect(String(res.headers['retry-after'])).toMatch(/^\d+$/);
}

describe.runIf(testEngine === 'postgres')('PostgreSQL faults', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  let credentials: Record<string, string>;
  let userId: string;
  const services: Service[] = [];
  const proxies: FreezableProxy[] = [];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const setup = createDb({ engine: 'postgres', url: database.url });
    await migrateToLatest(setup);
    await setup.close();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });

  afterEach(async () => {
    for (const proxy of proxies) proxy.thaw();
    for (const service of services.splice(0)) {
      await service.app.close();
      await service.services.close();
      await service.db.close();
    }
    for (const proxy of proxies.splice(0)) await proxy.close();
  });

  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });

  async function start(url: string, env: Record<string, string>): Promise<Service> {
    const config = loadConfig({
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      ONPAY_SECRET: 'x'.repeat(32),
      ...env,
    });
    const logs: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n'))
          if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const db = createDb(config.database, { timeouts: config.databaseTimeouts });
    const built = await createServices({ config, db });
    const app = await buildApp(built, { logger: { level: 'warn', stream } });
    await app.ready();
    const service: Service = {
      app,
      services: built,
      db,
      logs,
      as: async (options) => app.inject({ ...options, headers: { ...credentials, ...options.headers } }),
    };
    services.push(service);
    return service;
  }

  async function proxied(env: Record<string, string>): Promise<{ service: Service; proxy: FreezableProxy }> {
    const target = new URL(database.url);
    const proxy = new FreezableProxy(target.hostname, Number(target.port || 5432));
    proxies.push(proxy);
    const service = await start(throughProxy(database.url, await proxy.listen()), env);
    if (!credentials) {
      const partner = await service.services.partners.createPartner('Acme');
      credentials = { authorization: `Bearer ${partner.access_token}`, 'api-key': partner.api_key };
      const created = await service.as({
        method: 'POST',
        url: '/api/v1/users',
        payload: { email: 'kari@example.com' },
      });
      expect(created.statusCode).toBe(200);
      userId = created.json<{ id: string }>().id;
    }
    return { service, proxy };
  }

  const SHORT = {
    DATABASE_STATEMENT_TIMEOUT_MS: '300',
    DATABASE_QUERY_TIMEOUT_MS: '600',
    DATABASE_CONNECT_TIMEOUT_MS: '500',
  };

  function expectWarned(service: Service, requestId: string): void {
    const line = service.logs.find((entry) => entry.reqId === requestId);
    expect(line, JSON.stringify(service.logs)).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/database unavailable/),
    });
  }

  it('a request whose connection is mid-query when the database freezes answers 503 at the query timeout; after the thaw it serves again', async () => {
    const { service, proxy } = await proxied(SHORT);
    expect((await service.as({ method: 'GET', url: `/api/v1/users/${userId}` })).statusCode).toBe(200);

    proxy.freeze();
    const read = await service.as({
      method: 'GET',
      url: `/api/v1/users/${userId}`,
      headers: { 'x-request-id': 'frozen-read' },
    });
    expectUnavailable(read);
    expectWarned(service, 'frozen-read');
    // A write in a transaction gives up at the query timeout too (its rollback does not wait again).
    expectUnavailable(await service.as({ method: 'PUT', url: `/api/v1/users/${userId}`, payload: { note: 'frozen' } }));

    proxy.thaw();
    expect((await service.as({ method: 'GET', url: `/api/v1/users/${userId}` })).statusCode).toBe(200);
    expect(
      (await service.as({ method: 'PUT', url: `/api/v1/users/${userId}`, payload: { note: 'thawed' } })).statusCode,
    ).toBe(200);
  });

  it('waiting for a new connection to a frozen database ends at the connect timeout with 503', async () => {
    const { service, proxy } = await proxied(SHORT);
    // No pooled connection survives: every query needs a new one, and none completes its handshake.
    proxy.freeze();
    proxy.cutAll();
    expectUnavailable(await service.as({ method: 'GET', url: `/api/v1/users/${userId}` }));
    proxy.thaw();
    expect((await service.as({ method: 'GET', url: `/api/v1/users/${userId}` })).statusCode).toBe(200);
  });

  it('a database that refuses connections answers 503; it serves again once it is back', async () => {
    const { service, proxy } = await proxied(SHORT);
    const port = proxy.port;
    await proxy.close();
    proxies.splice(proxies.indexOf(proxy), 1);
    expectUnavailable(await service.as({ method: 'GET', url: `/api/v1/users/${userId}` }));

    const target = new URL(database.url);
    const back = new FreezableProxy(target.hostname, Number(target.port || 5432));
    proxies.push(back);
    await back.listen(port);
    expect((await service.as({ method: 'GET', url: `/api/v1/users/${userId}` })).statusCode).toBe(200);
  });

  it('a statement stuck behind a lock is cancelled at the statement timeout with 503', async () => {
    const { service } = await proxied(SHORT);
    await admin.query('begin');
    await admin.query('lock table partner_users in access exclusive mode');
    try {
      expectUnavailable(await service.as({ method: 'GET', url: `/api/v1/users/${userId}` }));
    } finally {
      await admin.query('rollback');
    }
    expect((await service.as({ method: 'GET', url: `/api/v1/users/${userId}` })).statusCode).toBe(200);
  });

  it('a backend terminated by an administrator mid-query answers 503', async () => {
    const { service } = await proxied({});
    await admin.query('begin');
    await admin.query('lock table partner_users in access exclusive mode');
    try {
      const pending = service.as({ method: 'GET', url: `/api/v1/users/${userId}` });
      let pid = 0;
      await until(async () => {
        // Inside a transaction the activity view is a snapshot unless cleared.
        await admin.query('select pg_stat_clear_snapshot()');
        const { rows } = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        pid = rows[0]?.pid ?? 0;
        return pid !== 0;
      }, 'the request to wait for the lock');
      await admin.query('select pg_terminate_backend($1)', [pid]);
      expectUnavailable(await pending);
    } finally {
      await admin.query('rollback');
    }
    const after = await service.as({ method: 'GET', url: `/api/v1/users/${userId}` });
    expect(after.statusCode, JSON.stringify(service.logs)).toBe(200);
  });

  it('too many connections (SQLSTATE 53300) answers 503', async () => {
    await proxied({}); // the partner and the employee
    const role = `onpay_limited_${randomBytes(4).toString('hex')}`;
    const superuser = new pg.Client({ connectionString: pgAdminUrl });
    const owner = new pg.Client({ connectionString: database.url });
    await superuser.connect();
    await owner.connect();
    try {
      // The service starts as a role of its own (its start-up reads the database: the keys'
      // check values), then that role may open no connection at all and loses those it has:
      // every connection it tries is refused with 53300.
      await superuser.query(`create role ${role} login`);
      await owner.query(`grant all on all tables in schema public to ${role}`);
      await owner.query(`grant all on all sequences in schema public to ${role}`);
      const url = new URL(database.url);
      url.username = role;
      url.password = '';
      const service = await start(url.toString(), {});
      await superuser.query(`alter role ${role} connection limit 0`);
      await superuser.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
      expectUnavailable(await service.as({ method: 'GET', url: `/api/v1/users/${userId}` }));
      await service.app.close();
      await service.services.close();
      await service.db.close();
      services.splice(services.indexOf(service), 1);
    } finally {
      await owner.query(`drop owned by ${role}`).catch(() => undefined);
      await owner.end();
      await superuser.query(`drop role if exists ${role}`);
      await superuser.end();
    }
  });
});
