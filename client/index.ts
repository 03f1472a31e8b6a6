/**
 * A small typed client for the onpay partner API: types generated from the service's OpenAPI
 * document (client/schema.d.ts), requests through openapi-fetch. It sets both credentials, adds an
 * Idempotency-key to POST /payouts, retries 429 after `Retry-After`, retries network errors on
 * idempotent calls, and walks pages.
 *
 *   const onpay = createOnpayClient({ baseUrl: 'http://127.0.0.1:8080', token, apiKey });
 *   const { data, error } = await onpay.api.GET('/api/v1/users/{id}', { params: { path: { id: '1' } } });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths };
export type User = paths['/api/v1/users/{id}']['get']['responses'][200]['content']['application/json'];
export type Payout = paths['/api/v1/payouts/{payout}']['get']['responses'][200]['content']['application/json'];

export interface OnpayClientOptions {
  /** The service's address, without /api/v1 (e.g. http://127.0.0.1:8080). */
  baseUrl: string;
  token: string;
  apiKey: string;
  /** Attempts per call, including the first (default 4). */
  maxAttempts?: number;
  /** Longest wait between attempts in ms (default 60 000). */
  maxDelayMs?: number;
  fetch?: typeof fetch;
  /** Waiting, replaceable in tests. */
  sleep?: (ms: number) => Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** A fetch that retries 429 (always safe: the request was refused before it did anything) and network errors on idempotent methods. */
export function retryingFetch(
  options: Pick<OnpayClientOptions, 'maxAttempts' | 'maxDelayMs' | 'fetch' | 'sleep'> = {},
): typeof fetch {
  const inner = options.fetch ?? globalThis.fetch;
  const attempts = options.maxAttempts ?? 4;
  const maxDelay = options.maxDelayMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (input, init) => {
    const original = new Request(input, init);
    for (let attempt = 1; ; attempt++) {
      const request = original.clone();
      let response: Response;
      try {
        response = await inner(request);
      } catch (error) {
        if (attempt >= attempts || !IDEMPOTENT.has(original.method)) throw error;
        await sleep(Math.min(maxDelay, 250 * 2 ** (attempt - 1)));
        continue;
      }
      if (response.status !== 429 || attempt >= attempts) return response;
      const retryAfter = Number(response.headers.get('Retry-After'));
      await response.body?.cancel();
      await sleep(
        Math.min(maxDelay, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1000 * attempt),
      );
    }
  };
}

export interface OnpayClient {
  api: Client<paths>;
  /** Every row of a paginated list, page by page (per_page 100). */
  walk<P extends '/api/v1/users' | '/api/v1/payouts'>(
    path: P,
    query?: Omit<NonNullable<paths[P]['get']['parameters']['query']>, 'page' | 'per_page'>,
  ): AsyncGenerator<paths[P]['get']['responses'][200]['content']['application/json']['results'][number]>;
}

export class OnpayError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`onpay answered ${status}: ${JSON.stringify(body)}`);
  }
}

export function createOnpayClient(options: OnpayClientOptions): OnpayClient {
  const api = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: retryingFetch(options) });
  api.use({
    onRequest({ request, schemaPath }) {
      request.headers.set('Authorization', `Bearer ${options.token}`);
      request.headers.set('API-key', options.apiKey);
      // A retry of the same call object reuses this key, so the batch is created at most once.
      if (request.method === 'POST' && schemaPath === '/api/v1/payouts' && !request.headers.has('Idempotency-key')) {
        request.headers.set('Idempotency-key', crypto.randomUUID());
      }
      return request;
    },
  });

  return {
    api,
    async *walk(path, query) {
      for (let page = 1; ; page++) {
        const { data, error, response } = await api.GET(path as '/api/v1/users', {
          params: { query: { ...(query as object), page, per_page: 100 } as never },
        });
        if (error || !data) throw new OnpayError(response.status, error);
        for (const row of data.results) yield row as never;
        if (data.next === '') return;
      }
    },
  };
}
