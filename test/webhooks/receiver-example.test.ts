/**
 * examples/webhook-receiver.ts (the guide's receiver) gets real signed deliveries from the worker:
 * it verifies them, refuses a forged one, and processes a repeated webhook-id once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type OnpayEvent } from '../../examples/webhook-receiver.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { ManualClock } from '../helpers/clock.js';
import { testEngine } from '../helpers/engine.js';
import { createEndpoint, drain, emitEvents } from './helpers.js';

describe(`the example receiver (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    // The example checks timestamps against the real time, as a real receiver does.
    t = await buildTestApp({ clock: new ManualClock(new Date()) });
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  it('verifies real deliveries, refuses a forged one, and processes a replayed event once', async () => {
    const events: OnpayEvent[] = [];
    // Registered first (with a placeholder port), so the receiver starts with the secret it is given.
    const endpoint = await createEndpoint(t, acme, { url: 'http://127.0.0.1:9/webhooks', event_types: ['payout.*'] });
    const receiver = await startWebhookReceiver({
      secret: endpoint.secret,
      port: 0,
      onEvent: (event) => void events.push(event),
    });
    try {
      await t.as(acme, {
        method: 'PATCH',
        url: `/api/v1/webhook-endpoints/${endpoint.id}`,
        payload: { url: receiver.url },
      });
      await emitEvents(t, acme.partnerId, 2);
      await drain(t);
      expect(events.map((e) => e.type)).toEqual(['payout.paid', 'payout.paid']);
      const attempts = (
        await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries` })
      ).json() as { results: Array<{ status_code: number }> };
      expect(attempts.results.map((a) => a.status_code)).toEqual([204, 204]);

      // A replay repeats the webhook-id: acknowledged, not processed again.
      await t.as(acme, {
        method: 'POST',
        url: `/api/v1/webhook-endpoints/${endpoint.id}/replay`,
        payload: { after: events[0]!.sequence - 1 },
      });
      await drain(t);
      expect(events).toHaveLength(2);

      const forged = await fetch(receiver.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'evt_x',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAA',
        },
        body: '{"id":"evt_x"}',
      });
      expect(forged.status).toBe(401);
      expect(events).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});
