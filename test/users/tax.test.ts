import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import type { TaxInput } from '../../src/modules/users/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectUserPayload, type UserBody } from '../helpers/payload.js';
import { createUser } from '../helpers/users.js';

/** `onpay user set-tax` calls this service; the command line itself is covered by test/cli. */
describe('tax facts (operator only)', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const setTax = (userId: string | number, input: TaxInput) => t.services.users.tax.setTax(Number(userId), input);
  const view = async (id: string): Promise<UserBody> =>
    expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${id}` })).json());
  const failure = async (promise: Promise<unknown>): Promise<AppError> => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('new employees have no tax facts: tax_percent null, the rest empty strings', async () => {
    const user = await createUser(t, acme);
    expect(user).toMatchObject({ tax_percent: null, tax_type: '', tax_start: '', tax_table: '', tax_free_card: '' });
  });

  it('set-tax fills the tax fields of the User payload', async () => {
    const user = await createUser(t, acme);
    const changes = await setTax(user.id, {
      percent: '35.5',
      type: 'tax_card',
      table: '7100',
      start: '2026-01-01',
      freeCard: '65000',
    });
    expect(changes).toMatchObject({
      tax_percent: '35.5',
      tax_type: 'tax_card',
      tax_table: '7100',
      tax_start: '2026-01-01',
      tax_free_card: '65000.00',
    });
    expect(await view(user.id)).toMatchObject({
      tax_percent: '35.5',
      tax_type: 'tax_card',
      tax_table: '7100',
      tax_start: '2026-01-01',
      tax_free_card: '65000.00',
    });
  });

  it('only the given facts change', async () => {
    const user = await createUser(t, acme);
    await setTax(user.id, { percent: '30', table: '7100' });
    await setTax(user.id, { percent: '0' });
    expect(await view(user.id)).toMatchObject({ tax_percent: '0', tax_table: '7100', tax_type: '' });
    await setTax(user.id, { percent: '100' });
    expect((await view(user.id)).tax_percent).toBe('100');
  });

  it.each([
    ['percent 101', { percent: '101' }, 'percent'],
    ['percent -1', { percent: '-1' }, 'percent'],
    ['percent with 3 decimals', { percent: '35.555' }, 'percent'],
    ['percent not a number', { percent: 'abc' }, 'percent'],
    ['a start date that does not exist', { start: '2026-02-30' }, 'start'],
    ['a start date with month 13', { start: '2026-13-01' }, 'start'],
    ['a start date in another format', { start: '01.01.2026' }, 'start'],
    ['a free-card amount with 3 decimals', { freeCard: '100.001' }, 'free_card'],
    ['a type of 65 characters', { type: 't'.repeat(65) }, 'type'],
    ['nothing to set', {}, 'tax'],
  ])('%s is a validation error that changes nothing', async (_name, input, field) => {
    const user = await createUser(t, acme);
    const error = await failure(setTax(user.id, input));
    expect(error.code).toBe('validation_failed');
    expect(error.fieldErrors).toHaveProperty([field]);
    expect((await view(user.id)).tax_percent).toBeNull();
  });

  it('an unknown user is a user_not_found error', async () => {
    for (const id of [999_999, 2_147_483_648, 0]) {
      const error = await failure(setTax(id, { percent: '10' }));
      expect(error.code).toBe('user_not_found');
    }
  });

  it('partners cannot set tax facts: the fields are refused (422) in PUT bodies, and nothing changes', async () => {
    const user = await createUser(t, acme);
    const res = await t.as(acme, {
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      payload: { tax_percent: '10', tax_free_card: '1', note: 'x' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys((res.json() as { errors: object }).errors).sort()).toEqual(['tax_free_card', 'tax_percent']);
    const after = await t.as(acme, { method: 'GET', url: `/api/v1/users/${user.id}` });
    expect(expectUserPayload(after.json())).toMatchObject({ tax_percent: null, tax_free_card: '', note: '' });
  });
});
