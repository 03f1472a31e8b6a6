/**
 * Events (docs/decisions.md §16): every change a partner can see produces exactly one event per
 * partner whose view changed, with the resource as the API answers it, in the transaction of the
 * change; each partner's feed is ordered and gapless, resumable from `next_after`, and shows only
 * what is that partner's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPE_NAMES } from '../../src/modules/events/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  ensureApprovedReturnUrl,
  linkEmployee,
  onboardedEmployee,
  RETURN_URL,
  uniqueNorwegianId,
} from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { startFlow } from '../verification/helpers.js';
import { createUser, email, NO_ACCOUNT, norwegianId, putProfile } from '../helpers/users.js';

interface Event {
  id: string;
  type: string;
  sequence: number;
  created_at: string;
  data: { object: Record<string, unknown> };
  previous_attributes?: Record<string, unknown>;
}
interface Feed {
  results: Event[];
  next_after: number;
  has_more: boolean;
}

const DAY = 24 * 60 * 60 * 1000;
let crashAfterEvents: string | null = null;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
    afterEventsWritten: (rows) => {
      if (crashAfterEvents !== null && rows.some((row) => row.type === crashAfterEvents))
        throw new Error(`injected failure after writing ${crashAfterEvents}`);
    },
  });
});
afterAll(() => t.close());

async function feed(partner: TestPartner, query = ''): Promise<Feed> {
  const res = await t.as(partner, { method: 'GET', url: `/api/v1/events${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Feed;
}

/** The sequence of the partner's newest event (0 without any), read from the feed. */
async function position(partner: TestPartner): Promise<number> {
  let after = 0;
  for (;;) {
    const page = await feed(partner, `?after=${after}&limit=500`);
    after = page.next_after;
    if (!page.has_more) return after;
  }
}

/** The partner's events written by `action`, in order. */
async function eventsOf(partner: TestPartner, action: () => Promise<unknown>): Promise<Event[]> {
  const before = await position(partner);
  await action();
  await t.services.events.service.runJobs();
  return (await feed(partner, `?after=${before}&limit=500`)).results;
}

const types = (events: Event[]) => events.map((e) => e.type);
const get = async (partner: TestPartner, url: string) => {
  const res = await t.as(partner, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

describe('each change writes exactly one event per partner whose view changed, with the object as the API answers it', () => {
  let acme: TestPartner;
  let beta: TestPartner;

  beforeAll(async () => {
    acme = await t.partner('Acme');
    beta = await t.partner('Beta');
    await ensureApprovedReturnUrl(t, acme);
    await ensureApprovedReturnUrl(t, beta);
  });

  it('user.created, user.updated (with previous_attributes), user.onboarding.updated, user.terms.updated', async () => {
    let id = '';
    const created = await eventsOf(
      acme,
      async () => (id = (await createUser(t, acme, { bank_account_number: NO_ACCOUNT })).id),
    );
    expect(types(created)).toEqual(['user.created']);
    expect(created[0]!.data.object).toEqual(await get(acme, `/api/v1/users/${id}`));
    expect(created[0]!.previous_attributes).toBeUndefined();

    const noted = await eventsOf(acme, () =>
      t.as(acme, { method: 'PUT', url: `/api/v1/users/${id}`, payload: { note: 'night shifts' } }),
    );
    expect(types(noted)).toEqual(['user.updated']);
    expect(noted[0]!.previous_attributes).toEqual({ note: '' });
    expect(noted[0]!.data.object).toEqual(await get(acme, `/api/v1/users/${id}`));

    // Nothing changed, nothing written.
    expect(
      await eventsOf(acme, () =>
        t.as(acme, { method: 'PUT', url: `/api/v1/users/${id}`, payload: { note: 'night shifts' } }),
      ),
    ).toEqual([]);

    const profiled = await eventsOf(acme, () => putProfile(t, acme, id));
    expect(types(profiled)).toEqual(['user.updated', 'user.onboarding.updated']);
    expect(Object.keys(profiled[0]!.previous_attributes!).sort()).toEqual([
      'address',
      'city',
      'main_work',
      'name',
      'phone',
      'postal_code',
    ]);
    const before = profiled[1]!.previous_attributes!.onboarding as { missing_steps: string[] };
    expect(before.missing_steps).toContain('profile');
    expect((profiled[1]!.data.object.onboarding as { missing_steps: string[] }).missing_steps).not.toContain('profile');

    const approved = await eventsOf(acme, () =>
      t.as(acme, { method: 'POST', url: `/api/v1/users/${id}/terms`, payload: { approved: true } }),
    );
    expect(types(approved)).toEqual(['user.terms.updated', 'user.onboarding.updated']);
    expect(approved[0]!.data.object).toEqual(await get(acme, `/api/v1/users/${id}/terms`));
    // Approving again changes nothing.
    expect(
      await eventsOf(acme, () =>
        t.as(acme, { method: 'POST', url: `/api/v1/users/${id}/terms`, payload: { approved: true } }),
      ),
    ).toEqual([]);

    const registered = await eventsOf(acme, async () => {
      const res = await t.as(acme, {
        method: 'PUT',
        url: `/api/v1/users/${id}/identity`,
        payload: { identification: uniqueNorwegianId(), country_code: 'NO', birthday: '1990-05-17' },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(types(registered)).toEqual(['user.updated']);
    expect(registered[0]!.previous_attributes).toEqual({ nationality: '' });
  });

  it('verification.session.created, .cancelled (replaced), .approved with the person’s events first; .declined; .error', async () => {
    const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
    await putProfile(t, acme, user.id);
    await t.as(acme, { method: 'POST', url: `/api/v1/users/${user.id}/terms`, payload: { approved: true } });
    const start = () =>
      t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${user.id}/verification/flows`,
        payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
      });

    let first = '';
    const started = await eventsOf(
      acme,
      async () => (first = ((await start()).json() as { verification_id: string }).verification_id),
    );
    expect(types(started)).toEqual(['verification.session.created']);
    const polled = await get(acme, `/api/v1/verification/status/${first}`);
    expect(started[0]!.data.object).toEqual({ ...polled, last_polled_at: started[0]!.created_at });

    let second = '';
    const replaced = await eventsOf(
      acme,
      async () => (second = ((await start()).json() as { verification_id: string }).verification_id),
    );
    expect(types(replaced)).toEqual(['verification.session.cancelled', 'verification.session.created']);
    expect(replaced[0]!.data.object).toMatchObject({ verification_id: first, status: 'cancelled' });
    expect(replaced[1]!.data.object).toMatchObject({ verification_id: second, status: 'pending' });

    const approved = await eventsOf(acme, () =>
      t.as(acme, {
        method: 'POST',
        url: `/api/v1/test-helpers/verification/${second}/complete`,
        payload: { status: 'approved' },
      }),
    );
    expect(types(approved)).toEqual(['user.updated', 'user.onboarding.updated', 'verification.session.approved']);
    expect(approved[1]!.data.object).toMatchObject({ onboarding: { is_onboarded: true } });
    expect(approved[2]!.data.object).toMatchObject({
      verification_id: second,
      status: 'approved',
      onboarding: { is_onboarded: true },
    });

    for (const status of ['declined', 'error', 'cancelled'] as const) {
      const other = await createUser(t, acme);
      const flow = await startFlow(t, acme, other.id, { provider: 'provider_eid', partner_return_url: RETURN_URL });
      const ended = await eventsOf(acme, () =>
        t.as(acme, {
          method: 'POST',
          url: `/api/v1/test-helpers/verification/${flow.verification_id}/complete`,
          payload: { status },
        }),
      );
      expect(types(ended)).toEqual([`verification.session.${status}`]);
      expect(ended[0]!.data.object).toMatchObject({ verification_id: flow.verification_id, status });
    }
  });

  it('verification.session.expired: written by the sweeper though nobody polls, and only once', async () => {
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id, { provider: 'provider_eid', partner_return_url: RETURN_URL });
    t.clock.advance(61 * 60 * 1000);
    const swept = await eventsOf(acme, () => t.services.verification.sessions.expireDue());
    expect(types(swept)).toEqual(['verification.session.expired']);
    expect(swept[0]!.data.object).toMatchObject({
      verification_id: flow.verification_id,
      status: 'expired',
      next_action: 'retry',
    });
    expect(
      await eventsOf(acme, async () => {
        await t.services.verification.sessions.expireDue();
        await get(acme, `/api/v1/verification/status/${flow.verification_id}`);
      }),
    ).toEqual([]);
  });

  it('payout.batch.created (one per request, the response as object), payout.paid, .failed, .retried, .cancelled', async () => {
    const kari = await onboardedEmployee(t, acme);
    let response: unknown;
    const created = await eventsOf(
      acme,
      async () => (response = await createPayouts(t, acme, batch([item(kari), item(kari, { date: '2026-03-16' })]))),
    );
    expect(types(created)).toEqual(['payout.batch.created']);
    expect(created[0]!.data.object).toEqual(response);
    const [first, second] = (response as { payout_ids: number[] }).payout_ids as [number, number];

    const paid = await eventsOf(acme, () => t.services.payouts.payouts.transition(first, 'paid'));
    expect(types(paid)).toEqual(['payout.paid']);
    expect(paid[0]!.data.object).toEqual(await get(acme, `/api/v1/payouts/${first}`));
    expect(paid[0]!.previous_attributes).toEqual({ status: 'pending', paid_at: null });

    const lifecycle = await eventsOf(acme, async () => {
      await t.services.payouts.payouts.transition(second, 'failed');
      await t.services.payouts.payouts.transition(second, 'pending');
      await t.services.payouts.payouts.transition(second, 'cancelled');
    });
    expect(types(lifecycle)).toEqual(['payout.failed', 'payout.retried', 'payout.cancelled']);
    expect(lifecycle.map((e) => e.previous_attributes)).toEqual([
      { status: 'pending', failure_code: null, failure_message: null },
      { status: 'failed', failure_code: 'MANUAL', failure_message: 'Marked failed by the onpay operator.' },
      { status: 'pending' },
    ]);
    expect(lifecycle[0]!.data.object).toMatchObject({
      status: 'failed',
      failure_code: 'MANUAL',
      failure_message: 'Marked failed by the onpay operator.',
    });
    // A refused transition writes nothing.
    expect(
      await eventsOf(acme, () => t.services.payouts.payouts.transition(second, 'paid').catch(() => undefined)),
    ).toEqual([]);
  });

  it('payout.processing when a payment file takes a payout, payout.retried when its file is voided; another partner hears of neither', async () => {
    const solo = await t.partner('Solo payer');
    const kari = await onboardedEmployee(t, solo);
    const [id] = (await createPayouts(t, solo, batch([item(kari)]))).payout_ids as [number];
    let fileId: number | null = null;
    let exported: Event[] = [];
    const betaSaw = await eventsOf(beta, async () => {
      exported = await eventsOf(solo, async () => {
        fileId = (await t.services.bank.files.exportFile({ partnerId: solo.partnerId })).fileId;
      });
    });
    expect(types(exported)).toEqual(['payout.processing']);
    const payout = await get(solo, `/api/v1/payouts/${id}`);
    expect(exported[0]!.data.object).toEqual(payout);
    expect(payout).toMatchObject({ status: 'processing', trace_id: expect.stringMatching(/^OP-\d+-\d+$/) });
    expect(exported[0]!.previous_attributes).toEqual({ status: 'pending', trace_id: null });
    expect(betaSaw).toEqual([]);

    const voided = await eventsOf(solo, async () => {
      await t.services.bank.files.voidFile(fileId as number);
    });
    expect(types(voided)).toEqual(['payout.retried']);
    expect(voided[0]!.previous_attributes).toEqual({ status: 'processing' });
    expect(voided[0]!.data.object).toMatchObject({ status: 'pending', trace_id: payout.trace_id });
  });

  it('return_url.approved and .rejected, to the partner that asked only', async () => {
    const res = await t.as(beta, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: 'https://beta.example/events' },
    });
    const id = Number((res.json() as { id: string }).id);
    const [approved, acmeSaw] = [
      await eventsOf(beta, () => t.services.verification.returnUrls.command(id, 'approve')),
      await eventsOf(acme, async () => undefined),
    ];
    expect(types(approved)).toEqual(['return_url.approved']);
    expect(approved[0]!.data.object).toMatchObject({
      id: String(id),
      status: 'approved',
      requested_url: 'https://beta.example/events',
    });
    expect(acmeSaw).toEqual([]);
    expect(types(await eventsOf(beta, () => t.services.verification.returnUrls.command(id, 'revoke')))).toEqual([
      'return_url.rejected',
    ]);
    // A command that changes nothing writes nothing.
    expect(await eventsOf(beta, () => t.services.verification.returnUrls.command(id, 'revoke'))).toEqual([]);
  });

  it('user.linked: the linking partner gets its own empty view; the first partner gets nothing', async () => {
    const kari = await onboardedEmployee(t, acme);
    const acmeBefore = await position(acme);
    const linked = await eventsOf(beta, () =>
      t.as(beta, { method: 'POST', url: '/api/v1/users', payload: { email: kari.email } }),
    );
    expect(types(linked)).toEqual(['user.linked']);
    expect(linked[0]!.data.object).toEqual(await get(beta, `/api/v1/users/${kari.id}`));
    expect(linked[0]!.data.object).toMatchObject({ phone: '', bank_account_number: null, note: '' });
    expect((await feed(acme, `?after=${acmeBefore}`)).results).toEqual([]);
  });

  it('a tax change by the operator: user.updated to every partner linked to the person, each with its own view', async () => {
    const kari = await onboardedEmployee(t, acme);
    await linkEmployee(t, beta, kari, { onboard: false });
    const [a, b] = [await position(acme), await position(beta)];
    await t.services.users.tax.setTax(kari.userId, { percent: '35' });
    const [acmeEvents, betaEvents] = [
      (await feed(acme, `?after=${a}`)).results,
      (await feed(beta, `?after=${b}`)).results,
    ];
    expect(types(acmeEvents)).toEqual(['user.updated']);
    expect(types(betaEvents)).toEqual(['user.updated']);
    expect(acmeEvents[0]!.previous_attributes).toEqual({ tax_percent: null });
    expect(acmeEvents[0]!.data.object).toEqual(await get(acme, `/api/v1/users/${kari.id}`));
    expect(betaEvents[0]!.data.object).toEqual(await get(beta, `/api/v1/users/${kari.id}`));
    // Beta's view carries nothing Acme entered.
    expect(betaEvents[0]!.data.object).toMatchObject({ phone: '', bank_account_number: null });
  });

  it('user.erased: to every partner linked to the person, with the id and the time only; earlier views redacted, same sequences; nothing to others', async () => {
    const acme = await t.partner('Erasing A');
    const beta = await t.partner('Erasing B');
    const other = await t.partner('Erasing C');
    const kari = await onboardedEmployee(t, acme);
    await linkEmployee(t, beta, kari, { onboard: false });
    const acmeBefore = (await feed(acme, '?limit=500')).results;
    const [b, c] = [await position(beta), await position(other)];
    await t.services.privacy.erase(kari.userId, 'request 1');
    const acmeAfter = (await feed(acme, '?limit=500')).results;
    expect(acmeAfter.slice(0, acmeBefore.length).map((e) => [e.id, e.sequence, e.type])).toEqual(
      acmeBefore.map((e) => [e.id, e.sequence, e.type]),
    );
    for (const event of acmeAfter.slice(0, acmeBefore.length).filter((e) => e.type.startsWith('user.')))
      expect(event.data.object).toEqual({ id: kari.id, erased: true });
    const erased = acmeAfter.slice(acmeBefore.length);
    expect(types(erased)).toEqual(['user.erased']);
    expect(erased[0]!.data.object).toEqual({ id: kari.id, erased_at: expect.any(String) });
    expect(erased[0]).not.toHaveProperty('previous_attributes');
    expect((await feed(beta, `?after=${b}`)).results.map((e) => [e.type, e.data.object])).toEqual([
      ['user.erased', erased[0]!.data.object],
    ]);
    expect((await feed(other, `?after=${c}`)).results).toEqual([]);
  });

  it('erasure redacts the events its scan before the transaction found, and those written after the scan', async () => {
    const acme = await t.partner('Erasing D');
    const kari = await onboardedEmployee(t, acme);
    const scan = await t.services.events.rights.scan([acme.partnerId], kari.userId);
    // A change after the scan, before the erasure's transaction.
    const late = await eventsOf(acme, () =>
      t.as(acme, { method: 'PUT', url: `/api/v1/users/${kari.id}`, payload: { note: 'written after the scan' } }),
    );
    expect(types(late)).toEqual(['user.updated']);
    const redacted = await t.db.db
      .transaction()
      .execute((trx) => t.services.events.rights.redactAbout(trx, [acme.partnerId], kari.userId, scan));
    expect(redacted.has(late[0]!.id)).toBe(true);
    const feedNow = (await feed(acme, '?limit=500')).results.filter((e) => e.type.startsWith('user.'));
    expect(feedNow.length).toBeGreaterThan(1);
    for (const event of feedNow) expect(event.data.object).toEqual({ id: kari.id, erased: true });
  });

  it("another partner's approved verification: nothing to a partner whose view it does not change (docs/decisions.md §14)", async () => {
    const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
    await putProfile(t, acme, user.id);
    await t.as(acme, { method: 'POST', url: `/api/v1/users/${user.id}/terms`, payload: { approved: true } });
    await t.as(beta, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } });
    const a = await position(acme);
    const flow = await startFlow(t, beta, user.id, { provider: 'provider_eid', partner_return_url: RETURN_URL });
    await t.as(beta, {
      method: 'POST',
      url: `/api/v1/test-helpers/verification/${flow.verification_id}/complete`,
      payload: { status: 'approved' },
    });
    // Beta's verification is Beta's: Acme, which registered no identity, learns nothing.
    expect((await feed(acme, `?after=${a}`)).results).toEqual([]);
  });

  it("another partner's verification of exactly the identity a partner registered: user.onboarding.updated to that partner", async () => {
    const user = await createUser(t, acme, { bank_account_number: NO_ACCOUNT });
    await putProfile(t, acme, user.id);
    await t.as(acme, { method: 'POST', url: `/api/v1/users/${user.id}/terms`, payload: { approved: true } });
    const identity = { identification: norwegianId('170590', 611), country_code: 'NO', birthday: '1990-05-17' };
    await t.as(acme, { method: 'PUT', url: `/api/v1/users/${user.id}/identity`, payload: identity });
    await t.as(beta, { method: 'POST', url: '/api/v1/users', payload: { email: user.email } });
    await t.as(beta, { method: 'PUT', url: `/api/v1/users/${user.id}/identity`, payload: identity });
    const a = await position(acme);
    const flow = await startFlow(t, beta, user.id, { provider: 'provider_eid', partner_return_url: RETURN_URL });
    await t.as(beta, {
      method: 'POST',
      url: `/api/v1/test-helpers/verification/${flow.verification_id}/complete`,
      payload: { status: 'approved' },
    });
    const acmeEvents = (await feed(acme, `?after=${a}`)).results;
    // Acme learns that its employee is onboarded now, nothing of Beta's session.
    expect(types(acmeEvents)).toEqual(['user.onboarding.updated']);
    expect(acmeEvents[0]!.data.object).toMatchObject({ onboarding: { is_onboarded: true } });
    expect(acmeEvents[0]!.data.object).toEqual(await get(acme, `/api/v1/users/${user.id}`));
    expect(JSON.stringify(acmeEvents)).not.toContain(flow.verification_id);
  });

  it('terms.published: one event per partner (a fan-out job), and none per employee', async () => {
    const partners = [acme, beta, await t.partner('Gamma')];
    const before = await Promise.all(partners.map((p) => position(p)));
    await t.services.terms.service.publish({
      code: `events-${Date.now()}`,
      title: 'Terms for events',
      url: 'https://onpay.example/terms/events',
    });
    // Written by the worker, not by the operator's transaction.
    for (const [i, p] of partners.entries()) expect((await feed(p, `?after=${before[i]}`)).results).toEqual([]);
    expect(await t.services.events.service.runJobs()).toBeGreaterThanOrEqual(3);
    for (const [i, p] of partners.entries()) {
      const got = (await feed(p, `?after=${before[i]}`)).results;
      expect(types(got)).toEqual(['terms.published']);
      expect(got[0]!.data.object).toEqual(await get(p, '/api/v1/terms'));
    }
    // The job is done: running again writes nothing.
    expect(await t.services.events.service.runJobs()).toBe(0);
  });

  it('every event type is covered by a test in this file', async () => {
    const source = await import('node:fs').then((fs) => fs.readFileSync(new URL(import.meta.url), 'utf8'));
    for (const type of EVENT_TYPE_NAMES)
      expect(source, type).toContain(
        type.split('.').length === 3 && type.startsWith('verification') ? `.${type.split('.')[2]}` : type,
      );
  });
});

describe('atomicity: an event commits with its change or not at all', () => {
  it('a failure after the event row was written leaves neither the employee nor the event, and no gap', async () => {
    const acme = await t.partner('Atomic');
    await createUser(t, acme);
    const before = await feed(acme);
    const address = email('rolled-back');
    crashAfterEvents = 'user.created';
    try {
      const res = await t.as(acme, { method: 'POST', url: '/api/v1/users', payload: { email: address } });
      expect(res.statusCode).toBe(500);
    } finally {
      crashAfterEvents = null;
    }
    expect(await t.db.db.selectFrom('users').select('id').where('email', '=', address).execute()).toEqual([]);
    expect(await feed(acme)).toEqual(before);
    // The next event takes the next number: the rolled-back one left no gap.
    await createUser(t, acme);
    expect((await feed(acme)).results.map((e) => e.sequence)).toEqual([1, 2]);
  });

  it('the same for a payout batch (1 event) and for an operator transition', async () => {
    const acme = await t.partner('Atomic payouts');
    const kari = await onboardedEmployee(t, acme);
    const last = await position(acme);
    crashAfterEvents = 'payout.batch.created';
    try {
      expect(
        (await t.as(acme, { method: 'POST', url: '/api/v1/payouts', payload: batch([item(kari)]) })).statusCode,
      ).toBe(500);
    } finally {
      crashAfterEvents = null;
    }
    expect(await t.db.db.selectFrom('payouts').select('id').where('partner_id', '=', acme.partnerId).execute()).toEqual(
      [],
    );
    const payout = (await createPayouts(t, acme, batch([item(kari)]))).payout_ids[0] as number;
    crashAfterEvents = 'payout.paid';
    try {
      await expect(t.services.payouts.payouts.transition(payout, 'paid')).rejects.toThrow(/injected failure/);
    } finally {
      crashAfterEvents = null;
    }
    expect((await get(acme, `/api/v1/payouts/${payout}`)).status).toBe('pending');
    expect(types((await feed(acme, `?after=${last}`)).results)).toEqual(['payout.batch.created']);
  });
});

describe('the feed', () => {
  let acme: TestPartner;
  beforeAll(async () => {
    acme = await t.partner('Feed reader');
    for (let i = 0; i < 7; i++) await createUser(t, acme, { note: `n${i}` });
  });

  it('pages in sequence order with next_after and has_more; after omitted or 0 starts at the oldest', async () => {
    const all = await feed(acme);
    expect(all.results.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(all).toMatchObject({ next_after: 7, has_more: false });
    expect(await feed(acme, '?after=0')).toEqual(all);
    const pages: number[][] = [];
    let after = 0;
    for (;;) {
      const page = await feed(acme, `?after=${after}&limit=3`);
      pages.push(page.results.map((e) => e.sequence));
      after = page.next_after;
      if (!page.has_more) break;
    }
    expect(pages).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    // Past the end: empty, and next_after does not go backwards.
    expect(await feed(acme, '?after=100')).toEqual({ results: [], next_after: 100, has_more: false });
  });

  it('filters by exact types and prefixes; next_after lets the reader skip what does not match', async () => {
    const kari = await onboardedEmployee(t, acme);
    const onboarding = await feed(acme, '?type=user.onboarding.updated');
    expect(onboarding.results.length).toBeGreaterThan(0);
    expect(new Set(types(onboarding.results))).toEqual(new Set(['user.onboarding.updated']));
    const verification = await feed(acme, '?type=verification.*');
    expect(new Set(types(verification.results))).toEqual(
      new Set(['verification.session.created', 'verification.session.approved']),
    );
    const none = await feed(acme, '?type=payout.*');
    expect(none.results).toEqual([]);
    // Nothing matched up to the newest event: the reader continues from there.
    expect(none.next_after).toBe(await position(acme));
    const both = await feed(acme, '?type=payout.*,user.created');
    expect(types(both.results).every((type) => type === 'user.created')).toBe(true);
    expect(both.results.length).toBe(8);
    expect(kari.id).toBeDefined();
  });

  it('refuses a type filter naming no type, and a limit out of range (422)', async () => {
    for (const query of [
      '?type=payouts.*',
      '?type=user.deleted',
      '?type=',
      '?limit=0',
      '?limit=501',
      '?after=-1',
      '?after=x',
    ]) {
      const res = await t.as(acme, { method: 'GET', url: `/api/v1/events${query}` });
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('GET /events/{id}: one event of yours; another partner’s or an unknown id is 404', async () => {
    const [first] = (await feed(acme, '?limit=1')).results;
    expect(await get(acme, `/api/v1/events/${first!.id}`)).toEqual(first);
    const other = await t.partner('Other reader');
    expect((await t.as(other, { method: 'GET', url: `/api/v1/events/${first!.id}` })).statusCode).toBe(404);
    expect((await t.as(acme, { method: 'GET', url: '/api/v1/events/evt_nothing' })).json()).toEqual({
      error: 'Event not found.',
    });
  });

  it('keeps events 30 days: an explicit older sequence is 410 with the oldest available; after=0 starts there', async () => {
    const reader = await t.partner('Retention');
    for (let i = 0; i < 3; i++) await createUser(t, reader);
    t.clock.advance(31 * DAY);
    await createUser(t, reader);
    await t.services.events.service.purgeExpired();
    const res = await t.as(reader, { method: 'GET', url: '/api/v1/events?after=1' });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      error: 'Events up to sequence 3 have aged out of the feed (kept 30 days); the oldest available is 4.',
      oldest_available: 4,
    });
    expect((await feed(reader)).results.map((e) => e.sequence)).toEqual([4]);
    expect((await feed(reader, '?after=3')).results.map((e) => e.sequence)).toEqual([4]);
    // The newest sequence still numbers on from the counter, not from what remains.
    await createUser(t, reader);
    expect((await feed(reader, '?after=4')).results.map((e) => e.sequence)).toEqual([5]);
  });
});

describe(`ordering under concurrency (${testEngine})`, () => {
  it('20 concurrent writers for one partner: the feed is gapless, and a reader polling meanwhile never sees a sequence appear below one it saw', async () => {
    const acme = await t.partner('Concurrent');
    const seen: number[] = [];
    let highest = 0;
    let writing = true;
    const violations: string[] = [];
    const reader = (async () => {
      // A bounded number of polls, spread over the writers' work.
      for (let polls = 0; writing && polls < 100; polls++) {
        const page = await feed(acme, '?limit=500');
        const sequences = page.results.map((e) => e.sequence);
        // Everything up to the highest sequence ever seen must be there now (no late arrivals below it).
        const missing = Array.from({ length: highest }, (_, i) => i + 1).filter((n) => !sequences.includes(n));
        if (missing.length > 0) violations.push(`after seeing ${highest}, ${missing.join(',')} appeared later`);
        highest = Math.max(highest, ...sequences, 0);
        seen.push(sequences.length);
      }
    })();
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const user = await createUser(t, acme);
        await t.as(acme, { method: 'PUT', url: `/api/v1/users/${user.id}`, payload: { note: `writer ${i}` } });
      }),
    );
    writing = false;
    await reader;
    const all = (await feed(acme, '?limit=500')).results.map((e) => e.sequence);
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(violations).toEqual([]);
    expect(seen.length).toBeGreaterThan(0);
  });
});
