/**
 * Housekeeping: expired Idempotency-keys are removed by a periodic job that every serving instance
 * runs (startWorkers), not only when a partner happens to reuse one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHousekeeping } from '../../src/platform/housekeeping.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { email } from '../helpers/users.js';

const DAY = 24 * 60 * 60 * 1000;

describe('housekeeping', () => {
  let t: TestApp;
  let acme: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
  });
  afterAll(() => t.close());

  const createWithKey = async (key: string) => {
    const res = await t.as(acme, {
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'idempotency-key': key },
      payload: { email: email() },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const keys = async () =>
    (
      await t.db.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('partner_id', '=', acme.partnerId)
        .orderBy('key')
        .execute()
    ).map((r) => r.key);

  it('removes the keys past their expiry and keeps the live ones', async () => {
    const [oldKey, newKey] = [randomUUID(), randomUUID()];
    await createWithKey(oldKey);
    t.clock.advance(t.config.idempotencyTtlDays * DAY + 1000);
    await createWithKey(newKey);
    expect(await keys()).toEqual([oldKey, newKey].sort());

    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'expired idempotency keys': 1 });
    expect(await keys()).toEqual([newKey]);
    // The removed key is unknown now, the live one still answers as used.
    expect((await t.as(acme, { method: 'GET', url: `/api/v1/idempotency-keys/${oldKey}` })).statusCode).toBe(404);
    expect((await t.as(acme, { method: 'GET', url: `/api/v1/idempotency-keys/${newKey}` })).statusCode).toBe(200);
  });

  it('runs every hour once the workers start, and stops with the services', async () => {
    const hourly = randomUUID();
    await createWithKey(hourly);
    t.clock.advance(t.config.idempotencyTtlDays * DAY + 1000);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      t.services.startWorkers();
      expect(await keys()).toContain(hourly);
      vi.advanceTimersByTime(60 * 60 * 1000);
      // The round started by the timer is awaited by stop().
      await t.services.housekeeping.stop();
      expect(await keys()).not.toContain(hourly);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failing task is logged and the others still run; the next round tries again', async () => {
    const warnings: Array<{ object: object; message: string }> = [];
    const log = {
      info: () => undefined,
      warn: (object: object, message: string) => warnings.push({ object, message }),
      error: () => undefined,
    };
    let calls = 0;
    const job = createHousekeeping(
      [
        {
          name: 'flaky',
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('database busy');
            return 2;
          },
        },
        { name: 'steady', run: async () => 3 },
      ],
      log,
    );
    expect(await job.runOnce()).toEqual({ steady: 3 });
    expect(warnings).toEqual([
      { object: expect.objectContaining({ task: 'flaky' }), message: 'housekeeping task failed' },
    ]);
    expect(await job.runOnce()).toEqual({ flaky: 2, steady: 3 });
  });
});
