import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { csvObjects } from '../helpers/csv.js';
import { until } from '../helpers/faults.js';
import { linkEmployee, onboardedEmployees, type Employee } from '../helpers/employees.js';
import { type UserBody } from '../helpers/payload.js';
import { batch, createPayouts, item, type PayoutBody } from '../helpers/payouts.js';
import { createUser, expect422 } from '../helpers/users.js';

/** Cells a spreadsheet would run, and numbers it must keep: note as sent → the CSV cell. */
const CELLS: Array<[string, string]> = [
  ['=1+1', "'=1+1"],
  ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
  ['+47 912 34 567', '+47 912 34 567'],
  ['-12.50', '-12.50'],
  ['-2+3', "'-2+3"],
  ['a, "quoted" note', 'a, "quoted" note'],
];

const CHUNK = 2;

describe('GET /users/export and GET /payouts/export', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let staff: Employee[];
  /** Runs after each chunk an export read (rows so far), when a test sets it. */
  let onChunk: ((rows: number) => Promise<void>) | null = null;

  beforeAll(async () => {
    t = await buildTestApp({ exportTuning: { chunkRows: CHUNK, afterChunk: async (rows) => onChunk?.(rows) } });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    for (const [n, [note]] of CELLS.entries()) await createUser(t, acme, { note, internal_id: 100 + n });
    staff = await onboardedEmployees(t, acme, 2);
    // One person, two partners: Globex links Acme's first employee and enters its own data.
    await linkEmployee(t, globex, staff[0]!);
    const own = await t.as(globex, {
      method: 'PUT',
      url: `/api/v1/users/${staff[0]!.id}`,
      payload: { internal_id: 9, note: 'Globex note' },
    });
    expect(own.statusCode, own.body).toBe(200);
    await createUser(t, globex, { note: 'only Globex' });
    await createPayouts(
      t,
      acme,
      batch([
        item(staff[0]!, { date: '2026-03-01' }),
        item(staff[1]!, { date: '2026-03-10' }),
        item(staff[0]!, { date: '2026-03-20' }),
      ]),
    );
    await createPayouts(t, globex, batch([item(staff[0]!, { date: '2026-03-10' })]));
  });
  afterAll(() => t.close());

  const exportOf = (partner: TestPartner, url: string, accept?: string) =>
    t.as(partner, { method: 'GET', url, headers: accept === undefined ? {} : { accept } });

  const lines = (body: string) => {
    expect(body.endsWith('\n')).toBe(true);
    return body
      .slice(0, -1)
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };

  const listed = async <T>(partner: TestPartner, url: string): Promise<T[]> => {
    const res = await t.as(partner, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: T[] }).results;
  };
  const byId = <T extends { id: string | number }>(rows: T[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));

  it('answers NDJSON without Accept, for */* and for application/json: one line per row, each exactly a list result', async () => {
    const expected = byId(await listed<UserBody>(acme, '/api/v1/users?per_page=100'));
    expect(expected).toHaveLength(CELLS.length + 2);
    for (const accept of [undefined, '*/*', 'application/json', 'application/x-ndjson', 'text/html;q=0.5, */*;q=0.1']) {
      const res = await exportOf(acme, '/api/v1/users/export', accept);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="users.ndjson"');
      expect(lines(res.body)).toEqual(expected);
      // Byte for byte: each line is the list's result as JSON, keys in the schema's order.
      expect(res.body).toBe(expected.map((row) => `${JSON.stringify(row)}\n`).join(''));
    }
  });

  it('answers CSV for text/csv: a header, one record per row, nested values in dotted columns, formulas neutralised', async () => {
    const res = await exportOf(acme, '/api/v1/users/export', 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    const { header, rows } = csvObjects(res.body);
    expect(header).toEqual([
      'id',
      'email',
      'internal_id',
      'name',
      'phone',
      'address',
      'postal_code',
      'city',
      'main_work',
      'nationality',
      'note',
      'bank_account_number',
      'bank_iban_number',
      'bank_bic_number',
      'tax_percent',
      'tax_type',
      'tax_start',
      'tax_table',
      'tax_free_card',
      'onboarding.is_onboarded',
      'onboarding.missing_steps',
      'onboarding.steps.email_verified',
      'onboarding.steps.terms_approved',
      'onboarding.steps.profile',
      'onboarding.steps.id_verification',
      'onboarding.steps.bank_account',
      'onboarding.status_version',
      'onboarding.evaluated_at',
      'created_at',
    ]);
    const expected = byId(await listed<UserBody>(acme, '/api/v1/users?per_page=100'));
    expect(rows.map((r) => r.id)).toEqual(expected.map((u) => u.id));
    for (const [n, [, cell]] of CELLS.entries())
      expect(rows.find((r) => r.internal_id === String(100 + n))?.note).toBe(cell);
    const onboarded = rows.find((r) => r.id === staff[0]!.id)!;
    const user = expected.find((u) => u.id === staff[0]!.id)!;
    expect(onboarded).toMatchObject({
      email: user.email,
      name: user.name,
      bank_account_number: user.bank_account_number,
      bank_iban_number: '',
      'onboarding.is_onboarded': 'true',
      'onboarding.missing_steps': '',
      'onboarding.steps.profile': 'true',
      'onboarding.evaluated_at': user.onboarding.evaluated_at,
    });
    const fresh = rows.find((r) => r.internal_id === '100')!;
    expect(fresh['onboarding.missing_steps']).toBe('terms_approved profile id_verification bank_account');
  });

  it('answers HEAD with the headers alone, reading and recording nothing', async () => {
    const before = await t.services.audit.list({ partnerId: acme.partnerId, limit: 1 });
    const res = await t.as(acme, { method: 'HEAD', url: '/api/v1/users/export', headers: { accept: 'text/csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.body).toBe('');
    expect(await t.services.audit.list({ partnerId: acme.partnerId, limit: 1 })).toEqual(before);
  });

  it('refuses an Accept it cannot answer with 406 {error}', async () => {
    for (const accept of ['text/html', 'application/xml', 'text/csv;q=0, application/x-ndjson;q=0']) {
      const res = await exportOf(acme, '/api/v1/payouts/export', accept);
      expect(res.statusCode, accept).toBe(406);
      expect(res.json()).toEqual({
        error: 'Accept must allow application/x-ndjson (or application/json) or text/csv.',
      });
    }
  });

  it('answers page and per_page with a 422 naming them', async () => {
    expect422(await exportOf(acme, '/api/v1/users/export?page=2'), 'page');
    expect422(await exportOf(acme, '/api/v1/payouts/export?per_page=10'), 'per_page');
    expect422(await exportOf(acme, '/api/v1/payouts/export?status=paid&page=1'), 'page');
  });

  it('applies the list filters of GET /payouts', async () => {
    for (const query of [
      '',
      '?status=pending',
      '?status=paid',
      `?user_id=${staff[0]!.id}`,
      '?from=2026-03-05&to=2026-03-15',
    ]) {
      const expected = byId(await listed<PayoutBody>(acme, `/api/v1/payouts${query}`));
      const res = await exportOf(acme, `/api/v1/payouts/export${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body === '' ? [] : lines(res.body), query).toEqual(expected);
      const csv = csvObjects((await exportOf(acme, `/api/v1/payouts/export${query}`, 'text/csv')).body);
      expect(csv.rows.map((r) => Number(r.id))).toEqual(expected.map((p) => p.id));
      for (const row of csv.rows)
        expect(row.net_salary).toBe(expected.find((p) => p.id === Number(row.id))!.net_salary);
    }
    expect422(await exportOf(acme, '/api/v1/payouts/export?status=settled'), 'status');
  });

  it('shows each partner only its own link of a shared person, and only its own payouts', async () => {
    const shared = staff[0]!.id;
    const acmeView = lines((await exportOf(acme, '/api/v1/users/export')).body).find((u) => u.id === shared)!;
    const globexRows = lines((await exportOf(globex, '/api/v1/users/export')).body);
    expect(globexRows.map((u) => u.id).sort()).toEqual(
      byId(await listed<UserBody>(globex, '/api/v1/users'))
        .map((u) => u.id)
        .sort(),
    );
    expect(globexRows).toHaveLength(2);
    const globexView = globexRows.find((u) => u.id === shared)!;
    expect(globexView).toMatchObject({ internal_id: '9', note: 'Globex note' });
    expect(acmeView.note).toBe('');
    expect(acmeView.internal_id).not.toBe('9');
    expect(JSON.stringify(globexRows)).not.toContain('=1+1');

    const globexCsv = csvObjects((await exportOf(globex, '/api/v1/users/export', 'text/csv')).body).rows;
    expect(globexCsv.find((r) => r.id === shared)).toMatchObject({ internal_id: '9', note: 'Globex note' });
    const globexPayouts = lines((await exportOf(globex, '/api/v1/payouts/export')).body);
    expect(globexPayouts).toHaveLength(1);
    expect(globexPayouts).toEqual(await listed<PayoutBody>(globex, '/api/v1/payouts'));
  });

  it('counts one request against the rate limit, however many chunks it reads', async () => {
    const before = await t.as(acme, { method: 'GET', url: '/api/v1/terms' });
    const exported = await exportOf(acme, '/api/v1/users/export');
    const after = await t.as(acme, { method: 'GET', url: '/api/v1/terms' });
    expect(lines(exported.body).length).toBeGreaterThan(3 * CHUNK);
    const remaining = (res: typeof before) => Number(res.headers['ratelimit-remaining']);
    expect(remaining(exported)).toBe(remaining(before) - 1);
    expect(remaining(after)).toBe(remaining(before) - 2);
  });

  it('lists a row at most once while rows are added and changed during the export', async () => {
    const ids = lines((await exportOf(acme, '/api/v1/users/export')).body).map((u) => u.id);
    let added: UserBody | null = null;
    onChunk = async (rows) => {
      if (rows !== CHUNK) return;
      // After the first chunk: a new employee, and a change to one already sent and to one ahead.
      added = await createUser(t, acme, { note: 'added during the export' });
      for (const id of [ids[0], ids[ids.length - 1]]) {
        const res = await t.as(acme, { method: 'PUT', url: `/api/v1/users/${id}`, payload: { note: 'changed' } });
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    try {
      const rows = lines((await exportOf(acme, '/api/v1/users/export')).body);
      const seen = rows.map((u) => u.id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual([...ids, added!.id]);
      expect(rows[0]!.note).not.toBe('changed');
      expect(rows[ids.length - 1]!.note).toBe('changed');
    } finally {
      onChunk = null;
    }
  });

  it('audits each export: who, what, the filters and the rows sent', async () => {
    const res = await exportOf(acme, '/api/v1/payouts/export?status=pending&from=2026-03-05', 'text/csv');
    expect(res.statusCode).toBe(200);
    const rows = csvObjects(res.body).rows.length;
    const requestId = res.headers['x-request-id'];
    const entries = (await t.services.audit.list({ partnerId: acme.partnerId, limit: 10 })).filter(
      (e) => e.request_id === requestId,
    );
    expect(entries.map((e) => e.action).sort()).toEqual(['payouts.export_started', 'payouts.exported']);
    for (const entry of entries) {
      expect(entry.actor.type).toBe('partner');
      expect(entry.object).toBe(`partner:${acme.partnerId}`);
    }
    expect(entries.find((e) => e.action === 'payouts.export_started')!.reason).toBe(
      'csv; filters: status=pending, from=2026-03-05',
    );
    expect(entries.find((e) => e.action === 'payouts.exported')!.reason).toBe(
      `csv; filters: status=pending, from=2026-03-05; ${rows} rows, complete`,
    );
    expect(rows).toBe(2);
  });

  it('cuts the connection when a read fails half-way: the body never ends cleanly, the audit says incomplete', async () => {
    onChunk = async (rows) => {
      // A real database error on the next read: its table is gone.
      if (rows === CHUNK) await sql`alter table partner_users rename to partner_users_gone`.execute(t.db.db);
    };
    try {
      // light-my-request refuses a response destroyed before its end, as an HTTP client refuses a
      // chunked body without its last chunk.
      await expect(exportOf(acme, '/api/v1/users/export')).rejects.toThrow('response destroyed before completion');
    } finally {
      onChunk = null;
      await sql`alter table partner_users_gone rename to partner_users`.execute(t.db.db);
    }
    const ended = async () => (await t.services.audit.list({ action: 'users.exported', limit: 1 }))[0];
    await until(async () => (await ended())?.reason?.includes('incomplete') === true, 'the end of the export audited');
    const entry = (await ended())!;
    expect(entry.actor.type).toBe('partner');
    expect(entry.reason).toBe(
      `ndjson; filters: none; ${CHUNK} rows, incomplete (the client went away or a read failed)`,
    );
  });
});
