/**
 * The console's CSV downloads: every row the employees and payouts lists show for a filter, the
 * same columns (what the page masks or leaves out, the file does too), operator and admin only,
 * each download audited with its filter and row count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { csvObjects } from '../helpers/csv.js';
import { linkEmployee, onboardedEmployee, uniqueNorwegianId, type Employee } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { createUser, NO_ACCOUNT, putProfile } from '../helpers/users.js';
import { formatKroner } from '../../src/web/money.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let employee: Employee;
let other: Employee;
let op: Browser;
let admin: Browser;
let viewer: Browser;

const CHUNK = 2;
const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  t = await buildTestApp({ exportTuning: { chunkRows: CHUNK } });
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('=Globex');
  employee = await onboardedEmployee(t, acme, { identification: uniqueNorwegianId() });
  other = await onboardedEmployee(t, acme, { identification: uniqueNorwegianId() });
  for (let i = 0; i < 3; i++) await createUser(t, globex);
  await linkEmployee(t, globex, employee);
  await putProfile(t, globex, employee.id, { phone: employee.phone, first_name: '@Kari', last_name: '-Nordmann' });
  for (const [partner, person] of [
    [acme, employee],
    [acme, other],
    [globex, employee],
  ] as const)
    await createPayouts(t, partner, batch([item(person), item(person, { date: '2026-03-20' })]));
  op = await signedIn(t, await readyOperator(t, 'operator'));
  admin = await signedIn(t, await readyOperator(t, 'admin'));
  viewer = await signedIn(t, await readyOperator(t, 'viewer'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the employees list as CSV', () => {
  it('offers a download keeping the search to the roles that may export, and refuses the viewer', async () => {
    const q = employee.email.toUpperCase();
    const page = await op.get(`/console/employees?q=${encodeURIComponent(q)}`);
    expect(page.body).toContain(`href="/console/employees.csv?q=${encodeURIComponent(q).replace(/%40/g, '%40')}"`);
    expect((await viewer.get(`/console/employees?q=${encodeURIComponent(q)}`)).body).not.toContain('employees.csv');
    const refused = await viewer.get(`/console/employees.csv?q=${encodeURIComponent(q)}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(await auditRows('console.employees.export_started')).toHaveLength(0);
  });

  it("has one row per partner's link, the list's columns, and neither identity numbers nor bank accounts", async () => {
    const res = await op.get(`/console/employees.csv?q=${encodeURIComponent(employee.email)}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="employees.csv"');
    const { header, rows } = csvObjects(res.body);
    expect(header).toEqual([
      'id',
      'email',
      'verified',
      'identities_differ',
      'partner_id',
      'partner',
      'name',
      'phone',
      'internal_id',
    ]);
    expect(rows).toEqual([
      expect.objectContaining({
        id: employee.id,
        email: employee.email,
        partner: 'Acme Staffing',
        partner_id: String(acme.partnerId),
      }),
      expect.objectContaining({ id: employee.id, partner: "'=Globex", name: "'@Kari -Nordmann" }),
    ]);
    expect(rows[1]!.phone).toContain(employee.phone);
    for (const secret of [NO_ACCOUNT, employee.identification, other.identification])
      expect(res.body).not.toContain(secret);
  });

  it('has every matching person across chunks, newest first, as the list pages them', async () => {
    const res = await admin.get('/console/employees.csv');
    expect(res.statusCode).toBe(200);
    const ids = [...new Set(csvObjects(res.body).rows.map((r) => Number(r.id)))];
    const all = (await t.db.db.selectFrom('users').select('id').orderBy('id', 'desc').execute()).map((r) => r.id);
    expect(ids).toEqual(all);
    expect(ids.length).toBeGreaterThan(CHUNK);
  });

  it('audits who downloaded, that a search was given (not what), and the rows', async () => {
    const q = employee.email;
    const res = await op.get(`/console/employees.csv?q=${encodeURIComponent(q)}`);
    const rows = csvObjects(res.body).rows.length;
    const [started] = (await auditRows('console.employees.export_started')).slice(-1);
    const [ended] = (await auditRows('console.employees.exported')).slice(-1);
    for (const entry of [started!, ended!]) {
      expect(entry.actor_type).toBe('operator');
      expect(entry.request_id).toBe(res.headers['x-request-id']);
      expect(entry.reason).not.toContain(q);
    }
    expect(started!.reason).toBe(`csv; filters: q=(given, ${q.length} characters)`);
    expect(ended!.reason).toBe(`csv; filters: q=(given, ${q.length} characters); ${rows} rows, complete`);
  });
});

describe('the payouts list as CSV', () => {
  it('offers a download keeping the filter, has the rows the filter matches, and the amounts as the list shows them', async () => {
    const filter = `status=pending&partner=${acme.partnerId}`;
    const page = await op.get(`/console/payouts?${filter}`);
    expect(page.body).toContain(`href="/console/payouts.csv?${filter.replace('&', '&amp;')}"`);
    const res = await op.get(`/console/payouts.csv?${filter}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const { header, rows } = csvObjects(res.body);
    expect(header).toEqual([
      'payout',
      'partner_id',
      'partner',
      'user_id',
      'employee',
      'invoice',
      'due_date',
      'status',
      'paid_at',
      'net',
      'invoice_incl',
    ]);
    const expected = await t.db.db
      .selectFrom('payouts')
      .select(['id', 'net_salary', 'net_vacation'])
      .where('partner_id', '=', acme.partnerId)
      .orderBy('id', 'desc')
      .execute();
    expect(rows.map((r) => Number(r.payout))).toEqual(expected.map((p) => p.id));
    expect(rows.length).toBeGreaterThan(CHUNK);
    for (const row of rows) {
      const payout = expected.find((p) => p.id === Number(row.payout))!;
      expect(row.net).toBe(((Number(payout.net_salary) + Number(payout.net_vacation)) / 100).toFixed(2));
      expect(page.body).toContain(formatKroner(row.net!));
      expect(row).toMatchObject({ partner: 'Acme Staffing', status: 'pending', paid_at: '' });
    }
    for (const secret of [NO_ACCOUNT, employee.identification]) expect(res.body).not.toContain(secret);
    const [ended] = (await auditRows('console.payouts.exported')).slice(-1);
    expect(ended!.partner_id).toBe(acme.partnerId);
    expect(ended!.reason).toBe(
      `csv; filters: status=pending, partner=${acme.partnerId}; ${rows.length} rows, complete`,
    );
  });

  it('answers an unreadable filter with 422 and no file; a viewer with 403', async () => {
    const bad = await op.get('/console/payouts.csv?due_from=2026-02-30');
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['content-type']).toContain('text/html');
    expect((await viewer.get('/console/payouts.csv')).statusCode).toBe(403);
    expect((await viewer.get('/console/payouts')).body).not.toContain('payouts.csv');
  });
});
