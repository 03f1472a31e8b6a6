import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, verifiedIdentityOf } from '../helpers/employees.js';
import { norwegianId } from '../helpers/users.js';

describe('PUT /users/{id}/identity after a verification', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  async function current(id: string) {
    return (await t.as(acme, { method: 'GET', url: `/api/v1/users/${id}` })).json();
  }

  it('accepts the verified identity sent again and changes nothing (not even the document id)', async () => {
    const employee = await onboardedEmployee(t, acme);
    const row = await verifiedIdentityOf(t, acme, employee.id);
    const res = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${employee.id}/identity`,
      payload: {
        identification: row.identification,
        country_code: row.identity_country_code,
        birthday: row.birthday,
        document_id: 'PA7654321',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().onboarding.steps.id_verification).toBe(true);
    expect((await current(employee.id)).onboarding.is_onboarded).toBe(true);
    expect(await verifiedIdentityOf(t, acme, employee.id)).toEqual(row);
  });

  it('refuses a different identity with 409 {error}: a verified identity changes only through a new verification', async () => {
    const employee = await onboardedEmployee(t, acme);
    const before = await verifiedIdentityOf(t, acme, employee.id);
    for (const payload of [
      { identification: norwegianId('150885', 417), country_code: 'NO', birthday: '1985-08-15' },
      // The same number with another birthday is another identity too.
      { identification: before.identification, country_code: 'NO', birthday: '1985-08-15' },
    ]) {
      const res = await t.as(acme, { method: 'PUT', url: `/api/v1/users/${employee.id}/identity`, payload });
      expect(res.statusCode, res.body).toBe(409);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
    expect(await verifiedIdentityOf(t, acme, employee.id)).toEqual(before);
    expect((await current(employee.id)).onboarding.is_onboarded).toBe(true);
  });
});
