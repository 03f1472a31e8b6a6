/**
 * The input rules with body schemas the service may grow into: unions of object branches (the
 * "exactly one bank style" a document may one day spell out), open and closed. The routes are
 * test-only, served by the real app; the last cases read the pure functions directly.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBodyRules, documentedBodySchema, nearestName } from '../../src/platform/body-rules.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';

const domestic = { bank_account_number: Type.String({ maxLength: 64 }) };
const international = {
  bank_iban_number: Type.String({ maxLength: 64 }),
  bank_bic_number: Type.String({ maxLength: 16 }),
};

const SCHEMAS: Record<string, TSchema> = {
  // Two object branches, each naming its own fields.
  'open-union': Type.Union([Type.Object(domestic), Type.Object(international)]),
  // The same, each branch closed: removing "additional" fields inside one branch would strip the other's.
  'closed-union': Type.Union([
    Type.Object(domestic, { additionalProperties: false }),
    Type.Object(international, { additionalProperties: false }),
  ]),
  // All fields optional on one object, the styles as required-only branches.
  constraints: Type.Object(
    { note: Type.Optional(Type.String()), ...Type.Partial(Type.Object({ ...domestic, ...international })).properties },
    { oneOf: [{ required: ['bank_account_number'] }, { required: ['bank_iban_number', 'bank_bic_number'] }] },
  ),
};

function routes(app: FastifyInstance): void {
  for (const [name, body] of Object.entries(SCHEMAS)) {
    app.post(`/test-only/${name}`, { schema: { body } }, async (request) => ({ received: request.body }));
  }
}

const IBAN_BIC = { bank_iban_number: 'NO9386011117947', bank_bic_number: 'DNBANOKKXXX' };

describe('union body schemas', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp({ apiRoutes: routes });
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const post = (name: string, payload: object) =>
    t.as(acme, { method: 'POST', url: `/api/v1/test-only/${name}`, payload });

  describe.each(Object.keys(SCHEMAS))('%s', (name) => {
    it('an IBAN with a BIC reaches the handler unchanged; so does a domestic account', async () => {
      for (const body of [IBAN_BIC, { bank_account_number: '12345678903' }]) {
        const res = await post(name, body);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ received: body });
      }
    });

    it('a field no branch names is refused with the nearest name, once', async () => {
      const res = await post(name, { ...IBAN_BIC, bank_acount_number: '12345678903' });
      expect(res.statusCode, res.body).toBe(422);
      const problem = 'bank_acount_number is not a known field; did you mean bank_account_number?';
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe(problem);
      expect(body.errors.bank_acount_number).toEqual([problem]);
      // Closed branches also fail the union itself, and say so as any failed union does.
      if (name !== 'closed-union') expect(Object.keys(body.errors)).toEqual(['bank_acount_number']);
    });

    it('text in any branch follows the text rules', async () => {
      const res = await post(name, { ...IBAN_BIC, bank_bic_number: 'DNBANOKK\u202E' });
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors.bank_bic_number).toContain(
        'bank_bic_number must not contain bidirectional control characters (found U+202E).',
      );
    });
  });
});

describe('the rules, read directly', () => {
  it('the document closes a union at its root (unevaluatedProperties), a plain object with additionalProperties', () => {
    const union = documentedBodySchema(SCHEMAS['open-union'] as TSchema) as unknown as {
      unevaluatedProperties?: boolean;
      anyOf: { additionalProperties?: boolean }[];
    };
    expect(union.unevaluatedProperties).toBe(false);
    expect(union.anyOf.map((b) => b.additionalProperties)).toEqual([undefined, undefined]);

    const constraints = documentedBodySchema(SCHEMAS.constraints as TSchema) as { additionalProperties?: boolean };
    expect(constraints.additionalProperties).toBe(false);

    // A nullable nested object: its object branch names every field there, so it is closed itself.
    const nested = documentedBodySchema(
      Type.Object({ identity: Type.Union([Type.Object({ number: Type.String() }), Type.Null()]) }),
    ) as {
      additionalProperties?: boolean;
      properties: { identity: { anyOf: { additionalProperties?: boolean }[] } };
    };
    expect(nested.additionalProperties).toBe(false);
    expect(nested.properties.identity.anyOf[0]?.additionalProperties).toBe(false);
  });

  it('a map (additionalProperties with a schema) keeps any key; a $ref is refused when the schema is compiled', () => {
    const map = compileBodyRules(Type.Object({ labels: Type.Record(Type.String(), Type.String()) }));
    expect(map({ labels: { anything: 'x', else: 'y' } })).toEqual([]);
    expect(map({ labels: { anything: 'x\u0000' } }).map((e) => e.instancePath)).toEqual(['/labels/anything']);
    expect(() => compileBodyRules({ type: 'object', properties: { a: { $ref: 'Other#' } } })).toThrow(/\$ref/);
  });

  it('suggests a name only when it is near: short names must match but for case and separators', () => {
    const known = ['email', 'first_name', 'bank_account_number', 'id_type', 'ssn'];
    expect(nearestName('mail', known)).toBe('email');
    expect(nearestName('FirstName', known)).toBe('first_name');
    expect(nearestName('bank_acount_numbr', known)).toBe('bank_account_number');
    expect(nearestName('idtype', known)).toBe('id_type');
    expect(nearestName('sn', known)).toBeUndefined();
    expect(nearestName('colour', known)).toBeUndefined();
    expect(nearestName('x'.repeat(100_000), known)).toBeUndefined();
  });
});
