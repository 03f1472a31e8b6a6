/**
 * The console's money pages (employees, payouts, invoices) on the engine under test: search,
 * masking and audited reveals, tax facts, filtered paged payouts, a bulk move of 50 payouts in one
 * transaction with one audit entry and one event each, all or nothing, role checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { csrfOf, readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { mask } from '../../src/modules/console/index.js';
import { onboardedEmployee, uniqueNorwegianId, type Employee } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

let t: TestApp;
let partner: TestPartner;
let employee: Employee;
let op: Browser;
let viewer: Browser;

const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const eventCount = async (type: string) =>
  Number(
    (
      await t.db.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', type)
        .executeTakeFirstOrThrow()
    ).n,
  );
const statuses = async (ids: number[]) =>
  (await t.db.db.selectFrom('payouts').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute()).map(
    (r) => r.status,
  );
/** The hidden ids of a confirmation page's form. */
const confirmedIds = (body: string) =>
  [...body.matchAll(/<input type="hidden" name="id" value="(\d+)">/g)].map((m) => m[1]!);
/** Posts a form whose fields repeat (checkboxes), with a CSRF token taken from `from`. */
async function postMany(b: Browser, url: string, form: Array<[string, string]>, from: string) {
  const csrf = csrfOf(await b.get(from));
  const body = new URLSearchParams([...form, ['csrf', csrf]]).toString();
  return t.app.inject({
    method: 'POST',
    url,
    cookies: { ...b.cookies },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  partner = await t.partner('Acme Staffing');
  employee = await onboardedEmployee(t, partner, { identification: uniqueNorwegianId() });
  await t.db.db
    .updateTable('partner_users')
    .set({ internal_id: 424242 })
    .where('user_id', '=', employee.userId)
    .execute();
  op = await signedIn(t, await readyOperator(t, 'operator'));
  viewer = await signedIn(t, await readyOperator(t, 'viewer'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('masking', () => {
  it('shows seven bullets and the last 4 characters, whatever the length: the length tells nothing', () => {
    expect(mask('12345678903')).toBe('•••••••8903');
    expect(mask('0101901234')).toBe('•••••••1234');
    expect(mask('NO9386011117947')).toBe('•••••••7947');
    expect(mask('1234')).toBe('•••••••');
    expect(mask('')).toBe('');
    expect(mask(null)).toBeNull();
  });
});

describe('employees', () => {
  it('finds people by e-mail, name, phone and internal id, paged on the server', async () => {
    for (const q of [employee.email.toUpperCase(), 'nordmann', employee.phone, '424242']) {
      const res = await op.get(`/console/employees?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.body, q).toContain(`href="/console/employees/${employee.id}"`);
    }
    const none = await op.get('/console/employees?q=nobody-by-this-name');
    expect(none.body).toContain('0 people');
    expect(none.body).not.toContain(`href="/console/employees/${employee.id}"`);
  });

  it('masks identity numbers and bank accounts: the full number is not in the page', async () => {
    const res = await op.get(`/console/employees/${employee.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Acme Staffing');
    expect(res.body).not.toContain(employee.identification);
    expect(res.body).not.toContain('12345678903');
    expect(res.body).toContain('•••••••8903');
    expect(res.body).toContain(`•••••••${employee.identification.slice(-4)}`);
    expect(res.body).toContain('id verification');
    const viewerPage = await viewer.get(`/console/employees/${employee.id}`);
    expect(viewerPage.body).not.toContain(employee.identification);
    expect(viewerPage.body).not.toContain('/reveal"');
  });

  it('a viewer may not reveal (403, nothing audited); a reveal needs a reason; with one it shows the number and is audited', async () => {
    const url = `/console/employees/${employee.id}/reveal`;
    const from = `/console/employees/${employee.id}`;
    expect(
      (
        await viewer.post(
          url,
          { field: 'verified_identification', partner: String(partner.partnerId), reason: 'checking a payslip' },
          { from },
        )
      ).statusCode,
    ).toBe(403);
    expect(await auditRows('pii.revealed')).toHaveLength(0);

    const noReason = await op.post(
      url,
      { field: 'verified_identification', partner: String(partner.partnerId), reason: '  ' },
      { from },
    );
    expect(noReason.statusCode).toBe(422);
    expect(await auditRows('pii.revealed')).toHaveLength(0);

    const done = await op.post(
      url,
      {
        field: 'verified_identification',
        partner: String(partner.partnerId),
        reason: 'Employee called about a tax card',
      },
      { from },
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/console/employees/${employee.id}`);
    const shown = await op.get(done.headers.location as string);
    expect(shown.body).toContain('Revealed for 5 minutes, to you only');
    expect(shown.body).toContain(employee.identification);
    expect(shown.body).not.toContain('12345678903');
    const [entry] = await auditRows('pii.revealed');
    expect(entry).toMatchObject({
      actor_type: 'operator',
      object_type: 'user',
      object_id: employee.id,
      reason: 'Employee called about a tax card',
      fields: '["verified_identification"]',
    });
    expect(entry?.request_id).toBeTruthy();
    // The viewer still sees it masked: a reveal is the revealing operator's only.
    expect((await viewer.get(from)).body).not.toContain(employee.identification);
    // An operator whose role drops to viewer no longer sees what they revealed (roles are read per request).
    const operatorId = (
      await t.db.db.selectFrom('operators').select('id').where('role', '=', 'operator').executeTakeFirstOrThrow()
    ).id;
    await t.db.db.updateTable('operators').set({ role: 'viewer' }).where('id', '=', operatorId).execute();
    const downgraded = await op.get(from);
    await t.db.db.updateTable('operators').set({ role: 'operator' }).where('id', '=', operatorId).execute();
    expect(downgraded.statusCode).toBe(200);
    expect(downgraded.body).not.toContain(employee.identification);
    expect((await op.get(from)).body).toContain(employee.identification);

    const bank = await op.post(
      url,
      { field: 'bank_account_number', partner: String(partner.partnerId), reason: 'Bank returned a payout' },
      { from },
    );
    expect(bank.statusCode).toBe(303);
    expect((await op.get(from)).body).toContain('12345678903');
  });

  it('sets tax facts as `onpay user set-tax` does: audited, user.updated emitted; a viewer is refused', async () => {
    const url = `/console/employees/${employee.id}/tax`;
    const from = `/console/employees/${employee.id}`;
    const before = await eventCount('user.updated');
    expect((await viewer.post(url, { percent: '35' }, { from })).statusCode).toBe(403);
    const wrong = await op.post(url, { percent: '101' }, { from });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Withholding % must be a number from 0 to 100');
    const res = await op.post(
      url,
      { percent: '35.5', type: 'tax_card', table: '', start: '2026-01-01', free_card: '' },
      { from },
    );
    expect(res.statusCode).toBe(303);
    const user = await t.db.db
      .selectFrom('users')
      .select(['tax_percent', 'tax_type', 'tax_start'])
      .where('id', '=', employee.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ tax_percent: '35.5', tax_type: 'tax_card', tax_start: '2026-01-01' });
    expect(await eventCount('user.updated')).toBe(before + 1);
    const audited = (await auditRows('user.updated')).filter((row) => row.actor_type === 'operator');
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0]!.fields!)).toEqual(expect.arrayContaining(['tax_percent', 'tax_type', 'tax_start']));
    expect((await op.get(res.headers.location as string)).body).toContain('The tax facts were saved.');
  });
});

describe('payouts', () => {
  let fifty: number[];
  let three: number[];
  let invoiceA: number;
  let invoiceB: number;
  beforeAll(async () => {
    const a = await createPayouts(
      t,
      partner,
      batch(
        Array.from({ length: 50 }, () => item(employee)),
        '2026-04-01',
      ),
    );
    const b = await createPayouts(
      t,
      partner,
      batch(
        Array.from({ length: 3 }, () => item(employee)),
        '2026-05-01',
      ),
    );
    [fifty, invoiceA, three, invoiceB] = [a.payout_ids, a.invoice_id, b.payout_ids, b.invoice_id];
  });

  it('filters by status, partner, due dates and invoice, and pages on the server', async () => {
    const all = await op.get(`/console/payouts?partner=${partner.partnerId}`);
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('<strong>53</strong> payouts match');
    expect([...all.body.matchAll(/name="id" value="/g)]).toHaveLength(50);
    expect(all.body).toContain('Page 1 of 2');
    const second = await op.get(`/console/payouts?partner=${partner.partnerId}&page=2`);
    expect([...second.body.matchAll(/name="id" value="/g)]).toHaveLength(3);
    expect((await op.get('/console/payouts?status=pending&due_from=2026-05-01&due_to=2026-05-01')).body).toContain(
      '<strong>3</strong> payouts match',
    );
    expect((await op.get(`/console/payouts?invoice=${invoiceA}`)).body).toContain('<strong>50</strong> payouts match');
    expect((await op.get('/console/payouts?status=paid')).body).toContain('<strong>0</strong> payouts match');
    // A viewer sees the list, without the selection form.
    const seen = await viewer.get(`/console/payouts?invoice=${invoiceA}`);
    expect(seen.body).toContain('<strong>50</strong> payouts match');
    expect(seen.body).not.toContain('/console/payouts/confirm');
  });

  it('the dashboard links its pending queue to the filtered list', async () => {
    const board = await op.get('/console');
    expect(board.body).toContain(
      'href="/console/payouts?status=pending&amp;due_from=2026-04-01&amp;due_to=2026-04-01"',
    );
  });

  it('a viewer is refused the confirmation and the action (403), and nothing changes', async () => {
    const list = `/console/payouts?invoice=${invoiceA}`;
    expect(
      (
        await postMany(
          viewer,
          '/console/payouts/confirm',
          [
            ['move', 'paid'],
            ['id', String(fifty[0])],
          ],
          list,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await postMany(
          viewer,
          '/console/payouts/apply',
          [
            ['move', 'paid'],
            ['id', String(fifty[0])],
          ],
          list,
        )
      ).statusCode,
    ).toBe(403);
    expect(new Set(await statuses(fifty))).toEqual(new Set(['pending']));
  });

  it('a form without its CSRF token changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/console/payouts/apply',
      cookies: { ...op.cookies },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `move=paid&id=${fifty[0]}`,
    });
    expect(res.statusCode).toBe(403);
    expect(new Set(await statuses(fifty))).toEqual(new Set(['pending']));
  });

  it('the confirm step counts a repeated id once and refuses more than 1 000 payouts (422), changing nothing', async () => {
    const list = '/console/payouts?status=pending';
    const repeated = await postMany(
      op,
      '/console/payouts/confirm',
      [
        ['move', 'paid'],
        ...three.flatMap((id) => [['id', String(id)] as [string, string], ['id', String(id)] as [string, string]]),
        ['back', list],
      ],
      list,
    );
    expect(repeated.statusCode, repeated.body.slice(0, 500)).toBe(200);
    expect(repeated.body).toContain('Mark paid: 3 payouts?');
    expect(confirmedIds(repeated.body)).toHaveLength(3);
    const tooMany = await postMany(
      op,
      '/console/payouts/confirm',
      [
        ['move', 'paid'],
        ...Array.from({ length: 1001 }, (_, i) => ['id', String(i + 1)] as [string, string]),
        ['back', list],
      ],
      list,
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.body).toContain('At most 1000 payouts');
    expect(new Set(await statuses(three))).toEqual(new Set(['pending']));
  });

  it('marks 50 payouts paid through the confirm step: one transaction, one audit entry and one event each, one request id', async () => {
    const list = `/console/payouts?invoice=${invoiceA}`;
    const eventsBefore = await eventCount('payout.paid');
    const confirm = await postMany(
      op,
      '/console/payouts/confirm',
      [
        ['move', 'paid'],
        ['all', '1'],
        ['invoice', String(invoiceA)],
        ['back', list],
      ],
      list,
    );
    expect(confirm.statusCode, confirm.body.slice(0, 500)).toBe(200);
    expect(confirm.body).toContain('Mark paid: 50 payouts?');
    const ids = confirmedIds(confirm.body);
    expect(ids.map(Number).sort((a, b) => a - b)).toEqual([...fifty].sort((a, b) => a - b));
    // Nothing moved yet.
    expect(new Set(await statuses(fifty))).toEqual(new Set(['pending']));

    const csrf = csrfOf(confirm);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/console/payouts/apply',
      cookies: { ...op.cookies },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['move', 'paid'],
        ['back', list],
        ...ids.map((id) => ['id', id] as [string, string]),
        ['csrf', csrf],
      ]).toString(),
    });
    expect(applied.statusCode, applied.body.slice(0, 500)).toBe(303);
    expect(applied.headers.location).toBe(list);
    // The confirmation comes from the sealed flash cookie, shown once; a URL cannot fake it.
    const after = await t.app.inject({
      method: 'GET',
      url: list,
      cookies: { ...op.cookies, ...Object.fromEntries(applied.cookies.map((c) => [c.name, c.value])) },
    });
    expect(after.body).toContain('50 payouts marked paid.');
    // A link cannot make the page claim what did not happen.
    expect((await op.get(`${list}&done=paid&count=50`)).body).not.toContain('marked paid.');
    expect(new Set(await statuses(fifty))).toEqual(new Set(['paid']));
    const entries = (await auditRows('payout.paid')).filter((row) => fifty.includes(Number(row.object_id)));
    expect(entries).toHaveLength(50);
    expect(new Set(entries.map((e) => e.request_id)).size).toBe(1);
    expect(entries[0]!.request_id).toBeTruthy();
    expect(new Set(entries.map((e) => e.actor_type))).toEqual(new Set(['operator']));
    expect(await eventCount('payout.paid')).toBe(eventsBefore + 50);
  });

  it('all or nothing: one payout that cannot be marked paid blocks the action, and the page names it', async () => {
    await t.services.payouts.payouts.transition(three[1]!, 'cancelled');
    const auditBefore = (await auditRows('payout.paid')).length;
    const list = `/console/payouts?invoice=${invoiceB}`;
    const confirm = await postMany(
      op,
      '/console/payouts/confirm',
      [['move', 'paid'], ...three.map((id) => ['id', String(id)] as [string, string])],
      list,
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`${three[1]} (cancelled)`);
    const res = await postMany(
      op,
      '/console/payouts/apply',
      [['move', 'paid'], ...three.map((id) => ['id', String(id)] as [string, string])],
      list,
    );
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Nothing was changed');
    expect(res.body).toContain(`Payout ${three[1]}: cancelled`);
    expect(res.body).not.toContain(`Payout ${three[0]}:`);
    expect(await statuses(three)).toEqual(['pending', 'cancelled', 'pending']);
    expect(await auditRows('payout.paid')).toHaveLength(auditBefore);
  });

  it('fails, retries and cancels many at once', async () => {
    const list = `/console/payouts?invoice=${invoiceB}`;
    const two = [three[0]!, three[2]!];
    const pick = two.map((id) => ['id', String(id)] as [string, string]);
    expect((await postMany(op, '/console/payouts/apply', [['move', 'failed'], ...pick], list)).statusCode).toBe(303);
    expect(await statuses(two)).toEqual(['failed', 'failed']);
    expect((await op.get('/console')).body).toMatch(
      /<div class="count">2<\/div><a href="\/console\/payouts\?status=failed">/,
    );
    expect((await postMany(op, '/console/payouts/apply', [['move', 'retry'], ...pick], list)).statusCode).toBe(303);
    expect(await statuses(two)).toEqual(['pending', 'pending']);
    expect(await eventCount('payout.retried')).toBe(2);
    expect((await postMany(op, '/console/payouts/apply', [['move', 'cancelled'], ...pick], list)).statusCode).toBe(303);
    expect(await statuses(two)).toEqual(['cancelled', 'cancelled']);
  });

  it('two bulk actions racing over the same payouts: one moves them all, the other changes nothing and names them', async () => {
    const created = await createPayouts(
      t,
      partner,
      batch(
        Array.from({ length: 20 }, () => item(employee)),
        '2026-06-01',
      ),
    );
    const ids = created.payout_ids;
    const operations = t.services.payouts.operations;
    const before = (await auditRows('payout.paid')).length + (await auditRows('payout.cancelled')).length;
    const [paid, cancelled] = await Promise.all([
      operations.transitionMany(ids, 'paid'),
      operations.transitionMany([...ids].reverse(), 'cancelled'),
    ]);
    const winners = [paid, cancelled].filter((outcome) => !outcome.blocked);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.moved).toBe(20);
    const loser = [paid, cancelled].find((outcome) => outcome.blocked)!;
    expect(loser.blocked).toHaveLength(20);
    expect(new Set(await statuses(ids)).size).toBe(1);
    expect((await auditRows('payout.paid')).length + (await auditRows('payout.cancelled')).length).toBe(before + 20);
  });

  it('lists invoices and shows one with its totals and lines', async () => {
    const list = await viewer.get('/console/invoices');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/console/invoices/${invoiceA}"`);
    expect(list.body).toContain(`href="/console/invoices/${invoiceB}"`);
    const one = await viewer.get(`/console/invoices/${invoiceA}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('Total incl. VAT');
    expect(one.body).toContain('50 paid');
    expect([...one.body.matchAll(/<td data-label="Employee"><span><a href="\/console\/employees\//g)]).toHaveLength(50);
    expect((await viewer.get('/console/invoices/999999')).statusCode).toBe(404);
  });
});
