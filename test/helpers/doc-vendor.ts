import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A session the stand-in created, with what our service sent for it. */
export interface VendorSession {
  id: string;
  url: string;
  callback: string;
  vendorData: string;
  document: { types?: string[]; countries?: string[]; excludedCountries?: string[] };
}

export interface DocVendorStandIn {
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** Sessions created, oldest first. */
  sessions: VendorSession[];
  /** Requests refused for a missing or wrong X-AUTH-CLIENT. */
  refused: number;
  /** Environment for buildTestApp pointing provider_doc at this stand-in. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for a hosted document-verification vendor with a Veriff-style API:
 * `POST /v1/sessions` (X-AUTH-CLIENT = the integration key) creates a session and answers
 * `{status: 'success', verification: {id, url}}`; `GET /v/:id` is its hosted page.
 */
export async function startDocVendor(): Promise<DocVendorStandIn> {
  const apiKey = `key-${randomBytes(12).toString('hex')}`;
  const webhookSecret = `secret-${randomBytes(16).toString('hex')}`;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: DocVendorStandIn = {
    apiUrl,
    apiKey,
    webhookSecret,
    sessions: [],
    refused: 0,
    env: (extra = {}) => ({ DOC_API_URL: apiUrl, DOC_API_KEY: apiKey, DOC_WEBHOOK_SECRET: webhookSecret, ...extra }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const path = new URL(req.url ?? '/', apiUrl).pathname;
      if (req.method === 'POST' && path === '/v1/sessions') {
        if (req.headers['x-auth-client'] !== apiKey) {
          standIn.refused += 1;
          return json(res, 401, {
            status: 'fail',
            code: 1102,
            message: 'Mandatory X-AUTH-CLIENT header containing the API key is missing from the request.',
          });
        }
        const body = JSON.parse(await readBody(req)) as {
          verification?: { callback?: unknown; vendorData?: unknown; document?: VendorSession['document'] };
        };
        const verification = body.verification;
        if (typeof verification?.callback !== 'string' || typeof verification.vendorData !== 'string') {
          return json(res, 400, {
            status: 'fail',
            code: 1101,
            message: 'verification.callback and verification.vendorData are required',
          });
        }
        const id = randomUUID();
        const session: VendorSession = {
          id,
          url: `${apiUrl}/v/${id}`,
          callback: verification.callback,
          vendorData: verification.vendorData,
          document: verification.document ?? {},
        };
        standIn.sessions.push(session);
        return json(res, 201, {
          status: 'success',
          verification: { id, url: session.url, vendorData: session.vendorData, host: apiUrl, status: 'created' },
        });
      }
      if (req.method === 'GET' && path.startsWith('/v/')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<h1>Document check</h1>');
      }
      return json(res, 404, { status: 'fail', message: 'not found' });
    })().catch((error: unknown) => json(res, 500, { status: 'fail', message: String(error) }));
  });

  return standIn;
}

export type VendorDecision = 'approved' | 'declined' | 'resubmission_requested' | 'expired' | 'abandoned' | 'review';

const CODES: Record<VendorDecision, number> = {
  approved: 9001,
  declined: 9102,
  resubmission_requested: 9103,
  expired: 9104,
  abandoned: 9104,
  review: 9121,
};

/** A decision webhook body as the vendor sends it (Veriff's decision payload, trimmed). */
export function decisionPayload(
  session: Pick<VendorSession, 'id' | 'vendorData'>,
  status: VendorDecision,
  identity: { person?: Record<string, unknown>; document?: Record<string, unknown> } = {},
): Record<string, unknown> {
  return {
    status: 'success',
    verification: {
      id: session.id,
      attemptId: randomUUID(),
      code: CODES[status],
      status,
      reason: status === 'declined' ? 'Physical document not used' : null,
      reasonCode: status === 'declined' ? 102 : null,
      vendorData: session.vendorData,
      decisionTime: new Date().toISOString(),
      acceptanceTime: new Date().toISOString(),
      person:
        status === 'approved'
          ? {
              firstName: 'Kari',
              lastName: 'Nordmann',
              idNumber: null,
              dateOfBirth: null,
              nationality: 'NO',
              ...identity.person,
            }
          : null,
      document:
        status === 'approved'
          ? { number: 'FH1234567', type: 'PASSPORT', country: 'NO', validUntil: '2031-01-01', ...identity.document }
          : null,
    },
    technicalData: { ip: '203.0.113.7' },
  };
}

export interface SendOptions {
  secret: string;
  apiKey: string;
  /** Override the signature; null leaves the header out. */
  signature?: string | null;
  /** Override X-AUTH-CLIENT; null leaves the header out. */
  authClient?: string | null;
}

/** Signs a body like the vendor does: hex HMAC-SHA256 of the exact bytes under the shared secret. */
export function vendorSignature(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Delivers a webhook to the app (not listening: through inject) with the vendor's headers. */
export function sendWebhook(
  app: FastifyInstance,
  body: Record<string, unknown> | string,
  options: SendOptions,
): Promise<LightMyRequestResponse> {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = options.signature === undefined ? vendorSignature(rawBody, options.secret) : options.signature;
  const authClient = options.authClient === undefined ? options.apiKey : options.authClient;
  if (signature !== null) headers['x-hmac-signature'] = signature;
  if (authClient !== null) headers['x-auth-client'] = authClient;
  return app.inject({ method: 'POST', url: '/webhooks/provider-doc', headers, payload: rawBody });
}
