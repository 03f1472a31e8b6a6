/**
 * Progress whatever happens to a worker (docs/decisions.md §16): each attempt is recorded as its
 * answer comes, so a worker that dies repeats only the send it had in flight; stop() takes nothing
 * new, lets the sends in flight finish (abandoning those still unanswered after its grace), records
 * them and releases every lease; endpoints are served in slots, at most half of them one partner's,
 * so hanging endpoints of one partner never hold back another partner's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookWorker } from '../../src/modules/webhooks/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { ManualClock } from '../helpers/clock.js';
import { testEngine } from '../helpers/engine.js';
import { createEndpoint, drain, emitEvents, startReceiver, type Receiver } from './helpers.js';

type WorkerOptions = Partial<Parameters<typeof createWebhookWorker>[0]>;

describe(`webhook delivery progress (${testEngine})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let acme: TestPartner;
  const receivers: Receiver[] = [];
  const partners: TestPartner[] = [];

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    t = await buildTestApp({ clock, env: { WEBHOOK_TIMEOUT_MS: '30000' } });
    acme = await t.partner('Acme');
    partners.push(acme);
  });
  afterEach(async () => {
    for (const partner of partners) {
      const list = (await t.as(partner, { method: 'GET', url: '/api/v1/webhook-endpoints?per_page=100' })).json() as {
        results: Array<{ id: number }>;
      };
      for (const endpoint of list.results)
        await t.as(partner, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
    }
    while (receivers.length) await receivers.pop()!.close();
  });
  afterAll(() => t.close());

  async function receiver(answer?: Parameters<typeof startReceiver>[2]): Promise<Receiver> {
    const r = await startReceiver(clock, [], answer);
    receivers.push(r);
    return r;
  }

  /** A delivery worker of its own (another process, as a test shapes it). */
  function worker(extra: WorkerOptions = {}) {
    return createWebhookWorker({
      db: t.db.db,
      clock,
      events: t.services.events.service,
      audit: t.services.audit,
      crypto: t.services.fieldCrypto,
      timeoutMs: 30_000,
      rules: { live: false },
      resolve: async () => [],
      ...extra,
    });
  }

  const attempts = async (endpointId: number) =>
    (
      (
        await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpointId}/deliveries?per_page=100` })
      ).json() as { results: Array<Record<string, unknown>> }
    ).results.reverse();

  const lease = (endpointId: number) =>
    t.db.db
      .selectFrom('webhook_endpoints')
      .select(['locked_by', 'locked_until', 'failing_since'])
      .where('id', '=', endpointId)
      .executeTakeFirstOrThrow();

  it('records each attempt as its answer comes: a worker that dies mid-batch leaves only the send in flight to repeat', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.*'] });
    await emitEvents(t, acme.partnerId, 5);
    // Dies after its third send, before recording it: never records, never releases.
    const dying = worker({
      afterSend: () => (r.received.length === 3 ? new Promise<void>(() => undefined) : undefined),
    });
    void dying.runOnce();
    await expect.poll(() => r.received.length).toBe(3);
    await expect.poll(async () => (await attempts(endpoint.id)).length).toBe(2);
    expect((await attempts(endpoint.id)).map((a) => a.delivery_status)).toEqual(['delivered', 'delivered']);
    // Its lease (3 × the 30 s timeout) runs out; the next worker sends the one in flight again, then the rest.
    clock.advance(90_000);
    await drain(t);
    const sequences = r.received.map((d) => d.event.sequence);
    const first = sequences[0]!;
    expect(sequences).toEqual([first, first + 1, first + 2, first + 2, first + 3, first + 4]);
  });

  it('stop() lets the send in flight finish and records it, sends nothing more, and releases the lease', async () => {
    const r = await receiver((n) => (n === 0 ? 'hang' : 204));
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.*'] });
    await emitEvents(t, acme.partnerId, 3);
    const w = worker({ stopGraceMs: 60_000 });
    const run = w.runOnce();
    await expect.poll(() => r.held.length).toBe(1);
    const stopped = w.stop();
    // Answered after the stop began: it counts.
    r.held[0]!.respond(200);
    await stopped;
    expect(await run).toMatchObject({ attempts: 1 });
    expect(r.received).toHaveLength(1);
    expect(await attempts(endpoint.id)).toMatchObject([{ status_code: 200, delivery_status: 'delivered' }]);
    expect(await lease(endpoint.id)).toEqual({ locked_by: null, locked_until: null, failing_since: null });
    // Another worker goes on from there at once: nothing is sent twice.
    await drain(t);
    const sequences = r.received.map((d) => d.event.sequence);
    expect(sequences).toEqual([sequences[0], sequences[0]! + 1, sequences[0]! + 2]);
  });

  it('a send still unanswered when the grace is over is abandoned: listed, not held against the receiver, sent again at once', async () => {
    const r = await receiver((n) => (n === 0 ? 'hang' : 204));
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.*'] });
    await emitEvents(t, acme.partnerId, 2);
    const w = worker({ stopGraceMs: 50 });
    const run = w.runOnce();
    await expect.poll(() => r.held.length).toBe(1);
    await w.stop();
    expect(await run).toMatchObject({ attempts: 1 });
    expect(r.received).toHaveLength(1);
    expect(await attempts(endpoint.id)).toMatchObject([
      {
        status_code: null,
        error: 'onpay stopped before the answer came; it is sent again',
        next_retry_at: clock.now().toISOString(),
        delivery_status: 'pending',
      },
    ]);
    // Not a failure of the receiver's: no pause, not failing, and its 8 attempts are still ahead.
    expect(await lease(endpoint.id)).toEqual({ locked_by: null, locked_until: null, failing_since: null });
    const delivery = await t.db.db
      .selectFrom('webhook_deliveries')
      .select(['attempts', 'status'])
      .where('endpoint_id', '=', endpoint.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ attempts: 0, status: 'pending' });
    // The next worker sends it again at once (the clock has not moved), then the next.
    await drain(t);
    const sequences = r.received.map((d) => d.event.sequence);
    expect(sequences).toEqual([sequences[0], sequences[0], sequences[0]! + 1]);
  });

  it('hanging endpoints of one partner do not hold back another partner’s: it gets at most half the slots', async () => {
    const beta = await t.partner('Beta');
    const gamma = await t.partner('Gamma');
    partners.push(beta, gamma);
    // Acme's 8 endpoints never answer, and their deliveries are the oldest (claimed first).
    const hanging = await receiver(() => 'hang');
    for (let i = 0; i < 8; i++)
      await createEndpoint(t, acme, { url: `${hanging.url}/${i}`, event_types: ['payout.*'] });
    const healthy = await receiver();
    for (const partner of [beta, gamma])
      for (let i = 0; i < 2; i++)
        await createEndpoint(t, partner, {
          url: `${healthy.url}/${partner.partnerId}/${i}`,
          event_types: ['payout.*'],
        });
    const w = worker({ stopGraceMs: 50 });
    await emitEvents(t, acme.partnerId, 3);
    expect(await w.enqueue()).toBe(24);
    clock.advance(1_000);
    await emitEvents(t, beta.partnerId, 3);
    await emitEvents(t, gamma.partnerId, 3);
    const run = w.runOnce();
    // Beta's and gamma's four endpoints get everything while acme's hang.
    await expect.poll(() => healthy.received.length, { timeout: 10_000 }).toBe(12);
    expect(hanging.held).toHaveLength(4);
    for (const partner of [beta, gamma])
      for (let i = 0; i < 2; i++)
        expect(
          healthy.received.filter((d) => d.path === `/hooks/${partner.partnerId}/${i}`).map((d) => d.event.sequence),
        ).toHaveLength(3);
    await w.stop();
    // Every attempt counted: 12 delivered, 4 abandoned at the stop.
    expect(await run).toMatchObject({ attempts: 16 });
    expect(hanging.received).toHaveLength(4);
  });
});
