/**
 * One webhook POST: to the address the SSRF guard checked (the request's `lookup` answers with it,
 * so the socket connects there and nowhere else), with a deadline for the whole exchange, never
 * following a redirect. A worker that stops abandons a send still waiting for its answer (`signal`).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { bareHost, ForbiddenDestination, resolveChecked, type Resolver, type UrlRules } from './ssrf.js';

export interface SendResult {
  /** The HTTP status, when an answer came. */
  statusCode: number | null;
  /** Why it failed (no answer, refused destination, non-2xx status). */
  error: string | null;
  /** For the server's log only: what a refused destination resolved to (never shown to the partner). */
  detail?: string;
  /** The worker stopped before the answer came: not the receiver's failure (the delivery is sent again). */
  abandoned?: true;
  durationMs: number;
}

/** What an abandoned attempt records. */
export const ABANDONED = 'onpay stopped before the answer came; it is sent again';

export interface SenderOptions {
  timeoutMs: number;
  rules: UrlRules;
  resolve: Resolver;
  /** Aborted when the worker stops: a send still waiting for its answer is given up. */
  signal?: AbortSignal;
}

class Abandoned extends Error {}

/** The promise's value, or Abandoned once the signal is aborted. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Abandoned());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

// Connections are kept open between deliveries to one receiver (each was made to a checked address).
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 8 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 8 }),
};

/** At most this much of an answer is read (and thrown away). */
const MAX_ANSWER_BYTES = 64 * 1024;

export async function sendWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: SenderOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const abandoned = (): SendResult => ({ statusCode: null, error: ABANDONED, abandoned: true, durationMs: elapsed() });
  const url = new URL(rawUrl);
  const host = bareHost(url);
  let checked: { address: string; family: number };
  try {
    // The deadline starts before the name is resolved: a resolver that never answers is a timeout too.
    checked = await unlessAborted(
      resolveChecked(host, options.rules, options.resolve, options.timeoutMs),
      options.signal,
    );
  } catch (error) {
    if (error instanceof Abandoned) return abandoned();
    return {
      statusCode: null,
      error: error instanceof Error ? error.message : String(error),
      ...(error instanceof ForbiddenDestination ? { detail: error.detail } : {}),
      durationMs: elapsed(),
    };
  }
  // The socket's own lookup answers with the address checked above, whatever DNS says now.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  if (options.signal?.aborted) return abandoned();
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    /** The answer's status, once its head has come. */
    let answered: number | null = null;
    const answer = (status: number) =>
      status >= 200 && status < 300
        ? { statusCode: status, error: null }
        : { statusCode: status, error: `answered HTTP ${status}` };
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ ...result, durationMs: elapsed() });
    };
    // Stopping: an answer whose head has come counts (its status is the answer); else the send is given up.
    const onAbort = () => {
      finish(answered === null ? { statusCode: null, error: ABANDONED, abandoned: true } : answer(answered));
      request.destroy();
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        lookup,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'onpay-webhooks/1',
          ...headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        answered = status;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => finish(answer(status));
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // The request has what is left of the deadline after the lookup.
    const timer = setTimeout(
      () => {
        request.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
      },
      Math.max(0, options.timeoutMs - (performance.now() - started)),
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        error: error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message,
      }),
    );
    request.end(body);
  });
}
