import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee } from '../helpers/employees.js';
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

  it('keeps id_verification when the identity is sent again unchanged (only the document id changes)', async () => {
    const employee = await onboardedEmployee(t, acme);
    const row = await t.db.db.selectFrom('users').selectAll().where('id', '=', Number(employee.id)).executeTakeFirstOrThrow();
    const res = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${employee.id}/identity`,
      payload: { identification: row.identification, country_code: row.identity_country_code, birthday: row.birthday, document_id: 'PA7654321' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().onboarding.steps.id_verification).toBe(true);
    expect((await current(employee.id)).onboarding.is_onboarded).toBe(true);
  });

  it('turns id_verification false when the partner changes who the person is; a new verification is needed', async () => {
    const employee = await onboardedEmployee(t, acme);
    const res = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${employee.id}/identity`,
      payload: { identification: norwegianId('150885', 417), country_code: 'NO', birthday: '1985-08-15' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().onboarding.steps.id_verification).toBe(false);
    expect(res.json().onboarding.missing_steps).toEqual(['id_verification']);
  });
});
