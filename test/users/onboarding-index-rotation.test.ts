/**
 * The stored onboarding across a rebuild of the blind indexes (`onpay keys rotate --index`,
 * docs/decisions.md §28): half-way, Globex's registered identity and Acme's verification of it are
 * under two index keys, so a write of Globex's then computes (and stores) "not onboarded"; when the
 * rebuild ends, every link is stored again and agrees with GET /users/{id}. On the engine under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateKeys } from '../../src/platform/field-keys.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { scratchDatabase } from '../helpers/cli.js';
import { onboardedEmployee, linkEmployee, verifiedIdentityOf, type Employee } from '../helpers/employees.js';
import type { TestDatabase } from '../helpers/engine.js';
import { expectUserPayload } from '../helpers/payload.js';
import { NO_ACCOUNT, putProfile } from '../helpers/users.js';

const DATA = `data:${Buffer.alloc(32, 51).toString('base64')}`;
const INDEX_OLD = `iold:${Buffer.alloc(32, 52).toString('base64')}`;
const INDEX_NEW = `inew:${Buffer.alloc(32, 53).toString('base64')}`;

let database: TestDatabase;
let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let person: Employee;

async function state(app: TestApp, partner: TestPartner) {
  const res = await app.as(partner, { method: 'GET', url: `/api/v1/users/${person.id}` });
  expect(res.statusCode, res.body).toBe(200);
  const row = await app.db.db
    .selectFrom('partner_users')
    .select('onboarded')
    .where('partner_id', '=', partner.partnerId)
    .where('user_id', '=', person.userId)
    .executeTakeFirstOrThrow();
  return { computed: expectUserPayload(res.json()).onboarding.is_onboarded, stored: Number(row.onboarded) };
}

beforeAll(async () => {
  database = await scratchDatabase('onpay-onboarding-rotation');
  t = await buildTestApp({ database, env: { ONPAY_DATA_KEYS: DATA, ONPAY_INDEX_KEYS: INDEX_OLD } });
  acme = await t.partner('Acme');
  globex = await t.partner('Globex');
  // Onboarded for Acme by its verification; Globex registered exactly that identity and did the rest.
  person = await onboardedEmployee(t, acme);
  await linkEmployee(t, globex, person, { onboard: false });
  await putProfile(t, globex, person.id);
  const confirmed = await verifiedIdentityOf(t, acme, person.id);
  for (const request of [
    { method: 'PUT' as const, url: `/api/v1/users/${person.id}`, payload: { bank_account_number: NO_ACCOUNT } },
    { method: 'POST' as const, url: `/api/v1/users/${person.id}/terms`, payload: { approved: true } },
    {
      method: 'PUT' as const,
      url: `/api/v1/users/${person.id}/identity`,
      payload: {
        identification: confirmed.identification,
        country_code: confirmed.identity_country_code,
        birthday: confirmed.birthday,
      },
    },
  ])
    expect((await t.as(globex, request)).statusCode).toBe(200);
  expect(await state(t, globex)).toEqual({ computed: true, stored: 1 });
  await t.close();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

describe('the stored onboarding and a rebuild of the blind indexes', () => {
  it('a write half-way stores what it computes then; the end of the rebuild stores every link again', async () => {
    const serving = await buildTestApp({
      database: { url: database.url, drop: async () => undefined },
      env: { ONPAY_DATA_KEYS: DATA, ONPAY_INDEX_KEYS: `${INDEX_NEW},${INDEX_OLD}` },
    });
    try {
      let halfway: { computed: boolean; stored: number } | null = null;
      await rotateKeys(serving.db.db, serving.services.fieldCrypto, 'index', {
        batchSize: 1,
        afterBatch: async () => {
          if (halfway !== null) return;
          // Acme's link (the first) is under the new key, Globex's still under the old one:
          // Globex writes (the same account again).
          const res = await serving.as(globex, {
            method: 'PUT',
            url: `/api/v1/users/${person.id}`,
            payload: { bank_account_number: NO_ACCOUNT },
          });
          expect(res.statusCode, res.body).toBe(200);
          halfway = await state(serving, globex);
        },
      });
      expect(halfway).toEqual({ computed: false, stored: 0 });
      expect(await state(serving, globex)).toEqual({ computed: true, stored: 1 });
      expect(await state(serving, acme)).toEqual({ computed: true, stored: 1 });
    } finally {
      await serving.close();
    }
  });
});
