/**
 * New terms published while a partner's approval of the old ones is being recorded
 * (docs/decisions.md §28, "Concurrency"): the approval's transaction is held open after it stored
 * the link as onboarded under the old terms; the publication waits for the person's lock, then
 * reads the approval's committed facts and stores the link as not onboarded under the new terms,
 * as GET /users/{id} computes. Without the lock the publication would have read the link before
 * the approval committed, changed nothing, and left the approval's `1` under terms the link never
 * approved. On the engine under test (on SQLite the publication waits for the one writer).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../../src/db/database.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { expectUserPayload } from '../helpers/payload.js';

let t: TestApp;
let acme: TestPartner;
let person: Employee;
/** Set while a test holds the approval's transaction open after its events are written. */
let hold: { reached: () => void; released: Promise<void> } | null = null;

beforeAll(async () => {
  t = await buildTestApp({
    afterEventsWritten: async (written: readonly EventRow[]) => {
      if (!hold || !written.some((event) => event.type === 'user.terms.updated')) return;
      const { reached, released } = hold;
      hold = null;
      reached();
      await released;
    },
  });
  t.clock.set('2026-11-20T09:00:00.000Z');
  acme = await t.partner('Acme Staffing');
  // Every step done but the terms.
  person = await onboardedEmployee(t, acme, { skip: ['terms'] });
});
afterAll(() => t.close());

/** Whether some connection waits for a row lock (PostgreSQL; SQLite has no such view). */
async function someoneWaitsForALock(): Promise<boolean> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
    where wait_event_type = 'Lock' and datname = current_database()`.execute(t.db.db);
  return Number(rows[0]?.n ?? 0) > 0;
}

describe('terms published while an approval is recorded', () => {
  it('the link ends stored as the API computes it: not onboarded under the new terms', async () => {
    let reached!: () => void;
    let release!: () => void;
    const atHold = new Promise<void>((resolve) => (reached = resolve));
    hold = { reached, released: new Promise<void>((resolve) => (release = resolve)) };

    const approval = t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${person.id}/terms`,
      payload: { approved: true },
    });
    await atHold;
    // The approval stored the link as onboarded (under the terms it read), not committed yet.
    t.clock.advance(60_000);
    const publication = t.services.terms.service.publish({
      code: 'race-terms-2',
      title: 'Terms 2',
      url: 'https://onpay.example.com/terms/2',
    });
    if (t.engine === 'postgres') {
      // The publication reaches the person's lock and waits there (bounded: without the lock it
      // never waits, and the assertions below fail).
      for (let i = 0; i < 2_000 && !(await someoneWaitsForALock()); i++);
      expect(await someoneWaitsForALock()).toBe(true);
    }
    release();
    expect((await approval).statusCode).toBe(200);
    await publication;

    const res = await t.as(acme, { method: 'GET', url: `/api/v1/users/${person.id}` });
    const onboarding = expectUserPayload(res.json()).onboarding;
    expect(onboarding.missing_steps).toEqual(['terms_approved']);
    const row = await t.db.db
      .selectFrom('partner_users')
      .select('onboarded')
      .where('partner_id', '=', acme.partnerId)
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow();
    expect(Number(row.onboarded)).toBe(0);
  });
});
