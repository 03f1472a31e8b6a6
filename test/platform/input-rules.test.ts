/**
 * The input rules of every JSON request body, driven by the OpenAPI document: every operation
 * that takes a body, and every object and text field its schema declares, is tried. A new
 * operation needs a fixture here (the test fails without one); a new field is tried by itself.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestPartner } from '../helpers/app.js';
import { snapshot } from '../helpers/db-snapshot.js';
import {
  ensureApprovedReturnUrl,
  onboardedEmployee,
  RETURN_URL,
  uniqueNorwegianId,
  type Employee,
} from '../helpers/employees.js';
import { expectUserPayload } from '../helpers/payload.js';
import { createPayouts, batch, item } from '../helpers/payouts.js';
import { createUser, email, PROFILE } from '../helpers/users.js';
import { startFlow } from '../verification/helpers.js';

type Json = Record<string, unknown>;
type Path = (string | number)[];

const t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
const documentResponse = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
const document = documentResponse.json() as { paths: Record<string, Record<string, Json>> };

/** Every operation of the document that takes a JSON body, with that body's schema. */
const WRITES: { key: string; method: string; schema: Json }[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) => {
    const schema = ((operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.[
      'application/json'
    ]?.schema;
    return schema
      ? [{ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), schema: schema as Json }]
      : [];
  }),
);

let acme: TestPartner;
let kari: Employee;
let payoutId: number;

beforeAll(async () => {
  acme = await t.partner('Acme');
  kari = await onboardedEmployee(t, acme);
  await ensureApprovedReturnUrl(t, acme);
  payoutId = (await createPayouts(t, acme, batch([item(kari)]))).payout_ids[0] as number;
});
afterAll(() => t.close());

async function freshUser(): Promise<string> {
  return (await createUser(t, acme)).id;
}

interface Fixture {
  /** Where `body` succeeds; fresh state where a first success would block a second. */
  url(): Promise<string> | string;
  body(): Json;
}

/** A valid request per operation. Text-rich on purpose: each text field is spoiled in turn. */
const FIXTURES: Record<string, Fixture> = {
  'POST /api/v1/users': {
    url: () => '/api/v1/users',
    body: () => ({ email: email('rules'), ...PROFILE, note: 'Evening shifts', bank_account_number: '12345678903' }),
  },
  ...Object.fromEntries(
    (['PUT', 'PATCH'] as const).flatMap((method) => [
      [
        `${method} /api/v1/users/{id}`,
        {
          url: () => `/api/v1/users/${kari.id}`,
          body: () => ({
            first_name: 'Kari',
            city: 'Bergen',
            note: 'Line one\nline two',
            bank_iban_number: 'NO9386011117947',
            bank_bic_number: 'DNBANOKKXXX',
          }),
        },
      ],
      [
        `${method} /api/v1/users/{id}/profile`,
        { url: () => `/api/v1/users/${kari.id}/profile`, body: () => ({ ...PROFILE, phone: kari.phone }) },
      ],
    ]),
  ),
  'PUT /api/v1/users/{id}/identity': {
    url: async () => `/api/v1/users/${await freshUser()}/identity`,
    body: () => ({
      identification: uniqueNorwegianId(),
      country_code: 'NO',
      birthday: '1990-05-17',
      document_id: 'FH1234567',
    }),
  },
  'POST /api/v1/users/lookup': { url: () => '/api/v1/users/lookup', body: () => ({ phone: kari.phone }) },
  'POST /api/v1/users/{id}/terms': { url: () => `/api/v1/users/${kari.id}/terms`, body: () => ({ approved: true }) },
  'POST /api/v1/verification-return-urls': {
    url: () => '/api/v1/verification-return-urls',
    body: () => ({ partner_return_url: 'https://partner.example.com/rules' }),
  },
  'POST /api/v1/users/{id}/verification/flows': {
    url: async () => `/api/v1/users/${await freshUser()}/verification/flows`,
    body: () => ({ provider: 'provider_doc', partner_return_url: RETURN_URL, id_type: 'local' }),
  },
  'POST /api/v1/test-helpers/verification/{verificationSession}/complete': {
    url: async () =>
      `/api/v1/test-helpers/verification/${(await startFlow(t, acme, await freshUser(), { provider: 'provider_eid', partner_return_url: RETURN_URL })).verification_id}/complete`,
    body: () => ({
      status: 'approved',
      identity: { identification: 'P1234567', country_code: 'DE', birthday: '1990-01-01', name: 'Test Person' },
    }),
  },
  'POST /api/v1/payouts': {
    url: () => '/api/v1/payouts',
    body: () => batch([item(kari, { description: 'Week 11' })]) as Json,
  },
  'POST /api/v1/users/{id}/login-link': {
    url: () => `/api/v1/users/${kari.id}/login-link`,
    body: () => ({ send_email: false }),
  },
  'POST /api/v1/payouts/{payout}/login-link': {
    url: () => `/api/v1/payouts/${payoutId}/login-link`,
    body: () => ({ send_email: false }),
  },
  'POST /api/v1/webhook-endpoints': { url: () => '/api/v1/webhook-endpoints', body: () => WEBHOOK_ENDPOINT },
  'PATCH /api/v1/webhook-endpoints/{id}': {
    url: async () => `/api/v1/webhook-endpoints/${await freshWebhookEndpoint()}`,
    body: () => ({
      url: 'http://127.0.0.1:9/hooks/payroll',
      event_types: ['user.*'],
      description: 'Payroll sync, second system',
      disabled: false,
    }),
  },
  'POST /api/v1/webhook-endpoints/{id}/replay': {
    url: async () => `/api/v1/webhook-endpoints/${await freshWebhookEndpoint()}/replay`,
    body: () => ({ after: 0 }),
  },
};

/** A sandbox endpoint on a closed loopback port: nothing here runs the delivery worker. */
const WEBHOOK_ENDPOINT = {
  url: 'http://127.0.0.1:9/hooks/onpay',
  event_types: ['payout.*', 'user.onboarding.updated'],
  description: 'Payroll sync',
};

async function freshWebhookEndpoint(): Promise<string> {
  const res = await t.as(acme, { method: 'POST', url: '/api/v1/webhook-endpoints', payload: WEBHOOK_ENDPOINT });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** The schema's alternatives at one place (nullable and union branches). */
function branches(schema: Json): Json[] {
  const nested = (['anyOf', 'oneOf', 'allOf'] as const).flatMap((k) =>
    ((schema[k] as Json[] | undefined) ?? []).flatMap(branches),
  );
  return [schema, ...nested];
}

/** Every place of the schema that holds an object with named fields, and every place that may hold text. */
function placesOf(
  schema: Json,
  path: Path = [],
  out = { objects: [] as { path: Path; first: string }[], texts: [] as Path[] },
) {
  const all = branches(schema);
  if (all.some((s) => s.type === 'string')) out.texts.push(path);
  const properties = all.flatMap((s) => Object.entries((s.properties as Record<string, Json> | undefined) ?? {}));
  if (properties.length > 0) out.objects.push({ path, first: (properties[0] as [string, Json])[0] });
  const seen = new Set<string>();
  for (const [name, child] of properties) {
    if (seen.has(name)) continue;
    seen.add(name);
    placesOf(child, [...path, name], out);
  }
  for (const items of all.map((s) => s.items).filter((i): i is Json => typeof i === 'object' && i !== null))
    placesOf(items, [...path, 0], out);
  return out;
}

/** A copy of `body` with `value` at `path` (objects and arrays on the way made as needed). */
function withValue(body: Json, path: Path, value: unknown): Json {
  const copy = structuredClone(body);
  let at: Record<string | number, unknown> = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      at[key] = value;
      return;
    }
    at[key] ??= typeof path[i + 1] === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  });
  return copy;
}

function field(path: Path): string {
  return path.join('.');
}

/** One of each kind of forbidden character: C0, DEL, C1, an override, an isolate, lone surrogates. */
const FORBIDDEN = ['\u0007', '\u007F', '\u0085', '\u202E', '\u2067', '\uD800', '\uDFFF', '\u0000'];

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
}

async function send(method: string, url: string, payload: Json): Promise<LightMyRequestResponse> {
  return t.as(acme, { method: method as InjectOptions['method'], url, payload });
}

function expectRefused(res: LightMyRequestResponse): Record<string, string[]> {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
  expect(Object.values(body.errors).flat()).toContain(body.message);
  return body.errors;
}

describe('every write operation of the document has a fixture here', () => {
  it('the document has write operations, and each has a fixture (a new operation must bring one)', () => {
    expect(WRITES.length).toBeGreaterThanOrEqual(14);
    expect(WRITES.map((w) => w.key).filter((key) => !FIXTURES[key])).toEqual([]);
  });
});

describe.each(WRITES)('$key', ({ key, method, schema }) => {
  const fixture = (): Fixture => {
    const found = FIXTURES[key];
    if (!found) throw new Error(`${key} takes a body but has no fixture in test/platform/input-rules.test.ts`);
    return found;
  };
  const places = placesOf(schema);

  it('refuses a misspelled field at every object of the body, naming its path and the known name; stores nothing', async () => {
    const { url, body } = fixture();
    const at = await url();
    const valid = body();
    const before = await snapshot(t);
    for (const { path, first } of places.objects) {
      const typo = `${first}${first.slice(-1)}`;
      const spoiled = withValue(valid, [...path, typo], 'x');
      const errors = expectRefused(await send(method, at, spoiled));
      const name = field([...path, typo]);
      expect(errors).toEqual({ [name]: [`${name} is not a known field; did you mean ${first}?`] });
    }
    // A name near nothing known is named without a guess; several unknown fields are all named.
    const errors = expectRefused(await send(method, at, { ...valid, zz_not_a_field: 1, another_unknown_thing: null }));
    expect(errors).toEqual({
      zz_not_a_field: ['zz_not_a_field is not a known field.'],
      another_unknown_thing: ['another_unknown_thing is not a known field.'],
    });
    expect(await snapshot(t)).toEqual(before);

    // The same request without the unknown fields succeeds: the refusals were the rule's.
    const res = await send(method, at, valid);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('refuses control characters, bidirectional controls and lone surrogates in every text field, naming it; stores nothing', async () => {
    const { url, body } = fixture();
    const at = await url();
    const valid = body();
    const before = await snapshot(t);
    // Every text field, each with a forbidden character in turn (the first field with all of them).
    const tries = places.texts.flatMap((path, i) =>
      (i === 0 ? FORBIDDEN : [FORBIDDEN[i % FORBIDDEN.length] as string]).map((char) => ({ path, char })),
    );
    for (const { path, char } of tries) {
      const original = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], valid);
      const text = typeof original === 'string' && original.length > 1 ? original : 'ab';
      const spoiled = withValue(valid, path, `${text.slice(0, 1)}${char}${text.slice(1)}`);
      const errors = expectRefused(await send(method, at, spoiled));
      const name = field(path);
      expect(errors[name], `${key} ${name} with ${codePoint(char)}`).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^${name.replace(/\./g, '\\.')} must .*\\(found ${codePoint(char).replace('+', '\\+')}\\)\\.$`),
          ),
        ]),
      );
    }
    expect(await snapshot(t)).toEqual(before);
    const res = await send(method, at, valid);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});

describe('what the rules allow and how they answer', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createUser(t, acme)).id;
  });

  const patch = (payload: Json) => t.as(acme, { method: 'PATCH', url: `/api/v1/users/${id}`, payload });
  const read = async () => expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${id}` })).json());

  it('a misspelled optional field is refused, not dropped: the bank account it meant is not silently skipped', async () => {
    const errors = expectRefused(await patch({ bank_acount_number: '12345678903' }));
    expect(errors).toEqual({
      bank_acount_number: ['bank_acount_number is not a known field; did you mean bank_account_number?'],
    });
    expect((await read()).bank_account_number).toBeNull();
  });

  it('names the nearest field across letter case and separators (firstName → first_name)', async () => {
    const errors = expectRefused(await patch({ firstName: 'Kari', Bank_IBAN_Number: 'NO9386011117947' }));
    expect(errors).toEqual({
      firstName: ['firstName is not a known field; did you mean first_name?'],
      Bank_IBAN_Number: ['Bank_IBAN_Number is not a known field; did you mean bank_iban_number?'],
    });
  });

  it('an unknown name is shown back escaped and shortened, never with its control characters', async () => {
    const name = `evil\u202Ename\u0000${'x'.repeat(100)}`;
    const res = await patch({ [name]: 1 });
    const errors = expectRefused(res);
    const shown = `evil\\u{202E}name\\u{0}${'x'.repeat(43)}…`; // 64 characters, then …
    expect(errors).toEqual({ [shown]: [`${shown} is not a known field.`] });
    expect(res.body).not.toMatch(/\u202E|\\u0000|\\u202e/);
  });

  it('note keeps tabs and line breaks (\\n, \\r\\n); a lone \\r or any other control character is refused', async () => {
    const note = 'Line one\r\nLine two\n\tindented';
    expect((await patch({ note })).statusCode).toBe(200);
    expect((await read()).note).toBe(note);
    expect(expectRefused(await patch({ note: 'old\rstyle' }))).toEqual({
      note: ['note must not contain control characters other than tabs and line breaks (found U+000D).'],
    });
    expect(expectRefused(await patch({ note: 'bell\u0007' }))).toEqual({
      note: ['note must not contain control characters other than tabs and line breaks (found U+0007).'],
    });
    // Other text fields are single-line.
    expect(expectRefused(await patch({ note: 'ok', city: 'Oslo\nBergen' }))).toEqual({
      city: ['city must not contain control characters (found U+000A).'],
    });
    expect((await read()).note).toBe(note);
  });

  it('allows the bidirectional marks (U+200E, U+200F, U+061C), right-to-left letters and characters beyond the BMP', async () => {
    const note = 'שלום\u200F 42 \u200Eمرحبا\u061C 😀 Ærlig øl på å';
    expect((await patch({ note })).statusCode).toBe(200);
    expect((await read()).note).toBe(note);
  });

  it('a deeply nested value is an ordinary 422, not a server error', async () => {
    const depth = 200_000;
    const payload = `{"note": ${'['.repeat(depth)}"\\u0007"${']'.repeat(depth)}}`;
    const res = await t.as(acme, {
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors.note).toEqual(['note must be a string.']);
  });

  it('international bank fields (IBAN with BIC) pass validation unchanged', async () => {
    const res = await patch({ bank_iban_number: 'NO93 8601 1117 947', bank_bic_number: 'dnbanokkxxx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(expectUserPayload(res.json())).toMatchObject({
      bank_iban_number: 'NO9386011117947',
      bank_bic_number: 'DNBANOKKXXX',
      bank_account_number: null,
    });
  });

  it('the OpenAPI document closes every request body: no field beyond those it names', () => {
    for (const { key, schema } of WRITES) {
      const unclosed: string[] = [];
      const visit = (node: Json, path: string) => {
        const all = branches(node);
        // A branch whose properties are all `true` only says which named field is present (exactly one of…); it names none of its own.
        const objects = all.filter(
          (s) => s.properties !== undefined && !Object.values(s.properties as Json).every((p) => p === true),
        );
        if (
          objects.length > 0 &&
          !objects.every((s) => s.additionalProperties === false) &&
          node.unevaluatedProperties !== false
        )
          unclosed.push(path || '(body)');
        for (const s of objects)
          for (const [name, child] of Object.entries(s.properties as Record<string, Json>))
            visit(child, `${path}.${name}`);
        for (const s of all) if (typeof s.items === 'object' && s.items !== null) visit(s.items as Json, `${path}.0`);
      };
      visit(schema, '');
      expect(unclosed, key).toEqual([]);
    }
  });
});
