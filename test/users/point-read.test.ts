import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLinkedUserWithApproval, findPayloadRow } from '../../src/modules/users/users.repository.js';
import { userRowToPayload } from '../../src/modules/users/users.payload.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectUserPayload, type UserBody } from '../helpers/payload.js';
import { countCompilations } from '../helpers/compilations.js';
import { capturedQueries, planProblems } from '../helpers/query-plans.js';
import { createUser, expect404, NO_ACCOUNT, norwegianId, putProfile } from '../helpers/users.js';

/**
 * GET /users/{id} on its diet (docs/performance.md, "Point read budget (issue 24 item 4)"): it
 * reads only the payload's columns, opens them at once, and its statement is compiled once.
 */
describe('GET /users/{id}: the point read', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let ola: UserBody;
  const get = (partner: TestPartner, id: string) => t.as(partner, { method: 'GET', url: `/api/v1/users/${id}` });

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    ola = await createUser(t, acme, { note: 'Acme only', internal_id: 7, bank_account_number: NO_ACCOUNT });
    await putProfile(t, acme, ola.id, { phone: '41999999', address: 'Acme gate 1' });
    const identity = { identification: norwegianId('010190'), country_code: 'NO', birthday: '1990-01-01' };
    const put = await t.as(acme, { method: 'PUT', url: `/api/v1/users/${ola.id}/identity`, payload: identity });
    expect(put.statusCode, put.body).toBe(200);
    const approve = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${ola.id}/terms`,
      payload: { approved: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
  });
  afterAll(() => t.close());

  it('answers exactly what the payload of the full link read answers', async () => {
    const terms = (await t.as(acme, { method: 'GET', url: '/api/v1/terms' })).json() as { terms: { code: string } };
    const full = await findLinkedUserWithApproval(
      t.db.db,
      t.services.fieldCrypto,
      acme.partnerId,
      Number(ola.id),
      terms.terms.code,
    );
    const res = await get(acme, ola.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = expectUserPayload(res.json());
    expect(body).toEqual(JSON.parse(JSON.stringify(userRowToPayload(full!, full!.approved, t.clock.now()))));
    expect(body).toMatchObject({
      phone: '41999999',
      address: 'Acme gate 1',
      bank_account_number: NO_ACCOUNT,
      note: 'Acme only',
      internal_id: '7',
      nationality: 'NO',
    });
    expect(body.onboarding).toMatchObject({
      steps: expect.objectContaining({ terms_approved: true, profile: true, bank_account: true }),
    });
  });

  it("another partner linked to the same person reads only its own link; an unlinked partner's read is a 404", async () => {
    expect404(await get(globex, ola.id));
    const linked = await t.as(globex, { method: 'POST', url: '/api/v1/users', payload: { email: ola.email } });
    expect(linked.statusCode, linked.body).toBe(200);
    const theirs = expectUserPayload((await get(globex, ola.id)).json());
    expect(theirs).toMatchObject({ id: ola.id, email: ola.email, phone: '', address: '', note: '', internal_id: '' });
    expect(theirs.bank_account_number).toBeNull();
    expect(theirs.onboarding).toMatchObject({
      steps: expect.objectContaining({ terms_approved: false, profile: false, bank_account: false }),
    });
    expect(expectUserPayload((await get(acme, ola.id)).json()).phone).toBe('41999999');
  });

  it("reads the link through an index on the partner's key, the person by primary key (no scan)", async () => {
    // The read runs a query compiled once (reusableQuery): capturedQueries records what it sends.
    const sent = await capturedQueries(t.db.db, async (db) =>
      expect(await findPayloadRow(db, t.services.fieldCrypto, acme.partnerId, Number(ola.id), 'any')).toBeDefined(),
    );
    const [statement] = sent;
    // SQLite: the link's primary key. PostgreSQL plans a tiny test table by cost: any index led by
    // partner_id serves (a big table gets the primary key), never a sequential scan.
    const link =
      t.engine === 'sqlite'
        ? 'sqlite_autoindex_partner_users_1'
        : [
            'partner_users_pk',
            'partner_users_position_idx',
            'partner_users_verified_identification_index_idx',
            'partner_users_identification_index_idx',
          ];
    for (const [table, index] of [
      ['pu', link],
      ['u', 'primary key'],
    ] as const) {
      const { plan, problems } = await planProblems(t.db.db, t.engine, statement!, { table, index, ordered: false });
      expect(problems, plan).toEqual([]);
    }
  });

  it('compiles nothing per request: no statement is prepared again, no row constructor built again', async () => {
    // better-sqlite3 builds a row constructor with Function() each time SQLite recompiles a
    // statement; SQLite recompiled the joined point read on every execution while its bound
    // parameters met indexed columns in the join (docs/performance.md).
    for (let i = 0; i < 3; i++) expect((await get(acme, ola.id)).statusCode).toBe(200);
    const compiled = await countCompilations(async () => {
      for (let i = 0; i < 20; i++) expect((await get(acme, ola.id)).statusCode).toBe(200);
    });
    expect(compiled).toBe(0);
  });
});
