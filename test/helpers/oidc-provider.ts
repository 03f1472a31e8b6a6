import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; the few parts used are typed below.
import ProviderModule from 'oidc-provider';

interface Interaction {
  uid: string;
  prompt: { name: string };
  params: Record<string, unknown>;
}

interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
}

const Provider = ProviderModule as new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;

export interface TestAccount {
  /** The `sub`, and what the login form is sent to pick this account. */
  id: string;
  /** The account's claims besides `sub`, under the broker's own names. */
  claims: Record<string, unknown>;
}

export interface OidcProviderOptions {
  /** The relying party's callback, registered for the one client. */
  redirectUri: string;
  accounts: TestAccount[];
  /** Which claims each scope releases (custom scopes too, like a broker's `ssn`). */
  scopes: Record<string, string[]>;
  /** true (a broker like Idura): claims in the ID token; false (Signicat's default): userinfo only. */
  claimsInIdToken?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** While false, every request (discovery included) is answered 503. */
  setAvailable(available: boolean): void;
  /** Environment for buildTestApp pointing provider_eid at this provider. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 and a random port: one
 * confidential client (client_secret_basic, PKCE required), test accounts, and a minimal login page
 * at /interaction/:uid. The test's "browser" POSTs `account=<id>` to sign in (login and consent in one
 * step), or `error=<code>` to have the provider answer the client with that error.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const clientId = 'onpay-test';
  const clientSecret = randomBytes(24).toString('hex');
  const accounts = new Map(options.accounts.map((account) => [account.id, account]));
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], ...options.scopes },
    conformIdTokenClaims: !(options.claimsInIdToken ?? true),
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account.claims }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [{ ...signingKey, use: 'sig', kid: 'test-key' }] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<form method="post"><input name="account"><button>Sign in</button></form>`);
      return;
    }
    const form = await readForm(req);
    const error = form.get('error');
    if (error) {
      await provider.interactionFinished(
        req,
        res,
        { error, error_description: `test provider: ${error}` },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = form.get('account') ?? '';
    if (!accounts.has(accountId)) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('unknown account');
      return;
    }
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  let available = true;
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!available) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('down for the test');
      return;
    }
    if (/^\/interaction\/[^/?]+(\?.*)?$/.test(req.url ?? '')) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    setAvailable: (value: boolean) => {
      available = value;
    },
    env: (extra = {}) => ({ EID_ISSUER: issuer, EID_CLIENT_ID: clientId, EID_CLIENT_SECRET: clientSecret, ...extra }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
