import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { inTransaction } from '../../src/platform/idempotency.js';
import type { Services } from '../../src/services.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

const DAY_MS = 86_400_000;
/** Registered inside the API plugin as `/test-only/widgets`. */
const WIDGETS = '/api/v1/test-only/widgets';
const WIDGET_ROUTE = '/test-only/widgets';

interface WidgetBody {
  batch?: string;
}

/**
 * Test-only routes: a POST that reserves its key in the transaction that writes (the pattern every
 * service write follows), a POST that fails after reserving, and a PUT that never reserves (so only
 * the guard's generic after-success store can remember its key).
 */
function widgetRoutes(app: FastifyInstance, services: Services): void {
  app.post(WIDGET_ROUTE, async (request, reply) => {
    const batch = (request.body as WidgetBody | undefined)?.batch ?? 'none';
    const name = `widget:${randomUUID()}`;
    await inTransaction(services.db.db, services.idempotency, request.idempotency, async (trx) => {
      await trx.insertInto('settings').values({ name, value: batch }).execute();
    });
    return reply.status(201).send({ name });
  });

  app.post(`${WIDGET_ROUTE}/failing`, async (request) => {
    const batch = (request.body as WidgetBody | undefined)?.batch ?? 'none';
    await inTransaction(services.db.db, services.idempotency, request.idempotency, async (trx) => {
      await trx
        .insertInto('settings')
        .values({ name: `widget:${randomUUID()}`, value: batch })
        .execute();
      throw AppError.field('batch', 'batch is not acceptable.');
    });
  });

  app.put<{ Params: { name: string } }>(`${WIDGET_ROUTE}/:name`, async (request) => {
    const batch = (request.body as WidgetBody | undefined)?.batch ?? 'none';
    await services.db.db
      .insertInto('settings')
      .values({ name: `widget:${request.params.name}`, value: batch })
      .execute();
    return { name: request.params.name };
  });
}

describe('Idempotency-key', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({ apiRoutes: widgetRoutes });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
  });
  afterAll(() => t.close());

  const post = (partner: TestPartner, key: string | undefined, batch = randomUUID(), url = WIDGETS) =>
    t.as(partner, {
      method: 'POST',
      url,
      headers: key === undefined ? {} : { 'idempotency-key': key },
      payload: { batch },
    });
  const getTerms = (partner: TestPartner, key: string) =>
    t.as(partner, { method: 'GET', url: '/api/v1/terms', headers: { 'idempotency-key': key } });
  const widgetsIn = async (batch: string) =>
    (
      await t.db.db
        .selectFrom('settings')
        .selectAll()
        .where('value', '=', batch)
        .where('name', 'like', 'widget:%')
        .execute()
    ).length;
  const storedKey = (partnerId: number, key: string) =>
    t.db.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('partner_id', '=', partnerId)
      .where('key', '=', key)
      .executeTakeFirst();

  it('is optional: without it requests behave normally, every time', async () => {
    const batch = randomUUID();
    expect((await post(acme, undefined, batch)).statusCode).toBe(201);
    expect((await post(acme, undefined, batch)).statusCode).toBe(201);
    expect(await widgetsIn(batch)).toBe(2);
  });

  it.each([
    ['not a UUID', 'abc'],
    ['a UUID without dashes', '6f1c1f8e7c534b8e9a513f0c4f3d2a10'],
    ['a UUID with extra characters', '6f1c1f8e-7c53-4b8e-9a51-3f0c4f3d2a10x'],
    ['a UUID in braces', '{6f1c1f8e-7c53-4b8e-9a51-3f0c4f3d2a10}'],
  ])('rejects %s with 400 {error} and does not run the route', async (_name, key) => {
    const batch = randomUUID();
    const res = await post(acme, key, batch);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
    expect(await widgetsIn(batch)).toBe(0);

    const read = await getTerms(acme, key);
    expect(read.statusCode).toBe(400);
    expect(read.json()).toEqual({ error: expect.any(String) });
  });

  it('stores the key after a successful POST; reuse is refused with 400, on any route', async () => {
    const key = randomUUID();
    const first = await post(acme, key);
    expect(first.statusCode).toBe(201);
    expect(await storedKey(acme.partnerId, key)).toMatchObject({ method: 'POST', path: WIDGETS });

    const batch = randomUUID();
    const again = await post(acme, key, batch);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: expect.stringMatching(/already/i) });
    expect(await widgetsIn(batch)).toBe(0);

    const read = await getTerms(acme, key);
    expect(read.statusCode).toBe(400);
    expect(read.json()).toEqual({ error: expect.any(String) });
  });

  it('treats a key in another letter case as the same key', async () => {
    const key = randomUUID();
    expect((await post(acme, key.toUpperCase())).statusCode).toBe(201);
    expect((await post(acme, key)).statusCode).toBe(400);
  });

  it('does not store the key of a read', async () => {
    const key = randomUUID();
    expect((await getTerms(acme, key)).statusCode).toBe(200);
    expect((await getTerms(acme, key)).statusCode).toBe(200);
    expect(await storedKey(acme.partnerId, key)).toBeUndefined();
    expect((await post(acme, key)).statusCode).toBe(201);
  });

  it('does not store the key of a failed request; its work rolls back and a retry with the key succeeds', async () => {
    const key = randomUUID();
    const batch = randomUUID();
    const failed = await post(acme, key, batch, `${WIDGETS}/failing`);
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toEqual({
      message: 'batch is not acceptable.',
      errors: { batch: ['batch is not acceptable.'] },
    });
    expect(await widgetsIn(batch)).toBe(0);
    expect(await storedKey(acme.partnerId, key)).toBeUndefined();

    const retry = await post(acme, key, batch);
    expect(retry.statusCode).toBe(201);
    expect(await widgetsIn(batch)).toBe(1);
    expect((await post(acme, key)).statusCode).toBe(400);
  });

  it('stores the key of a successful PUT that did not reserve it itself', async () => {
    const key = randomUUID();
    const name = randomUUID();
    const put = (body: WidgetBody) =>
      t.as(acme, { method: 'PUT', url: `${WIDGETS}/${name}`, headers: { 'idempotency-key': key }, payload: body });

    const first = await put({ batch: 'first' });
    expect(first.statusCode).toBe(200);
    expect(await storedKey(acme.partnerId, key)).toMatchObject({ method: 'PUT', path: `${WIDGETS}/${name}` });

    const again = await put({ batch: 'second' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: expect.any(String) });
    // The second PUT never reached the handler (it would have hit the settings primary key: a 500).
    expect(await t.db.db.selectFrom('settings').select('value').where('name', '=', `widget:${name}`).execute()).toEqual(
      [{ value: 'first' }],
    );
  });

  it('does not store the key of a PUT that failed', async () => {
    const key = randomUUID();
    const name = randomUUID();
    await t.db.db
      .insertInto('settings')
      .values({ name: `widget:${name}`, value: 'taken' })
      .execute();
    const failed = await t.as(acme, {
      method: 'PUT',
      url: `${WIDGETS}/${name}`,
      headers: { 'idempotency-key': key },
      payload: {},
    });
    expect(failed.statusCode).toBe(500);
    expect(await storedKey(acme.partnerId, key)).toBeUndefined();
    expect((await post(acme, key)).statusCode).toBe(201);
  });

  it('keeps keys per partner: another partner may use the same key', async () => {
    const key = randomUUID();
    expect((await post(acme, key)).statusCode).toBe(201);
    expect((await post(globex, key)).statusCode).toBe(201);
    expect((await post(globex, key)).statusCode).toBe(400);
    expect(await storedKey(acme.partnerId, key)).toBeDefined();
    expect(await storedKey(globex.partnerId, key)).toBeDefined();
  });

  it('keeps a second token of the same partner from reusing the key', async () => {
    const key = randomUUID();
    const second = await t.services.partners.createToken(acme.partnerId);
    const secondToken: TestPartner = {
      ...acme,
      headers: { ...acme.headers, authorization: `Bearer ${second.access_token}` },
    };
    expect((await post(acme, key)).statusCode).toBe(201);
    expect((await post(secondToken, key)).statusCode).toBe(400);
  });

  it('keeps a key for 30 days, then lets it be used again', async () => {
    const key = randomUUID();
    expect((await post(acme, key)).statusCode).toBe(201);

    t.clock.advance(30 * DAY_MS - 1);
    expect((await post(acme, key)).statusCode).toBe(400);
    expect((await getTerms(acme, key)).statusCode).toBe(400);

    t.clock.advance(1);
    expect((await getTerms(acme, key)).statusCode).toBe(200);
    const batch = randomUUID();
    expect((await post(acme, key, batch)).statusCode).toBe(201);
    expect(await widgetsIn(batch)).toBe(1);

    // Used again, it is stored again for a fresh 30 days.
    const stored = await storedKey(acme.partnerId, key);
    expect(stored?.expires_at).toBe(new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString());
    expect((await post(acme, key)).statusCode).toBe(400);
  });

  it('lets exactly one of 20 concurrent POSTs with one fresh key through', async () => {
    const key = randomUUID();
    const batch = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(acme, key, batch)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const res of responses.filter((r) => r.statusCode === 400)) {
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect(await widgetsIn(batch)).toBe(1);
    expect(await t.db.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toHaveLength(1);
  });
});

describe('GET /idempotency-keys/{key}: what the request that used a key did', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
  });
  afterAll(() => t.close());

  const lookup = (partner: TestPartner, key: string) =>
    t.as(partner, { method: 'GET', url: `/api/v1/idempotency-keys/${key}` });

  it('answers the status and the ids of a payout batch, an employee, a login link (no secret), once its request succeeded', async () => {
    const employee = await onboardedEmployee(t, acme);
    const batchKey = randomUUID();
    const created = await createPayouts(t, acme, batch([item(employee), item(employee)]), batchKey);
    const stored = await lookup(acme, batchKey.toUpperCase());
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({
      key: batchKey,
      method: 'POST',
      path: '/api/v1/payouts',
      status: 201,
      resource: { count: 2, invoice_id: created.invoice_id, payout_ids: created.payout_ids },
      created_at: t.clock.now().toISOString(),
      expires_at: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });

    const userKey = randomUUID();
    const user = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { email: `key.${randomUUID()}@example.com` },
      headers: { 'idempotency-key': userKey },
    });
    expect(user.statusCode).toBe(200);
    expect((await lookup(acme, userKey)).json()).toMatchObject({
      status: 200,
      resource: { id: (user.json() as { id: string }).id },
    });

    const linkKey = randomUUID();
    const link = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${employee.id}/login-link`,
      payload: {},
      headers: { 'idempotency-key': linkKey },
    });
    expect(link.statusCode).toBe(200);
    const linkLookup = await lookup(acme, linkKey);
    expect(linkLookup.json()).toMatchObject({ status: 200, resource: {} });
    expect(linkLookup.body).not.toContain((link.json() as { login_url: string }).login_url);
  });

  it('after a lost answer, the retry is a 400 and the lookup tells what the first attempt did', async () => {
    const employee = await onboardedEmployee(t, acme);
    const key = randomUUID();
    const first = await createPayouts(t, acme, batch([item(employee)]), key);
    const retry = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/payouts',
      payload: batch([item(employee)]) as object,
      headers: { 'idempotency-key': key },
    });
    expect(retry.statusCode).toBe(400);
    expect((await lookup(acme, key)).json()).toMatchObject({ status: 201, resource: { payout_ids: first.payout_ids } });
  });

  it("is 404 {error} for a key never used successfully, another partner's key, an expired key, or not a UUID", async () => {
    const employee = await onboardedEmployee(t, acme);
    const failedKey = randomUUID();
    const failed = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/payouts',
      payload: { due_date: '2026-04-01', payouts: [] },
      headers: { 'idempotency-key': failedKey },
    });
    expect(failed.statusCode).toBe(422);
    const acmeKey = randomUUID();
    await createPayouts(t, acme, batch([item(employee)]), acmeKey);
    for (const [partner, key] of [
      [acme, randomUUID()],
      [acme, failedKey],
      [globex, acmeKey],
      [acme, 'not-a-key'],
    ] as const) {
      const res = await lookup(partner, key);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual({ error: 'Idempotency-key not found.' });
    }
    t.clock.advance(30 * 86_400_000);
    expect((await lookup(acme, acmeKey)).statusCode).toBe(404);
  });
});
