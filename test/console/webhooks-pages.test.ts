/**
 * Webhooks in the console (docs/decisions.md §26), against a real receiver and the real worker:
 * resend a failed delivery and see it delivered; replay from a sequence (review, then confirm; a
 * second confirm queues nothing twice); disable stops deliveries and enable resumes them; a body's
 * personal fields masked until revealed with a reason; everything audited; one endpoint's log and
 * actions never reach another partner's deliveries; a viewer reads but changes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_SCHEDULE_MS } from '../../src/modules/webhooks/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser, type ReadyOperator } from '../helpers/console.js';
import { snapshot } from '../helpers/db-snapshot.js';
import { testEngine } from '../helpers/engine.js';
import { createEndpoint, drain, emitEvents, startReceiver, type Receiver } from '../webhooks/helpers.js';

let t: TestApp;
let acme: TestPartner;
let beta: TestPartner;
let operator: Browser;
let viewer: Browser;
const accounts = {} as Record<'operator' | 'viewer', ReadyOperator>;
const receivers: Receiver[] = [];

const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const deliveriesOf = (endpointId: number) =>
  t.db.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'sequence', 'status', 'attempts'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .execute();

async function receiver(answer?: (n: number) => number): Promise<Receiver> {
  const r = await startReceiver(t.clock, [], answer);
  receivers.push(r);
  return r;
}

/** Fresh console sessions (the tests move the clock past a session's idle limit). */
async function signIn(): Promise<void> {
  operator = await signedIn(t, accounts.operator);
  viewer = await signedIn(t, accounts.viewer);
}

/** Runs the worker through every retry of the schedule, so a delivery the receiver keeps refusing ends `failed`. */
async function exhaustRetries(): Promise<void> {
  await drain(t);
  for (const wait of RETRY_SCHEDULE_MS) {
    t.clock.advance(wait + 6_000);
    await drain(t);
  }
  await signIn();
}

beforeAll(async () => {
  t = await buildTestApp({ env: { WEBHOOK_TIMEOUT_MS: '5000', RATE_LIMIT_PAGES_PER_MINUTE: '1000000' } });
  acme = await t.partner('Acme');
  beta = await t.partner('Beta');
  accounts.operator = await readyOperator(t, 'operator');
  accounts.viewer = await readyOperator(t, 'viewer');
  await signIn();
});
afterEach(async () => {
  for (const partner of [acme, beta]) {
    const list = (await t.as(partner, { method: 'GET', url: '/api/v1/webhook-endpoints?per_page=100' })).json() as {
      results: Array<{ id: number }>;
    };
    for (const endpoint of list.results)
      await t.as(partner, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
  }
  while (receivers.length) await receivers.pop()!.close();
});
afterAll(async () => {
  await t?.close();
});

describe(`webhooks in the console (${testEngine})`, () => {
  it('the dashboard card leads to the failing endpoints; the list shows state, last success and failing since', async () => {
    let failing = true;
    const r = await receiver(() => (failing ? 500 : 204));
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    const healthy = await createEndpoint(t, acme, { url: (await receiver()).url });
    await emitEvents(t, acme.partnerId, 1);
    await drain(t);
    const board = await operator.get('/console');
    expect(board.body).toContain('href="/console/webhooks?state=failing"');
    const list = await operator.get('/console/webhooks?state=failing');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/console/webhooks/${endpoint.id}"`);
    expect(list.body).not.toContain(`href="/console/webhooks/${healthy.id}"`);
    expect(list.body).toContain('chip-bad">failing');
    const all = await operator.get(`/console/webhooks?partner=${acme.partnerId}`);
    expect(all.body).toContain(`href="/console/webhooks/${healthy.id}"`);
    // A filter it cannot read lists nothing and says why.
    const bad = await operator.get('/console/webhooks?state=broken');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('is not one of enabled, failing, disabled');
    expect(bad.body).not.toContain(`href="/console/webhooks/${endpoint.id}"`);
    failing = false;
  });

  it('resend a failed delivery: it is delivered, with the same webhook-id; a double click queues it once; audited', async () => {
    let down = true;
    const r = await receiver(() => (down ? 503 : 204));
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    r.secrets.push(endpoint.secret);
    await emitEvents(t, acme.partnerId, 1);
    await exhaustRetries();
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(r.received).toHaveLength(MAX_ATTEMPTS);

    const page = await operator.get(`/console/webhooks/${endpoint.id}/deliveries/${failed!.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('answered HTTP 503');
    expect(page.body).toContain(`/console/webhooks/${endpoint.id}/deliveries/${failed!.id}/resend`);

    down = false;
    const from = `/console/webhooks/${endpoint.id}/deliveries/${failed!.id}`;
    const first = await operator.post(`${from}/resend`, {}, { from });
    expect(first.statusCode, first.body).toBe(303);
    const again = await operator.post(`${from}/resend`, {}, { from });
    expect(again.statusCode).toBe(303);
    expect((await deliveriesOf(endpoint.id)).filter((d) => d.status === 'pending')).toHaveLength(1);
    await drain(t);

    const last = r.received.at(-1)!;
    expect(r.received).toHaveLength(MAX_ATTEMPTS + 1);
    expect(last.headers['webhook-id']).toBe(failed!.event_id);
    expect(last.verifiedWith).toEqual([true]);
    const after = await deliveriesOf(endpoint.id);
    expect(after.map((d) => d.status)).toEqual(['failed', 'delivered']);
    const resent = await auditRows('webhook_delivery.resent');
    expect(resent.at(-1)).toMatchObject({
      actor_type: 'operator',
      object_type: 'webhook_delivery',
      object_id: String(failed!.id),
      partner_id: acme.partnerId,
    });
    // The endpoint is no longer failing, and says when it last succeeded.
    const endpointPage = await operator.get(`/console/webhooks/${endpoint.id}`);
    expect(endpointPage.body).toContain('chip-ok">enabled');
    expect(endpointPage.body).not.toMatch(/<dt>Last success<\/dt><dd>never/);
  });

  it('replay from a sequence: a review first, then exactly those events again; confirming twice queues nothing twice; audited', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    await emitEvents(t, acme.partnerId, 5);
    await drain(t);
    expect(r.received).toHaveLength(5);
    const sequences = r.received.map((d) => d.event.sequence);
    const from = sequences[2]!;
    const path = `/console/webhooks/${endpoint.id}`;

    const review = await operator.post(`${path}/replay/review`, { from: String(from) }, { from: path });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.body).toContain(`Replay sequences ${from} to ${sequences[4]}?`);
    expect(review.body).toContain('Queue 3 events again');
    // The review queued nothing.
    expect((await deliveriesOf(endpoint.id)).length).toBe(5);
    // The confirmation without the review's mark shows the review again, queuing nothing.
    const unconfirmed = await operator.post(
      `${path}/replay`,
      { from: String(from), through: String(sequences[4]) },
      { from: path },
    );
    expect(unconfirmed.statusCode).toBe(200);
    expect((await deliveriesOf(endpoint.id)).length).toBe(5);

    const form = { from: String(from), through: String(sequences[4]), confirmed: '1' };
    const done = await operator.post(`${path}/replay`, form, { from: path });
    expect(done.statusCode, done.body).toBe(303);
    const twice = await operator.post(`${path}/replay`, form, { from: path });
    expect(twice.statusCode).toBe(303);
    expect((await deliveriesOf(endpoint.id)).length).toBe(8);
    expect((await operator.get(path)).body).toContain('0 events queued again; 3 already waiting');
    await drain(t);
    expect(r.received.slice(5).map((d) => d.event.sequence)).toEqual(sequences.slice(2));
    expect(r.received.slice(5).map((d) => d.headers['webhook-id'])).toEqual(
      r.received.slice(2, 5).map((d) => d.headers['webhook-id']),
    );
    const audited = await auditRows('webhook_endpoint.replayed');
    expect(audited.slice(-2).map((a) => a.reason)).toEqual([
      `from sequence ${from} through ${sequences[4]}: 3 queued, 0 already waiting`,
      `from sequence ${from} through ${sequences[4]}: 0 queued, 3 already waiting`,
    ]);
    // A sequence not queued yet, or not a number: a clear refusal, nothing queued.
    const ahead = await operator.post(`${path}/replay/review`, { from: String(sequences[4]! + 10) }, { from: path });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.body).toContain('was not queued for this endpoint yet');
    const word = await operator.post(`${path}/replay/review`, { from: 'three' }, { from: path });
    expect(word.statusCode).toBe(422);
    expect(word.body).toContain('digits only');
  });

  it('disable stops deliveries and enable resumes them in order, nothing lost; the partner sees why; audited with the reason', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    const path = `/console/webhooks/${endpoint.id}`;
    const noReason = await operator.post(`${path}/disable`, { reason: '' }, { from: path });
    expect(noReason.statusCode).toBe(422);
    const off = await operator.post(`${path}/disable`, { reason: 'receiver loops on our retries' }, { from: path });
    expect(off.statusCode, off.body).toBe(303);
    const api = (await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}` })).json() as {
      disabled: boolean;
      disabled_reason: string;
    };
    expect(api).toMatchObject({ disabled: true, disabled_reason: 'operator' });
    await emitEvents(t, acme.partnerId, 3);
    await drain(t);
    expect(r.received).toHaveLength(0);
    expect((await operator.get(path)).body).toContain('chip-bad">disabled</span> (by an operator)');

    const on = await operator.post(`${path}/enable`, {}, { from: path });
    expect(on.statusCode, on.body).toBe(303);
    await drain(t);
    const seen = r.received.map((d) => d.event.sequence);
    expect(seen).toHaveLength(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const disabled = (await auditRows('webhook_endpoint.disabled')).at(-1);
    expect(disabled).toMatchObject({
      actor_type: 'operator',
      reason: 'receiver loops on our retries',
      object_id: String(endpoint.id),
    });
    expect((await auditRows('webhook_endpoint.enabled')).at(-1)).toMatchObject({
      actor_type: 'operator',
      object_id: String(endpoint.id),
    });
  });

  it('a body’s personal fields are masked; an operator reveals them with a reason (audited); a viewer reads masked and can do nothing', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url, event_types: ['user.*'] });
    await t.db.db.transaction().execute((trx) =>
      t.services.events.service.emit(trx, [
        {
          partnerId: acme.partnerId,
          type: 'user.updated',
          object: {
            id: '7',
            name: 'Kari Nordmann',
            phone: '41234567',
            bank_account_number: '12345678903',
            city: 'Oslo',
          },
          previousAttributes: { bank_account_number: '98765432109' },
        },
      ]),
    );
    await drain(t);
    const [delivery] = await deliveriesOf(endpoint.id);
    const path = `/console/webhooks/${endpoint.id}/deliveries/${delivery!.id}`;

    const masked = await viewer.get(path);
    expect(masked.statusCode).toBe(200);
    for (const clear of ['41234567', '12345678903', '98765432109']) expect(masked.body).not.toContain(clear);
    expect(masked.body).toContain('•••••••8903');
    expect(masked.body).not.toContain(`${path}/reveal`);
    expect(masked.body).not.toContain(`${path}/resend`);
    expect(masked.body).not.toContain('whsec_');
    expect(masked.body).not.toContain(endpoint.secret);
    const endpointPage = await viewer.get(`/console/webhooks/${endpoint.id}`);
    expect(endpointPage.body).not.toContain('/disable');
    expect(endpointPage.body).not.toContain('/replay/review');

    const before = await snapshot(t);
    for (const [url, form] of [
      [`${path}/reveal`, { reason: 'support ticket 1' }],
      [`${path}/resend`, {}],
      [`/console/webhooks/${endpoint.id}/disable`, { reason: 'viewer tries' }],
      [`/console/webhooks/${endpoint.id}/replay`, { from: '1', through: '1', confirmed: '1' }],
    ] as const) {
      const refused = await viewer.post(url, form, { from: path });
      expect(refused.statusCode, url).toBe(403);
    }
    const after = await snapshot(t);
    delete before.operator_sessions;
    delete after.operator_sessions;
    expect(after).toEqual(before);

    const shown = await operator.get(path);
    expect(shown.body).not.toContain('41234567');
    expect((await operator.post(`${path}/reveal`, { reason: '' }, { from: path })).statusCode).toBe(422);
    const revealed = await operator.post(
      `${path}/reveal`,
      { reason: 'partner asks which account was sent' },
      { from: path },
    );
    expect(revealed.statusCode, revealed.body).toBe(303);
    const clear = await operator.get(path);
    expect(clear.body).toContain('12345678903');
    expect(clear.body).toContain('98765432109');
    // Only to the operator who revealed it, and only for a few minutes.
    expect((await viewer.get(path)).body).not.toContain('12345678903');
    const audit = (await auditRows('pii.revealed')).at(-1);
    expect(audit).toMatchObject({
      object_type: 'webhook_delivery',
      object_id: String(delivery!.id),
      partner_id: acme.partnerId,
      reason: 'partner asks which account was sent',
    });
    expect(JSON.parse(audit!.fields!)).toEqual(['bank_account_number', 'city', 'phone']);
    t.clock.advance(6 * 60_000);
    expect((await operator.get(path)).body).not.toContain('12345678903');
  });

  it('partner isolation: an endpoint’s log shows only its own deliveries; a forged form naming another partner’s delivery is refused and changes nothing', async () => {
    const [ra, rb] = [await receiver(), await receiver()];
    const a = await createEndpoint(t, acme, { url: ra.url });
    const b = await createEndpoint(t, beta, { url: rb.url });
    await emitEvents(t, acme.partnerId, 1);
    await emitEvents(t, beta.partnerId, 2);
    await drain(t);
    const [aDelivery] = await deliveriesOf(a.id);
    const bDeliveries = await deliveriesOf(b.id);
    expect(bDeliveries).toHaveLength(2);

    const log = await operator.get(`/console/webhooks/${a.id}`);
    expect(log.body).toContain(`/console/webhooks/${a.id}/deliveries/${aDelivery!.id}`);
    for (const d of bDeliveries) expect(log.body).not.toContain(`/deliveries/${d.id}"`);
    const listA = await operator.get(`/console/webhooks?partner=${acme.partnerId}`);
    expect(listA.body).toContain(`href="/console/webhooks/${a.id}"`);
    expect(listA.body).not.toContain(`href="/console/webhooks/${b.id}"`);

    const foreign = bDeliveries[0]!.id;
    const page = await operator.get(`/console/webhooks/${a.id}/deliveries/${foreign}`);
    expect(page.statusCode).toBe(404);
    const before = await snapshot(t);
    delete before.operator_sessions;
    const from = `/console/webhooks/${a.id}`;
    // Each form as the page sends it (the resend form is its button alone), naming the other partner's delivery.
    for (const [action, form] of [
      ['resend', {}],
      ['reveal', { reason: 'forged form' }],
    ] as const) {
      const forged = await operator.post(`/console/webhooks/${a.id}/deliveries/${foreign}/${action}`, form, { from });
      expect(forged.statusCode, action).toBe(404);
    }
    const after = await snapshot(t);
    delete after.operator_sessions;
    expect(after).toEqual(before);
    // A replay of acme's endpoint queues acme's events only.
    const aSequence = ra.received[0]!.event.sequence;
    const replayed = await operator.post(
      `/console/webhooks/${a.id}/replay`,
      { from: String(aSequence), through: String(aSequence), confirmed: '1' },
      { from },
    );
    expect(replayed.statusCode, replayed.body).toBe(303);
    await drain(t);
    expect(ra.received.map((d) => d.event.id)).toEqual([ra.received[0]!.event.id, ra.received[0]!.event.id]);
    expect(rb.received).toHaveLength(2);
  });

  it('a query or form that does not fit its schema: 422 naming the field, nothing listed, nothing changed', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, acme, { url: r.url });
    const path = `/console/webhooks/${endpoint.id}`;
    const cases: Array<[string, string]> = [
      ['/console/webhooks?stat=failing', '“stat” is not a field of this page (did you mean “state”?): remove it.'],
      [`/console/webhooks?partner=${'1'.repeat(21)}`, 'Partner id: at most 20 characters (this one has 21).'],
      [`${path}?before=${'9'.repeat(25)}`, 'Page position: at most 20 characters (this one has 25).'],
    ];
    for (const [url, problem] of cases) {
      const res = await operator.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.body, url).toContain('Nothing is shown: fix the filter first.');
      expect(res.body, url).toContain(problem);
      // Neither the endpoints nor the endpoint's facts and log.
      expect(res.body, url).not.toContain(r.url);
      expect(res.body, url).not.toContain('<table');
    }
    const before = await snapshot(t);
    delete before.operator_sessions;
    const long = await operator.post(`${path}/disable`, { reason: 'x'.repeat(501) }, { from: path });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('<h1>Nothing was changed</h1>');
    expect(long.body).toContain('Reason: at most 500 characters (this one has 501).');
    const stray = await operator.post(`${path}/enable`, { reason: 'not a field of enable' }, { from: path });
    expect(stray.statusCode).toBe(422);
    expect(stray.body).toContain('“reason” is not a field of this page');
    const after = await snapshot(t);
    delete after.operator_sessions;
    expect(after).toEqual(before);
  });
});
