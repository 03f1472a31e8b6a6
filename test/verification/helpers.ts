/** Shared steps of the verification tests: approved return URLs, flows, polling, the sandbox helper. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, TestPartner } from '../helpers/app.js';

export const RETURN = 'https://acme.example/onpay/return';

export interface FlowBody {
  verification_id: string;
  provider: string;
  status: string;
  id_type: string | null;
  verification_url: string;
  status_check_url: string;
  expires_at: string;
}

/** Registers a return URL for the partner and lets the operator decide it (null: leave it pending). */
export async function approvedReturnUrl(
  t: TestApp,
  partner: TestPartner,
  url: string,
  decision: 'approved' | 'rejected' | null = 'approved',
): Promise<string> {
  const res = await t.as(partner, {
    method: 'POST',
    url: '/api/v1/verification-return-urls',
    payload: { partner_return_url: url },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  if (decision) await t.services.verification.returnUrls.decide(Number(id), decision);
  return id;
}

/** POST /users/{id}/verification/flows; asserts 201. */
export async function startFlow(
  t: TestApp,
  partner: TestPartner,
  userId: string,
  payload: Record<string, unknown> = { provider: 'provider_eid', partner_return_url: RETURN },
): Promise<FlowBody> {
  const res = await t.as(partner, { method: 'POST', url: `/api/v1/users/${userId}/verification/flows`, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as FlowBody;
}

export function poll(t: TestApp, partner: TestPartner, id: string): Promise<LightMyRequestResponse> {
  return t.as(partner, { method: 'GET', url: `/api/v1/verification/status/${id}` });
}

export function complete(
  t: TestApp,
  partner: TestPartner,
  id: string,
  status: string,
): Promise<LightMyRequestResponse> {
  return t.as(partner, {
    method: 'POST',
    url: `/api/v1/test-helpers/verification/${id}/complete`,
    payload: { status },
  });
}

/** The path of a verification_url (app.inject takes paths). */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}
