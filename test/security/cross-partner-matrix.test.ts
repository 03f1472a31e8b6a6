import { randomUUID } from 'node:crypto';
/**
 * The first rule, as a matrix: for every operation of the API (taken from the OpenAPI document, so
 * a new operation joins by itself and fails until it brings a fixture), partner B acts on partner
 * A's objects, both BEFORE and AFTER B links the shared employees by e-mail. B never sees anything
 * A entered (profile, bank account, note, internal_id, registered identity, payouts, sessions,
 * mail), and nothing B does changes anything A reads. The matrix cannot pass by failing: the same
 * request made by A on an object of its own must succeed.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { ensureApprovedReturnUrl, onboardedEmployee, RETURN_URL, type Employee } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { createUser, NO_ACCOUNT, putProfile } from '../helpers/users.js';
import { payoutAccount, readLinksOf } from '../helpers/sealed.js';

type Json = Record<string, unknown>;

/** What A entered: none of these may ever reach B. */
const SECRET = {
  firstName: 'Acmefirstname',
  lastName: 'Acmelastname',
  address: 'Acme Street 77',
  postal: '0987',
  city: 'Acmeby',
  phoneX: '47811111',
  phoneY: '47822222',
  note: 'acme-secret-note',
  internalX: 987654321,
  internalY: 987654322,
  bank: '15036427008',
  registeredY: 'ACMEDE1234567',
  /** Why A's payout to X failed (its failure_message, and the payout.failed event's). */
  failure: 'Acme-konto stengt hos banken',
} as const;

const B_PROFILE = {
  first_name: 'Bee',
  last_name: 'Partner',
  address: 'B-veien 1',
  postal_code: '5003',
  city: 'Bergen',
  dial_code: '+47',
  phone: '90000001',
  main_work: 'false',
};

interface World {
  a: TestPartner;
  b: TestPartner;
  /** A's onboarded, verified employee (A's bank account, profile, note, internal_id). */
  x: Employee;
  /** A's employee with an identity A registered (unverified) and a pending verification session of A. */
  y: { id: string; email: string };
  /** A's payout to X (created with an Idempotency-key), and A's pending session for Y. */
  payout: number;
  payoutKey: string;
  /** The invoice of A's payout to X, and of A's control payout. */
  invoice: number;
  ainvoice: number;
  /** The trace id A's payout went to the bank under. */
  trace: string;
  session: string;
  /** The same kinds of objects, A's, for A's control requests (they may change them). */
  ax: Employee;
  ay: { id: string };
  apayout: number;
  asession: string;
  /** One of A's events (about X). */
  event: string;
  /** A's webhook endpoint, and another of A's for the DELETE control. */
  endpoint: number;
  endpointToDelete: number;
}

type Phase = 'before' | 'after';

interface Fixture {
  /** B's requests against A's objects (it may prepare them with requests of B's own: those are checked too). */
  attack(w: World, phase: Phase, t: TestApp): InjectOptions[] | Promise<InjectOptions[]>;
  /** The same request by A on an object of its own: it must succeed (2xx). */
  control(w: World): InjectOptions;
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const csv = (url: string): InjectOptions => ({ method: 'GET', url, headers: { accept: 'text/csv' } });
const pdf = (url: string): InjectOptions => ({ method: 'GET', url, headers: { accept: 'application/pdf' } });
const post = (url: string, payload: Json = {}): InjectOptions => ({ method: 'POST', url, payload });
const put = (url: string, payload: Json, method: 'PUT' | 'PATCH' = 'PUT'): InjectOptions => ({ method, url, payload });

const FIXTURES: Record<string, Fixture> = {
  'GET /api/v1/terms': { attack: () => [get('/api/v1/terms')], control: () => get('/api/v1/terms') },
  'GET /api/v1/users/terms': { attack: () => [get('/api/v1/users/terms')], control: () => get('/api/v1/users/terms') },
  'POST /api/v1/users': {
    // Before: this IS the linking (rule 1: only email and internal_id apply); after: posting again.
    attack: (w) => [
      post('/api/v1/users', {
        email: w.x.email,
        internal_id: 111,
        ...B_PROFILE,
        note: 'B note',
        bank_account_number: NO_ACCOUNT,
      }),
      post('/api/v1/users', { email: w.y.email.toUpperCase(), internal_id: 112 }),
    ],
    control: (w) => post('/api/v1/users', { email: w.ax.email }),
  },
  'GET /api/v1/users': {
    attack: () => [get('/api/v1/users?per_page=100')],
    control: () => get('/api/v1/users?per_page=100'),
  },
  'GET /api/v1/users/export': {
    attack: () => [get('/api/v1/users/export'), csv('/api/v1/users/export')],
    control: () => get('/api/v1/users/export'),
  },
  'POST /api/v1/users/lookup': {
    attack: (w) => [
      post('/api/v1/users/lookup', { user_id: w.x.userId }),
      post('/api/v1/users/lookup', { phone: SECRET.phoneX }),
      post('/api/v1/users/lookup', { ssn: SECRET.registeredY }),
      // X's identity verified through A counts for A only (docs/decisions.md §14): B finds nothing by it.
      post('/api/v1/users/lookup', { ssn: w.x.identification }),
    ],
    control: (w) => post('/api/v1/users/lookup', { phone: w.ax.phone }),
  },
  'GET /api/v1/users/{id}': {
    attack: (w) => [get(`/api/v1/users/${w.x.id}`), get(`/api/v1/users/${w.y.id}`)],
    control: (w) => get(`/api/v1/users/${w.ax.id}`),
  },
  ...Object.fromEntries(
    (['PUT', 'PATCH'] as const).flatMap((method) => [
      [
        `${method} /api/v1/users/{id}`,
        {
          attack: (w: World) => [
            put(
              `/api/v1/users/${w.x.id}`,
              { note: 'B note', internal_id: 113, bank_account_number: NO_ACCOUNT, ...B_PROFILE },
              method,
            ),
            put(
              `/api/v1/users/${w.y.id}`,
              { bank_iban_number: 'NO9386011117947', bank_bic_number: 'DNBANOKKXXX' },
              method,
            ),
          ],
          control: (w: World) => put(`/api/v1/users/${w.ax.id}`, { note: 'A control note' }, method),
        },
      ],
      [
        `${method} /api/v1/users/{id}/profile`,
        {
          attack: (w: World) => [
            put(`/api/v1/users/${w.x.id}/profile`, B_PROFILE, method),
            put(`/api/v1/users/${w.y.id}/profile`, { ...B_PROFILE, phone: '90000002' }, method),
          ],
          control: (w: World) => put(`/api/v1/users/${w.ax.id}/profile`, { ...B_PROFILE, phone: w.ax.phone }, method),
        },
      ],
    ]),
  ),
  'PUT /api/v1/users/{id}/identity': {
    attack: (w) => [
      // X is verified, by A: B registers one of its own beside it (A's verification is not B's).
      put(`/api/v1/users/${w.x.id}/identity`, {
        identification: 'BEEDE000001',
        country_code: 'DE',
        birthday: '1980-01-01',
      }),
      // Y is not: B registers one of its own, beside A's.
      put(`/api/v1/users/${w.y.id}/identity`, {
        identification: 'BEEDE000002',
        country_code: 'DE',
        birthday: '1981-01-01',
      }),
    ],
    control: (w) =>
      put(`/api/v1/users/${w.ay.id}/identity`, {
        identification: 'ACMEDE7654321',
        country_code: 'DE',
        birthday: '1982-01-01',
      }),
  },
  'GET /api/v1/users/{id}/terms': {
    attack: (w) => [get(`/api/v1/users/${w.x.id}/terms`)],
    control: (w) => get(`/api/v1/users/${w.ax.id}/terms`),
  },
  'POST /api/v1/users/{id}/terms': {
    attack: (w) => [
      post(`/api/v1/users/${w.x.id}/terms`, { approved: false }),
      post(`/api/v1/users/${w.x.id}/terms`, { approved: true }),
      post(`/api/v1/users/${w.y.id}/terms`, { approved: false }),
    ],
    control: (w) => post(`/api/v1/users/${w.ax.id}/terms`, { approved: true }),
  },
  'POST /api/v1/verification-return-urls': {
    // A's URL registered by B is B's own request; A's stays as it is.
    attack: () => [post('/api/v1/verification-return-urls', { partner_return_url: RETURN_URL })],
    control: () => post('/api/v1/verification-return-urls', { partner_return_url: RETURN_URL }),
  },
  'POST /api/v1/users/{id}/verification/flows': {
    attack: (w) => [
      post(`/api/v1/users/${w.y.id}/verification/flows`, { provider: 'provider_eid', partner_return_url: RETURN_URL }),
      post(`/api/v1/users/${w.x.id}/verification/flows`, {
        provider: 'provider_doc',
        id_type: 'local',
        partner_return_url: RETURN_URL,
      }),
    ],
    // For another employee than ay: a new flow for ay would replace the session the complete control ends.
    control: (w) =>
      post(`/api/v1/users/${w.ax.id}/verification/flows`, { provider: 'provider_eid', partner_return_url: RETURN_URL }),
  },
  'GET /api/v1/verification/status/{verificationSession}': {
    attack: (w) => [get(`/api/v1/verification/status/${w.session}`)],
    control: (w) => get(`/api/v1/verification/status/${w.asession}`),
  },
  'POST /api/v1/test-helpers/verification/{verificationSession}/complete': {
    attack: async (w, phase, t) => {
      const requests = [post(`/api/v1/test-helpers/verification/${w.session}/complete`, { status: 'declined' })];
      if (phase === 'after') {
        // B's own flows for X (verified by A) and Y (not yet), approved with identities of B's
        // choosing: they count for B only, and change nothing A reads (docs/decisions.md §14).
        for (const [employee, identification] of [
          [w.x.id, 'BEEDE000003'],
          [w.y.id, 'BEEDE000004'],
        ] as const) {
          const flow = await t.as(w.b, {
            method: 'POST',
            url: `/api/v1/users/${employee}/verification/flows`,
            payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
          });
          expect(flow.statusCode, flow.body).toBe(201);
          const id = (flow.json() as { verification_id: string }).verification_id;
          requests.push(
            post(`/api/v1/test-helpers/verification/${id}/complete`, {
              status: 'approved',
              identity: { identification, country_code: 'DE', birthday: '1979-01-01' },
            }),
          );
        }
      }
      return requests;
    },
    control: (w) => post(`/api/v1/test-helpers/verification/${w.asession}/complete`, { status: 'declined' }),
  },
  'GET /api/v1/test-helpers/mailbox': {
    attack: () => [get('/api/v1/test-helpers/mailbox')],
    control: () => get('/api/v1/test-helpers/mailbox'),
  },
  'POST /api/v1/payouts': {
    attack: (w) => [
      post('/api/v1/payouts', batch([item(w.x)]) as unknown as Json),
      post('/api/v1/payouts', batch([{ ...item(w.x), user_id: undefined, phone: SECRET.phoneX }]) as unknown as Json),
      post(
        '/api/v1/payouts',
        batch([{ ...item(w.x), user_id: undefined, ssn: SECRET.registeredY }]) as unknown as Json,
      ),
    ],
    control: (w) => post('/api/v1/payouts', batch([item(w.ax)]) as unknown as Json),
  },
  'GET /api/v1/payouts': {
    attack: (w) => [
      get('/api/v1/payouts?per_page=100'),
      get(`/api/v1/payouts?user_id=${w.x.id}`),
      get(`/api/v1/payouts?invoice_id=${w.invoice}`),
    ],
    control: (w) => get(`/api/v1/payouts?user_id=${w.ax.id}`),
  },
  'GET /api/v1/invoices': {
    attack: () => [get('/api/v1/invoices?per_page=100')],
    control: () => get('/api/v1/invoices'),
  },
  'GET /api/v1/invoices/{invoice}': {
    attack: (w) => [get(`/api/v1/invoices/${w.invoice}`), pdf(`/api/v1/invoices/${w.invoice}`)],
    control: (w) => pdf(`/api/v1/invoices/${w.ainvoice}`),
  },
  'GET /api/v1/payouts/export': {
    attack: (w) => [
      get('/api/v1/payouts/export'),
      get(`/api/v1/payouts/export?user_id=${w.x.id}`),
      csv(`/api/v1/payouts/export?user_id=${w.x.id}`),
    ],
    control: (w) => get(`/api/v1/payouts/export?user_id=${w.ax.id}`),
  },
  'GET /api/v1/payouts/{payout}': {
    attack: (w) => [get(`/api/v1/payouts/${w.payout}`)],
    control: (w) => get(`/api/v1/payouts/${w.apayout}`),
  },
  'GET /api/v1/users/{id}/payouts': {
    attack: (w) => [get(`/api/v1/users/${w.x.id}/payouts`)],
    control: (w) => get(`/api/v1/users/${w.ax.id}/payouts`),
  },
  'POST /api/v1/users/{id}/login-link': {
    attack: (w) => [post(`/api/v1/users/${w.x.id}/login-link`, { send_email: true })],
    control: (w) => post(`/api/v1/users/${w.ax.id}/login-link`, { send_email: false }),
  },
  'GET /api/v1/idempotency-keys/{key}': {
    // The key A used for its payout batch is A's: B learns nothing of it, not even that it exists.
    attack: (w) => [get(`/api/v1/idempotency-keys/${w.payoutKey}`)],
    control: (w) => get(`/api/v1/idempotency-keys/${w.payoutKey}`),
  },
  'POST /api/v1/payouts/{payout}/login-link': {
    attack: (w) => [post(`/api/v1/payouts/${w.payout}/login-link`, { send_email: true })],
    control: (w) => post(`/api/v1/payouts/${w.apayout}/login-link`, {}),
  },
  'GET /api/v1/events': {
    // B's feed holds B's own events only (after linking: B's empty view of the shared employees).
    attack: () => [
      get('/api/v1/events?limit=500'),
      get('/api/v1/events?type=user.*,payout.*,verification.*&limit=500'),
    ],
    control: () => get('/api/v1/events'),
  },
  'GET /api/v1/events/{id}': {
    attack: (w) => [get(`/api/v1/events/${w.event}`)],
    control: (w) => get(`/api/v1/events/${w.event}`),
  },
  // B's endpoint is B's own; A's endpoints are not found for B, whatever B asks of them.
  'POST /api/v1/webhook-endpoints': {
    attack: () => [
      post('/api/v1/webhook-endpoints', {
        url: 'http://127.0.0.1:9/b',
        event_types: ['user.*', 'payout.*', 'verification.*'],
      }),
    ],
    control: () => post('/api/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/a2', event_types: ['payout.*'] }),
  },
  'GET /api/v1/webhook-endpoints': {
    attack: () => [get('/api/v1/webhook-endpoints?per_page=100')],
    control: () => get('/api/v1/webhook-endpoints'),
  },
  'GET /api/v1/webhook-endpoints/{id}': {
    attack: (w) => [get(`/api/v1/webhook-endpoints/${w.endpoint}`)],
    control: (w) => get(`/api/v1/webhook-endpoints/${w.endpoint}`),
  },
  'PATCH /api/v1/webhook-endpoints/{id}': {
    attack: (w) => [
      put(`/api/v1/webhook-endpoints/${w.endpoint}`, { url: 'http://127.0.0.1:9/b', disabled: true }, 'PATCH'),
    ],
    control: (w) => put(`/api/v1/webhook-endpoints/${w.endpoint}`, { description: 'A control' }, 'PATCH'),
  },
  'DELETE /api/v1/webhook-endpoints/{id}': {
    attack: (w) => [{ method: 'DELETE', url: `/api/v1/webhook-endpoints/${w.endpoint}` }],
    control: (w) => ({ method: 'DELETE', url: `/api/v1/webhook-endpoints/${w.endpointToDelete}` }),
  },
  'POST /api/v1/webhook-endpoints/{id}/rotate-secret': {
    attack: (w) => [post(`/api/v1/webhook-endpoints/${w.endpoint}/rotate-secret`)],
    control: (w) => post(`/api/v1/webhook-endpoints/${w.endpoint}/rotate-secret`),
  },
  'POST /api/v1/webhook-endpoints/{id}/test': {
    attack: (w) => [post(`/api/v1/webhook-endpoints/${w.endpoint}/test`)],
    control: (w) => post(`/api/v1/webhook-endpoints/${w.endpoint}/test`),
  },
  'GET /api/v1/webhook-endpoints/{id}/deliveries': {
    attack: (w) => [get(`/api/v1/webhook-endpoints/${w.endpoint}/deliveries`)],
    control: (w) => get(`/api/v1/webhook-endpoints/${w.endpoint}/deliveries`),
  },
  'POST /api/v1/webhook-endpoints/{id}/replay': {
    attack: (w) => [post(`/api/v1/webhook-endpoints/${w.endpoint}/replay`, { after: 0 })],
    control: (w) => post(`/api/v1/webhook-endpoints/${w.endpoint}/replay`, { after: 0 }),
  },
};

// Every operation of the API, twice, with its fixtures: more than the default 30 s on a busy PostgreSQL.
describe('the cross-partner matrix', { timeout: 120_000 }, () => {
  let t: TestApp;
  let w: World;
  let operations: string[];

  /** Everything A reads through the API about its objects, plus the account its payout goes to. */
  async function aView(): Promise<Json> {
    const read = async (url: string) => {
      const res = await t.as(w.a, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json() as Json;
    };
    const bank = await payoutAccount(t, w.payout);
    return {
      x: await read(`/api/v1/users/${w.x.id}`),
      y: await read(`/api/v1/users/${w.y.id}`),
      xTerms: await read(`/api/v1/users/${w.x.id}/terms`),
      yTerms: await read(`/api/v1/users/${w.y.id}/terms`),
      xPayouts: await read(`/api/v1/users/${w.x.id}/payouts`),
      payout: await read(`/api/v1/payouts/${w.payout}`),
      invoice: await read(`/api/v1/invoices/${w.invoice}`),
      session: await read(`/api/v1/verification/status/${w.session}`),
      mailbox: await read('/api/v1/test-helpers/mailbox'),
      // Nothing B does writes an event to A's feed.
      events: await read('/api/v1/events?limit=500'),
      // Nor changes A's webhook endpoints or their deliveries.
      webhooks: await read('/api/v1/webhook-endpoints?per_page=100'),
      deliveries: await read(`/api/v1/webhook-endpoints/${w.endpoint}/deliveries?per_page=100`),
      bank,
    };
  }

  function expectNothingOfA(res: LightMyRequestResponse, label: string): void {
    for (const [name, value] of Object.entries(SECRET))
      expect(res.body, `${label} leaks A's ${name}`).not.toContain(String(value));
    expect(res.body, `${label} leaks A's session`).not.toContain(w.session);
    expect(res.body, `${label} leaks A's Idempotency-key`).not.toContain(w.payoutKey);
    expect(res.body, `${label} leaks the trace id of A's payout`).not.toContain(`"${w.trace}"`);
    expect(res.body, `${label} leaks A's mail`).not.toContain('(Acme)');
    const type = res.headers['content-type']?.toString() ?? '';
    // An export's NDJSON is one object per line: all of them are checked.
    const body = type.includes('ndjson')
      ? res.body
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Json)
      : type.includes('json')
        ? (res.json() as Json)
        : {};
    const ids = JSON.stringify(body).match(/"(?:id|payout_ids|invoice_id)":\[?[\d,]*\]?/g) ?? [];
    expect(ids.join(' '), `${label} names A's payout`).not.toMatch(new RegExp(`\\b${w.payout}\\b`));
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    const a = await t.partner('Acme');
    const b = await t.partner('Beta');
    await ensureApprovedReturnUrl(t, a);
    await ensureApprovedReturnUrl(t, b);

    const x = await onboardedEmployee(t, a, { phone: SECRET.phoneX });
    await putProfile(t, a, x.id, {
      first_name: SECRET.firstName,
      last_name: SECRET.lastName,
      address: SECRET.address,
      postal_code: SECRET.postal,
      city: SECRET.city,
      phone: SECRET.phoneX,
    });
    expect(
      (
        await t.as(a, {
          method: 'PUT',
          url: `/api/v1/users/${x.id}`,
          payload: { note: SECRET.note, internal_id: SECRET.internalX, bank_account_number: SECRET.bank },
        })
      ).statusCode,
    ).toBe(200);
    const payoutKey = randomUUID();
    const created = await createPayouts(t, a, batch([item(x)]), payoutKey);
    const payout = created.payout_ids[0] as number;
    // A's payout went to the bank in a payment file (trace_id, payout.processing) and failed with a
    // reason (failure_code, failure_message, payout.failed): none of it is B's to see.
    expect((await t.services.bank.files.exportFile({ partnerId: a.partnerId })).payouts).toBe(1);
    await t.services.payouts.payouts.transition(payout, 'failed', undefined, SECRET.failure);
    const failed = (await t.as(a, { method: 'GET', url: `/api/v1/payouts/${payout}` })).json() as Json;
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'MANUAL', failure_message: SECRET.failure });
    const trace = failed.trace_id as string;
    expect(trace).toMatch(/^OP-\d+-\d+$/);
    expect(
      (await t.as(a, { method: 'POST', url: `/api/v1/users/${x.id}/login-link`, payload: { send_email: true } }))
        .statusCode,
    ).toBe(200);

    const y = await createUser(t, a, {
      internal_id: SECRET.internalY,
      note: SECRET.note,
      bank_account_number: SECRET.bank,
    });
    await putProfile(t, a, y.id, { first_name: SECRET.firstName, phone: SECRET.phoneY });
    expect(
      (
        await t.as(a, {
          method: 'PUT',
          url: `/api/v1/users/${y.id}/identity`,
          payload: { identification: SECRET.registeredY, country_code: 'DE', birthday: '1990-01-01' },
        })
      ).statusCode,
    ).toBe(200);
    const flow = await t.as(a, {
      method: 'POST',
      url: `/api/v1/users/${y.id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
    });
    expect(flow.statusCode).toBe(201);

    // A's own objects for the control requests.
    const ax = await onboardedEmployee(t, a);
    const acreated = await createPayouts(t, a, batch([item(ax)]));
    const apayout = acreated.payout_ids[0] as number;
    const ay = await createUser(t, a);
    const aflow = await t.as(a, {
      method: 'POST',
      url: `/api/v1/users/${ay.id}/verification/flows`,
      payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
    });

    const endpoint = async () => {
      const res = await t.as(a, {
        method: 'POST',
        url: '/api/v1/webhook-endpoints',
        payload: { url: 'http://127.0.0.1:9/a', event_types: ['user.*', 'payout.*'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const endpoints = [await endpoint(), await endpoint()];

    w = {
      a,
      b,
      x,
      y: { id: y.id, email: y.email },
      payout,
      payoutKey,
      invoice: created.invoice_id,
      ainvoice: acreated.invoice_id,
      trace,
      session: (flow.json() as { verification_id: string }).verification_id,
      ax,
      ay: { id: ay.id },
      apayout,
      asession: (aflow.json() as { verification_id: string }).verification_id,
      event: (
        (await t.as(a, { method: 'GET', url: '/api/v1/events?type=user.created' })).json() as {
          results: Array<{ id: string }>;
        }
      ).results[0]!.id,
      endpoint: endpoints[0]!,
      endpointToDelete: endpoints[1]!,
    };
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
  });
  afterAll(() => t.close());

  it('has a fixture for every operation of the API, and no fixture for an operation that does not exist', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(
      operations.filter((operation) => !(operation in FIXTURES)),
      'operations without a cross-partner fixture',
    ).toEqual([]);
    expect(
      Object.keys(FIXTURES).filter((key) => !operations.includes(key)),
      'fixtures of operations the API no longer has',
    ).toEqual([]);
  });

  for (const phase of ['before', 'after'] as const) {
    it(`${phase} B links the shared employees: B sees nothing of A's and changes nothing A reads`, async () => {
      if (phase === 'after') {
        // Linking by e-mail (spec rule 1), as the attacker would.
        for (const email of [w.x.email, w.y.email]) {
          const res = await t.as(w.b, { method: 'POST', url: '/api/v1/users', payload: { email } });
          expect(res.statusCode).toBe(200);
          expectNothingOfA(res, 'linking');
        }
      }
      const statuses: string[] = [];
      for (const operation of operations.filter((o) => o !== 'POST /api/v1/users' || phase === 'after')) {
        const fixture = FIXTURES[operation] as Fixture;
        for (const request of await fixture.attack(w, phase, t)) {
          const label = `${phase}: B ${request.method} ${request.url}`;
          const before = await aView();
          const res = await t.as(w.b, request);
          expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
          expectNothingOfA(res, label);
          expect(await aView(), `${label} changed what A reads`).toEqual(before);
          if (request.url?.toString().includes('/complete') && (request.payload as Json | undefined)?.identity)
            expect(res.json()).toMatchObject({ status: 'approved' });
          statuses.push(`${request.method} ${request.url} ${res.statusCode}`);
        }
      }
      // Before linking, everything that names A's employees, payout or session is refused.
      if (phase === 'before') {
        for (const line of statuses) {
          if (
            line.includes(`/users/${w.x.id}`) ||
            line.includes(`/users/${w.y.id}`) ||
            line.includes(`/payouts/${w.payout}`)
          )
            expect(line).toMatch(/ 404$/);
          if (line.includes(w.session)) expect(line).toMatch(/ 403$/);
        }
      }
      // A's invoices are never B's, linked or not (JSON or PDF), nor are its payouts through invoice_id.
      for (const line of statuses) if (line.includes(`/invoices/${w.invoice}`)) expect(line).toMatch(/ 404$/);
      const byInvoice = await t.as(w.b, { method: 'GET', url: `/api/v1/payouts?invoice_id=${w.invoice}` });
      expect(byInvoice.json()).toMatchObject({ total: 0, results: [] });
      const invoices = (await t.as(w.b, { method: 'GET', url: '/api/v1/invoices?per_page=100' })).json() as {
        results: Array<{ id: number }>;
      };
      expect(invoices.results.map((i) => i.id)).not.toContain(w.invoice);
      // A's webhook endpoints are never B's, linked or not.
      for (const line of statuses) if (line.includes(`/webhook-endpoints/${w.endpoint}`)) expect(line).toMatch(/ 404$/);
      // A's employee is still onboarded, and A's payout still goes to A's account.
      const view = await aView();
      expect((view.x as { onboarding: { is_onboarded: boolean } }).onboarding.is_onboarded).toBe(true);
      expect(view.bank).toEqual({ bank_account_number: SECRET.bank, bank_iban_number: null, bank_bic_number: null });
      expect((view.session as { status: string }).status).toBe('pending');
    });
  }

  it("after linking, B's own view of the shared employee holds only what B entered", async () => {
    const res = await t.as(w.b, { method: 'GET', url: `/api/v1/users/${w.x.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: w.x.email,
      internal_id: '113',
      note: 'B note',
      name: 'Bee Partner',
      bank_account_number: NO_ACCOUNT,
    });
    const y = (await t.as(w.b, { method: 'GET', url: `/api/v1/users/${w.y.id}` })).json() as Json;
    expect(y).toMatchObject({ nationality: 'DE', bank_iban_number: 'NO9386011117947' });
    // B's login link opens B's view: none of A's payouts or names on the employee's pages.
    const link = (
      await t.as(w.b, { method: 'POST', url: `/api/v1/users/${w.x.id}/login-link`, payload: {} })
    ).json() as { login_url: string };
    const path = new URL(link.login_url).pathname;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const cookie = signedIn.cookies.find((c) => c.name === 'onpay_session')?.value as string;
    const home = await t.app.inject({ method: 'GET', url: '/me', cookies: { onpay_session: cookie } });
    expect(home.statusCode).toBe(200);
    expectNothingOfA(home, "B's employee page");
    expect(home.body).not.toContain('Acme');
    expect(
      (await t.app.inject({ method: 'GET', url: `/me/payouts/${w.payout}`, cookies: { onpay_session: cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('A makes each request on an object of its own successfully (the matrix is not passing by failing)', async () => {
    for (const operation of operations) {
      const request = (FIXTURES[operation] as Fixture).control(w);
      const res = await t.as(w.a, request);
      expect(res.statusCode, `A ${request.method} ${request.url}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `A ${request.method} ${request.url}: ${res.body}`).toBeLessThan(300);
    }
  });

  it("after B verified A's unverified employee first, with another identity, A's own flow is approved with A's identity", async () => {
    // The matrix's 'after' phase had B approve its own flow for Y with BEEDE000004: B's, not A's.
    const before = (await t.as(w.a, { method: 'GET', url: `/api/v1/users/${w.y.id}` })).json() as Json;
    expect((before.onboarding as { steps: { id_verification: boolean } }).steps.id_verification).toBe(false);
    const done = await t.as(w.a, {
      method: 'POST',
      url: `/api/v1/test-helpers/verification/${w.session}/complete`,
      payload: { status: 'approved' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'approved', onboarding: { steps: { id_verification: true } } });
    const link = (await readLinksOf(t, Number(w.y.id))).map(({ partner_id, verified_identification }) => ({
      partner_id,
      verified_identification,
    }));
    expect(link).toEqual([
      { partner_id: w.a.partnerId, verified_identification: SECRET.registeredY },
      { partner_id: w.b.partnerId, verified_identification: 'BEEDE000004' },
    ]);
    const after = (await t.as(w.a, { method: 'GET', url: `/api/v1/users/${w.y.id}` })).json() as Json;
    expect({ ...after, onboarding: null }).toEqual({ ...before, onboarding: null });
  });
});
