/**
 * One change of many objects audits each of them in one transaction (a payment file of 10 000
 * payouts): more entries than one SQL statement may carry on SQLite (32 766 variables).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';

describe('audit entries in bulk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('records 5 000 entries in one call, each once', async () => {
    await t.db.db.transaction().execute((trx) =>
      t.services.audit.record(
        trx,
        ...Array.from({ length: 5000 }, (_, i) => ({
          action: 'payout.processing',
          object: { type: 'payout' as const, id: 100_000 + i },
        })),
      ),
    );
    const row = await t.db.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'payout.processing')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(5000);
  });
});
