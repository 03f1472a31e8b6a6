/**
 * A PostgreSQL role allowed fewer connections than the pool's size (CONNECTION LIMIT, or a server
 * near max_connections): the pool keeps to the connections it could open and requests wait for one
 * of them, as they would at the pool's own size, instead of answering 503 for each connection the
 * server refused (SQLSTATE 53300). With no connection at all, 503 stays the answer
 * (test/reliability/postgres-faults.test.ts).
 *
 * The role is the test's own, created for its own database and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { freshDatabase, pgAdminUrl, testEngine, type TestDatabase } from '../helpers/engine.js';
import { createUser } from '../helpers/users.js';

describe.runIf(testEngine === 'postgres')('PostgreSQL: a role limited to 3 connections', () => {
  const role = `onpay_limited_${randomBytes(4).toString('hex')}`;
  let database: TestDatabase;
  let superuser: pg.Client;
  let setup: TestApp;
  let limited: TestApp;
  let acme: TestPartner;
  let userId: string;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    setup = await buildTestApp({ database });
    acme = await setup.partner('Acme');
    userId = (await createUser(setup, acme)).id;

    superuser = new pg.Client({ connectionString: pgAdminUrl });
    await superuser.connect();
    const name = new URL(database.url).pathname.slice(1);
    await superuser.query(`create role ${role} login connection limit 3`);
    await superuser.query(`grant connect on database ${name} to ${role}`);
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    try {
      await owner.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
      await owner.query(`grant usage, select on all sequences in schema public to ${role}`);
    } finally {
      await owner.end();
    }
    const url = new URL(database.url);
    url.username = role;
    url.password = '';
    // The pool may open 10; the role gets 3, one of them the change listener's.
    limited = await buildTestApp({ database: { url: url.toString(), drop: async () => undefined } });
  });

  afterAll(async () => {
    await limited?.close();
    await setup?.close();
    // Dropping the database takes the role's grants with it; then the role can go.
    await database?.drop();
    if (superuser) {
      await superuser.query(`drop role if exists ${role}`);
      await superuser.end();
    }
  });

  it('40 requests at once are all served on the connections the role may open', async () => {
    const reads = Array.from({ length: 30 }, () => limited.as(acme, { method: 'GET', url: `/api/v1/users/${userId}` }));
    const writes = Array.from({ length: 10 }, (_, i) =>
      limited.as(acme, { method: 'PUT', url: `/api/v1/users/${userId}`, payload: { note: `write ${i}` } }),
    );
    const statuses = (await Promise.all([...reads, ...writes])).map((res) => res.statusCode);
    expect(statuses).toEqual(Array.from({ length: 40 }, () => 200));
    expect((await limited.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    const { rows } = await superuser.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where usename = $1',
      [role],
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(3);
  });
});
