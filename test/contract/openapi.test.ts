/**
 * The OpenAPI document is the contract: this suite fetches it from the app and drives every
 * operation through it, the success and each documented error status, while every response the
 * app sends (the helpers' requests included) is validated against the document by ajv: status,
 * body and headers. A new route without a case here, a status the document does not list, or a
 * body it does not describe, fails the build.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientTypes, documentText, generatedClientTypes } from '../../scripts/generate-client.js';
import { AppError, type ErrorCode } from '../../src/errors.js';
import { GUARD_ERRORS } from '../../src/platform/api-guard.js';
import { HANDLER_ERRORS, type Exposure } from '../../src/platform/error-handler.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { Contract, requestExample, type Operation } from '../helpers/contract.js';
import { ensureApprovedReturnUrl, onboardedEmployee, RETURN_URL, verifyIdentity } from '../helpers/employees.js';
import { expectUserPayload } from '../helpers/payload.js';
import { createUser } from '../helpers/users.js';
import { startFlow } from '../verification/helpers.js';

type Json = Record<string, unknown>;

/**
 * One request of a case. `as: null` sends no credentials; `app` defaults to the main test app.
 * An error probe names the error it expects: the body must be that error's (its text too, unless
 * the text is the request's own), so a serialiser that swallowed the real body cannot pass.
 */
interface Probe {
  url: string;
  code?: ErrorCode;
  payload?: unknown;
  headers?: Record<string, string>;
  as?: TestPartner | null;
  app?: TestApp;
  /** Runs just before the request (arranging a fault); `after` always runs after it. */
  before?: () => Promise<void> | void;
  after?: () => Promise<void> | void;
}

interface OperationCase {
  /** The URL of a request that succeeds, with the fixtures' ids filled in. */
  url(): Promise<string> | string;
  /** Its body, for operations that take one; mostly the documented example, sent as it is. */
  body?(operation: Operation): Promise<unknown> | unknown;
  /** Requests that answer the operation's own errors (403, 404, 409, 422), by status. */
  errors?: Partial<Record<number, Array<() => Promise<Probe> | Probe>>>;
  /** The error of its 404s, when not `user_not_found`. */
  notFound?: ErrorCode;
}

/** The error each operation-specific status stands for (a case's `notFound` aside). */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  403: 'session_forbidden',
  404: 'user_not_found',
  406: 'not_acceptable',
  409: 'conflict',
  410: 'events_expired',
  422: 'validation_failed',
};
/** Errors whose text is the request's own (a field, a state): only the body's keys are fixed. */
const OWN_TEXT = new Set<ErrorCode>([
  'malformed_body',
  'validation_failed',
  'conflict',
  'events_expired',
  // Each operation names the formats it answers in (an export's, an invoice's).
  'not_acceptable',
]);
/** Members an error body has beyond its shape's. */
const DETAILS: Partial<Record<ErrorCode, Json>> = { events_expired: { oldest_available: 0 } };

interface Fixtures {
  acme: TestPartner;
  other: TestPartner;
  /** An employee of acme created and onboarded with the documented request examples (phone 41234567). */
  kari: { id: string; userId: number };
  /** An employee linked only to the other partner. */
  othersEmployee: string;
  /** A verification session of acme, and one of the other partner. */
  acmeSession: string;
  othersSession: string;
  /** A payout of acme, created with the documented example. */
  payoutId: number;
  invoiceId: number;
  /** An Idempotency-key acme has already used. */
  usedKey: string;
  /** A webhook endpoint of acme, and one of the other partner. */
  endpoint: number;
  othersEndpoint: number;
}

let t: TestApp;
/** The same service with a budget of one request per minute, for the 429s. */
let limited: TestApp;
/** The same service shutting down (it answers 503 to every request), and a partner of its own. */
let drained: TestApp;
let drainedPartner: TestPartner;
let contract: Contract;
let f: Fixtures;

const UNKNOWN_USER = '999999';
const UNKNOWN_PAYOUT = '999999';
const BIG_BODY = `{"padding":"${'x'.repeat(5 * 1024 * 1024)}"}`;
const JSON_HEADERS = { 'content-type': 'application/json' };
/** Fastify reads a body on these methods whether or not the operation takes one. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The errors the guard and the error handler can answer on an operation, whatever it does, by
 * where a request can meet them (src/platform/error-handler.ts, Exposure): every one is probed.
 */
function sharedErrors(operation: Operation): AppError[] {
  const exposures = new Set<Exposure>(['any', 'query']);
  if (operation.path.includes('{')) exposures.add('path');
  if (BODY_METHODS.has(operation.method)) exposures.add('body');
  if (operation.object.requestBody) exposures.add('schema-body');
  return [
    ...GUARD_ERRORS.map((code) => new AppError(code)),
    ...HANDLER_ERRORS.filter((e) => exposures.has(e.on)).map((e) => new AppError(e.code, e.message)),
  ];
}

/** The URL with the operation's first path parameter replaced (its query string dropped). */
function withPathId(operation: Operation, url: string, id: string): string {
  const segments = url.split('?', 1)[0]!.split('/');
  const at = operation.path.split('/').findIndex((segment) => segment.startsWith('{'));
  if (at < 0) throw new Error(`${operation.key} has no path parameter`);
  segments[at] = id;
  return segments.join('/');
}

/** The URL with one more query parameter. */
function withQuery(url: string, parameter: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${parameter}`;
}

/** Login-link schemas belong to the login-links module; it adds its description and examples separately. */
const DESCRIBED_ELSEWHERE = new Set<string>();

async function freshUser(): Promise<string> {
  return (await createUser(t, f.acme)).id;
}

/** A pending session of a new acme employee (the eID flow on the employees helper's approved URL). */
async function pendingSession(): Promise<string> {
  return (await startFlow(t, f.acme, await freshUser(), { provider: 'provider_eid', partner_return_url: RETURN_URL }))
    .verification_id;
}

/** The documented POST /payouts example, paying kari (both items: `user_id` and her phone). */
function payoutsExample(operation: Operation): Json {
  const body = requestExample(operation) as { payouts: Json[] };
  for (const item of body.payouts) if ('user_id' in item) item.user_id = f.kari.userId;
  return body;
}

const CASES: Record<string, OperationCase> = {
  'GET /api/v1/terms': { url: () => '/api/v1/terms' },
  'GET /api/v1/users/terms': { url: () => '/api/v1/users/terms' },
  'POST /api/v1/users': {
    url: () => '/api/v1/users',
    body: requestExample,
    errors: { 422: [() => ({ url: '/api/v1/users', payload: { email: 'not-an-email' } })] },
  },
  'GET /api/v1/users': {
    url: () => '/api/v1/users?page=1&per_page=10',
    errors: { 422: [() => ({ url: '/api/v1/users?per_page=1000' })] },
  },
  'POST /api/v1/users/lookup': {
    url: () => '/api/v1/users/lookup',
    body: requestExample,
    errors: {
      404: [() => ({ url: '/api/v1/users/lookup', payload: { user_id: Number(UNKNOWN_USER) } })],
      422: [() => ({ url: '/api/v1/users/lookup', payload: { phone: '41234567', user_id: f.kari.userId } })],
    },
  },
  'GET /api/v1/users/{id}': {
    url: () => `/api/v1/users/${f.kari.id}`,
    errors: {
      404: [() => ({ url: `/api/v1/users/${f.othersEmployee}` }), () => ({ url: `/api/v1/users/${UNKNOWN_USER}` })],
    },
  },
  ...Object.fromEntries(
    (['PUT', 'PATCH'] as const).flatMap((method) => [
      [
        `${method} /api/v1/users/{id}`,
        {
          url: async () => `/api/v1/users/${await freshUser()}`,
          body: requestExample,
          errors: {
            404: [() => ({ url: `/api/v1/users/${f.othersEmployee}`, payload: { note: 'x' } })],
            422: [() => ({ url: `/api/v1/users/${f.kari.id}`, payload: { bank_iban_number: 'NO9386011117947' } })],
          },
        },
      ],
      [
        `${method} /api/v1/users/{id}/profile`,
        {
          url: () => `/api/v1/users/${f.kari.id}/profile`,
          body: requestExample,
          errors: {
            404: [
              (): Probe => ({
                url: `/api/v1/users/${UNKNOWN_USER}/profile`,
                payload: requestExample(contract.operation(`${method} /api/v1/users/{id}/profile`)),
              }),
            ],
            422: [
              (): Probe => ({
                url: `/api/v1/users/${f.kari.id}/profile`,
                payload: {
                  ...requestExample(contract.operation(`${method} /api/v1/users/{id}/profile`)),
                  dial_code: '+999',
                },
              }),
            ],
          },
        },
      ],
    ]),
  ),
  'PUT /api/v1/users/{id}/identity': {
    url: async () => `/api/v1/users/${await freshUser()}/identity`,
    body: requestExample,
    errors: {
      404: [
        () => ({
          url: `/api/v1/users/${f.othersEmployee}/identity`,
          payload: { identification: '17059012355', country_code: 'NO', birthday: '1990-05-17' },
        }),
      ],
      // Kari's identity was verified: a different one changes only through a new verification.
      409: [
        () => ({
          url: `/api/v1/users/${f.kari.id}/identity`,
          payload: { identification: '01019012345', country_code: 'DE', birthday: '1990-01-01' },
          code: 'identity_conflict',
        }),
      ],
      422: [
        async () => ({
          url: `/api/v1/users/${await freshUser()}/identity`,
          payload: { identification: '17059012356', country_code: 'NO', birthday: '1990-05-17' },
        }),
      ],
    },
  },
  'GET /api/v1/users/{id}/terms': {
    url: () => `/api/v1/users/${f.kari.id}/terms`,
    errors: { 404: [() => ({ url: `/api/v1/users/${f.othersEmployee}/terms` })] },
  },
  'POST /api/v1/users/{id}/terms': {
    url: () => `/api/v1/users/${f.kari.id}/terms`,
    body: requestExample,
    errors: {
      404: [() => ({ url: `/api/v1/users/${UNKNOWN_USER}/terms`, payload: { approved: true } })],
      422: [() => ({ url: `/api/v1/users/${f.kari.id}/terms`, payload: { approved: 'yes' } })],
    },
  },
  'POST /api/v1/verification-return-urls': {
    url: () => '/api/v1/verification-return-urls',
    body: requestExample,
    errors: {
      422: [
        () => ({
          url: '/api/v1/verification-return-urls',
          payload: { partner_return_url: 'ftp://partner.example/return' },
        }),
      ],
    },
  },
  'POST /api/v1/users/{id}/verification/flows': {
    url: async () => `/api/v1/users/${await freshUser()}/verification/flows`,
    body: requestExample,
    errors: {
      404: [
        (): Probe => ({
          url: `/api/v1/users/${f.othersEmployee}/verification/flows`,
          payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
        }),
      ],
      // A storm of concurrent starts for one employee cannot be staged deterministically (SQLite
      // serialises them); the service's answer to it is what the document must describe.
      409: [
        async (): Promise<Probe> => {
          const spy = vi.spyOn(t.services.verification.sessions, 'start');
          spy.mockRejectedValueOnce(
            new AppError(
              'conflict',
              'Another verification flow for this employee is being started at the same time; try again.',
            ),
          );
          return {
            url: `/api/v1/users/${await freshUser()}/verification/flows`,
            payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
            after: () => spy.mockRestore(),
          };
        },
      ],
      422: [
        async () => ({
          url: `/api/v1/users/${await freshUser()}/verification/flows`,
          payload: { provider: 'provider_eid', partner_return_url: 'https://not-approved.example/return' },
        }),
      ],
    },
  },
  'GET /api/v1/verification/status/{verificationSession}': {
    notFound: 'session_not_found',
    url: () => `/api/v1/verification/status/${f.acmeSession}`,
    errors: {
      403: [() => ({ url: `/api/v1/verification/status/${f.othersSession}` })],
      404: [
        () => ({ url: `/api/v1/verification/status/${randomUUID()}` }),
        () => ({ url: '/api/v1/verification/status/not-a-session' }),
      ],
    },
  },
  'POST /api/v1/test-helpers/verification/{verificationSession}/complete': {
    notFound: 'session_not_found',
    url: async () => `/api/v1/test-helpers/verification/${await pendingSession()}/complete`,
    body: requestExample,
    errors: {
      403: [
        () => ({
          url: `/api/v1/test-helpers/verification/${f.othersSession}/complete`,
          payload: { status: 'approved' },
        }),
      ],
      404: [
        () => ({ url: `/api/v1/test-helpers/verification/${randomUUID()}/complete`, payload: { status: 'approved' } }),
      ],
      409: [
        async () => {
          const id = await pendingSession();
          const first = await t.as(f.acme, {
            method: 'POST',
            url: `/api/v1/test-helpers/verification/${id}/complete`,
            payload: { status: 'declined' },
          });
          expect(first.statusCode, first.body).toBe(200);
          return { url: `/api/v1/test-helpers/verification/${id}/complete`, payload: { status: 'approved' } };
        },
      ],
      422: [
        async () => ({
          url: `/api/v1/test-helpers/verification/${await pendingSession()}/complete`,
          payload: { status: 'pending' },
        }),
      ],
    },
  },
  'GET /api/v1/test-helpers/mailbox': {
    url: () => '/api/v1/test-helpers/mailbox',
  },
  'POST /api/v1/payouts': {
    url: () => '/api/v1/payouts',
    body: payoutsExample,
    errors: {
      422: [
        async () => ({
          url: '/api/v1/payouts',
          payload: {
            due_date: '2026-12-01',
            payouts: [
              {
                user_id: Number(await freshUser()),
                date: '2026-11-20',
                products: [{ quantity: 1, price: 100, description: 'Shift' }],
              },
            ],
          },
        }),
        () => ({
          url: '/api/v1/payouts',
          payload: {
            due_date: '2026-12-01',
            payouts: [
              {
                user_id: f.kari.userId,
                date: '2026-11-20',
                products: [{ quantity: 1, price: -1, description: 'Shift' }],
              },
            ],
          },
        }),
      ],
    },
  },
  'GET /api/v1/payouts': {
    url: () => '/api/v1/payouts?status=pending&per_page=10',
    errors: {
      422: [() => ({ url: '/api/v1/payouts?status=bogus' }), () => ({ url: '/api/v1/payouts?from=2026-13-01' })],
    },
  },
  'GET /api/v1/users/export': {
    url: () => '/api/v1/users/export',
    errors: {
      406: [() => ({ url: '/api/v1/users/export', headers: { accept: 'text/html' } })],
      422: [() => ({ url: '/api/v1/users/export?page=1' })],
    },
  },
  'GET /api/v1/payouts/export': {
    url: () => '/api/v1/payouts/export?status=pending',
    errors: {
      406: [() => ({ url: '/api/v1/payouts/export', headers: { accept: 'application/xml' } })],
      422: [
        () => ({ url: '/api/v1/payouts/export?per_page=10' }),
        () => ({ url: '/api/v1/payouts/export?status=bogus' }),
      ],
    },
  },
  'GET /api/v1/invoices': {
    url: () => '/api/v1/invoices?per_page=10',
    errors: { 422: [() => ({ url: '/api/v1/invoices?per_page=1000' })] },
  },
  'GET /api/v1/invoices/{invoice}': {
    notFound: 'invoice_not_found',
    url: () => `/api/v1/invoices/${f.invoiceId}`,
    errors: {
      404: [
        () => ({ url: '/api/v1/invoices/999999' }),
        () => ({ url: `/api/v1/invoices/${f.invoiceId}`, as: f.other }),
      ],
      406: [() => ({ url: `/api/v1/invoices/${f.invoiceId}`, headers: { accept: 'text/html' } })],
    },
  },
  'GET /api/v1/payouts/{payout}': {
    notFound: 'payout_not_found',
    url: () => `/api/v1/payouts/${f.payoutId}`,
    errors: {
      404: [
        () => ({ url: `/api/v1/payouts/${UNKNOWN_PAYOUT}` }),
        () => ({ url: `/api/v1/payouts/${f.payoutId}`, as: f.other }),
      ],
    },
  },
  'GET /api/v1/events/{id}': {
    notFound: 'event_not_found',
    url: async () => {
      const feed = (await t.as(f.acme, { method: 'GET', url: '/api/v1/events?limit=1' })).json() as {
        results: Array<{ id: string }>;
      };
      return `/api/v1/events/${feed.results[0]!.id}`;
    },
    errors: {
      404: [
        async () => {
          // Another partner's event is not found, as an unknown one.
          const feed = (await t.as(f.other, { method: 'GET', url: '/api/v1/events?limit=1' })).json() as {
            results: Array<{ id: string }>;
          };
          return { url: `/api/v1/events/${feed.results[0]!.id}` };
        },
        () => ({ url: '/api/v1/events/evt_000000000000000000000000000' }),
        () => ({ url: '/api/v1/events/not-an-event' }),
      ],
    },
  },
  'GET /api/v1/events': {
    url: () => '/api/v1/events?after=0&limit=10&type=user.*,payout.*',
    errors: {
      410: [
        () => {
          // The other partner's early events age out: asking for them answers where the feed starts.
          const start = t.clock.now();
          return {
            url: '/api/v1/events?after=1',
            as: f.other,
            code: 'events_expired',
            before: async () => {
              t.clock.advance(31 * 24 * 60 * 60 * 1000);
              await t.services.events.service.purgeExpired();
            },
            after: () => t.clock.set(start),
          };
        },
      ],
      422: [
        () => ({ url: '/api/v1/events?type=payouts.*' }),
        () => ({ url: '/api/v1/events?limit=501' }),
        () => ({ url: '/api/v1/events?after=-1' }),
      ],
    },
  },
  'GET /api/v1/idempotency-keys/{key}': {
    notFound: 'idempotency_key_not_found',
    url: () => `/api/v1/idempotency-keys/${f.usedKey}`,
    errors: {
      404: [
        () => ({ url: `/api/v1/idempotency-keys/${randomUUID()}` }),
        () => ({ url: '/api/v1/idempotency-keys/not-a-key' }),
      ],
    },
  },
  'GET /api/v1/users/{id}/payouts': {
    url: () => `/api/v1/users/${f.kari.id}/payouts`,
    errors: {
      404: [() => ({ url: `/api/v1/users/${f.othersEmployee}/payouts` })],
      422: [() => ({ url: `/api/v1/users/${f.kari.id}/payouts?to=yesterday` })],
    },
  },
  'POST /api/v1/users/{id}/login-link': {
    url: () => `/api/v1/users/${f.kari.id}/login-link`,
    body: () => ({ send_email: false }),
    errors: {
      404: [() => ({ url: `/api/v1/users/${f.othersEmployee}/login-link`, payload: {} })],
      422: [() => ({ url: `/api/v1/users/${f.kari.id}/login-link`, payload: { send_email: 'yes' } })],
    },
  },
  'POST /api/v1/payouts/{payout}/login-link': {
    notFound: 'payout_not_found',
    url: () => `/api/v1/payouts/${f.payoutId}/login-link`,
    body: () => ({ send_email: false }),
    errors: {
      404: [() => ({ url: `/api/v1/payouts/${UNKNOWN_PAYOUT}/login-link`, payload: {} })],
      422: [() => ({ url: `/api/v1/payouts/${f.payoutId}/login-link`, payload: { send_email: 'yes' } })],
    },
  },
};

/** A new webhook endpoint of the partner (for DELETE, which removes one per request). */
async function newEndpoint(partner: TestPartner): Promise<number> {
  const res = await t.as(partner, {
    method: 'POST',
    url: '/api/v1/webhook-endpoints',
    payload: { url: 'https://partner.example/hooks', event_types: ['payout.*'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const UNKNOWN_ENDPOINT = '/api/v1/webhook-endpoints/999999';
/** The 404s of an endpoint operation: an unknown id, and the other partner's endpoint. */
function endpointNotFound(suffix = '', payload?: unknown): Array<() => Probe> {
  return [
    () => ({ url: `${UNKNOWN_ENDPOINT}${suffix}`, payload }),
    () => ({ url: `/api/v1/webhook-endpoints/${f.othersEndpoint}${suffix}`, payload }),
  ];
}

Object.assign(CASES, {
  'POST /api/v1/webhook-endpoints': {
    url: () => '/api/v1/webhook-endpoints',
    body: requestExample,
    errors: {
      422: [
        () => ({
          url: '/api/v1/webhook-endpoints',
          payload: { url: 'ftp://partner.example/x', event_types: ['payout.*'] },
        }),
        () => ({
          url: '/api/v1/webhook-endpoints',
          payload: { url: 'https://partner.example/x', event_types: ['payouts.*'] },
        }),
      ],
    },
  },
  'GET /api/v1/webhook-endpoints': {
    url: () => '/api/v1/webhook-endpoints?page=1&per_page=10',
    errors: { 422: [() => ({ url: '/api/v1/webhook-endpoints?per_page=1000' })] },
  },
  'GET /api/v1/webhook-endpoints/{id}': {
    notFound: 'webhook_endpoint_not_found',
    url: () => `/api/v1/webhook-endpoints/${f.endpoint}`,
    errors: { 404: [...endpointNotFound(), () => ({ url: '/api/v1/webhook-endpoints/not-an-id' })] },
  },
  'PATCH /api/v1/webhook-endpoints/{id}': {
    notFound: 'webhook_endpoint_not_found',
    url: () => `/api/v1/webhook-endpoints/${f.endpoint}`,
    body: requestExample,
    errors: {
      404: endpointNotFound('', { disabled: true }),
      422: [
        () => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}`, payload: { event_types: ['nope'] } }),
        () => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}`, payload: { url: 'http://partner.example/x' } }),
      ],
    },
  },
  'DELETE /api/v1/webhook-endpoints/{id}': {
    notFound: 'webhook_endpoint_not_found',
    url: async () => `/api/v1/webhook-endpoints/${await newEndpoint(f.acme)}`,
    errors: { 404: endpointNotFound() },
  },
  'POST /api/v1/webhook-endpoints/{id}/rotate-secret': {
    notFound: 'webhook_endpoint_not_found',
    url: () => `/api/v1/webhook-endpoints/${f.endpoint}/rotate-secret`,
    errors: { 404: endpointNotFound('/rotate-secret') },
  },
  'POST /api/v1/webhook-endpoints/{id}/test': {
    notFound: 'webhook_endpoint_not_found',
    url: () => `/api/v1/webhook-endpoints/${f.endpoint}/test`,
    errors: { 404: endpointNotFound('/test') },
  },
  'GET /api/v1/webhook-endpoints/{id}/deliveries': {
    notFound: 'webhook_endpoint_not_found',
    url: () => `/api/v1/webhook-endpoints/${f.endpoint}/deliveries?page=1&per_page=10`,
    errors: {
      404: endpointNotFound('/deliveries'),
      422: [() => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}/deliveries?page=0` })],
    },
  },
  'POST /api/v1/webhook-endpoints/{id}/replay': {
    notFound: 'webhook_endpoint_not_found',
    url: () => `/api/v1/webhook-endpoints/${f.endpoint}/replay`,
    // From the oldest event kept (the 410 probes of other operations age acme's early events out too).
    body: () => ({ after: 0 }),
    errors: {
      404: endpointNotFound('/replay', { after: 0 }),
      410: [
        () => {
          // The other partner's early events age out: a replay from before them answers where the feed starts.
          const start = t.clock.now();
          return {
            url: `/api/v1/webhook-endpoints/${f.othersEndpoint}/replay`,
            payload: { after: 1 },
            as: f.other,
            code: 'events_expired',
            before: async () => {
              t.clock.advance(31 * 24 * 60 * 60 * 1000);
              await t.services.events.service.purgeExpired();
            },
            after: () => t.clock.set(start),
          };
        },
      ],
      422: [() => ({ url: `/api/v1/webhook-endpoints/${f.endpoint}/replay`, payload: { after: -1 } })],
    },
  },
} satisfies Record<string, OperationCase>);

function send(operation: Operation, probe: Probe): Promise<LightMyRequestResponse> {
  const app = probe.app ?? t;
  const credentials = probe.as === null ? {} : (probe.as ?? f.acme).headers;
  return app.app.inject({
    method: operation.method as 'GET',
    url: probe.url,
    headers: { ...credentials, ...probe.headers },
    ...(probe.payload === undefined ? {} : { payload: probe.payload as string }),
  });
}

/** The requests that must answer `status` for the operation: the statuses every route shares are probed the same way everywhere. */
async function probesFor(operation: Operation, operationCase: OperationCase, status: number): Promise<Probe[]> {
  const url = await operationCase.url();
  const body = operationCase.body ? await operationCase.body(operation) : undefined;
  const request: Probe = body === undefined ? { url } : { url, payload: body };
  const takesBody = operation.object.requestBody !== undefined;
  const readsBody = BODY_METHODS.has(operation.method);
  const hasPathId = operation.path.includes('{');
  switch (status) {
    case 200:
    case 201:
    case 202:
      return [request];
    case 400:
      return [
        { ...request, headers: { 'idempotency-key': 'not-a-uuid' }, code: 'idempotency_key_invalid' },
        { ...request, headers: { 'idempotency-key': f.usedKey }, code: 'idempotency_key_used' },
        // Not an object (null too): only where the operation takes a body. Not JSON: wherever one is read.
        ...(takesBody
          ? [
              { url, payload: '[1, 2]', headers: JSON_HEADERS, code: 'malformed_body' as const },
              { url, payload: 'null', headers: JSON_HEADERS, code: 'malformed_body' as const },
            ]
          : []),
        ...(readsBody
          ? [{ url, payload: '{"approved": ', headers: JSON_HEADERS, code: 'malformed_body' as const }]
          : []),
        ...(hasPathId ? [{ ...request, url: withPathId(operation, url, '%E0%A4%A'), code: 'bad_url' as const }] : []),
      ];
    case 401:
      return [
        { ...request, as: null, code: 'unauthenticated' },
        {
          ...request,
          as: null,
          headers: { authorization: `Bearer ${f.acme.token}`, 'api-key': randomUUID() },
          code: 'unauthenticated',
        },
      ];
    case 413:
      return [{ url, payload: BIG_BODY, headers: JSON_HEADERS, code: 'payload_too_large' }];
    case 414:
      return [{ ...request, url: withPathId(operation, url, '7'.repeat(101)), code: 'uri_too_long' }];
    case 415:
      return [
        { url, payload: 'approved=true', headers: { 'content-type': 'text/plain' }, code: 'unsupported_media_type' },
      ];
    case 429: {
      // Any request counts against the token's budget (one a minute here): the next one is refused.
      const partner = await limited.partner();
      return [
        {
          ...request,
          app: limited,
          as: partner,
          code: 'rate_limited',
          before: async () =>
            expect((await limited.as(partner, { method: 'GET', url: '/api/v1/terms' })).statusCode).toBe(200),
        },
      ];
    }
    case 503:
      return [{ ...request, app: drained, as: drainedPartner, code: 'service_unavailable' }];
    case 500: {
      // The credential store fails (its table is gone) for a partner the service has never seen.
      const partner = await t.partner('Unlucky');
      const move = (from: string, to: string) => t.db.db.schema.alterTable(from).renameTo(to).execute();
      return [
        {
          ...request,
          as: partner,
          code: 'internal',
          before: () => move('access_tokens', 'access_tokens_away'),
          after: () => move('access_tokens_away', 'access_tokens'),
        },
      ];
    }
    default: {
      const probes: Array<() => Promise<Probe> | Probe> = [...(operationCase.errors?.[status] ?? [])];
      // Every operation refuses a query parameter it does not take.
      if (status === 422) probes.push(() => ({ ...request, url: withQuery(url, 'colour=red') }));
      // An over-long or malformed path id names nothing, as an unknown one: 404 on every route.
      if (status === 404 && hasPathId)
        for (const id of ['9'.repeat(100), 'not-an-id', '1.0', '0x10'])
          probes.push(() => ({ ...request, url: withPathId(operation, url, id) }));
      if (probes.length === 0)
        throw new Error(`${operation.key} documents ${status}, but its contract case has no request for it`);
      const code = status === 404 ? (operationCase.notFound ?? CODE_OF_STATUS[404]) : CODE_OF_STATUS[status];
      return Promise.all(probes.map(async (probe) => ({ code, ...(await probe()) })));
    }
  }
}

beforeAll(async () => {
  // Every documented status of every operation is probed: more requests than one token's minute.
  t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  contract = new Contract(res.json() as Json);
  contract.observe(t.app);
  limited = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
  contract.observe(limited.app);
  drained = await buildTestApp();
  drainedPartner = await drained.partner('Drained');
  // Not listening: the drain starts at once, and every request from now on answers 503.
  await drained.app.drain.start({ idleGraceMs: 0, timeoutMs: 1000 });
  contract.observe(drained.app);

  const acme = await t.partner('Acme');
  const other = await t.partner('Other');
  const example = (key: string) => requestExample(contract.operation(key));
  const post = async (
    partner: TestPartner,
    url: string,
    payload: unknown,
    status = 200,
    headers: Record<string, string> = {},
  ) => {
    const reply = await t.as(partner, { method: 'POST', url, payload: payload as Json, headers });
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json() as Json;
  };

  // Kari is onboarded with the documented examples, sent as they are.
  const returnUrl = await post(
    acme,
    '/api/v1/verification-return-urls',
    example('POST /api/v1/verification-return-urls'),
    201,
  );
  await t.services.verification.returnUrls.decide(Number(returnUrl.id), 'approved');
  const kari = expectUserPayload(await post(acme, '/api/v1/users', example('POST /api/v1/users')));
  const profile = await t.as(acme, {
    method: 'PUT',
    url: `/api/v1/users/${kari.id}/profile`,
    payload: example('PUT /api/v1/users/{id}/profile'),
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const usedKey = randomUUID();
  await post(acme, `/api/v1/users/${kari.id}/terms`, example('POST /api/v1/users/{id}/terms'), 200, {
    'idempotency-key': usedKey,
  });
  await verifyIdentity(t, acme, kari.id);

  const othersEmployee = await onboardedEmployee(t, other, { skip: ['verification'] });
  await ensureApprovedReturnUrl(t, other);
  const othersSession = (
    await startFlow(t, other, othersEmployee.id, { provider: 'provider_eid', partner_return_url: RETURN_URL })
  ).verification_id;

  f = {
    acme,
    other,
    kari: { id: kari.id, userId: Number(kari.id) },
    othersEmployee: othersEmployee.id,
    acmeSession: '',
    othersSession,
    payoutId: 0,
    invoiceId: 0,
    usedKey,
    endpoint: 0,
    othersEndpoint: 0,
  };
  f.endpoint = await newEndpoint(acme);
  f.othersEndpoint = await newEndpoint(other);
  await ensureApprovedReturnUrl(t, acme);
  f.acmeSession = await pendingSession();
  const created = await post(acme, '/api/v1/payouts', payoutsExample(contract.operation('POST /api/v1/payouts')), 201);
  f.payoutId = (created.payout_ids as number[])[0] as number;
  f.invoiceId = created.invoice_id as number;
});

afterAll(async () => {
  await drained?.close();
  await limited?.close();
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('has exactly the operations the contract cases cover (a new route needs a case here)', () => {
    expect(contract.operations.map((o) => o.key).sort()).toEqual(Object.keys(CASES).sort());
  });

  it('describes every operation: summary, description, a description for every response, an example for every body', () => {
    const problems = new Map<string, string[]>();
    for (const operation of contract.operations) {
      const found: string[] = [];
      if (!operation.object.summary) found.push('no summary');
      if (!operation.object.description) found.push('no description');
      for (const [status, response] of operation.responses) {
        if (!response.description || response.description === 'Default Response')
          found.push(`${status}: no description`);
      }
      problems.set(operation.key, found);
    }
    for (const entry of contract.mediaTypes()) {
      const key = entry.where.replace(/ (request body|\d{3}) application\/json$/, '');
      if (entry.examples.length === 0) problems.get(key)?.push(`${entry.where}: no example`);
    }
    for (const [key, found] of problems) {
      if (DESCRIBED_ELSEWHERE.has(key))
        expect(found.length, `${key} is fully described now: take it out of DESCRIBED_ELSEWHERE`).toBeGreaterThan(0);
      else expect(found, key).toEqual([]);
    }
  });

  it('every example matches its schema', () => {
    for (const entry of contract.mediaTypes()) {
      const validate = contract.compile(entry.schema, entry.where);
      for (const example of entry.examples)
        expect(validate(example), `${entry.where}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('publishes only standard JSON Schema keywords (no errorMessage) and names its shared schemas', () => {
    const text = JSON.stringify(contract.document);
    expect(text).not.toContain('"errorMessage"');
    expect(text).not.toContain('"nullable"');
    expect(text).not.toMatch(/#\/components\/schemas\/def-\d+/);
    expect(Object.keys((contract.document.components as Json).schemas as Json).sort()).toEqual([
      'Event',
      'Invoice',
      'Onboarding',
      'Payout',
      'TermsMetadata',
      'User',
    ]);
  });

  it('documents the statuses every route shares, with their headers', () => {
    for (const operation of contract.operations) {
      const statuses = [...operation.responses.keys()];
      const shared = [
        '400',
        '401',
        '422',
        '429',
        '500',
        '503',
        ...(operation.path.includes('{') ? ['414'] : []),
        ...(BODY_METHODS.has(operation.method) ? ['413', '415'] : []),
      ];
      expect(statuses, operation.key).toEqual(expect.arrayContaining(shared));
      for (const [status, response] of operation.responses) {
        const headers = Object.keys(response.headers).sort();
        const expected = [
          'X-Request-Id',
          ...(['414', '500', '503'].includes(status)
            ? []
            : ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
          ...(status === '429' || status === '503' ? ['Retry-After'] : []),
        ];
        expect(headers, `${operation.key} ${status}`).toEqual(expected.sort());
      }
      const parameters = (operation.object.parameters ?? []) as Json[];
      expect(
        parameters.some((p) => p.name === 'Idempotency-key' && p.in === 'header' && p.required === false),
        operation.key,
      ).toBe(true);
    }
  });

  it('documents on every operation each error the guard and the error handler can answer there, with its example', () => {
    for (const operation of contract.operations) {
      const errors = sharedErrors(operation);
      const responses = operation.object.responses as Record<string, Json>;
      for (const error of errors) {
        const where = `${operation.key} ${error.status} (${error.code})`;
        const content = (responses[String(error.status)]?.content as Record<string, Json> | undefined)?.[
          'application/json'
        ];
        expect(content, where).toBeDefined();
        const examples = Object.values(content!.examples as Record<string, { value: Json }>).map((e) => e.value);
        if (OWN_TEXT.has(error.code))
          expect(
            examples.map((e) => Object.keys(e).sort()),
            where,
          ).toContainEqual(Object.keys(error.body()).sort());
        else expect(examples, where).toContainEqual(error.body());
      }
    }
  });

  it('lists the sandbox test helper only in sandbox', async () => {
    expect(contract.operations.map((o) => o.path)).toContain(
      '/api/v1/test-helpers/verification/{verificationSession}/complete',
    );
    // A real address and description: no placeholder a client would have to fill in.
    expect(contract.document.servers).toEqual([
      { url: 'http://onpay.test', description: expect.stringMatching(/^Sandbox: test credentials .*no money moves$/) },
    ]);
    for (const server of contract.document.servers as Json[])
      expect(`${server.url as string} ${server.description as string}`).not.toMatch(/[{}]/);
    const live = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_BASE_URL: 'https://onpay.test',
      },
    });
    try {
      const res = await live.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      expect(res.statusCode).toBe(200);
      const document = res.json() as { paths: Json; tags: { name: string }[] };
      expect(Object.keys(document.paths).filter((p) => p.includes('test-helpers'))).toEqual([]);
      expect(document.tags.map((tag) => tag.name)).not.toContain('Sandbox test helpers');
      // The server is this instance, as PUBLIC_BASE_URL names it, described for what it is.
      expect((document as unknown as { servers: unknown }).servers).toEqual([
        { url: 'https://onpay.test', description: expect.stringMatching(/^Live: live credentials/) },
      ]);
      // Everything else is the same document.
      expect(Object.keys(document.paths).sort()).toEqual(
        Object.keys(contract.document.paths as Json)
          .filter((p) => !p.includes('test-helpers'))
          .sort(),
      );
    } finally {
      await live.close();
    }
  });

  it('is what the committed client/schema.d.ts and openapi.json were generated from (npm run client:generate)', async () => {
    const { document, types } = await generatedClientTypes();
    expect(
      fs.readFileSync(new URL('../../client/schema.d.ts', import.meta.url), 'utf8'),
      'client/schema.d.ts is stale: run npm run client:generate',
    ).toBe(types);
    expect(
      fs.readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'),
      'openapi.json is stale: run npm run client:generate',
    ).toBe(document);
    // The app's own document (another PUBLIC_BASE_URL aside) gives the same client.
    const served = { ...contract.document, servers: (JSON.parse(document) as Json).servers };
    expect(documentText(served)).toBe(document);
    expect(await clientTypes(served)).toBe(types);
  });
});

describe('every operation answers as documented', () => {
  for (const [key, operationCase] of Object.entries(CASES)) {
    it(key, async () => {
      const operation = contract.operation(key);
      // The documented statuses, those the case knows the route answers, and those the guard and the
      // error handler can answer there: each must be both documented and answered.
      const statuses = new Set([...operation.responses.keys()].map(Number));
      for (const status of Object.keys(operationCase.errors ?? {})) statuses.add(Number(status));
      for (const error of sharedErrors(operation)) statuses.add(error.status);
      for (const status of [...statuses].sort((a, b) => a - b)) {
        for (const probe of await probesFor(operation, operationCase, status)) {
          await probe.before?.();
          let res: LightMyRequestResponse;
          try {
            res = await send(operation, probe);
          } finally {
            await probe.after?.();
          }
          expect(res.statusCode, `${key} ${probe.url}: ${res.body.slice(0, 300)}`).toBe(status);
          // Optional in the document (a router's answer is never counted), sent on every counted answer.
          if (status < 300 || probe.code === 'validation_failed' || probe.code === 'unauthenticated')
            expect(res.headers['ratelimit-limit'], `${key} ${status}: RateLimit-Limit`).toBeDefined();
          if (status >= 400) {
            expect(probe.code, `${key} ${status}: the probe names no error`).toBeDefined();
            const expected = new AppError(
              probe.code as ErrorCode,
              undefined,
              undefined,
              DETAILS[probe.code as ErrorCode],
            ).body();
            const body = res.json() as Json;
            if (OWN_TEXT.has(probe.code as ErrorCode))
              expect(Object.keys(body).sort(), `${key} ${status}: ${res.body}`).toEqual(Object.keys(expected).sort());
            else expect(body, `${key} ${status}`).toEqual(expected);
          }
        }
      }
    });
  }

  it('exercised every operation with a 2xx and with each documented status', () => {
    for (const operation of contract.operations) {
      const seen = contract.exercised(operation.key);
      expect(
        seen.some((s) => s >= 200 && s < 300),
        `${operation.key} never answered 2xx`,
      ).toBe(true);
      expect(seen.map(String), operation.key).toEqual([...operation.responses.keys()].sort());
    }
  });
});
