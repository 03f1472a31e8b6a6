import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, expectOneErrorLine, jsonLine, runCli, scratchDatabase, type Run } from '../helpers/cli.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import type { TestDatabase } from '../helpers/engine.js';
import { batch, createPayouts, getPayout, item } from '../helpers/payouts.js';

/**
 * The payout lifecycle (docs/decisions.md §9): pending → paid | cancelled | failed; failed → pending (retried)
 * or cancelled; paid and cancelled are final. The operator moves payouts; partners only read them.
 */
describe('payout lifecycle', () => {
  let t: TestApp;
  let acme: TestPartner;
  let employee: Employee;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    employee = await onboardedEmployee(t, acme);
  });
  afterAll(() => t.close());

  const transition = (id: number, to: 'paid' | 'cancelled' | 'failed' | 'pending', at?: string) =>
    t.services.payouts.payouts.transition(id, to, at);
  async function newPayout(): Promise<number> {
    return (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0] as number;
  }

  it('pending → paid sets paid_at to now and moves updated_at; created_at stays', async () => {
    const id = await newPayout();
    const created = await getPayout(t, acme, id);
    expect(created).toMatchObject({ status: 'pending', paid_at: null });

    t.clock.advance(3_600_000);
    await transition(id, 'paid');
    const now = t.clock.now().toISOString();
    expect(await getPayout(t, acme, id)).toEqual({ ...created, status: 'paid', paid_at: now, updated_at: now });
  });

  it('mark-paid --at records the given time (normalised to UTC), updated_at is still now', async () => {
    const id = await newPayout();
    t.clock.advance(60_000);
    await transition(id, 'paid', '2026-11-20T08:30:00+01:00');
    expect(await getPayout(t, acme, id)).toMatchObject({
      status: 'paid',
      paid_at: '2026-11-20T07:30:00.000Z',
      updated_at: t.clock.now().toISOString(),
    });
  });

  it('--at must be an ISO 8601 timestamp with a time zone, not in the future, and only goes with paid; the message names the problem', async () => {
    const id = await newPayout();
    t.clock.set('2026-11-22T10:00:00.000Z');
    const cases: Array<[string, string]> = [
      ['yesterday', 'is not a timestamp; give an ISO 8601 date and time with a time zone'],
      ['1', 'is not a timestamp;'],
      ['Nov 20 2026 10:00', 'is not a timestamp;'],
      ['2026-11-20', 'is a date without a time of day;'],
      ['2026-11-20 10:00:00Z', 'separates the date and the time with a space; ISO 8601 puts a T there'],
      ['2026-11-20T10', 'has no time of day (hh:mm or hh:mm:ss) after the T'],
      [
        '2026-11-20T10:00:00',
        'has no time zone, so it could be any of 24 moments; add Z for UTC or an offset such as +01:00.',
      ],
      [
        '2026-11-20T10:00:00+0100',
        'ends in "+0100", which onpay does not read as a time zone; write Z for UTC or an offset with a colon, such as +01:00.',
      ],
      ['2026-11-20T10:00:00 CET', 'ends in " CET", which onpay does not read as a time zone;'],
      ['2026-13-01T10:00:00Z', 'is not a real date: there is no month 13.'],
      ['2026-02-30T10:00:00Z', 'is not a real date: February 2026 has 28 days.'],
      ['2026-04-31T10:00:00Z', 'is not a real date: April 2026 has 30 days.'],
      ['2026-11-20T24:00:00Z', 'is not a real time of day: 24:00:00 (hours go to 23, minutes and seconds to 59).'],
      ['2026-11-20T10:00:00+24:00', 'has an offset that does not exist (+24:00).'],
      // More than 5 minutes after the clock's 10:00 UTC.
      [
        '2026-11-22T10:05:01Z',
        'is in the future (it is now 2026-11-22T10:00:00.000Z); mark a payout paid once the bank has paid it.',
      ],
      ['2026-11-22T11:05:01+01:00', 'is in the future'],
    ];
    for (const [at, problem] of cases) {
      await expect(transition(id, 'paid', at), at).rejects.toMatchObject({
        code: 'validation_failed',
        // The service names the field (`at`); the command line says `--at`, the console its label.
        fieldErrors: { at: [expect.stringContaining(`at ${JSON.stringify(at)} ${problem}`)] },
        problems: { at: [{ code: 'timestamp', problem: expect.stringContaining(`${JSON.stringify(at)} ${problem}`) }] },
      });
    }
    await expect(transition(id, 'cancelled', '2026-11-20T08:30:00Z')).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect((await getPayout(t, acme, id)).status).toBe('pending');
  });

  it('--at may be up to 5 minutes ahead of the clock (clocks differ a little); leap days and fractions are read exactly', async () => {
    const [ahead, leap, fraction] = [await newPayout(), await newPayout(), await newPayout()];
    t.clock.set('2026-11-22T10:00:00.000Z');
    await transition(ahead, 'paid', '2026-11-22T11:05:00+01:00');
    await transition(leap, 'paid', '2024-02-29T23:30:00-01:00');
    await transition(fraction, 'paid', '2026-11-20T08:30:00.123456Z');
    expect((await getPayout(t, acme, ahead)).paid_at).toBe('2026-11-22T10:05:00.000Z');
    expect((await getPayout(t, acme, leap)).paid_at).toBe('2024-03-01T00:30:00.000Z');
    expect((await getPayout(t, acme, fraction)).paid_at).toBe('2026-11-20T08:30:00.123Z');
  });

  it('pending → failed → pending (retried) → paid', async () => {
    const id = await newPayout();
    t.clock.advance(1000);
    await transition(id, 'failed');
    expect(await getPayout(t, acme, id)).toMatchObject({
      status: 'failed',
      paid_at: null,
      updated_at: t.clock.now().toISOString(),
    });
    t.clock.advance(1000);
    await transition(id, 'pending');
    expect(await getPayout(t, acme, id)).toMatchObject({
      status: 'pending',
      paid_at: null,
      updated_at: t.clock.now().toISOString(),
    });
    t.clock.advance(1000);
    await transition(id, 'paid');
    expect(await getPayout(t, acme, id)).toMatchObject({ status: 'paid', paid_at: t.clock.now().toISOString() });
  });

  it('pending → cancelled, and failed → cancelled', async () => {
    const pending = await newPayout();
    await transition(pending, 'cancelled');
    expect((await getPayout(t, acme, pending)).status).toBe('cancelled');
    const failed = await newPayout();
    await transition(failed, 'failed');
    await transition(failed, 'cancelled');
    expect(await getPayout(t, acme, failed)).toMatchObject({ status: 'cancelled', paid_at: null });
  });

  it('refuses illegal transitions with a clear message and changes nothing', async () => {
    const paid = await newPayout();
    await transition(paid, 'paid');
    const cancelled = await newPayout();
    await transition(cancelled, 'cancelled');
    const pending = await newPayout();
    const before = await Promise.all([paid, cancelled, pending].map((id) => getPayout(t, acme, id)));
    t.clock.advance(60_000);

    const refusals: [number, 'paid' | 'cancelled' | 'failed' | 'pending', RegExp][] = [
      [paid, 'cancelled', new RegExp(`^Payout ${paid} is paid; only pending or failed payouts can be cancelled\\.$`)],
      [
        paid,
        'paid',
        new RegExp(
          `^Payout ${paid} is paid; only pending payouts can be marked paid \\(processing ones with a reason\\)\\.$`,
        ),
      ],
      [paid, 'failed', /is paid; only pending payouts can be marked failed/],
      [paid, 'pending', /is paid; only failed payouts can be retried/],
      [
        cancelled,
        'paid',
        new RegExp(
          `^Payout ${cancelled} is cancelled; only pending payouts can be marked paid \\(processing ones with a reason\\)\\.$`,
        ),
      ],
      [cancelled, 'pending', /is cancelled; only failed payouts can be retried/],
      [pending, 'pending', /is pending; only failed payouts can be retried/],
    ];
    for (const [id, to, message] of refusals) {
      await expect(transition(id, to), `${id} → ${to}`).rejects.toThrow(message);
    }
    expect(await Promise.all([paid, cancelled, pending].map((id) => getPayout(t, acme, id)))).toEqual(before);
  });

  it('an unknown payout is reported as such', async () => {
    await expect(transition(999999, 'paid')).rejects.toThrow('Payout 999999 does not exist.');
    await expect(transition(2_147_483_648, 'paid')).rejects.toThrow('Payout 2147483648 does not exist.');
  });

  it('partners cannot move payouts: there is no write route for a payout', async () => {
    const id = await newPayout();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.as(acme, { method, url: `/api/v1/payouts/${id}`, payload: { status: 'paid' } });
      expect(res.statusCode, `${method} ${res.body}`).toBeGreaterThanOrEqual(404);
    }
    expect((await getPayout(t, acme, id)).status).toBe('pending');
  });
});

/** The operator's command, in-process (docs/decisions.md §3): exit status, one JSON line, one error line. */
describe('onpay payout (command line)', () => {
  let database: TestDatabase;
  let t: TestApp;
  let acme: TestPartner;
  let ids: number[];

  function onpay(args: string[]): Promise<Run> {
    return runCli(args, cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ONPAY_ENV: 'sandbox' }));
  }

  beforeAll(async () => {
    database = await scratchDatabase('onpay-payouts');
    t = await buildTestApp({ database });
    acme = await t.partner('Acme');
    const employee = await onboardedEmployee(t, acme);
    ids = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('mark-paid --at --json prints the paid payout as one JSON object', async () => {
    const id = ids[0] as number;
    const run = await onpay(['payout', 'mark-paid', String(id), '--at', '2026-11-20T09:00:00+01:00', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^[^\n]+\n$/);
    const printed = JSON.parse(run.stdout) as { payout: Record<string, unknown> };
    expect(printed.payout).toMatchObject({ id, status: 'paid', paid_at: '2026-11-20T08:00:00.000Z' });
    // The partner sees the same payout.
    expect(await getPayout(t, acme, id)).toEqual(printed.payout);
  });

  it('an illegal transition exits non-zero with one line on stderr and nothing on stdout', async () => {
    const id = ids[0] as number;
    const run = await onpay(['payout', 'cancel', String(id)]);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^[^\n]+\n$/);
    expect(run.stderr).toContain(`Payout ${id} is paid; only pending or failed payouts can be cancelled.`);
    expect((await getPayout(t, acme, id)).status).toBe('paid');
  });
});

/**
 * A payout in a payment file (`processing`, docs/payouts.md): the operator's moves for payouts
 * outside files refuse it, and settling it by hand needs a reason, which the audit log keeps.
 */
describe('processing payouts and the operator (command line)', () => {
  let database: TestDatabase;
  let t: TestApp;
  let acme: TestPartner;
  let employee: Employee;

  function onpay(args: string[]): Promise<Run> {
    return runCli(args, cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ONPAY_ENV: 'sandbox' }));
  }

  /** A payout a payment file took (the bank module's export does the same through the payouts door). */
  async function processingPayout(): Promise<number> {
    const id = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0] as number;
    await t.db.db.updateTable('payouts').set({ status: 'processing' }).where('id', '=', id).execute();
    return id;
  }

  beforeAll(async () => {
    database = await scratchDatabase('onpay-processing');
    t = await buildTestApp({ database });
    acme = await t.partner('Acme');
    employee = await onboardedEmployee(t, acme);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('mark-paid and fail without --reason refuse a processing payout, naming why; cancel and retry refuse it always', async () => {
    const id = await processingPayout();
    for (const command of ['mark-paid', 'fail']) {
      const line = expectOneErrorLine(await onpay(['payout', command, String(id)]), 1);
      expect(line).toContain(`Payout ${id} is processing: it is in a payment file sent to the bank.`);
      expect(line).toContain('only with a reason');
    }
    expect(expectOneErrorLine(await onpay(['payout', 'cancel', String(id)]), 1)).toContain(
      `Payout ${id} is processing; only pending or failed payouts can be cancelled.`,
    );
    expect(expectOneErrorLine(await onpay(['payout', 'retry', String(id)]), 1)).toContain(
      `Payout ${id} is processing; only failed payouts can be retried.`,
    );
    expect((await getPayout(t, acme, id)).status).toBe('processing');
  });

  it('with --reason it is settled, and the audit entry of its event keeps the reason', async () => {
    const paid = await processingPayout();
    const printed = jsonLine(
      await onpay([
        'payout',
        'mark-paid',
        String(paid),
        '--reason',
        'Bank sends no reports; booked on the statement',
        '--json',
      ]),
    ) as { payout: { status: string; paid_at: string | null } };
    expect(printed.payout).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    const failed = await processingPayout();
    jsonLine(await onpay(['payout', 'fail', String(failed), '--reason', 'Bank phoned: account closed', '--json']));
    expect((await getPayout(t, acme, failed)).status).toBe('failed');

    const [paidEntry] = await t.services.audit.list({ object: `payout:${paid}`, action: 'payout.paid' });
    expect(paidEntry).toMatchObject({ reason: 'Bank sends no reports; booked on the statement' });
    const [failedEntry] = await t.services.audit.list({ object: `payout:${failed}`, action: 'payout.failed' });
    expect(failedEntry).toMatchObject({ reason: 'Bank phoned: account closed' });
  });

  it('a reason too short is a usage error and changes nothing', async () => {
    const id = await processingPayout();
    const line = expectOneErrorLine(await onpay(['payout', 'mark-paid', String(id), '--reason', ' x ']), 2);
    expect(line).toContain('at least 3 characters');
    expect((await getPayout(t, acme, id)).status).toBe('processing');
  });

  it('payouts outside files still move without a reason (a payment made another way)', async () => {
    const id = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0] as number;
    jsonLine(await onpay(['payout', 'fail', String(id), '--json']));
    jsonLine(await onpay(['payout', 'retry', String(id), '--json']));
    jsonLine(await onpay(['payout', 'mark-paid', String(id), '--json']));
    expect((await getPayout(t, acme, id)).status).toBe('paid');
  });

  it('GET /payouts?status=processing lists the processing payouts only, like the other values', async () => {
    const id = await processingPayout();
    const res = await t.as(acme, { method: 'GET', url: '/api/v1/payouts?status=processing&per_page=100' });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ total: number; results: Array<{ id: number; status: string }> }>();
    expect(page.results.map((p) => p.id)).toContain(id);
    expect(page.results.every((p) => p.status === 'processing')).toBe(true);
    const bad = await t.as(acme, { method: 'GET', url: '/api/v1/payouts?status=sent' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('status must be one of pending, processing, paid, cancelled, failed.');
  });
});
