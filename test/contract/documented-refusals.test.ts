/**
 * Requests the published OpenAPI document already calls invalid are refused, as it says
 * (docs/decisions.md §15: refusing them is a correction, not a breaking change; the guides'
 * change notes list each with its date):
 *
 * - a number in a query string that is not decimal digits (`limit=0x10`): 422 naming it;
 * - a query parameter the operation does not take (`GET /payouts?colour=red`): 422 naming it, with
 *   the nearest known name, as an unknown body field is;
 * - a `POST /users` body that creating would refuse, also when the e-mail exists and the call
 *   links (linking then ignores what it ignores);
 * - a login-link body that is JSON but not an object (`null`): 400.
 *
 * And an empty body is no body wherever the body is optional or absent.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { createPayouts, batch, item } from '../helpers/payouts.js';
import { createUser, DNB_BIC, email, NO_ACCOUNT, NO_IBAN } from '../helpers/users.js';

type Json = Record<string, unknown>;
const addFormats = addFormatsModule.default as unknown as (ajv: Ajv2020) => Ajv2020;
const JSON_HEADERS = { 'content-type': 'application/json' };

interface Parameter {
  name: string;
  in: string;
  schema: Json;
}

describe(`requests the document calls invalid are refused (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let kari: Employee;
  let endpoint: number;
  let document: { paths: Record<string, Record<string, Json>> };
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    kari = await onboardedEmployee(t, acme);
    await createPayouts(t, acme, batch([item(kari)]));
    const created = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      payload: { url: 'https://partner.example/hooks', event_types: ['payout.*'] },
    });
    endpoint = (created.json() as { id: number }).id;
    document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  });
  afterAll(() => t?.close());

  /** Every operation of the document, with its path filled in with acme's objects. */
  function operations(): Array<{ key: string; method: string; url: string; parameters: Parameter[]; object: Json }> {
    const ids: Record<string, string> = {
      '/api/v1/webhook-endpoints/{id}': String(endpoint),
      '/api/v1/events/{id}': 'evt_000000000000000000000000000',
    };
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, object]) => {
          const prefix = Object.keys(ids).find((p) => path.startsWith(p));
          const url = path.replace(/\{[^}]+\}/, prefix ? ids[prefix]! : kari.id);
          return {
            key: `${method.toUpperCase()} ${path}`,
            method: method.toUpperCase(),
            url,
            parameters: ((object.parameters ?? []) as Parameter[]).filter((p) => p.in === 'query'),
            object,
          };
        }),
    );
  }

  const expectRefused = (res: LightMyRequestResponse, name: string, problem: string, where: string) => {
    expect(res.statusCode, `${where}: ${res.body}`).toBe(422);
    expect((res.json() as { errors: Json }).errors[name], where).toEqual([problem]);
  };

  describe('numbers in a query string are decimal digits', () => {
    const NOT_DECIMAL = [
      '0x10',
      '0X10',
      '1e1',
      '1E1',
      '+16',
      ' 16',
      '16 ',
      '16.0',
      '0b1',
      '0o7',
      'Infinity',
      '１６',
      '',
    ];

    it('every integer parameter of every operation: anything but digits is a 422 naming it, as the document says', async () => {
      let tried = 0;
      for (const operation of operations().filter((o) => o.method === 'GET')) {
        for (const parameter of operation.parameters.filter((p) => p.schema.type === 'integer')) {
          // The document declares an integer: in a URL, its decimal digits.
          for (const text of NOT_DECIMAL) {
            const url = `${operation.url}?${parameter.name}=${encodeURIComponent(text)}`;
            const res = await t.as(acme, { method: 'GET', url });
            expectRefused(res, parameter.name, `${parameter.name} must be an integer.`, url);
            tried++;
          }
          const plain = await t.as(acme, { method: 'GET', url: `${operation.url}?${parameter.name}=2` });
          expect(plain.statusCode, `${operation.key} ${parameter.name}=2: ${plain.body}`).toBe(200);
        }
      }
      // 17 parameters: of users, payouts (with invoice_id), the payouts export, an employee’s payouts, invoices, events, webhook endpoints and their deliveries.
      expect(tried).toBe(17 * NOT_DECIMAL.length);
    });

    it('limit=0x10 is not 16; digits with leading zeros are still the number; range rules come after the form', async () => {
      expectRefused(
        await t.as(acme, { method: 'GET', url: '/api/v1/events?limit=0x10' }),
        'limit',
        'limit must be an integer.',
        'limit=0x10',
      );
      const padded = await t.as(acme, { method: 'GET', url: '/api/v1/users?per_page=007' });
      expect(padded.statusCode).toBe(200);
      expect(padded.json()).toMatchObject({ next: '' });
      expectRefused(
        await t.as(acme, { method: 'GET', url: '/api/v1/events?after=-1' }),
        'after',
        'after must be at least 0.',
        'after=-1',
      );
    });
  });

  describe('a query parameter the operation does not take', () => {
    it('is a 422 naming it on every operation of the document, and changes nothing', async () => {
      for (const operation of operations()) {
        const known = operation.parameters.map((p) => p.name);
        // A body is checked before the query string: send the documented example, which passes.
        const media = (
          (operation.object.requestBody as Json | undefined)?.content as Record<string, Json> | undefined
        )?.['application/json'];
        const res = await t.as(acme, {
          method: operation.method as 'GET',
          url: `${operation.url}?colour=red`,
          ...(media ? { payload: media.example as Json } : {}),
        });
        const expected =
          known.length === 0
            ? 'colour is not a known query parameter; this operation takes none.'
            : `colour is not a known query parameter; this operation takes ${known.join(', ')}.`;
        expect(res.json(), operation.key).toEqual({ message: expected, errors: { colour: [expected] } });
        expect(res.statusCode, operation.key).toBe(422);
      }
      // Nothing was deleted, rotated or sent by the refused requests.
      const still = await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint}` });
      expect(still.statusCode).toBe(200);
      expect(still.json()).toMatchObject({ previous_secret_expires_at: null });
    });

    it('GET /payouts?colour=red no longer answers every payout; a near miss is named with the known name', async () => {
      const colour = await t.as(acme, { method: 'GET', url: '/api/v1/payouts?colour=red' });
      expect(colour.statusCode).toBe(422);
      expect(colour.json()).toEqual({
        message:
          'colour is not a known query parameter; this operation takes page, per_page, status, from, to, user_id, invoice_id.',
        errors: {
          colour: [
            'colour is not a known query parameter; this operation takes page, per_page, status, from, to, user_id, invoice_id.',
          ],
        },
      });
      const misspelled = await t.as(acme, { method: 'GET', url: '/api/v1/payouts?stauts=paid&per_pgae=5&limt=3' });
      expect(misspelled.json()).toEqual({
        message: 'stauts is not a known query parameter; did you mean status?',
        errors: {
          stauts: ['stauts is not a known query parameter; did you mean status?'],
          per_pgae: ['per_pgae is not a known query parameter; did you mean per_page?'],
          limt: [
            'limt is not a known query parameter; this operation takes page, per_page, status, from, to, user_id, invoice_id.',
          ],
        },
      });
      const events = await t.as(acme, { method: 'GET', url: '/api/v1/events?limt=3' });
      expectRefused(events, 'limt', 'limt is not a known query parameter; did you mean limit?', 'events?limt=3');
    });

    it('is named beside the other problems of the query; a name with control characters is shown escaped', async () => {
      const both = await t.as(acme, { method: 'GET', url: '/api/v1/users?per_page=1000&colour=red' });
      expect((both.json() as { errors: Json }).errors).toEqual({
        colour: ['colour is not a known query parameter; this operation takes page, per_page.'],
        per_page: ['per_page must not be greater than 100.'],
      });
      const hidden = await t.as(acme, { method: 'GET', url: '/api/v1/terms?a%00b=1' });
      expect(hidden.statusCode).toBe(422);
      expect(Object.keys((hidden.json() as { errors: Json }).errors)).toEqual(['a\\u{0}b']);
    });

    it('every parameter the document declares is known', async () => {
      const all = await t.as(acme, {
        method: 'GET',
        url: `/api/v1/payouts?page=1&per_page=5&status=pending&user_id=${kari.userId}&from=2000-01-01&to=2030-12-31`,
      });
      expect(all.statusCode, all.body).toBe(200);
      expect((all.json() as { total: number }).total).toBe(1);
      const feed = await t.as(acme, { method: 'GET', url: '/api/v1/events?after=0&limit=5&type=payout.*' });
      expect(feed.statusCode, feed.body).toBe(200);
    });

    it('only under /api/v1: the pages, the guides and the document itself ignore what they do not read', async () => {
      for (const url of ['/?colour=red', '/docs/guides/basics?colour=red', '/login?colour=red', '/healthz?colour=red'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json?v=2' })).statusCode).toBe(200);
    });
  });

  describe('POST /users: the whole body is checked as creating checks it, also when it links', () => {
    const requestSchema = () =>
      ((document.paths['/api/v1/users']!.post!.requestBody as Json).content as Record<string, { schema: Json }>)[
        'application/json'
      ]!.schema;

    const REFUSED: Array<[string, Json, string]> = [
      ['an IBAN without BIC', { bank_iban_number: NO_IBAN }, 'bank_bic_number'],
      ['a BIC without IBAN', { bank_bic_number: DNB_BIC }, 'bank_iban_number'],
      [
        'a domestic account with a BIC',
        { bank_account_number: NO_ACCOUNT, bank_bic_number: DNB_BIC },
        'bank_account_number',
      ],
      [
        'a domestic account with an IBAN',
        { bank_account_number: NO_ACCOUNT, bank_iban_number: NO_IBAN },
        'bank_account_number',
      ],
    ];

    it.each(REFUSED)(
      '%s: the document calls it invalid; 422 both creating and linking, the same answer',
      async (_name, fields, field) => {
        expect(ajv.validate(requestSchema(), { email: 'x@example.com', ...fields })).toBe(false);
        const creating = await t.as(globex, {
          method: 'POST',
          url: '/api/v1/users',
          payload: { email: email(), ...fields },
        });
        expect(creating.statusCode, creating.body).toBe(422);
        expect(Object.keys((creating.json() as { errors: Json }).errors)).toContain(field);

        const existing = await createUser(t, acme);
        const linking = await t.as(globex, {
          method: 'POST',
          url: '/api/v1/users',
          payload: { email: existing.email, ...fields },
        });
        expect(linking.statusCode, linking.body).toBe(422);
        expect(linking.json()).toEqual(creating.json());
        // Not linked: Globex does not see the employee.
        expect((await t.as(globex, { method: 'GET', url: `/api/v1/users/${existing.id}` })).statusCode).toBe(404);
      },
    );

    it('values the schema cannot judge (a MOD11 check digit, a dial code) are refused when linking as when creating', async () => {
      for (const [fields, field] of [
        [{ bank_account_number: '12345678904' }, 'bank_account_number'],
        [{ dial_code: '+999' }, 'dial_code'],
      ] as const) {
        const existing = await createUser(t, acme);
        const creating = await t.as(globex, {
          method: 'POST',
          url: '/api/v1/users',
          payload: { email: email(), ...fields },
        });
        const linking = await t.as(globex, {
          method: 'POST',
          url: '/api/v1/users',
          payload: { email: existing.email, ...fields },
        });
        expect(creating.statusCode, creating.body).toBe(422);
        expect(linking.json(), field).toEqual(creating.json());
      }
    });

    it('a valid body links and ignores all but email and internal_id, as documented', async () => {
      const existing = await createUser(t, acme, { bank_account_number: NO_ACCOUNT, note: 'Acme’s' });
      const linked = await t.as(globex, {
        method: 'POST',
        url: '/api/v1/users',
        payload: {
          email: existing.email,
          internal_id: 77,
          bank_iban_number: NO_IBAN,
          bank_bic_number: DNB_BIC,
          note: 'x',
        },
      });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toMatchObject({
        id: existing.id,
        internal_id: '77',
        note: '',
        bank_account_number: null,
        bank_iban_number: null,
        bank_bic_number: null,
      });
    });
  });

  describe('bodies that are not objects, and empty bodies', () => {
    it('a login-link body that is JSON but not an object is a 400, as the document says; no link is made', async () => {
      const links = async () =>
        Number(
          (
            await t.db.db
              .selectFrom('login_links')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await links();
      const userRoute = `/api/v1/users/${kari.id}/login-link`;
      const schema = (
        (document.paths['/api/v1/users/{id}/login-link']!.post!.requestBody as Json).content as Record<
          string,
          { schema: Json }
        >
      )['application/json']!.schema;
      for (const payload of ['null', '[]', '"send_email"', '1', 'true']) {
        expect(ajv.validate(schema, JSON.parse(payload)), payload).toBe(false);
        const res = await t.as(acme, { method: 'POST', url: userRoute, headers: JSON_HEADERS, payload });
        expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ error: 'Validation error', data: 'The request body must be a JSON object.' });
      }
      expect(await links()).toBe(before);
    });

    it('an optional body: none, or an empty one sent as JSON, is no body', async () => {
      const payouts = (await t.as(acme, { method: 'GET', url: '/api/v1/payouts' })).json() as {
        results: Array<{ id: number }>;
      };
      for (const url of [
        `/api/v1/users/${kari.id}/login-link`,
        `/api/v1/payouts/${payouts.results[0]!.id}/login-link`,
      ]) {
        expect((await t.as(acme, { method: 'POST', url })).statusCode, url).toBe(200);
        for (const payload of ['', ' \n'])
          expect((await t.as(acme, { method: 'POST', url, headers: JSON_HEADERS, payload })).statusCode, url).toBe(200);
      }
    });

    it('an operation without a body: an empty one sent as JSON is no body (rotate-secret, test, DELETE)', async () => {
      const base = `/api/v1/webhook-endpoints/${endpoint}`;
      for (const [method, url, status] of [
        ['POST', `${base}/rotate-secret`, 200],
        ['POST', `${base}/test`, 202],
        ['DELETE', base, 200],
      ] as const) {
        const res = await t.as(acme, { method, url, headers: JSON_HEADERS, payload: '' });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      }
    });

    it('a required body: none, or an empty one, is a 400 asking for a JSON object', async () => {
      for (const payload of [undefined, '', 'null']) {
        const res = await t.as(acme, {
          method: 'POST',
          url: '/api/v1/users',
          ...(payload === undefined ? {} : { headers: JSON_HEADERS, payload }),
        });
        expect(res.statusCode, `${String(payload)}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ error: 'Validation error', data: 'The request body must be a JSON object.' });
      }
    });
  });
});
