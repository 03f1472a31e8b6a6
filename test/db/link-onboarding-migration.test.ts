/**
 * The link-onboarding migration (0044, docs/decisions.md §28) on a database the service wrote:
 * undone, then applied again, it fills `partner_users.onboarded` for every existing link with what
 * `GET /users/{id}` computes for that link's partner: a person onboarded for one partner and not
 * another, a partner onboarded through another partner's verification of the identity it
 * registered, one whose registered identity no one verified, approvals of older terms. The walk
 * over every person, a batch at a time, does the same with any batch size. On the engine under test.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEveryOnboarding } from '../../src/db/link-onboarding.js';
import { NAME as LINK_ONBOARDING } from '../../src/db/migrations/2026-11-27-0044-link-onboarding.js';
import { migrations } from '../../src/db/migrations/index.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { linkEmployee, onboardedEmployee, verifiedIdentityOf } from '../helpers/employees.js';
import { expectUserPayload } from '../helpers/payload.js';
import { createUser, norwegianId, putProfile } from '../helpers/users.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
/** Every link written: [partner, user id]. */
const links: Array<[TestPartner, string]> = [];

/** What the API computes for each link, and what the link stores. */
async function states() {
  const out: Array<{ link: string; computed: boolean; stored: number }> = [];
  for (const [partner, id] of links) {
    const res = await t.as(partner, { method: 'GET', url: `/api/v1/users/${id}` });
    const row = await t.db.db
      .selectFrom('partner_users')
      .select('onboarded')
      .where('partner_id', '=', partner.partnerId)
      .where('user_id', '=', Number(id))
      .executeTakeFirstOrThrow();
    out.push({
      link: `${partner.partnerId}:${id}`,
      computed: expectUserPayload(res.json()).onboarding.is_onboarded,
      stored: Number(row.onboarded),
    });
  }
  return out;
}

function expectAgree(found: Awaited<ReturnType<typeof states>>) {
  for (const { link, computed, stored } of found) expect(stored, link).toBe(computed ? 1 : 0);
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-11-20T09:00:00.000Z');
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('Globex Crew');
  // Onboarded for Acme; Globex onboarded too, by its own verification.
  const both = await onboardedEmployee(t, acme);
  await linkEmployee(t, globex, both);
  links.push([acme, both.id], [globex, both.id]);
  // Onboarded for Acme; Globex registered the identity Acme's verification confirmed and did
  // everything else: onboarded through Acme's verification.
  const matched = await onboardedEmployee(t, acme);
  await linkEmployee(t, globex, matched, { onboard: false });
  await putProfile(t, globex, matched.id);
  const confirmed = await verifiedIdentityOf(t, acme, matched.id);
  for (const request of [
    { method: 'PUT' as const, url: `/api/v1/users/${matched.id}`, payload: { bank_account_number: '12345678903' } },
    { method: 'POST' as const, url: `/api/v1/users/${matched.id}/terms`, payload: { approved: true } },
    {
      method: 'PUT' as const,
      url: `/api/v1/users/${matched.id}/identity`,
      payload: {
        identification: confirmed.identification,
        country_code: confirmed.identity_country_code,
        birthday: confirmed.birthday,
      },
    },
  ])
    expect((await t.as(globex, request)).statusCode).toBe(200);
  links.push([acme, matched.id], [globex, matched.id]);
  // Globex registered an identity no one verified.
  const unverified = await createUser(t, globex, { bank_account_number: '12345678903' });
  await putProfile(t, globex, unverified.id);
  await t.as(globex, {
    method: 'PUT',
    url: `/api/v1/users/${unverified.id}/identity`,
    payload: { identification: norwegianId('030390'), country_code: 'NO', birthday: '1990-03-03' },
  });
  await t.as(globex, { method: 'POST', url: `/api/v1/users/${unverified.id}/terms`, payload: { approved: true } });
  links.push([globex, unverified.id]);
  // Acme's employee missing a bank account only.
  const noBank = await onboardedEmployee(t, acme, { skip: ['bank'] });
  links.push([acme, noBank.id]);
  // New terms, approved for one link only: the others' approvals are of older terms.
  t.clock.advance(60_000);
  await t.services.terms.service.publish({
    code: 'migration-terms-2',
    title: 'Terms 2',
    url: 'https://onpay.example.com/terms/2',
  });
  const renewed = await onboardedEmployee(t, acme);
  links.push([acme, renewed.id]);
  // Globex approves them for the person it is onboarded with through Acme's verification.
  const approval = await t.as(globex, {
    method: 'POST',
    url: `/api/v1/users/${matched.id}/terms`,
    payload: { approved: true },
  });
  expect(approval.statusCode).toBe(200);
});
afterAll(() => t.close());

describe(`the link-onboarding migration on ${process.env.ONPAY_TEST_ENGINE ?? 'sqlite'}`, () => {
  it('fills every existing link with what the API computes for its partner', async () => {
    const written = await states();
    expectAgree(written);
    // Both answers occur, so a fill of all zeros or all ones would fail.
    expect(new Set(written.map((s) => s.computed))).toEqual(new Set([true, false]));
    // Globex's link onboarded through Acme's verification of the identity Globex registered.
    expect(written.find((s) => s.link === `${globex.partnerId}:${links[3]![1]}`)?.computed).toBe(true);

    const migrator = new Migrator({ db: t.db.db, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations);
    const undone = await migrator.migrateTo(names[names.indexOf(LINK_ONBOARDING) - 1]!);
    if (undone.error) throw undone.error;
    expect(await migrateToLatest(t.db.db)).toEqual([LINK_ONBOARDING]);
    const filled = await states();
    expect(filled).toEqual(written);
  });

  it('the walk over every person stores the same state whatever its batch', async () => {
    const expected = await states();
    // Every link wrong, then walked two people at a time.
    await t.db.db
      .updateTable('partner_users')
      .set((eb) => ({ onboarded: eb(eb.val(1), '-', eb.ref('onboarded')) }))
      .execute();
    const all = await t.db.db
      .selectFrom('partner_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(await storeEveryOnboarding(t.db.db, 2)).toBe(Number(all.n));
    expect(await states()).toEqual(expected);
    expect(await storeEveryOnboarding(t.db.db, 2)).toBe(0);
  });
});
