/**
 * One webhook POST: to the address the SSRF guard checked (the request's `lookup` answers with it,
 * so the socket connects there and nowhere else), with a deadline for the whole exchange, never
 * following a redirect.
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
  durationMs: number;
}

export interface SenderOptions {
  timeoutMs: number;
  rules: UrlRules;
  resolve: Resolver;
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
  const url = new URL(rawUrl);
  const host = bareHost(url);
  let checked: { address: string; family: number };
  try {
    // The deadline starts before the name is resolved: a resolver that never answers is a timeout too.
    checked = await resolveChecked(host, options.rules, options.resolve, options.timeoutMs);
  } catch (error) {
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
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
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
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () =>
          finish(
            status >= 200 && status < 300
              ? { statusCode: status, error: null }
              : { statusCode: status, error: `answered HTTP ${status}` },
          );
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
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        error: error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message,
      }),
    );
    request.end(body);
  });
}
