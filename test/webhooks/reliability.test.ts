/**
 * At least once, never twice at the same time: a worker that dies holding an endpoint's lease
 * leaves its delivery to the next worker once the lease is over; two instances (each with its own
 * services) on one database deliver every event exactly once; an endpoint failing for 5 days is
 * disabled, logged and listed for the operator, who re-enables it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookWorker, DISABLE_AFTER_FAILING_MS } from '../../src/modules/webhooks/index.js';
import type { WorkerLog } from '../../src/platform/logging.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, runCli, scratchDatabase } from '../helpers/cli.js';
import { ManualClock } from '../helpers/clock.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { createEndpoint, emitEvents, startReceiver, type Receiver } from './helpers.js';

type WorkerOptions = Partial<Parameters<typeof createWebhookWorker>[0]>;

/**
 * No test here waits for a receiver to time out: a generous deadline, so that a loaded machine
 * (several workers sending at once, the receivers in this process) does not fail a send.
 */
const TIMEOUT_MS = 5_000;

/** A delivery worker of its own on a test app's services (a second process, as a test shapes it). */
function workerOf(t: TestApp, clock: ManualClock, extra: WorkerOptions = {}) {
  return createWebhookWorker({
    db: t.services.db.db,
    clock,
    events: t.services.events.service,
    audit: t.services.audit,
    crypto: t.services.fieldCrypto,
    timeoutMs: TIMEOUT_MS,
    rules: { live: false },
    resolve: async () => [],
    leaseMs: 60_000,
    ...extra,
  });
}

describe(`webhook reliability (${testEngine})`, () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let first: TestApp;
  let second: TestApp;
  let acme: TestPartner;
  const logged: Array<{ level: string; object: object; message: string }> = [];
  const log: WorkerLog = {
    info: (object, message) => logged.push({ level: 'info', object, message }),
    warn: (object, message) => logged.push({ level: 'warn', object, message }),
    error: (object, message) => logged.push({ level: 'error', object, message }),
  };
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    // A database both instances open (a file for SQLite), and one clock for both.
    database = await scratchDatabase('onpay-webhooks');
    clock = new ManualClock(new Date());
    first = await buildTestApp({ database, clock, log, env: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
    second = await buildTestApp({ database, clock, log, env: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
    acme = await first.partner('Acme');
  });
  afterEach(async () => {
    const list = (await first.as(acme, { method: 'GET', url: '/api/v1/webhook-endpoints?per_page=100' })).json() as {
      results: Array<{ id: number }>;
    };
    for (const endpoint of list.results)
      await first.as(acme, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
    while (receivers.length) await receivers.pop()!.close();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  async function receiver(answer?: Parameters<typeof startReceiver>[2]): Promise<Receiver> {
    const r = await startReceiver(clock, [], answer);
    receivers.push(r);
    return r;
  }

  it('a delivery whose worker died after claiming it is delivered again once the lease is over', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(first, acme, { url: r.url, event_types: ['payout.*'] });
    r.secrets.push(endpoint.secret);
    await emitEvents(first, acme.partnerId, 1);
    const doomed = workerOf(first, clock);
    // The doomed worker enqueues and leases the endpoint, then dies: it never sends nor records.
    expect(await doomed.enqueue()).toBe(1);
    expect((await doomed.claim()).map((e) => e.id)).toEqual([endpoint.id]);
    // While its lease runs, nobody else sends.
    expect((await second.services.webhookWorker.runOnce()).attempts).toBe(0);
    clock.advance(59_999);
    expect((await first.services.webhookWorker.runOnce()).attempts).toBe(0);
    expect(r.received).toHaveLength(0);
    clock.advance(1);
    expect((await second.services.webhookWorker.runOnce()).attempts).toBe(1);
    expect(r.verified()).toHaveLength(1);
  });

  it('a delivery sent but not recorded (the worker died after sending) is sent again after the lease, with the same webhook-id', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(first, acme, { url: r.url, event_types: ['payout.*'] });
    r.secrets.push(endpoint.secret);
    await emitEvents(first, acme.partnerId, 1);
    const crashing = workerOf(first, clock, {
      // Dies right after sending: never records, never releases its lease.
      afterSend: () => new Promise<void>(() => undefined),
    });
    void crashing.runOnce();
    await expect.poll(() => r.received.length).toBe(1);
    // The crashed worker's lease has not been released: nobody sends until it is over.
    expect((await second.services.webhookWorker.runOnce()).attempts).toBe(0);
    clock.advance(60_000);
    await second.services.webhookWorker.runOnce();
    expect(r.verified()).toHaveLength(2);
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id']);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
  });

  it('two instances on one database deliver every event exactly once, in order', async () => {
    const r = await receiver();
    const endpoints = [];
    for (let i = 0; i < 3; i++)
      endpoints.push(await createEndpoint(first, acme, { url: `${r.url}/${i}`, event_types: ['payout.paid'] }));
    r.secrets.push(...endpoints.map((e) => e.secret));
    await emitEvents(first, acme.partnerId, 60);
    // Both run at once until neither finds work.
    for (let round = 0; round < 20; round++) {
      const [a, b] = await Promise.all([
        first.services.webhookWorker.runOnce(),
        second.services.webhookWorker.runOnce(),
      ]);
      if (a.queued + a.attempts + b.queued + b.attempts === 0) break;
    }
    expect(r.verified()).toHaveLength(180);
    for (let i = 0; i < 3; i++) {
      const mine = r.received.filter((d) => d.verifiedWith[i]);
      const sequences = mine.map((d) => d.event.sequence);
      expect(sequences).toHaveLength(60);
      expect(new Set(sequences).size).toBe(60);
      expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
    }
  });

  /** A worker of the first instance's services, as a test shapes it. */
  function worker(extra: WorkerOptions = {}) {
    return workerOf(first, clock, { log, ...extra });
  }

  it('a worker whose leases ran out during a slow send sends nothing more to the endpoints another worker took over', async () => {
    const r1 = await receiver();
    const r2 = await receiver();
    const e1 = await createEndpoint(first, acme, { url: r1.url, event_types: ['payout.*'] });
    const e2 = await createEndpoint(first, acme, { url: r2.url, event_types: ['payout.*'] });
    await emitEvents(first, acme.partnerId, 2);
    let tookOver: number[] | null = null;
    const slow = worker({
      // One endpoint at a time: the second waits behind the slow send.
      slots: 1,
      // The first send outlasts the lease of every endpoint this run claimed: the second instance claims them.
      afterSend: async () => {
        if (tookOver) return;
        clock.advance(60_001);
        tookOver = (await second.services.webhookWorker.claim()).map((e) => e.id);
      },
    });
    expect(await slow.runOnce()).toMatchObject({ attempts: 1 });
    expect(tookOver).toEqual(expect.arrayContaining([e1.id, e2.id]));
    expect(r1.received).toHaveLength(1);
    expect(r2.received).toHaveLength(0);
    // The second instance's lease (it only claimed) runs out; then it delivers the rest, in order.
    clock.advance(60_000);
    await second.services.webhookWorker.runOnce();
    expect(r1.received.map((d) => d.event.sequence)).toEqual([
      r1.received[0]!.event.sequence,
      r1.received[0]!.event.sequence + 1,
    ]);
    expect(r2.received.map((d) => d.event.sequence)).toEqual(r1.received.map((d) => d.event.sequence));
  });

  it('a worker sends to an endpoint as it is now: a new url after a change, nothing once it is disabled', async () => {
    const r1 = await receiver();
    const r2 = await receiver();
    const moved = await receiver();
    const r3 = await receiver();
    const e1 = await createEndpoint(first, acme, { url: r1.url, event_types: ['payout.*'] });
    const e2 = await createEndpoint(first, acme, { url: r2.url, event_types: ['payout.*'] });
    const e3 = await createEndpoint(first, acme, { url: r3.url, event_types: ['payout.*'] });
    await emitEvents(first, acme.partnerId, 1);
    let changed = false;
    const w = worker({
      // One endpoint at a time: the others are read after the first one's send.
      slots: 1,
      // While the first endpoint's delivery is out, the partner moves the second and disables the third.
      afterSend: async () => {
        if (changed) return;
        changed = true;
        const patch = (id: number, payload: object) =>
          first.as(acme, { method: 'PATCH', url: `/api/v1/webhook-endpoints/${id}`, payload });
        expect((await patch(e2.id, { url: moved.url })).statusCode).toBe(200);
        expect((await patch(e3.id, { disabled: true })).statusCode).toBe(200);
      },
    });
    expect(await w.runOnce()).toMatchObject({ attempts: 2 });
    expect(r1.received).toHaveLength(1);
    expect(r2.received).toHaveLength(0);
    expect(moved.received).toHaveLength(1);
    expect(r3.received).toHaveLength(0);
    void e1;
  });

  it('an endpoint whose delivery throws is logged and released; the run goes on with the others', async () => {
    const r1 = await receiver();
    const r2 = await receiver();
    const e1 = await createEndpoint(first, acme, { url: r1.url, event_types: ['payout.*'] });
    const e2 = await createEndpoint(first, acme, { url: r2.url, event_types: ['payout.*'] });
    await emitEvents(first, acme.partnerId, 1);
    let broken = true;
    const w = worker({
      afterSend: (delivery) => {
        if (broken && delivery.endpoint_id === e1.id) throw new Error('recording broke');
      },
    });
    expect(await w.runOnce()).toMatchObject({ attempts: 1 });
    expect(r2.received).toHaveLength(1);
    expect(
      logged.find((entry) => entry.level === 'error' && entry.message.includes(`endpoint ${e1.id} `)),
    ).toMatchObject({
      object: { endpointId: e1.id },
    });
    const leases = await first.services.db.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'locked_by'])
      .where('id', 'in', [e1.id, e2.id])
      .execute();
    expect(leases.map((row) => row.locked_by)).toEqual([null, null]);
    // After the pause the delivery that was sent but not recorded is sent again, and recorded.
    broken = false;
    clock.advance(5_000);
    expect(await w.runOnce()).toMatchObject({ attempts: 1 });
    expect(r1.received).toHaveLength(2);
    expect(r1.received[1]!.headers['webhook-id']).toBe(r1.received[0]!.headers['webhook-id']);
  });

  it('claims the endpoints whose due deliveries have waited longest first, whatever their ids', async () => {
    const r = await receiver();
    const low = await createEndpoint(first, acme, { url: `${r.url}/low`, event_types: ['user.*'] });
    const high = await createEndpoint(first, acme, { url: `${r.url}/high`, event_types: ['payout.*'] });
    const w = worker();
    await emitEvents(first, acme.partnerId, 1, 'payout.paid');
    expect(await w.enqueue()).toBe(1);
    clock.advance(1_000);
    await emitEvents(first, acme.partnerId, 1, 'user.created');
    expect(await w.enqueue()).toBe(1);
    expect((await w.claim(1)).map((e) => e.id)).toEqual([high.id]);
    expect((await w.claim(1)).map((e) => e.id)).toEqual([low.id]);
    // Delivered by the lease holder: let the leases run out for the next test.
    clock.advance(60_000);
  });

  it('an endpoint failing for 5 days is disabled, logged and listed; webhook enable re-enables it', async () => {
    const r = await receiver(() => 500);
    const endpoint = await createEndpoint(first, acme, { url: r.url, event_types: ['payout.paid'] });
    const env = cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    const started = clock.now().getTime();
    // The console's dashboard counts what the operator must look at.
    const viewer = { id: 0, email: 'viewer@onpay.example', role: 'viewer' as const, sessionHash: '' };
    const dashboardCounts = async () => (await first.services.console.dashboard(viewer)).webhooks;
    // A new failing event every 12 hours; each retries on its schedule.
    while (clock.now().getTime() - started < DISABLE_AFTER_FAILING_MS + 12 * 3_600_000) {
      await emitEvents(first, acme.partnerId, 1);
      await first.services.webhookWorker.runOnce();
      if (clock.now().getTime() === started) expect(await dashboardCounts()).toEqual({ failing: 1, disabled: 0 });
      clock.advance(3_600_000);
      await first.services.webhookWorker.runOnce();
      clock.advance(11 * 3_600_000);
    }
    await first.services.webhookWorker.runOnce();
    const got = (
      await first.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}` })
    ).json() as Record<string, unknown>;
    expect(got).toMatchObject({
      disabled: true,
      disabled_reason: 'failing',
      failing_since: new Date(started).toISOString(),
    });
    const line = logged.find(
      (entry) => entry.level === 'warn' && entry.message.includes(`webhook endpoint ${endpoint.id} `),
    );
    expect(line?.message).toContain('disabled: every delivery failed for 5 days');
    expect(line?.object).toMatchObject({ endpointId: endpoint.id, partnerId: acme.partnerId });
    expect(await dashboardCounts()).toEqual({ failing: 0, disabled: 1 });

    // Disabled: nothing more is sent.
    const before = r.received.length;
    await emitEvents(first, acme.partnerId, 1);
    clock.advance(36_000_000);
    await first.services.webhookWorker.runOnce();
    expect(r.received).toHaveLength(before);

    const listed = await runCli(['webhook', 'list', '--failing', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = (JSON.parse(listed.stdout) as { webhook_endpoints: Array<Record<string, unknown>> }).webhook_endpoints;
    expect(rows.map((row) => row.id)).toEqual([endpoint.id]);
    expect(rows[0]).toMatchObject({ partner_id: acme.partnerId, disabled: true, disabled_reason: 'failing' });
    const human = await runCli(['webhook', 'list', '--failing'], env);
    expect(human.stdout).toContain('disabled (failing)');

    // Re-enabled, it resumes where it stopped: the event written while disabled is delivered.
    r.answer = () => 204;
    const enabled = await runCli(['webhook', 'enable', String(endpoint.id)], env);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(enabled.stdout).toContain('is enabled again');
    expect(
      (await first.services.audit.list({ object: `webhook_endpoint:${endpoint.id}` })).map((e) => e.action),
    ).toEqual(
      expect.arrayContaining(['webhook_endpoint.created', 'webhook_endpoint.disabled', 'webhook_endpoint.enabled']),
    );
    // The operator finds the same entries at the command line.
    const audited = await runCli(['audit', 'list', '--object', `webhook_endpoint:${endpoint.id}`, '--json'], env);
    expect(audited.code, audited.stderr).toBe(0);
    expect(audited.stdout).toContain('"action":"webhook_endpoint.enabled"');
    await first.services.webhookWorker.runOnce();
    expect(r.received.length).toBeGreaterThan(before);
    expect((await runCli(['webhook', 'list', '--failing', '--json'], env)).stdout).toBe('{"webhook_endpoints":[]}\n');
    expect(await dashboardCounts()).toEqual({ failing: 0, disabled: 0 });
    expect((await runCli(['webhook', 'enable', '999999'], env)).code).toBe(1);
  });
});

describe(`an endpoint deleted while its delivery is in flight (${testEngine})`, () => {
  it('the worker records nothing for it and goes on', async () => {
    const clock = new ManualClock(new Date());
    const t = await buildTestApp({ clock });
    const r = await startReceiver(clock);
    try {
      const acme = await t.partner('Acme');
      const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.*'] });
      await emitEvents(t, acme.partnerId, 1);
      const worker = workerOf(t, clock, {
        // The partner deletes the endpoint while the request is out.
        afterSend: async () => {
          expect(
            (await t.as(acme, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` })).statusCode,
          ).toBe(200);
        },
      });
      expect(await worker.runOnce()).toMatchObject({ attempts: 1 });
      expect(r.received).toHaveLength(1);
      expect((await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}` })).statusCode).toBe(
        404,
      );
    } finally {
      await r.close();
      await t.close();
    }
  });
});
