/**
 * `onpay partner requests PARTNER_ID [--since TIME] [--limit N] [--json]`: the partner's request
 * log, newest first (docs/decisions.md §25), its own requests only; an unknown partner or a time
 * without a zone exits with one line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, expectOneErrorLine, jsonLine, runCli, scratchDatabase, type Run } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';

describe(`onpay partner requests (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let acme: TestPartner;
  let other: TestPartner;

  function onpay(args: string[]): Promise<Run> {
    return runCli(args, cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ONPAY_ENV: 'sandbox' }));
  }

  beforeAll(async () => {
    database = await scratchDatabase('onpay-partner-requests');
    t = await buildTestApp({ database });
    acme = await t.partner('Acme');
    other = await t.partner('Other');
    t.clock.set('2026-11-26T10:01:00.000Z');
    await t.as(acme, { method: 'GET', url: '/api/v1/terms' });
    t.clock.set('2026-11-26T10:02:30.000Z');
    await t.as(acme, { method: 'GET', url: '/api/v1/users/4711' });
    await t.as(other, { method: 'GET', url: '/api/v1/users/5811' });
    await t.services.requestLog.flush();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('prints the partner’s own requests since a time, newest first', async () => {
    const run = await onpay([
      'partner',
      'requests',
      String(acme.partnerId),
      '--since',
      '2026-11-26T10:02:00Z',
      '--json',
    ]);
    const { requests } = jsonLine(run) as { requests: Array<Record<string, unknown>> };
    expect(requests.map((r) => [r.method, r.route, r.path_ids, r.status])).toEqual([
      ['GET', '/api/v1/users/:id', { id: '4711' }, 404],
    ]);
    const all = await onpay(['partner', 'requests', String(acme.partnerId)]);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('/api/v1/users/:id\tid=4711\t404');
    expect(all.stdout).toContain('/api/v1/terms');
    expect(all.stdout).not.toContain('5811');
  });

  it('an unknown partner and a time without a zone exit with one line', async () => {
    expect(expectOneErrorLine(await onpay(['partner', 'requests', '999999']))).toContain(
      'Partner 999999 does not exist',
    );
    expect(
      expectOneErrorLine(
        await onpay(['partner', 'requests', String(acme.partnerId), '--since', '2026-11-26T10:02']),
        2,
      ),
    ).toContain('--since must be an ISO 8601 time with a time zone');
  });
});
