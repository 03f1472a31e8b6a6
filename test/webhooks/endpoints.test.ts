/**
 * The webhook endpoints API: every operation, its 422s in the spec's error shape, the other
 * partner's 404 on each, Idempotency-key on the POSTs, and the audit trail.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { createEndpoint, drain, emitEvents, startReceiver, type Receiver } from './helpers.js';

type Json = Record<string, unknown>;

describe(`webhook endpoints API (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let other: TestPartner;
  let r: Receiver;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    other = await t.partner('Other');
    r = await startReceiver(t.clock);
  });
  afterAll(async () => {
    await r.close();
    await t.close();
  });

  it('creates an endpoint and shows its secret once', async () => {
    const res = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      payload: { url: r.url, event_types: ['payout.*', 'user.onboarding.updated'], description: 'Payroll' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Json;
    expect(created).toMatchObject({
      url: r.url,
      event_types: ['payout.*', 'user.onboarding.updated'],
      description: 'Payroll',
      disabled: false,
      disabled_reason: null,
      failing_since: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const got = (
      await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${created.id as number}` })
    ).json() as Json;
    expect(got).not.toHaveProperty('secret');
    expect(
      JSON.stringify((await t.as(acme, { method: 'GET', url: '/api/v1/webhook-endpoints' })).json()),
    ).not.toContain(created.secret as string);
    const audit = await t.services.audit.list({ object: `webhook_endpoint:${created.id as number}` });
    expect(audit.map((entry) => entry.action)).toEqual(['webhook_endpoint.created']);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('lists with the pagination envelope', async () => {
    for (let i = 0; i < 3; i++) await createEndpoint(t, acme, { url: `${r.url}/${i}` });
    const page = (
      await t.as(acme, { method: 'GET', url: '/api/v1/webhook-endpoints?per_page=2&page=1' })
    ).json() as Json;
    expect(page).toMatchObject({
      count: 2,
      next: 'http://onpay.test/api/v1/webhook-endpoints?per_page=2&page=2',
      previous: '',
    });
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect((await t.as(other, { method: 'GET', url: '/api/v1/webhook-endpoints' })).json()).toMatchObject({
      total: 0,
      results: [],
    });
  });

  it.each([
    [{ url: 'ftp://partner.example/x', event_types: ['payout.*'] }, 'url'],
    [{ url: 'http://partner.example/x', event_types: ['payout.*'] }, 'url'],
    [{ url: 'not a url', event_types: ['payout.*'] }, 'url'],
    [{ url: 'https://user:pw@partner.example/x', event_types: ['payout.*'] }, 'url'],
    [{ url: 'https://10.0.0.1/x', event_types: ['payout.*'] }, 'url'],
    [{ url: 'https://partner.example/x', event_types: ['payouts.*'] }, 'event_types'],
    [{ url: 'https://partner.example/x', event_types: ['*'] }, 'event_types'],
    [{ url: 'https://partner.example/x', event_types: [] }, 'event_types'],
    [{ url: 'https://partner.example/x' }, 'event_types'],
    [{ event_types: ['payout.*'] }, 'url'],
    [{ url: 'https://partner.example/x', event_types: ['payout.*'], secret: 'mine' }, 'secret'],
  ])('refuses %j with 422 naming %s', async (payload, field) => {
    const res = await t.as(acme, { method: 'POST', url: '/api/v1/webhook-endpoints', payload });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
    expect(Object.keys(body.errors)).toContain(field);
  });

  it('patches url, event types and disabled; validation applies to the patch too', async () => {
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    const url = `/api/v1/webhook-endpoints/${endpoint.id}`;
    const patched = await t.as(acme, {
      method: 'PATCH',
      url,
      payload: { url: `${r.url}/new`, event_types: ['verification.*'], disabled: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      url: `${r.url}/new`,
      event_types: ['verification.*'],
      disabled: true,
      disabled_reason: 'partner',
    });
    expect((await t.as(acme, { method: 'PATCH', url, payload: { disabled: false } })).json()).toMatchObject({
      disabled: false,
      disabled_reason: null,
    });
    expect((await t.as(acme, { method: 'PATCH', url, payload: { url: 'http://example.com/x' } })).statusCode).toBe(422);
    expect((await t.as(acme, { method: 'PATCH', url, payload: { event_types: ['nope'] } })).statusCode).toBe(422);
    expect((await t.as(acme, { method: 'PATCH', url, payload: { disabled: 'yes' } })).statusCode).toBe(422);
  });

  it('rotates the secret: a new one is shown, the old one signs for 24 more hours', async () => {
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    const res = await t.as(acme, { method: 'POST', url: `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret` });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json() as Json;
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previous_secret_expires_at).toBe(new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString());
  });

  it('test, deliveries and replay', async () => {
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['payout.paid'] });
    r.secrets.splice(0, r.secrets.length, endpoint.secret);
    const before = r.received.length;
    const test = await t.as(acme, { method: 'POST', url: `/api/v1/webhook-endpoints/${endpoint.id}/test` });
    expect(test.statusCode, test.body).toBe(202);
    const { event_id } = test.json() as { event_id: string };
    await emitEvents(t, acme.partnerId, 3);
    await drain(t);
    const mine = r.received.slice(before).filter((d) => d.verifiedWith[0]);
    expect(mine.map((d) => d.event.type)).toEqual(['webhook.test', 'payout.paid', 'payout.paid', 'payout.paid']);
    expect(mine[0]!.headers['webhook-id']).toBe(event_id);
    expect(mine[0]!.event).toMatchObject({
      id: event_id,
      type: 'webhook.test',
      sequence: 0,
      data: { object: { endpoint_id: endpoint.id } },
    });

    const deliveries = (
      await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries?per_page=2` })
    ).json() as Json;
    expect(deliveries).toMatchObject({ total: 4, count: 2 });
    expect((deliveries.results as Json[])[0]).toMatchObject({
      event_type: 'payout.paid',
      status_code: 204,
      error: null,
      next_retry_at: null,
      delivery_status: 'delivered',
    });
    expect((deliveries.results as Json[])[0]!.duration_ms).toEqual(expect.any(Number));

    // Replay from the first of the three: the other two again, in order, with their webhook-ids.
    const first = mine[1]!.event.sequence;
    const replay = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${endpoint.id}/replay`,
      payload: { after: first },
    });
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json()).toEqual({ count: 2, next_after: null });
    const mark = r.received.length;
    await drain(t);
    const again = r.received.slice(mark);
    expect(again.map((d) => d.event.sequence)).toEqual([first + 1, first + 2]);
    expect(again.map((d) => d.headers['webhook-id'])).toEqual([mine[2]!.event.id, mine[3]!.event.id]);
    expect(
      (
        await t.as(acme, {
          method: 'POST',
          url: `/api/v1/webhook-endpoints/${endpoint.id}/replay`,
          payload: { after: -1 },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await t.as(acme, { method: 'POST', url: `/api/v1/webhook-endpoints/${endpoint.id}/replay`, payload: {} }))
        .statusCode,
    ).toBe(422);
  });

  it('one replay queues at most 10 000 events and says where the next one starts', async () => {
    const partner = await t.partner('Replayer');
    const endpoint = await createEndpoint(t, partner, { url: r.url, event_types: ['payout.paid'] });
    // 10 005 events, 500 to a transaction (quicker than one each); the endpoint has had them all queued.
    for (let from = 0; from < 10_005; from += 500)
      await t.db.db.transaction().execute((trx) =>
        t.services.events.service.emit(
          trx,
          Array.from({ length: Math.min(500, 10_005 - from) }, (_, i) => ({
            partnerId: partner.partnerId,
            type: 'payout.paid' as const,
            object: { id: from + i + 1 },
          })),
        ),
      );
    const { last } = await t.services.events.service.counter(partner.partnerId);
    await t.db.db.updateTable('webhook_endpoints').set({ cursor: last }).where('id', '=', endpoint.id).execute();
    const after = last - 10_005;
    const replay = (from: number) =>
      t.as(partner, {
        method: 'POST',
        url: `/api/v1/webhook-endpoints/${endpoint.id}/replay`,
        payload: { after: from },
      });
    const firstPart = await replay(after);
    expect(firstPart.statusCode, firstPart.body).toBe(202);
    expect(firstPart.json()).toEqual({ count: 10_000, next_after: after + 10_000 });
    expect((await replay(after + 10_000)).json()).toEqual({ count: 5, next_after: null });
    // Nothing of this is sent to the shared receiver.
    await t.as(partner, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
  }, 60_000);

  it('deletes an endpoint: nothing more is delivered to it', async () => {
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    const res = await t.as(acme, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: endpoint.id, deleted: true });
    expect((await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}` })).statusCode).toBe(404);
  });

  it("another partner's endpoint is not found, for every operation, and stays as it was", async () => {
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    const base = `/api/v1/webhook-endpoints/${endpoint.id}`;
    const before = (await t.as(acme, { method: 'GET', url: base })).json() as Json;
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['PATCH', base, { disabled: true, url: 'https://evil.example/x' }],
      ['DELETE', base, undefined],
      ['POST', `${base}/rotate-secret`, undefined],
      ['POST', `${base}/test`, undefined],
      ['GET', `${base}/deliveries`, undefined],
      ['POST', `${base}/replay`, { after: 0 }],
      ['GET', '/api/v1/webhook-endpoints/999999', undefined],
      ['GET', '/api/v1/webhook-endpoints/not-an-id', undefined],
    ] as const) {
      const res = await t.as(other, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Webhook endpoint not found.' });
    }
    expect((await t.as(acme, { method: 'GET', url: base })).json()).toEqual(before);
  });

  it('an Idempotency-key on a POST answers the same request once', async () => {
    const key = randomUUID();
    const payload = { url: r.url, event_types: ['payout.*'] };
    const first = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      payload,
      headers: { 'idempotency-key': key },
    });
    expect(first.statusCode).toBe(201);
    const second = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      payload,
      headers: { 'idempotency-key': key },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: 'Idempotency-key has already been used.' });
    const stored = (await t.as(acme, { method: 'GET', url: `/api/v1/idempotency-keys/${key}` })).json() as Json;
    expect(stored).toMatchObject({ status: 201, resource: { id: (first.json() as Json).id } });
    expect(JSON.stringify(stored)).not.toContain('whsec_');
  });
});
