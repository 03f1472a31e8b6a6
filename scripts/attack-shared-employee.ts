/**
 * The attack of the "one person, many partners" defect, replayed against a running sandbox:
 * partner B, knowing only the e-mail of partner A's onboarded employee, links them and tries every
 * way it once had to read or redirect them. Afterwards nothing that A sees may have changed.
 *
 *   node bin/run-ts.js scripts/attack-shared-employee.ts \
 *     --base http://127.0.0.1:8080 --a-token onp_test_… --a-key … --b-token onp_test_… --b-key …
 *
 * The operator's approval of the two return URLs is done with the command line (`onpay return-url
 * approve`), against the same DATABASE_URL as the server. Exit status 0 when A's view is unchanged
 * and every attack was refused or harmless; 1 otherwise, with what went wrong.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual, parseArgs } from 'node:util';

type Json = Record<string, unknown>;

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    'a-token': { type: 'string' },
    'a-key': { type: 'string' },
    'b-token': { type: 'string' },
    'b-key': { type: 'string' },
  },
});
for (const name of ['base', 'a-token', 'a-key', 'b-token', 'b-key'] as const) {
  if (!values[name]) {
    process.stderr.write(`attack-shared-employee: --${name} is required\n`);
    process.exit(2);
  }
}
const base = values.base as string;
const partners = {
  a: { authorization: `Bearer ${values['a-token']}`, 'api-key': values['a-key'] as string },
  b: { authorization: `Bearer ${values['b-token']}`, 'api-key': values['b-key'] as string },
};
const failures: string[] = [];

async function call(
  who: 'a' | 'b' | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Json; text: string }> {
  const res = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(who ? partners[who] : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = {};
  }
  return { status: res.status, json, text };
}

async function must(who: 'a' | 'b', method: string, path: string, body?: unknown, status = [200, 201]): Promise<Json> {
  const res = await call(who, method, path, body);
  if (!status.includes(res.status))
    throw new Error(`${who.toUpperCase()} ${method} ${path}: ${res.status} ${res.text}`);
  return res.json;
}

function step(text: string): void {
  process.stdout.write(`${text}\n`);
}

function refuse(what: string, ok: boolean, detail: string): void {
  step(`${ok ? 'refused' : 'NOT REFUSED'}: ${what} (${detail})`);
  if (!ok) failures.push(`${what}: ${detail}`);
}

function approveReturnUrl(id: string): void {
  execFileSync(process.execPath, ['bin/onpay.js', 'return-url', 'approve', id], { stdio: 'pipe' });
}

const RETURN = 'https://partner-a.example/onpay/return';
const A_ACCOUNT = '15036427008';
const B_ACCOUNT = '12345678903';
const PROFILE = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  address: 'Storgata 1',
  postal_code: '0155',
  city: 'Oslo',
  dial_code: '+47',
  phone: '41234567',
  main_work: 'true',
};

// --- Partner A onboards an employee, pays them, and has a verification pending for a second one.
const email = `kari.${randomUUID().slice(0, 8)}@example.com`;
const kari = String((await must('a', 'POST', '/api/v1/users', { email, internal_id: 9876543, note: 'A only' })).id);
await must('a', 'POST', `/api/v1/users/${kari}/terms`, { approved: true });
await must('a', 'PUT', `/api/v1/users/${kari}/profile`, PROFILE);
await must('a', 'PUT', `/api/v1/users/${kari}`, { bank_account_number: A_ACCOUNT });
approveReturnUrl(
  String((await must('a', 'POST', '/api/v1/verification-return-urls', { partner_return_url: RETURN })).id),
);
const flow = await must('a', 'POST', `/api/v1/users/${kari}/verification/flows`, {
  provider: 'provider_eid',
  partner_return_url: RETURN,
});
await must('a', 'POST', `/api/v1/test-helpers/verification/${String(flow.verification_id)}/complete`, {
  status: 'approved',
});
const payout = (await must('a', 'POST', '/api/v1/payouts', {
  due_date: '2026-12-15',
  payouts: [
    {
      user_id: Number(kari),
      date: '2026-12-01',
      products: [{ quantity: 7.5, price: 250, description: 'Evening shift' }],
    },
  ],
})) as { payout_ids: number[] };
const payoutId = payout.payout_ids[0] as number;
const otherEmail = `ola.${randomUUID().slice(0, 8)}@example.com`;
const ola = String((await must('a', 'POST', '/api/v1/users', { email: otherEmail })).id);
const pending = String(
  (
    await must('a', 'POST', `/api/v1/users/${ola}/verification/flows`, {
      provider: 'provider_eid',
      partner_return_url: RETURN,
    })
  ).verification_id,
);
step(
  `partner A: employee ${kari} onboarded and paid (payout ${payoutId}); employee ${ola} with a pending verification`,
);

/** A value without the fields that are the time of the read itself (evaluated_at, last_polled_at). */
function withoutReadTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutReadTimes);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'evaluated_at' && key !== 'last_polled_at')
      .map(([key, v]) => [key, withoutReadTimes(v)]),
  );
}

/** Everything A reads about its employees (the times of the reads aside). */
async function aView(): Promise<Json> {
  return withoutReadTimes({
    kari: await must('a', 'GET', `/api/v1/users/${kari}`),
    kariTerms: await must('a', 'GET', `/api/v1/users/${kari}/terms`),
    ola: await must('a', 'GET', `/api/v1/users/${ola}`),
    payout: await must('a', 'GET', `/api/v1/payouts/${payoutId}`),
    payouts: await must('a', 'GET', `/api/v1/users/${kari}/payouts`),
    pending: await must('a', 'GET', `/api/v1/verification/status/${pending}`),
  }) as Json;
}
const before = await aView();
const secrets = [A_ACCOUNT, 'Storgata 1', '41234567', 'A only', '9876543', 'Nordmann'];
const leaks = (text: string) => secrets.filter((secret) => text.includes(secret));

// --- Partner B, knowing only the e-mail addresses.
const linked = await call('b', 'POST', '/api/v1/users', { email });
refuse(
  "reading A's bank account, address and phone when linking",
  linked.status === 200 && leaks(linked.text).length === 0,
  `${linked.status}, leaked: [${leaks(linked.text).join(', ')}]`,
);
await call('b', 'POST', '/api/v1/users', { email: otherEmail });

const redirected = await call('b', 'PUT', `/api/v1/users/${kari}`, { bank_account_number: B_ACCOUNT });
refuse(
  "redirecting A's payouts to B's account",
  redirected.status === 200 && leaks(redirected.text).length === 0,
  `${redirected.status}: B's own link changed`,
);

const identity = await call('b', 'PUT', `/api/v1/users/${kari}/identity`, {
  identification: 'B0000000001',
  country_code: 'DE',
  birthday: '1970-01-01',
});
// B may register an identity on its own link (docs/decisions.md §14); A's verified identity is untouched.
refuse(
  "replacing A's verified identity",
  identity.status === 200 && leaks(identity.text).length === 0,
  `${identity.status}: B's own registration`,
);

const withdrawn = await call('b', 'POST', `/api/v1/users/${kari}/terms`, { approved: false });
refuse("withdrawing A's terms approval", withdrawn.status === 200, `${withdrawn.status}: B's own approval`);

const bReturn = await must('b', 'POST', '/api/v1/verification-return-urls', {
  partner_return_url: 'https://partner-b.example/return',
});
approveReturnUrl(String(bReturn.id));
const bFlow = await call('b', 'POST', `/api/v1/users/${ola}/verification/flows`, {
  provider: 'provider_eid',
  partner_return_url: 'https://partner-b.example/return',
});
refuse(
  "cancelling A's pending verification by starting a flow",
  bFlow.status === 201,
  `${bFlow.status}: B's own session`,
);
// B verifies first, with an identity of its choosing (live: any person's eID, since B hands out the URL).
await call('b', 'PUT', `/api/v1/users/${ola}/identity`, {
  identification: 'B0000000002',
  country_code: 'DE',
  birthday: '1971-01-01',
});
const bVerified = await call(
  'b',
  'POST',
  `/api/v1/test-helpers/verification/${String(bFlow.json.verification_id)}/complete`,
  {
    status: 'approved',
  },
);
refuse(
  "deciding the identity of A's employee with B's own verification",
  bVerified.status === 200 && bVerified.json.status === 'approved' && leaks(bVerified.text).length === 0,
  `${bVerified.status}: approved for B only`,
);

const link = await call('b', 'POST', `/api/v1/users/${kari}/login-link`, {});
const loginPath = new URL(String(link.json.login_url)).pathname;
const continued = await fetch(`${base}${loginPath}`, {
  method: 'POST',
  redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const cookie = (continued.headers.get('set-cookie') ?? '').split(';')[0] as string;
const page = await (await fetch(`${base}/me`, { headers: { cookie } })).text();
const payoutPage = await fetch(`${base}/me/payouts/${payoutId}`, { headers: { cookie } });
refuse(
  "reading A's payouts on the employee's pages through B's login link",
  !page.includes('Evening shift') && leaks(page).length === 0 && payoutPage.status === 404,
  `payout page ${payoutPage.status}`,
);

const sneaky = await call(null, 'GET', '/%61pi/v1/terms');
refuse('a percent-encoded path without credentials', sneaky.status === 401, String(sneaky.status));

// --- What A sees afterwards.
const after = await aView();
const changed = Object.keys(before).filter((key) => !isDeepStrictEqual(before[key], after[key]));
refuse(
  'changing anything partner A sees',
  changed.length === 0,
  changed.length ? `changed: ${changed.join(', ')}` : 'unchanged',
);
// A's own pending flow for the person B verified first is still A's to finish, and is approved.
const aVerified = await call('a', 'POST', `/api/v1/test-helpers/verification/${pending}/complete`, {
  status: 'approved',
});
refuse(
  "blocking A's own verification after B verified another identity",
  aVerified.status === 200 && aVerified.json.status === 'approved',
  `${aVerified.status}: ${String(aVerified.json.status)}`,
);
const paid = await call('a', 'POST', '/api/v1/payouts', {
  due_date: '2026-12-15',
  payouts: [
    { user_id: Number(kari), date: '2026-12-02', products: [{ quantity: 1, price: 100, description: 'Still paid' }] },
  ],
});
refuse("taking A's employee out of onboarding", paid.status === 201, `A's next payout: ${paid.status}`);

if (failures.length > 0) {
  process.stderr.write(
    `attack-shared-employee: ${failures.length} attack(s) succeeded:\n${failures.map((f) => `  ${f}`).join('\n')}\n`,
  );
  process.exit(1);
}
step('OK: nothing partner A sees changed');
