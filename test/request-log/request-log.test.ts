/**
 * The request log (docs/decisions.md §25): what a partner API request leaves (route template, the
 * path's ids, status, request id, Idempotency-key; no body, no query value, no address), written
 * after the response and only by a flush; a full buffer drops and counts, the request still
 * answers; closing the service writes what is left; housekeeping keeps it to its period and its
 * rows per partner; one partner's requests are never in another's log.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { createUser } from '../helpers/users.js';

async function rows(t: TestApp) {
  return t.db.db.selectFrom('request_log').selectAll().orderBy('id').execute();
}

describe(`request log (${testEngine})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('notes an answered request after the response, with the route template and path ids, no query value or body', async () => {
    t = await buildTestApp({ requestLogTuning: { batchSize: 1000 } });
    const a = await t.partner('A');
    const user = await createUser(t, a, { email: 'reqlog.one@example.com' });
    await t.services.requestLog.flush();
    const before = (await rows(t)).length;

    const key = randomUUID();
    const read = await t.as(a, { method: 'GET', url: `/api/v1/users/${user.id}` });
    expect(read.statusCode).toBe(200);
    const refused = await t.as(a, { method: 'GET', url: '/api/v1/users?secret=do-not-keep' });
    expect(refused.statusCode).toBe(422);
    const write = await t.as(a, {
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'idempotency-key': key.toUpperCase() },
      payload: { email: 'reqlog.two@example.com' },
    });
    expect(write.statusCode).toBe(200);
    await t.as(a, { method: 'GET', url: '/api/v1/no-such-thing/42' });
    // Nothing is written on the request path: the entries wait in the buffer.
    expect(t.services.requestLog.pending).toBe(4);
    expect((await rows(t)).length).toBe(before);

    await t.services.requestLog.flush();
    const logged = (await rows(t)).slice(before);
    expect(logged.map((r) => [r.method, r.route, r.path_ids, r.status, r.idempotency_key])).toEqual([
      ['GET', '/api/v1/users/:id', JSON.stringify({ id: String(user.id) }), 200, null],
      ['GET', '/api/v1/users', null, 422, null],
      ['POST', '/api/v1/users', null, 200, key],
      ['GET', '(no such route)', null, 404, null],
    ]);
    expect(logged[0]!.request_id).toBe(read.headers['x-request-id']);
    expect(logged[0]!.partner_id).toBe(a.partnerId);
    // When it arrived: the clock's time less its duration.
    const lag = t.clock.now().getTime() - Date.parse(logged[0]!.at);
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(5000);
    expect(logged.every((r) => r.duration_us >= 0)).toBe(true);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('do-not-keep');
    expect(text).not.toContain('reqlog.two');
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('no-such-thing');
  });

  it('logs only authenticated partner requests, each in its own partner’s log', async () => {
    t = await buildTestApp();
    const a = await t.partner('A');
    const b = await t.partner('B');
    await t.as(a, { method: 'GET', url: '/api/v1/terms' });
    await t.as(b, { method: 'GET', url: '/api/v1/users' });
    await t.app.inject({ method: 'GET', url: '/api/v1/terms' });
    await t.app.inject({ method: 'GET', url: '/api/v1/terms', headers: { ...a.headers, 'api-key': 'wrong' } });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.services.requestLog.flush();

    const ofA = await t.services.requestLog.list(a.partnerId, { limit: 50 });
    const ofB = await t.services.requestLog.list(b.partnerId, { limit: 50 });
    expect(ofA.map((e) => e.route)).toEqual(['/api/v1/terms']);
    expect(ofB.map((e) => e.route)).toEqual(['/api/v1/users']);
    expect((await rows(t)).length).toBe(2);
  });

  it('a full buffer drops the entry and counts it; the request still answers', async () => {
    t = await buildTestApp({ requestLogTuning: { bufferMax: 2, batchSize: 1000 } });
    const a = await t.partner('A');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await t.as(a, { method: 'GET', url: '/api/v1/terms' })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(t.services.requestLog.pending).toBe(2);
    expect(t.services.requestLog.dropped).toBe(3);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^onpay_request_log_dropped_total 3$/m);

    await t.services.requestLog.flush();
    expect((await rows(t)).length).toBe(2);
    // Room again after the flush.
    await t.as(a, { method: 'GET', url: '/api/v1/terms' });
    expect(t.services.requestLog.pending).toBe(1);
  });

  it('a batch that fills up is written without waiting for the timer', async () => {
    t = await buildTestApp({ requestLogTuning: { batchSize: 3, flushIntervalMs: 3_600_000 } });
    const a = await t.partner('A');
    for (let i = 0; i < 3; i++) await t.as(a, { method: 'GET', url: '/api/v1/terms' });
    // The write started by the third entry; flush() waits for it.
    await t.services.requestLog.flush();
    expect((await rows(t)).length).toBe(3);
  });

  it('closing the service (the shutdown) writes what the buffer holds', async () => {
    t = await buildTestApp({ requestLogTuning: { batchSize: 1000, flushIntervalMs: 3_600_000 } });
    const a = await t.partner('A');
    t.services.startWorkers();
    for (let i = 0; i < 4; i++) await t.as(a, { method: 'GET', url: '/api/v1/terms' });
    expect(t.services.requestLog.pending).toBe(4);
    // The shutdown's order (src/server.ts): the workers stop beside the drain, the app closes, then the services.
    await t.services.stopWorkers();
    await t.app.close();
    await t.services.close();
    expect(t.services.requestLog.pending).toBe(0);
    expect((await rows(t)).map((r) => r.route)).toEqual(Array(4).fill('/api/v1/terms'));
  });

  it('housekeeping removes entries past the retention period, and each partner’s past its row bound', async () => {
    t = await buildTestApp({ requestLogTuning: { retentionDays: 30, maxRowsPerPartner: 3 } });
    const a = await t.partner('A');
    const b = await t.partner('B');
    t.clock.set('2026-10-01T10:00:00.000Z');
    await t.as(a, { method: 'GET', url: '/api/v1/terms' });
    await t.services.requestLog.flush();
    t.clock.set('2026-10-31T09:59:00.000Z');
    await t.as(a, { method: 'GET', url: '/api/v1/users' });
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await t.as(b, { method: 'GET', url: `/api/v1/users/${i + 1}` });
    }
    await t.services.requestLog.flush();
    t.clock.set('2026-10-31T10:00:30.000Z');

    const removed = await t.services.housekeeping.runOnce();
    // A's first entry is 30 days and 30 s old; B's two oldest are past its bound of 3.
    expect(removed['request log past retention']).toBe(3);
    expect((await t.services.requestLog.list(a.partnerId, { limit: 10 })).map((e) => e.route)).toEqual([
      '/api/v1/users',
    ]);
    expect((await t.services.requestLog.list(b.partnerId, { limit: 10 })).map((e) => e.path_ids.id)).toEqual([
      '5',
      '4',
      '3',
    ]);
  });

  it('filters by status class, route and time, and pages from an entry of the partner’s own', async () => {
    t = await buildTestApp();
    const a = await t.partner('A');
    const b = await t.partner('B');
    t.clock.set('2026-11-26T10:01:00.000Z');
    await t.as(a, { method: 'GET', url: '/api/v1/terms' });
    t.clock.set('2026-11-26T10:02:10.000Z');
    await t.as(a, { method: 'GET', url: '/api/v1/users/999999' });
    t.clock.set('2026-11-26T10:02:40.000Z');
    await t.as(a, { method: 'GET', url: '/api/v1/users' });
    t.clock.set('2026-11-26T10:03:10.000Z');
    await t.as(b, { method: 'GET', url: '/api/v1/terms' });
    await t.services.requestLog.flush();
    const log = t.services.requestLog;

    const atTwo = await log.list(a.partnerId, {
      from: '2026-11-26T10:02:00.000Z',
      until: '2026-11-26T10:03:00.000Z',
      limit: 10,
    });
    expect(atTwo.map((e) => [e.route, e.status])).toEqual([
      ['/api/v1/users', 200],
      ['/api/v1/users/:id', 404],
    ]);
    expect((await log.list(a.partnerId, { status: '4xx', limit: 10 })).map((e) => e.status)).toEqual([404]);
    expect((await log.list(a.partnerId, { route: '/api/v1/terms', limit: 10 })).length).toBe(1);
    const first = await log.list(a.partnerId, { limit: 2 });
    const rest = await log.list(a.partnerId, { limit: 2, after: first[1]!.id });
    expect(rest.map((e) => e.route)).toEqual(['/api/v1/terms']);
    // B's entry is no position in A's log.
    const [ofB] = await log.list(b.partnerId, { limit: 1 });
    await expect(log.list(a.partnerId, { limit: 2, after: ofB!.id })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect((await log.last(a.partnerId))?.route).toBe('/api/v1/users');
  });
});
