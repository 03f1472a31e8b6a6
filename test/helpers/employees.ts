import { expect } from 'vitest';
import type { TestApp, TestPartner } from './app.js';
import { expectUserPayload } from './payload.js';
import { createUser, NO_ACCOUNT, norwegianId, putProfile } from './users.js';
import { readLink, writeLink } from './sealed.js';

/** The return URL every test partner registers (and has approved) before starting verification flows. */
export const RETURN_URL = 'https://partner.example.com/onboarding/done';

export interface Employee {
  /** The id as the API returns it (a string). */
  id: string;
  /** The same id as a number, as `user_id` in payout items. */
  userId: number;
  email: string;
  phone: string;
  /**
   * The stored national identity number (what `ssn` in payout items matches). Without the
   * `identification` option it is the sandbox provider's test identity (distinct per user id).
   */
  identification: string;
}

export interface EmployeeOptions {
  /** Profile phone; unique by default so phone lookups are unambiguous. */
  phone?: string;
  /** A national identity number stored (PUT /users/{id}/identity, country NO) after verification. */
  identification?: string;
  /** Stop short of a step, to get an employee who is not onboarded. */
  skip?: ('terms' | 'profile' | 'bank' | 'verification')[];
}

let phoneCounter = 0;
const identities = new Set<string>();

/** A valid Norwegian fødselsnummer not handed out before in this test process. */
export function uniqueNorwegianId(): string {
  for (let n = identities.size; ; n++) {
    const day = String((n % 28) + 1).padStart(2, '0');
    const id = norwegianId(`${day}0590`, 100 + Math.floor(n / 28) * 3);
    if (!identities.has(id)) {
      identities.add(id);
      return id;
    }
  }
}

/** An 8-digit phone number unique within the test process. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `9${String((process.pid % 1000) * 10_000 + phoneCounter).padStart(7, '0')}`;
}

const approvedReturnUrl = new WeakMap<TestApp, Set<number>>();

/** Registers RETURN_URL for the partner and approves it as the operator would (once per partner). */
export async function ensureApprovedReturnUrl(t: TestApp, partner: TestPartner): Promise<void> {
  const done = approvedReturnUrl.get(t) ?? new Set<number>();
  approvedReturnUrl.set(t, done);
  if (done.has(partner.partnerId)) return;
  const res = await t.as(partner, {
    method: 'POST',
    url: '/api/v1/verification-return-urls',
    payload: { partner_return_url: RETURN_URL },
  });
  expect(res.statusCode, res.body).toBe(201);
  const request = res.json() as { id: string; status: string };
  if (request.status !== 'approved') await t.services.verification.returnUrls.decide(Number(request.id), 'approved');
  done.add(partner.partnerId);
}

/**
 * Runs a sandbox verification to `approved` for the employee: start a flow, complete it with the
 * test helper, confirming `identity` when given (else the sandbox's own).
 */
export async function verifyIdentity(
  t: TestApp,
  partner: TestPartner,
  id: string,
  identity?: Record<string, string>,
): Promise<void> {
  await ensureApprovedReturnUrl(t, partner);
  const flow = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/users/${id}/verification/flows`,
    payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
  });
  expect(flow.statusCode, flow.body).toBe(201);
  const { verification_id } = flow.json() as { verification_id: string };
  const done = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/test-helpers/verification/${verification_id}/complete`,
    payload: identity ? { status: 'approved', identity } : { status: 'approved' },
  });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json()).toMatchObject({ status: 'approved' });
}

/**
 * An employee of the partner who is onboarded (unless `skip` says otherwise), through the API as a
 * partner would do it: POST /users with a domestic bank account, PUT profile, POST terms, and a
 * sandbox verification approved by the test helper.
 */
export async function onboardedEmployee(
  t: TestApp,
  partner: TestPartner,
  options: EmployeeOptions = {},
): Promise<Employee> {
  const skip = new Set(options.skip ?? []);
  const phone = options.phone ?? uniquePhone();
  const user = await createUser(t, partner, skip.has('bank') ? {} : { bank_account_number: NO_ACCOUNT });
  if (!skip.has('profile')) await putProfile(t, partner, user.id, { phone });
  if (!skip.has('terms')) {
    const terms = await t.as(partner, {
      method: 'POST',
      url: `/api/v1/users/${user.id}/terms`,
      payload: { approved: true },
    });
    expect(terms.statusCode, terms.body).toBe(200);
  }
  if (!skip.has('verification')) await verifyIdentity(t, partner, user.id);
  if (options.identification !== undefined) {
    // As if the provider had reported this number: changing a verified identity through the API
    // would (rightly) ask for a new verification.
    await writeLink(t, partner.partnerId, Number(user.id), {
      verified_identification: options.identification,
      verified_country_code: 'NO',
      verified_birthday: '1990-05-17',
    });
  }

  const res = await t.as(partner, { method: 'GET', url: `/api/v1/users/${user.id}` });
  expect(res.statusCode, res.body).toBe(200);
  const onboarding = expectUserPayload(res.json()).onboarding;
  expect(onboarding.is_onboarded, JSON.stringify(onboarding)).toBe(skip.size === 0);
  const row = await readLink(t, partner.partnerId, Number(user.id));
  return {
    id: user.id,
    userId: Number(user.id),
    email: user.email,
    phone,
    identification: row.verified_identification ?? '',
  };
}

/** Several onboarded employees of one partner, one after another (each one's requests are sequential anyway). */
export async function onboardedEmployees(t: TestApp, partner: TestPartner, count: number): Promise<Employee[]> {
  const employees: Employee[] = [];
  for (let i = 0; i < count; i++) employees.push(await onboardedEmployee(t, partner));
  return employees;
}

/**
 * Links an existing employee (by e-mail) to another partner, as POST /users does for a known
 * address. The new link starts empty: unless `onboard` is false, the partner then completes its
 * own steps (terms, profile with the employee's phone, a bank account); the verified identity is
 * the person's already.
 */
export async function linkEmployee(
  t: TestApp,
  partner: TestPartner,
  employee: Employee,
  options: { onboard?: boolean; bank?: Record<string, string> } = {},
): Promise<void> {
  const res = await t.as(partner, { method: 'POST', url: '/api/v1/users', payload: { email: employee.email } });
  expect(res.statusCode, res.body).toBe(200);
  if (options.onboard === false) return;
  await putProfile(t, partner, employee.id, { phone: employee.phone });
  const bank = await t.as(partner, {
    method: 'PUT',
    url: `/api/v1/users/${employee.id}`,
    payload: options.bank ?? { bank_account_number: NO_ACCOUNT },
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const terms = await t.as(partner, {
    method: 'POST',
    url: `/api/v1/users/${employee.id}/terms`,
    payload: { approved: true },
  });
  expect(terms.statusCode, terms.body).toBe(200);
  // A verification counts for the partner that ran it (docs/decisions.md §14): this partner runs its own.
  await verifyIdentity(t, partner, employee.id);
  const onboarding = expectUserPayload(
    (await t.as(partner, { method: 'GET', url: `/api/v1/users/${employee.id}` })).json(),
  ).onboarding;
  expect(onboarding.is_onboarded, JSON.stringify(onboarding)).toBe(true);
}

/** What the partner's own verification of the person confirmed (docs/decisions.md §14), from its link. */
export async function verifiedIdentityOf(t: TestApp, partner: TestPartner, userId: number | string) {
  const row = await readLink(t, partner.partnerId, Number(userId));
  return {
    identification: row.verified_identification,
    identity_country_code: row.verified_country_code,
    birthday: row.verified_birthday,
    document_id: row.verified_document_id,
    verified_name: row.verified_name,
    identity_verified_at: row.identity_verified_at,
  };
}

/** Only these keys of an object (to compare a stored row's few columns exactly). */
export function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}
