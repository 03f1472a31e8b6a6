/**
 * Rules the service checks with its own messages, written into the OpenAPI document too, so that
 * validators (Prism) and generated clients see them: exactly one way to name an employee (lookup,
 * payout items), one bank style, provider_doc's id_type, optional login-link bodies. The document
 * says the same as the service, and the service answers exactly as before.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { batch, item } from '../helpers/payouts.js';
import { createUser, DNB_BIC, NO_ACCOUNT, NO_IBAN } from '../helpers/users.js';

type Json = Record<string, unknown>;
const addFormats = addFormatsModule.default as unknown as (ajv: Ajv2020) => Ajv2020;

describe('rules in the OpenAPI document', () => {
  let t: TestApp;
  let acme: TestPartner;
  let kari: Employee;
  let document: { paths: Record<string, Record<string, Json>> };
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    kari = await onboardedEmployee(t, acme);
    document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  });
  afterAll(() => t.close());

  const body = (method: string, path: string) =>
    document.paths[path]?.[method]?.requestBody as {
      required: boolean;
      content: { 'application/json': { schema: Json } };
    };
  const accepts = (method: string, path: string, value: unknown) =>
    ajv.validate(body(method, path).content['application/json'].schema, value);

  it('exactly one of user_id, phone, ssn: lookup and every payout item', () => {
    for (const named of [{ user_id: 1 }, { phone: '41234567' }, { ssn: '17059012355' }]) {
      expect(accepts('post', '/api/v1/users/lookup', named)).toBe(true);
      expect(
        accepts('post', '/api/v1/payouts', {
          due_date: '2026-04-01',
          payouts: [{ ...named, date: '2026-03-01', products: [{ quantity: 1, price: 1, description: 'x' }] }],
        }),
      ).toBe(true);
    }
    for (const wrong of [{}, { user_id: 1, phone: '41234567' }, { phone: '41234567', ssn: '17059012355' }]) {
      expect(accepts('post', '/api/v1/users/lookup', wrong)).toBe(false);
      expect(
        accepts('post', '/api/v1/payouts', {
          due_date: '2026-04-01',
          payouts: [{ ...wrong, date: '2026-03-01', products: [{ quantity: 1, price: 1, description: 'x' }] }],
        }),
      ).toBe(false);
    }
  });

  it('one bank style: domestic alone, or IBAN with BIC; null and blanks count as absent', () => {
    for (const [method, path] of [
      ['post', '/api/v1/users'],
      ['put', '/api/v1/users/{id}'],
      ['patch', '/api/v1/users/{id}'],
    ] as const) {
      const base = method === 'post' ? { email: 'kari@example.com' } : {};
      for (const ok of [
        {},
        { bank_account_number: NO_ACCOUNT },
        { bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC },
        { bank_account_number: NO_ACCOUNT, bank_iban_number: null, bank_bic_number: '' },
      ]) {
        expect(accepts(method, path, { ...base, ...ok }), `${method} ${path} ${JSON.stringify(ok)}`).toBe(true);
      }
      for (const wrong of [
        { bank_account_number: NO_ACCOUNT, bank_iban_number: NO_IBAN },
        { bank_account_number: NO_ACCOUNT, bank_bic_number: DNB_BIC },
        { bank_iban_number: NO_IBAN },
        { bank_bic_number: DNB_BIC },
      ]) {
        expect(accepts(method, path, { ...base, ...wrong }), `${method} ${path} ${JSON.stringify(wrong)}`).toBe(false);
      }
    }
  });

  it('provider_doc needs id_type local or international; provider_eid takes anything', () => {
    const path = '/api/v1/users/{id}/verification/flows';
    const url = 'https://partner.example/return';
    expect(accepts('post', path, { provider: 'provider_doc', partner_return_url: url, id_type: 'local' })).toBe(true);
    expect(accepts('post', path, { provider: 'provider_doc', partner_return_url: url })).toBe(false);
    expect(accepts('post', path, { provider: 'provider_doc', partner_return_url: url, id_type: 'passport' })).toBe(
      false,
    );
    for (const id_type of [undefined, 'passport', 42, null])
      expect(accepts('post', path, { provider: 'provider_eid', partner_return_url: url, id_type })).toBe(true);
  });

  it('the login-link bodies are optional', () => {
    expect(body('post', '/api/v1/users/{id}/login-link').required).toBe(false);
    expect(body('post', '/api/v1/payouts/{payout}/login-link').required).toBe(false);
    expect(body('post', '/api/v1/users').required).toBe(true);
  });

  it('the service keeps its own validation: IBAN with BIC stored unchanged, and the same 422 messages', async () => {
    const user = await createUser(t, acme);
    const international = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      payload: { bank_iban_number: NO_IBAN, bank_bic_number: DNB_BIC },
    });
    expect(international.statusCode, international.body).toBe(200);
    expect(international.json()).toMatchObject({
      bank_account_number: null,
      bank_iban_number: NO_IBAN,
      bank_bic_number: DNB_BIC,
    });

    const mixed = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      payload: { bank_account_number: NO_ACCOUNT, bank_iban_number: NO_IBAN },
    });
    expect(mixed.json()).toEqual({
      message:
        'Send either bank_account_number (domestic) or bank_iban_number with bank_bic_number (international), not both.',
      errors: {
        bank_account_number: [
          'Send either bank_account_number (domestic) or bank_iban_number with bank_bic_number (international), not both.',
        ],
      },
    });
    const twoWays = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/users/lookup',
      payload: { user_id: kari.userId, phone: kari.phone },
    });
    expect(twoWays.json()).toEqual({
      message: 'Send exactly one of user_id, phone or ssn.',
      errors: { user_id: ['Send exactly one of user_id, phone or ssn.'] },
    });

    const items = [item(kari), item(kari), item(kari), { ...item(kari), phone: kari.phone }];
    const payouts = await t.as(acme, { method: 'POST', url: '/api/v1/payouts', payload: batch(items) as object });
    expect(payouts.statusCode).toBe(422);
    expect(payouts.json()).toEqual({
      message: 'payouts.3 must name the employee by exactly one of user_id, phone or ssn.',
      errors: { 'payouts.3.user_id': ['payouts.3 must name the employee by exactly one of user_id, phone or ssn.'] },
    });
  });
});
