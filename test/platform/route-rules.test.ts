/**
 * What the API plugin gives every partner route, read from the route's own schemas: its query
 * string is closed (a route without a querystring schema takes no parameters) and its numbers are
 * decimal; an optional body left out (or empty) is `{}`, a `null` one is not an object; a path
 * parameter is a plain string the service reads (a schema that constrains one fails registration).
 */
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPlugin } from '../../src/platform/api-plugin.js';
import { OPTIONAL_BODY } from '../../src/platform/body-rules.js';
import type { Idempotency } from '../../src/platform/idempotency.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

function testRoutes(app: FastifyInstance): void {
  app.get(
    '/test-only/measure',
    {
      schema: {
        querystring: Type.Object({ amount: Type.Optional(Type.Number()), count: Type.Optional(Type.Integer()) }),
      },
    },
    async (request) => ({ query: request.query }),
  );
  app.get('/test-only/plain', async (request) => ({ query: request.query }));
  app.post(
    '/test-only/optional',
    { schema: { body: Type.Object({ flag: Type.Optional(Type.Boolean()) }, { [OPTIONAL_BODY]: true }) } },
    async (request) => ({ body: request.body }),
  );
  app.post('/test-only/bodiless', async (request) => ({ body: request.body ?? 'none' }));
}

describe('rules of every partner route', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({ apiRoutes: testRoutes });
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const get = (url: string) => t.as(acme, { method: 'GET', url: `/api/v1/test-only/${url}` });

  it('a number parameter takes decimals written in digits, and nothing else', async () => {
    expect((await get('measure?amount=12.50&count=3')).json()).toEqual({ query: { amount: 12.5, count: 3 } });
    expect((await get('measure?amount=-2')).json()).toEqual({ query: { amount: -2 } });
    for (const amount of ['1e2', '0x10', '.5', '5.', '+5', '1_000', 'NaN']) {
      const res = await get(`measure?amount=${encodeURIComponent(amount)}`);
      expect(res.statusCode, amount).toBe(422);
      expect(res.json(), amount).toEqual({
        message: 'amount must be a number.',
        errors: { amount: ['amount must be a number.'] },
      });
    }
    const twice = await get('measure?count=1&count=0x2');
    expect(twice.json()).toEqual({
      message: 'count must be an integer.',
      errors: { count: ['count must be an integer.'] },
    });
  });

  it('a route that declares no query string takes no parameter', async () => {
    expect((await get('plain')).statusCode).toBe(200);
    const res = await get('plain?page=2&x=1');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'page is not a known query parameter; this operation takes none.',
      errors: {
        page: ['page is not a known query parameter; this operation takes none.'],
        x: ['x is not a known query parameter; this operation takes none.'],
      },
    });
  });

  it('an optional body: none or empty is {}, an object is read, null and other JSON that is not an object is a 400', async () => {
    const post = (payload?: string) =>
      t.as(acme, {
        method: 'POST',
        url: '/api/v1/test-only/optional',
        ...(payload === undefined ? {} : { headers: JSON_HEADERS, payload }),
      });
    for (const payload of [undefined, '', '\t\n '])
      expect((await post(payload)).json(), JSON.stringify(payload)).toEqual({ body: {} });
    expect((await post('{"flag":true}')).json()).toEqual({ body: { flag: true } });
    for (const payload of ['null', '[]', '0', '"x"']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ error: 'Validation error', data: 'The request body must be a JSON object.' });
    }
  });

  it('an operation without a body reads an empty one as none; JSON that does not parse is still a 400', async () => {
    const post = (payload: string) =>
      t.as(acme, { method: 'POST', url: '/api/v1/test-only/bodiless', headers: JSON_HEADERS, payload });
    expect((await post('')).json()).toEqual({ body: 'none' });
    const broken = await post('{"a":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'Validation error', data: 'The request body is not valid JSON.' });
  });

  it('a path parameter that its schema constrains fails registration: a path id is a 404, never a 422', async () => {
    const constrained = async (app: FastifyInstance) => {
      app.get(
        '/test-only/things/:id',
        { schema: { params: Type.Object({ id: Type.String({ maxLength: 20 }) }) } },
        async () => ({}),
      );
    };
    // The API plugin alone (no database): registering the route is what fails.
    const bare = Fastify();
    const guard = {
      authenticate: async () => null,
      limiter: null,
      rateLimitPerMinute: 1,
      unauthenticatedPerMinute: 1,
      idempotency: {} as Idempotency,
    };
    await expect(bare.register(apiPlugin, { prefix: '/api/v1', guard, routes: [constrained] })).rejects.toThrow(
      /GET \/api\/v1\/test-only\/things\/:id: the path parameter id has maxLength; declare it as a plain string/,
    );
    await bare.close();
  });
});
