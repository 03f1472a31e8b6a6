/**
 * Delivery: every request a real receiver gets verifies with the `standardwebhooks` verifier; the
 * body is the event as the feed shows it; one endpoint's deliveries arrive in sequence order;
 * retries follow the schedule (injected clock, no sleeping); failing for 5 days disables.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { linkEmployee, onboardedEmployee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { createEndpoint, drain, emitEvents, startReceiver, type Receiver } from './helpers.js';

describe(`webhook delivery (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  const receivers: Receiver[] = [];

  /** An instance whose sends give up after 300 ms, for the timeout case only: on a loaded machine a short deadline elsewhere fails sends the tests expect to succeed. */
  let short: { t: TestApp; acme: TestPartner } | undefined;

  beforeAll(async () => {
    t = await buildTestApp({ env: { WEBHOOK_TIMEOUT_MS: '5000' } });
    acme = await t.partner('Acme');
  });
  afterEach(async () => {
    // Each test starts with no endpoint of acme's.
    const list = (await t.as(acme, { method: 'GET', url: '/api/v1/webhook-endpoints?per_page=100' })).json() as {
      results: Array<{ id: number }>;
    };
    for (const endpoint of list.results)
      await t.as(acme, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
    while (receivers.length) await receivers.pop()!.close();
  });
  afterAll(async () => {
    await short?.t.close();
    await t.close();
  });

  async function receiver(
    ...args: Parameters<typeof startReceiver> extends [unknown, ...infer R] ? R : never
  ): Promise<Receiver> {
    const r = await startReceiver(t.clock, ...args);
    receivers.push(r);
    return r;
  }

  it('a partner that linked the same employee receives only its own events: nothing of what the other partner entered or did', async () => {
    const beta = await t.partner('Beta');
    const everything = ['user.*', 'payout.*', 'verification.*', 'terms.*', 'return_url.*'];
    const [ra, rb] = [await receiver(), await receiver()];
    const a = await createEndpoint(t, acme, { url: ra.url, event_types: everything });
    const b = await createEndpoint(t, beta, { url: rb.url, event_types: everything });
    ra.secrets.push(a.secret);
    rb.secrets.push(b.secret);
    const employee = await onboardedEmployee(t, acme);
    await linkEmployee(t, beta, employee, { onboard: false });
    // What acme enters and does about the shared employee afterwards.
    const put = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${employee.id}`,
      payload: { city: 'Acmeville', note: 'acme-private-note' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const payout = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0]!;
    await drain(t);

    const feed = async (partner: TestPartner) =>
      new Set(
        (
          (await t.as(partner, { method: 'GET', url: '/api/v1/events?limit=500' })).json() as {
            results: Array<{ id: string }>;
          }
        ).results.map((e) => e.id),
      );
    const [acmeFeed, betaFeed] = [await feed(acme), await feed(beta)];
    // Acme hears of its own changes; beta only of its link, in its own (empty) view.
    expect(ra.verified().map((d) => d.event.type)).toEqual(
      expect.arrayContaining(['user.updated', 'payout.batch.created']),
    );
    expect(rb.verified().map((d) => d.event.type)).toEqual(['user.linked']);
    for (const delivery of rb.verified()) {
      expect(betaFeed.has(delivery.event.id)).toBe(true);
      expect(acmeFeed.has(delivery.event.id)).toBe(false);
      expect(delivery.body).not.toContain('Acmeville');
      expect(delivery.body).not.toContain('acme-private-note');
      expect(delivery.body).not.toContain(`"payout_id":${payout}`);
    }
    expect(rb.received).toHaveLength(rb.verified().length);
    await t.as(beta, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${b.id}` });
  });

  it('delivers each event of the endpoint’s types, signed, with the body the feed shows, in sequence order', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.*'] });
    r.secrets.push(endpoint.secret);
    await emitEvents(t, acme.partnerId, 3);
    await emitEvents(t, acme.partnerId, 1, 'user.created');
    await emitEvents(t, acme.partnerId, 2, 'payout.failed');
    await drain(t);

    expect(r.received).toHaveLength(5);
    expect(r.verified()).toHaveLength(5);
    const sequences = r.received.map((d) => d.event.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    const feed = (await t.as(acme, { method: 'GET', url: '/api/v1/events?type=payout.*&limit=500' })).json() as {
      results: unknown[];
    };
    expect(r.received.map((d) => JSON.parse(d.body))).toEqual(feed.results.slice(-5));
    for (const d of r.received) {
      expect(d.headers['webhook-id']).toBe(d.event.id);
      expect(Number(d.headers['webhook-timestamp'])).toBe(Math.floor(t.clock.now().getTime() / 1000));
      expect(d.headers['content-type']).toBe('application/json');
    }
    // Each attempt is listed, newest first.
    const attempts = (
      await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries` })
    ).json() as { total: number; results: Array<Record<string, unknown>> };
    expect(attempts.total).toBe(5);
    expect(attempts.results[0]).toMatchObject({
      status_code: 204,
      error: null,
      next_retry_at: null,
      delivery_status: 'delivered',
      event_type: 'payout.failed',
    });
  });

  it('keeps order across many events and runs', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.paid'] });
    r.secrets.push(endpoint.secret);
    for (let round = 0; round < 3; round++) {
      await emitEvents(t, acme.partnerId, 40);
      await t.services.webhookWorker.runOnce();
    }
    await drain(t);
    expect(r.verified()).toHaveLength(120);
    const sequences = r.received.map((d) => d.event.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(120);
  });

  /** The suite's instance and partner (a test may shadow both names with the short-deadline ones). */
  const main = () => ({ t, acme });
  for (const failure of ['500', 'timeout', 'connection refused'] as const) {
    it(`retries on ${failure} on the schedule, then the delivery has failed`, async () => {
      if (failure === 'timeout' && !short) {
        const app = await buildTestApp({ env: { WEBHOOK_TIMEOUT_MS: '300' } });
        short = { t: app, acme: await app.partner('Acme') };
      }
      const { t, acme } = failure === 'timeout' ? short! : main();
      const r = await startReceiver(t.clock, [], () => (failure === 'timeout' ? 'hang' : 500));
      receivers.push(r);
      let url = r.url;
      if (failure === 'connection refused') {
        await r.close();
        receivers.pop();
        url = r.url;
      }
      const endpoint = await createEndpoint(t, acme, { url, event_types: ['payout.paid'] });
      r.secrets.push(endpoint.secret);
      await emitEvents(t, acme.partnerId, 1);
      const schedule = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
      const started = t.clock.now().getTime();
      await t.services.webhookWorker.runOnce();
      let elapsed = 0;
      for (const [index, delay] of schedule.entries()) {
        // Not due a moment before the delay is over.
        t.clock.advance(delay - 1);
        expect((await t.services.webhookWorker.runOnce()).attempts, `retry ${index + 1} too early`).toBe(0);
        t.clock.advance(1);
        elapsed += delay;
        expect((await t.services.webhookWorker.runOnce()).attempts, `retry ${index + 1}`).toBe(1);
      }
      t.clock.advance(100 * 3_600_000);
      expect((await t.services.webhookWorker.runOnce()).attempts).toBe(0);

      const attempts = (
        (
          await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries?per_page=100` })
        ).json() as { results: Array<Record<string, unknown>> }
      ).results.reverse();
      expect(attempts).toHaveLength(8);
      let at = started;
      for (const [index, attempt] of attempts.entries()) {
        expect(attempt.attempted_at).toBe(new Date(at).toISOString());
        if (index < 7) {
          expect(attempt.next_retry_at).toBe(new Date(at + schedule[index]!).toISOString());
          at += schedule[index]!;
        } else expect(attempt.next_retry_at).toBeNull();
        expect(attempt.delivery_status).toBe('failed');
        if (failure === '500') expect(attempt).toMatchObject({ status_code: 500, error: 'answered HTTP 500' });
        else expect(attempt.status_code).toBeNull();
        if (failure === 'timeout') expect(attempt.error).toContain('no answer within 300 ms');
        if (failure === 'connection refused') expect(attempt.error).toContain('ECONNREFUSED');
      }
      expect(at - started).toBe(elapsed);
      if (failure !== 'connection refused') {
        // Every attempt is signed anew (its own timestamp) and verifies, with the same webhook-id and body.
        expect(r.verified()).toHaveLength(8);
        expect(new Set(r.received.map((d) => d.headers['webhook-id'])).size).toBe(1);
        expect(new Set(r.received.map((d) => d.body)).size).toBe(1);
      }
    });
  }

  it('after a failed attempt the endpoint pauses 5 s; then the failed one goes first and the rest follow in order', async () => {
    const r = await receiver([], (n) => (n === 0 ? 503 : 200));
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.paid'] });
    r.secrets.push(endpoint.secret);
    await emitEvents(t, acme.partnerId, 3);
    expect((await t.services.webhookWorker.runOnce()).attempts).toBe(1);
    // A receiver that fails is not sent the rest of the batch at once.
    t.clock.advance(4_999);
    await drain(t);
    expect(r.received).toHaveLength(1);
    t.clock.advance(1);
    await drain(t);
    const sequences = r.received.map((d) => d.event.sequence);
    expect(sequences).toEqual([sequences[0], sequences[0], sequences[0]! + 1, sequences[0]! + 2]);
    expect(r.verified()).toHaveLength(4);
  });

  it('a delivery that keeps failing does not hold the ones after it beyond the pause', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.paid'] });
    r.secrets.push(endpoint.secret);
    await emitEvents(t, acme.partnerId, 2);
    const [first] = (await t.services.events.service.after(acme.partnerId, 0, 10_000)).slice(-2);
    // The receiver refuses only the first event.
    let refused = 0;
    r.answer = (n) => (r.received[n]?.event.id === first!.id ? (refused++, 500) : 204);
    await t.services.webhookWorker.runOnce();
    // After the pause the failed one goes first (its retry is due after 5 s too) and fails again.
    t.clock.advance(5_000);
    await drain(t);
    expect(refused).toBe(2);
    expect(r.verified().filter((d) => d.event.id !== first!.id)).toHaveLength(0);
    // Its next retry is 5 minutes away: after the next pause the one behind it goes out.
    t.clock.advance(5_000);
    await drain(t);
    expect(refused).toBe(2);
    expect(r.verified().filter((d) => d.event.id !== first!.id)).toHaveLength(1);
  });

  it('rotation: during 24 hours a receiver with only the old or only the new secret verifies; then only the new one', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.paid'] });
    const rotated = (
      await t.as(acme, { method: 'POST', url: `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret` })
    ).json() as { secret: string };
    // The receiver's two holders: [old only, new only].
    r.secrets.push(endpoint.secret, rotated.secret);
    await emitEvents(t, acme.partnerId, 1);
    await drain(t);
    expect(r.received.at(-1)!.verifiedWith).toEqual([true, true]);
    expect(r.received.at(-1)!.headers['webhook-signature']!.split(' ')).toHaveLength(2);

    t.clock.advance(24 * 3_600_000 - 1);
    await emitEvents(t, acme.partnerId, 1);
    await drain(t);
    expect(r.received.at(-1)!.verifiedWith).toEqual([true, true]);

    t.clock.advance(1);
    await emitEvents(t, acme.partnerId, 1);
    await drain(t);
    expect(r.received.at(-1)!.verifiedWith).toEqual([false, true]);
    expect(r.received.at(-1)!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(r.received).toHaveLength(3);

    // Housekeeping then forgets the old secret: nothing keeps a credential that no longer signs.
    const stored = () =>
      t.db.db
        .selectFrom('webhook_endpoints')
        .select(['previous_secret', 'previous_secret_expires_at'])
        .where('id', '=', Number(endpoint.id))
        .executeTakeFirstOrThrow();
    expect((await stored()).previous_secret).not.toBeNull();
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'rotated-out webhook secrets': 1 });
    expect(await stored()).toEqual({ previous_secret: null, previous_secret_expires_at: null });
  });

  it('does not follow a redirect: a 3xx is a failed attempt, and the redirect target gets nothing', async () => {
    const target = await receiver();
    const r = await receiver([], () => 302);
    r.redirectTo = target.url;
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.paid'] });
    await emitEvents(t, acme.partnerId, 1);
    await t.services.webhookWorker.runOnce();
    const attempts = (
      await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries` })
    ).json() as { results: Array<Record<string, unknown>> };
    expect(attempts.results[0]).toMatchObject({
      status_code: 302,
      error: 'answered HTTP 302',
      delivery_status: 'pending',
    });
    expect(target.received).toHaveLength(0);
  });
});
