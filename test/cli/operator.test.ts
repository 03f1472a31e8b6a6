/**
 * The operator's commands on what partners create (docs/decisions.md §3, §8, §9), run in-process
 * against the database of a test app: one JSON shape per command (`{"return_url": …}`,
 * `{"payout": …}`, `{"user": …}`, `{"terms": …}`), return-URL decisions that refuse to reject an
 * approved URL (revoke withdraws it), and `--at` messages that name what is wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  cliEnv,
  expectJsonError,
  expectOneErrorLine,
  jsonLine,
  runCli,
  scratchDatabase,
  type Run,
} from '../helpers/cli.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { batch, createPayouts, getPayout, item } from '../helpers/payouts.js';
import { createUser } from '../helpers/users.js';

interface ReturnUrlBody {
  id: string;
  partner_id: number;
  status: string;
  requested_url: string;
  requested_at: string;
}

describe(`onpay operator commands (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let acme: TestPartner;
  let employee: Employee;

  function onpay(...args: string[]): Promise<Run> {
    return runCli(args, cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }));
  }

  async function register(url: string): Promise<ReturnUrlBody> {
    const res = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ReturnUrlBody;
  }

  async function flowStatus(returnUrl: string): Promise<number> {
    const user = await createUser(t, acme);
    const res = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${user.id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: returnUrl },
    });
    return res.statusCode;
  }

  beforeAll(async () => {
    database = await scratchDatabase('onpay-operator');
    t = await buildTestApp({ database });
    acme = await t.partner('Acme');
    employee = await onboardedEmployee(t, acme);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('return-url: reject refuses an approved URL and names revoke; revoke withdraws it; a rejected one can be approved again', async () => {
    const a = await register('https://acme.example/a');
    const b = await register('https://acme.example/b');

    expect(jsonLine(await onpay('return-url', 'approve', a.id, '--json'))).toEqual({
      return_url: { ...a, status: 'approved' },
    });

    const refused = expectJsonError(await onpay('return-url', 'reject', a.id, '--json'), 1);
    expect(refused).toBe(
      `Return URL ${a.id} (https://acme.example/a) is approved and flows may use it; to withdraw it, run \`onpay return-url revoke ${a.id}\`.`,
    );
    expect((await register('https://acme.example/a')).status).toBe('approved');
    expect(await flowStatus('https://acme.example/a/order1')).toBe(201);

    expect(jsonLine(await onpay('return-url', 'revoke', a.id, '--json'))).toEqual({
      return_url: { ...a, status: 'rejected' },
    });
    expect((await register('https://acme.example/a')).status).toBe('rejected');
    expect(await flowStatus('https://acme.example/a/order2')).toBe(422);
    // Revoking again changes nothing and is not an error.
    expect(await onpay('return-url', 'revoke', a.id)).toEqual({
      code: 0,
      stdout: `Return URL ${a.id} (https://acme.example/a) was already rejected.\n`,
      stderr: '',
    });

    // A pending request is rejected, not revoked.
    expect(expectOneErrorLine(await onpay('return-url', 'revoke', b.id), 1)).toBe(
      `onpay: Return URL ${b.id} (https://acme.example/b) is pending, not approved; to turn it down, run \`onpay return-url reject ${b.id}\`.`,
    );
    expect(jsonLine(await onpay('return-url', 'reject', b.id, '--json'))).toEqual({
      return_url: { ...b, status: 'rejected' },
    });
    // The operator may change their mind about a rejected request.
    expect(jsonLine(await onpay('return-url', 'approve', b.id, '--json'))).toEqual({
      return_url: { ...b, status: 'approved' },
    });
    expect(await flowStatus('https://acme.example/b')).toBe(201);

    expect(expectOneErrorLine(await onpay('return-url', 'approve', '999999'), 1)).toBe(
      'onpay: Return URL request 999999 does not exist.',
    );
  });

  it('payout mark-paid --at: the message names what is wrong with the value (exit 2), and the payout stays pending', async () => {
    const [id] = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids as [number];
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const cases: Array<[string, string]> = [
      [
        'last friday',
        'is not a timestamp; give an ISO 8601 date and time with a time zone, such as 2026-11-20T08:00:00Z or 2026-11-20T09:00:00+01:00.',
      ],
      [
        '2026-11-20',
        'is a date without a time of day; give the time and a time zone too, such as 2026-11-20T08:00:00Z or 2026-11-20T09:00:00+01:00.',
      ],
      [
        '2026-11-20T10:00:00',
        'has no time zone, so it could be any of 24 moments; add Z for UTC or an offset such as +01:00.',
      ],
      ['2026-02-30T10:00:00Z', 'is not a real date: February 2026 has 28 days.'],
      [tomorrow, 'is in the future (it is now '],
    ];
    const runs = await Promise.all(cases.map(([at]) => onpay('payout', 'mark-paid', String(id), '--at', at)));
    cases.forEach(([at, problem], i) => {
      const line = expectOneErrorLine(runs[i]!, 2);
      expect(line, at).toContain(`onpay: --at "${at}" ${problem}`);
    });
    expect((await getPayout(t, acme, id)).status).toBe('pending');
  });

  it('every payout command prints {"payout": …}, the payout as the partner sees it', async () => {
    const [paid, other] = (await createPayouts(t, acme, batch([item(employee), item(employee)]))).payout_ids as [
      number,
      number,
    ];
    const payoutOf = async (run: Promise<Run>) => {
      const printed = jsonLine(await run);
      expect(Object.keys(printed)).toEqual(['payout']);
      return printed.payout as Record<string, unknown>;
    };

    const [markedPaid, failed] = await Promise.all([
      payoutOf(onpay('payout', 'mark-paid', String(paid), '--at', '2026-11-20T09:00:00+01:00', '--json')),
      payoutOf(onpay('payout', 'fail', String(other), '--json')),
    ]);
    expect(markedPaid).toEqual({
      ...(await getPayout(t, acme, paid)),
      status: 'paid',
      paid_at: '2026-11-20T08:00:00.000Z',
    });
    expect(failed).toMatchObject({ id: other, status: 'failed' });
    expect(await payoutOf(onpay('payout', 'retry', String(other), '--json'))).toMatchObject({
      id: other,
      status: 'pending',
    });
    const cancelled = await payoutOf(onpay('payout', 'cancel', String(other), '--json'));
    expect(cancelled).toEqual({ ...(await getPayout(t, acme, other)), status: 'cancelled' });
  });

  it('user set-tax prints {"user": …} with all of the tax facts, as the partner API shows them', async () => {
    const [set, unknown] = await Promise.all([
      onpay('user', 'set-tax', employee.id, '--percent', '35.5', '--table', '7100', '--json'),
      onpay('user', 'set-tax', '999999', '--percent', '10'),
    ]);
    const facts = { tax_percent: '35.5', tax_type: '', tax_start: '', tax_table: '7100', tax_free_card: '' };
    expect(jsonLine(set)).toEqual({ user: { id: employee.id, ...facts } });
    const seen = await t.as(acme, { method: 'GET', url: `/api/v1/users/${employee.id}` });
    expect(seen.json()).toMatchObject(facts);
    expect(expectOneErrorLine(unknown, 1)).toBe('onpay: User 999999 does not exist.');
  });

  it('terms publish prints {"terms": …}', async () => {
    const terms = {
      code: 'operator-test-1',
      title: 'Terms for the operator test',
      url: 'https://onpay.example/terms/operator-test-1',
    };
    expect(
      jsonLine(
        await onpay('terms', 'publish', '--code', terms.code, '--title', terms.title, '--url', terms.url, '--json'),
      ),
    ).toEqual({ terms });
  });
});
