import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, TestPartner } from './app.js';
import { expectUserPayload, type UserBody } from './payload.js';

/** A full profile: every field PUT /users/{id}/profile requires. */
export const PROFILE = {
  first_name: 'Ola',
  last_name: 'Nordmann',
  address: 'Storgata 1',
  postal_code: '0155',
  city: 'Oslo',
  dial_code: '+47',
  phone: '41234567',
  main_work: 'true',
} as const;

/** A valid Norwegian account number (MOD11 check digit 3). */
export const NO_ACCOUNT = '12345678903';
/** Valid international pairs (the registries' own examples). */
export const NO_IBAN = 'NO9386011117947';
export const DE_IBAN = 'DE89370400440532013000';
export const DNB_BIC = 'DNBANOKKXXX';
export const DEUTSCHE_BIC = 'DEUTDEFF';

let counter = 0;

/** A fresh e-mail address, unique within the test process. */
export function email(prefix = 'employee'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.com`;
}

const NO_W1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
const NO_W2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

function mod11Check(digits: string, weights: number[]): number | null {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : check;
}

/**
 * A valid Norwegian fødselsnummer for a birth date DDMMYY: the individual number counts up from
 * `individual` until both MOD11 check digits exist (a remainder giving 10 has no valid number).
 * Add 40 to the day for a d-number.
 */
export function norwegianId(ddmmyy: string, individual = 123): string {
  for (let n = individual; n < 1000; n++) {
    const base = `${ddmmyy}${String(n).padStart(3, '0')}`;
    const k1 = mod11Check(base, NO_W1);
    if (k1 === null) continue;
    const k2 = mod11Check(`${base}${k1}`, NO_W2);
    if (k2 === null) continue;
    return `${base}${k1}${k2}`;
  }
  throw new Error(`no valid fødselsnummer for ${ddmmyy}`);
}

/** The same number with its last check digit changed, so it fails MOD11. */
export function withWrongCheckDigit(id: string): string {
  const last = Number(id[id.length - 1]);
  return `${id.slice(0, -1)}${(last + 1) % 10}`;
}

/** A valid Swedish personnummer YYMMDDNNNC (Luhn over the 9 digits before C). */
export function swedishId(yymmdd: string, serial = '987'): string {
  const nine = `${yymmdd}${serial}`;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `${nine}${(10 - (sum % 10)) % 10}`;
}

/** POST /users as the partner; asserts 200 and a User payload. */
export async function createUser(
  t: TestApp,
  partner: TestPartner,
  body: Record<string, unknown> = {},
): Promise<UserBody> {
  const res = await t.as(partner, { method: 'POST', url: '/api/v1/users', payload: { email: email(), ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return expectUserPayload(res.json());
}

/** PUT /users/{id}/profile with the full PROFILE (plus overrides); asserts 200. */
export async function putProfile(
  t: TestApp,
  partner: TestPartner,
  id: string,
  overrides: Record<string, unknown> = {},
): Promise<UserBody> {
  const res = await t.as(partner, {
    method: 'PUT',
    url: `/api/v1/users/${id}/profile`,
    payload: { ...PROFILE, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(200);
  return expectUserPayload(res.json());
}

/** Asserts a 422 in the spec's shape that names each of `fields` (and returns the errors object). */
export function expect422(res: LightMyRequestResponse, ...fields: string[]): Record<string, string[]> {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { message: unknown; errors: Record<string, string[]> };
  expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
  expect(body.message).toBeTypeOf('string');
  for (const field of fields) {
    expect(body.errors, `errors should name ${field}: ${res.body}`).toHaveProperty([field]);
    expect(body.errors[field]?.length).toBeGreaterThan(0);
  }
  return body.errors;
}

/** Asserts the 404 of an unknown (or not linked) employee: `{error}` only. */
export function expect404(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(404);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toBeTypeOf('string');
}
