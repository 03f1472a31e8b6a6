import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, TestPartner } from './app.js';
import type { Employee } from './employees.js';

export interface ProductBody {
  quantity: number;
  price: number;
  description: string;
}

export interface PayoutItemBody {
  date?: string;
  hours?: number;
  products?: ProductBody[];
  user_id?: number;
  phone?: string;
  ssn?: string;
  description?: string;
  [extra: string]: unknown;
}

export interface PayoutsRequestBody {
  due_date?: string;
  payouts?: PayoutItemBody[];
}

export interface PayoutsCreatedBody {
  count: number;
  results: string;
  invoice_id: number;
  payout_ids: number[];
}

/** The Payout object: the spec's fields, then the additive ones. */
export const PAYOUT_FIELDS = [
  'id',
  'user_id',
  'invoice_id',
  'status',
  'type',
  'salary',
  'vacation',
  'pension',
  'net_salary',
  'net_vacation',
  'invoice_excl',
  'invoice_incl',
  'paid_at',
  'created_at',
  'updated_at',
  'date',
  'hours',
  'description',
  'tax_withheld',
  'employer_contribution',
  'service_fee',
  'vat',
  'trace_id',
  'failure_code',
  'failure_message',
] as const;

export const MONEY_FIELDS = [
  'salary',
  'vacation',
  'pension',
  'net_salary',
  'net_vacation',
  'invoice_excl',
  'invoice_incl',
  'tax_withheld',
  'employer_contribution',
  'service_fee',
  'vat',
] as const;

export interface PayoutBody {
  id: number;
  user_id: number;
  invoice_id: number;
  status: 'pending' | 'processing' | 'paid' | 'cancelled' | 'failed';
  type: 'salary';
  salary: string;
  vacation: string;
  pension: string;
  net_salary: string;
  net_vacation: string;
  invoice_excl: string;
  invoice_incl: string;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
  date: string;
  hours: string | null;
  description: string;
  tax_withheld: string;
  employer_contribution: string;
  service_fee: string;
  vat: string;
}

export interface PayoutPage {
  total: number;
  count: number;
  next: string;
  previous: string;
  results: PayoutBody[];
}

/** The worked example of docs/payouts.md: 7.5 hours at 250.00. */
export const SHIFT: ProductBody = { quantity: 7.5, price: 250, description: 'Evening shift' };

/** A valid item for the employee (by user_id unless overridden). */
export function item(employee: Pick<Employee, 'userId'>, overrides: PayoutItemBody = {}): PayoutItemBody {
  return {
    user_id: employee.userId,
    date: '2026-03-15',
    hours: 7.5,
    products: [SHIFT],
    description: 'March, week 11',
    ...overrides,
  };
}

export function batch(items: PayoutItemBody[], dueDate = '2026-04-01'): PayoutsRequestBody {
  return { due_date: dueDate, payouts: items };
}

export function postPayouts(
  t: TestApp,
  partner: TestPartner,
  body: PayoutsRequestBody,
  key?: string,
): Promise<LightMyRequestResponse> {
  return t.as(partner, {
    method: 'POST',
    url: '/api/v1/payouts',
    payload: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

/** POST /payouts expecting 201; asserts the envelope and returns it. */
export async function createPayouts(
  t: TestApp,
  partner: TestPartner,
  body: PayoutsRequestBody,
  key?: string,
): Promise<PayoutsCreatedBody> {
  const res = await postPayouts(t, partner, body, key);
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as PayoutsCreatedBody;
  expect(Object.keys(created).sort()).toEqual(['count', 'invoice_id', 'payout_ids', 'results']);
  expect(created.count).toBe(body.payouts?.length);
  expect(created.payout_ids).toHaveLength(created.count);
  expect(created.results).toBe(
    `${created.count} payout${created.count === 1 ? '' : 's'} created on invoice ${created.invoice_id}`,
  );
  return created;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Asserts a Payout object: exactly the documented fields, each of its type. */
export function expectPayout(value: unknown): PayoutBody {
  const payout = value as PayoutBody;
  expect(Object.keys(payout)).toEqual([...PAYOUT_FIELDS]);
  expect(Number.isInteger(payout.id)).toBe(true);
  expect(Number.isInteger(payout.user_id)).toBe(true);
  expect(Number.isInteger(payout.invoice_id)).toBe(true);
  expect(['pending', 'processing', 'paid', 'cancelled', 'failed']).toContain(payout.status);
  expect(payout.type).toBe('salary');
  for (const field of MONEY_FIELDS) expect(payout[field], field).toMatch(/^\d+\.\d{2}$/);
  if (payout.paid_at !== null) expect(payout.paid_at).toMatch(ISO);
  expect(payout.created_at).toMatch(ISO);
  expect(payout.updated_at).toMatch(ISO);
  expect(payout.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return payout;
}

export async function getPayout(t: TestApp, partner: TestPartner, id: number | string): Promise<PayoutBody> {
  const res = await t.as(partner, { method: 'GET', url: `/api/v1/payouts/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return expectPayout(res.json());
}

/** An amount string in minor units, exactly (`'1234.50'` → 123450). */
export function cents(amount: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** What is stored: payouts and invoices of the partner (or of everyone), and whether a key is stored. */
export async function stored(t: TestApp, partnerId?: number): Promise<{ payouts: number; invoices: number }> {
  let payouts = t.db.db.selectFrom('payouts').select((eb) => eb.fn.countAll<number>().as('n'));
  let invoices = t.db.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n'));
  if (partnerId !== undefined) {
    payouts = payouts.where('partner_id', '=', partnerId);
    invoices = invoices.where('partner_id', '=', partnerId);
  }
  const [p, i] = await Promise.all([payouts.executeTakeFirstOrThrow(), invoices.executeTakeFirstOrThrow()]);
  return { payouts: Number(p.n), invoices: Number(i.n) };
}

export async function keyStored(t: TestApp, partnerId: number, key: string): Promise<boolean> {
  const row = await t.db.db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('partner_id', '=', partnerId)
    .where('key', '=', key.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
