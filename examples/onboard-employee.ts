/**
 * Onboards one employee end to end in the sandbox with the typed client, then pays them and gets
 * a payout login link. Run against a sandbox service (`npm start` prints the credentials):
 *
 *   ONPAY_URL=http://127.0.0.1:8080 ONPAY_TOKEN=onp_test_... ONPAY_API_KEY=... \
 *   ONPAY_RETURN_URL=https://partner.example/onpay/return node bin/run-ts.js examples/onboard-employee.ts
 *
 * The return URL must be approved first: `npx onpay return-url list` and `npx onpay return-url approve ID`.
 */
import { createOnpayClient, OnpayError, type OnpayClientOptions } from '../client/index.js';

export interface OnboardOptions extends OnpayClientOptions {
  email: string;
  returnUrl: string;
  /** Waits between status polls (the API recommends 2 to 5 s). */
  pollIntervalMs?: number;
}

function check<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined)
    throw new OnpayError(result.response.status, result.error);
  return result.data;
}

export async function onboardEmployee(options: OnboardOptions) {
  const onpay = createOnpayClient(options);
  const { api } = onpay;

  const user = check(
    await api.POST('/api/v1/users', { body: { email: options.email, bank_account_number: '12345678903' } }),
  );
  const id = user.id;
  check(await api.POST('/api/v1/users/{id}/terms', { params: { path: { id } }, body: { approved: true } }));
  check(
    await api.PUT('/api/v1/users/{id}/profile', {
      params: { path: { id } },
      body: {
        first_name: 'Kari',
        last_name: 'Nordmann',
        address: 'Storgata 1',
        postal_code: '0155',
        city: 'Oslo',
        dial_code: '+47',
        phone: '41234567',
        main_work: 'true',
      },
    }),
  );

  const returnUrl = check(
    await api.POST('/api/v1/verification-return-urls', { body: { partner_return_url: options.returnUrl } }),
  );
  if (returnUrl.status !== 'approved') {
    throw new Error(
      `The return URL ${returnUrl.requested_url} is ${returnUrl.status}; an operator must approve it (onpay return-url approve ${returnUrl.id}).`,
    );
  }
  const flow = check(
    await api.POST('/api/v1/users/{id}/verification/flows', {
      params: { path: { id } },
      body: { provider: 'provider_eid', partner_return_url: options.returnUrl },
    }),
  );
  // In the sandbox the test helper stands in for the person at the provider's page.
  check(
    await api.POST('/api/v1/test-helpers/verification/{verificationSession}/complete', {
      params: { path: { verificationSession: flow.verification_id } },
      body: { status: 'approved' },
    }),
  );
  let status = check(
    await api.GET('/api/v1/verification/status/{verificationSession}', {
      params: { path: { verificationSession: flow.verification_id } },
    }),
  );
  while (status.status === 'pending') {
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 2000));
    status = check(
      await api.GET('/api/v1/verification/status/{verificationSession}', {
        params: { path: { verificationSession: flow.verification_id } },
      }),
    );
  }

  const onboarded = check(await api.GET('/api/v1/users/{id}', { params: { path: { id } } }));
  if (!onboarded.onboarding.is_onboarded)
    throw new Error(`Not onboarded yet: missing ${onboarded.onboarding.missing_steps.join(', ')}`);

  const batch = check(
    await api.POST('/api/v1/payouts', {
      body: {
        due_date: '2026-12-15',
        payouts: [
          {
            user_id: Number(id),
            date: '2026-12-01',
            hours: 7.5,
            products: [{ quantity: 7.5, price: 250, description: 'Evening shift' }],
          },
        ],
      },
    }),
  );
  const payoutId = batch.payout_ids[0] as number;
  const payout = check(await api.GET('/api/v1/payouts/{payout}', { params: { path: { payout: String(payoutId) } } }));
  const link = check(
    await api.POST('/api/v1/payouts/{payout}/login-link', {
      params: { path: { payout: String(payoutId) } },
      body: { send_email: false },
    }),
  );

  const everyone = [];
  for await (const employee of onpay.walk('/api/v1/users')) everyone.push(employee.id);

  return { userId: id, verification: status.status, payout, loginUrl: link.login_url, employees: everyone };
}

if (process.argv[1]?.endsWith('onboard-employee.ts')) {
  const env = process.env;
  const result = await onboardEmployee({
    baseUrl: env.ONPAY_URL ?? 'http://127.0.0.1:8080',
    token: env.ONPAY_TOKEN ?? '',
    apiKey: env.ONPAY_API_KEY ?? '',
    returnUrl: env.ONPAY_RETURN_URL ?? 'https://partner.example/onpay/return',
    email: `kari.${Date.now()}@example.com`,
  });
  console.log(JSON.stringify(result, null, 2));
}
