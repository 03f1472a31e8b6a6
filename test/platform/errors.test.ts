import { Type } from '@sinclair/typebox';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_DETAIL = 'db password is hunter2 at /srv/onpay/internal.ts';

const Order = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 20 }),
    items: Type.Array(
      Type.Object({
        price: Type.Number({ minimum: 0 }),
        description: Type.String({ maxLength: 10 }),
      }),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
);

function testRoutes(app: FastifyInstance): void {
  app.post('/test-only/orders', { schema: { body: Order } }, async (request) => ({ received: request.body }));
  app.get('/test-only/boom', async () => {
    throw new Error(SECRET_DETAIL);
  });
  app.get('/test-only/teapot', async () => {
    throw Object.assign(new Error(SECRET_DETAIL), { statusCode: 418 });
  });
  app.get('/test-only/app-error', async () => {
    throw new AppError('user_not_found');
  });
  app.get('/test-only/internal', async () => {
    throw new AppError('internal', SECRET_DETAIL);
  });
}

function expectNoLeak(res: LightMyRequestResponse): void {
  expect(res.body).not.toContain('hunter2');
  expect(res.body).not.toContain('internal.ts');
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(res.body).not.toContain('stack');
}

describe('error responses', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({ apiRoutes: testRoutes });
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const postOrder = (payload: string, contentType = 'application/json') =>
    t.as(acme, { method: 'POST', url: '/api/v1/test-only/orders', headers: { 'content-type': contentType }, payload });

  it('accepts a valid body (the route the other cases break)', async () => {
    const res = await postOrder(JSON.stringify({ name: 'a', items: [{ price: 1.5, description: 'x' }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: { name: 'a', items: [{ price: 1.5, description: 'x' }] } });
  });

  it('refuses unknown body fields, nested ones too, with 422 naming each (never drops them)', async () => {
    const res = await postOrder(
      JSON.stringify({ name: 'a', items: [{ price: 1.5, description: 'x', prise: 2 }], extra: 'x' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'items.0.prise is not a known field; did you mean price?',
      errors: {
        'items.0.prise': ['items.0.prise is not a known field; did you mean price?'],
        extra: ['extra is not a known field.'],
      },
    });
  });

  it.each([
    ['truncated JSON', '{"name": "a", '],
    ['a trailing comma', '{"name": "a",}'],
    ['single quotes', "{'name': 'a'}"],
    ['plain words', 'hello'],
  ])('answers malformed JSON (%s) with 400 {error: "Validation error", data}', async (_name, payload) => {
    const res = await postOrder(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Validation error', data: expect.any(String) });
    expect(res.json().data.length).toBeGreaterThan(0);
  });

  it('answers an empty JSON body with 400 Validation error', async () => {
    const res = await postOrder('');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Validation error', data: expect.any(String) });
  });

  it.each([
    ['an array', '[{"name": "a"}]'],
    ['a string', '"name"'],
    ['a number', '42'],
    ['null', 'null'],
  ])('answers %s where an object is expected with 400 Validation error', async (_name, payload) => {
    const res = await postOrder(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Validation error', data: expect.any(String) });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded'])(
    'answers content type %s with 415 {error}',
    async (type) => {
      const res = await postOrder('name=a', type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: expect.any(String) });
    },
  );

  it('answers a field validation failure with 422 {message, errors} and dot-joined nested paths', async () => {
    const res = await postOrder(
      JSON.stringify({
        items: [{ price: 1, description: 'ok' }, { price: 'free', description: 'far too long text' }, { price: -1 }],
      }),
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
    expect(body.errors).toEqual({
      name: ['name is required.'],
      'items.1.price': ['items.1.price must be a number.'],
      'items.1.description': ['items.1.description must not be longer than 10 characters.'],
      'items.2.price': ['items.2.price must be at least 0.'],
      'items.2.description': ['items.2.description is required.'],
    });
    // The summary is one of the listed problems.
    expect(Object.values(body.errors as Record<string, string[]>).flat()).toContain(body.message);
  });

  it('checks body types strictly: a number sent as a string is an error, not coerced', async () => {
    const res = await postOrder(JSON.stringify({ name: 'a', items: [{ price: '12.5', description: 'x' }] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'items.0.price': ['items.0.price must be a number.'] });
  });

  it('answers an unknown route with valid credentials with 404 {error}', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/no-such-thing/123' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('answers an unknown route without credentials with 401, not 404 (no route discovery)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers an unknown route outside the API with 404 {error}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('answers an unexpected error with 500 {message: "Server Error"} and leaks nothing', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/test-only/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    expectNoLeak(res);
  });

  it('does not pass an unknown error status or its text through to the client', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/test-only/teapot' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    expectNoLeak(res);
  });

  it('maps a service AppError to its status and spec body', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/test-only/app-error' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found.' });
  });

  it('does not send the detail of an internal AppError to the client', async () => {
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/test-only/internal' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    expectNoLeak(res);
  });
});

describe('X-Request-Id', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({ apiRoutes: testRoutes, env: { RATE_LIMIT_PER_MINUTE: '3' } });
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  type Send = (headers: Record<string, string>) => Promise<LightMyRequestResponse>;
  const orders = '/api/v1/test-only/orders';
  const responses: Array<[string, Send, number]> = [
    ['a success', (h) => t.as(acme, { method: 'GET', url: '/api/v1/terms', headers: h }), 200],
    ['a 401', (h) => t.app.inject({ method: 'GET', url: '/api/v1/terms', headers: h }), 401],
    ['a 404', (h) => t.as(acme, { method: 'GET', url: '/api/v1/nope', headers: h }), 404],
    [
      'a 400',
      (h) =>
        t.as(acme, {
          method: 'POST',
          url: orders,
          headers: { ...h, 'content-type': 'application/json' },
          payload: '{',
        }),
      400,
    ],
    [
      'a 415',
      (h) => t.as(acme, { method: 'POST', url: orders, headers: { ...h, 'content-type': 'text/plain' }, payload: 'x' }),
      415,
    ],
    ['a 422', (h) => t.as(acme, { method: 'POST', url: orders, headers: h, payload: {} }), 422],
    ['a 500', (h) => t.as(acme, { method: 'GET', url: '/api/v1/test-only/boom', headers: h }), 500],
    ['an operational endpoint', (h) => t.app.inject({ method: 'GET', url: '/healthz', headers: h }), 200],
  ];

  it.each(responses)('is generated as a UUID on %s', async (_name, send, status) => {
    t.clock.advance(60_000); // a fresh rate-limit budget for every case
    const res = await send({});
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('is different for every request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it.each(responses)('is echoed on %s when the client sent a safe one', async (_name, send, status) => {
    t.clock.advance(60_000);
    const sent = `client-${Math.random().toString(36).slice(2)}:trace.1_A`;
    const res = await send({ 'x-request-id': sent });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-request-id']).toBe(sent);
  });

  it('is echoed on a 429', async () => {
    t.clock.advance(60_000);
    for (let i = 0; i < 3; i++)
      expect((await t.as(acme, { method: 'GET', url: '/api/v1/terms' })).statusCode).toBe(200);
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/terms', headers: { 'x-request-id': 'abc-429' } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['x-request-id']).toBe('abc-429');
  });

  it.each([
    ['300 characters', 'a'.repeat(300)],
    ['129 characters', 'a'.repeat(129)],
    ['spaces', 'hello world'],
    ['percent-encoded CR LF', 'abc%0d%0aSet-Cookie'],
    ['HTML', '<script>alert(1)</script>'],
    ['non-ASCII', 'ïd-ünsafe'],
  ])('is replaced by a generated UUID when the sent value has %s', async (_name, sent) => {
    t.clock.advance(60_000);
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/terms', headers: { 'x-request-id': sent } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('accepts 128 characters', async () => {
    t.clock.advance(60_000);
    const sent = 'b'.repeat(128);
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sent } });
    expect(res.headers['x-request-id']).toBe(sent);
  });
});
