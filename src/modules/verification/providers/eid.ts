import * as oidc from 'openid-client';
import type { EidConfig } from '../../../config.js';
import { safeEqual } from '../../../platform/secrets.js';
import { normaliseBirthdate, shortReason, text } from './identity.js';
import {
  providerState,
  type CallbackParams,
  type ProviderAdapter,
  type ProviderOutcome,
  type VerifiedIdentity,
} from './types.js';

export interface EidProviderOptions {
  /** Seconds to wait for each request to the broker (discovery, token, userinfo). */
  timeoutSeconds?: number;
}

type Failure = Extract<ProviderOutcome, { reason: string }>;

/** Plain-http issuers are accepted only on this machine (the tests' local OpenID provider). */
export function isLocalIssuer(issuer: string): boolean {
  const host = new URL(issuer).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

function fail(status: Failure['status'], reason: string): Failure {
  return { status, reason: shortReason(reason) };
}

/** The identity in the broker's claims, read by the configured claim names; null when incomplete. */
export function identityFromClaims(
  config: Pick<EidConfig, 'claims' | 'countryCode'>,
  claims: Record<string, unknown>,
): VerifiedIdentity | null {
  const identification = text(claims[config.claims.identification]);
  const birthday = normaliseBirthdate(text(claims[config.claims.birthdate]));
  if (!identification || !birthday) return null;
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  const name = text(claims[config.claims.name]) ?? ([given, family].filter(Boolean).join(' ') || null);
  return { identification, birthday, countryCode: config.countryCode, name, documentId: null };
}

function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  if (error instanceof oidc.AuthorizationResponseError)
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  // openid-client wraps the precise check that failed (e.g. the ID token's nonce) as the cause.
  if (error instanceof Error)
    return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
  return 'unknown error';
}

/**
 * provider_eid against an OpenID Connect eID broker (Criipto/Idura, Signicat, ...): authorization
 * code flow with PKCE (S256), `state` and `nonce`; the ID token is validated by openid-client
 * (issuer, audience, expiry, nonce). Claims come from the ID token, completed from the userinfo
 * endpoint when the broker keeps them there (Signicat's default).
 */
export function createEidProvider(config: EidConfig, options: EidProviderOptions = {}): ProviderAdapter {
  const insecure = new URL(config.issuer).protocol === 'http:';
  if (insecure && !isLocalIssuer(config.issuer)) throw new Error('EID_ISSUER may use http only on localhost');
  const acrValues = config.acrValues ? new Set(config.acrValues.split(/\s+/)) : null;

  let discovered: Promise<oidc.Configuration> | null = null;
  /** Discovery once, lazily; a failure is forgotten so the next browser retries it. */
  function configuration(): Promise<oidc.Configuration> {
    if (!discovered) {
      discovered = oidc
        .discovery(new URL(config.issuer), config.clientId, undefined, oidc.ClientSecretBasic(config.clientSecret), {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: options.timeoutSeconds ?? 10,
        })
        .catch((error: unknown) => {
          discovered = null;
          throw error;
        });
    }
    return discovered;
  }

  type Claims = { ok: true; claims: Record<string, unknown> } | { ok: false; failure: Failure };

  async function claimsOf(
    server: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<Claims> {
    const idToken = tokens.claims();
    if (!idToken) return { ok: false, failure: fail('error', 'the eID broker returned no ID token') };
    if (acrValues && typeof idToken.acr === 'string' && !acrValues.has(idToken.acr)) {
      return {
        ok: false,
        failure: fail('error', `the eID broker authenticated at another level (acr ${idToken.acr})`),
      };
    }
    if (identityFromClaims(config, idToken) || !tokens.access_token || !server.serverMetadata().userinfo_endpoint) {
      return { ok: true, claims: idToken };
    }
    try {
      const userinfo = await oidc.fetchUserInfo(server, tokens.access_token, idToken.sub);
      // The validated ID token wins over userinfo where both carry a claim.
      return { ok: true, claims: { ...userinfo, ...idToken } };
    } catch (error) {
      return { ok: false, failure: fail('error', `the eID broker's userinfo failed: ${describe(error)}`) };
    }
  }

  return {
    provider: 'provider_eid',

    async startOrigin() {
      try {
        const endpoint = (await configuration()).serverMetadata().authorization_endpoint;
        if (endpoint) return new URL(endpoint).origin;
      } catch {
        // Discovery failed: Continue will show the provider as unavailable; the issuer is the best guess.
      }
      return new URL(config.issuer).origin;
    },

    async start(_session, context) {
      const server = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: context.callbackUrl,
        response_type: 'code',
        scope: config.scopes,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      };
      if (config.acrValues) parameters.acr_values = config.acrValues;
      return {
        redirectUrl: oidc.buildAuthorizationUrl(server, parameters).href,
        providerRef: state,
        providerState: { code_verifier: codeVerifier, nonce },
      };
    },

    async complete(session, params: CallbackParams, context): Promise<ProviderOutcome> {
      const expectedState = session.provider_ref;
      const { code_verifier: codeVerifier, nonce } = providerState(session);
      // The callback found the session by state; checked again so the adapter stands on its own.
      if (!expectedState || !params.state || !safeEqual(params.state, expectedState)) {
        return fail('error', 'the eID answer does not belong to this verification (state mismatch)');
      }
      if (params.error) {
        const detail = `${params.error}${params.error_description ? `: ${params.error_description}` : ''}`;
        return fail(params.error === 'access_denied' ? 'cancelled' : 'error', `the eID broker answered ${detail}`);
      }
      if (!params.code) return fail('error', 'the eID broker answered without an authorization code');
      if (!codeVerifier || !nonce) return fail('error', 'the verification has no PKCE verifier or nonce');

      let server: oidc.Configuration;
      try {
        server = await configuration();
      } catch (error) {
        return fail('error', `the eID broker could not be reached: ${describe(error)}`);
      }
      const currentUrl = new URL(context.callbackUrl);
      for (const [key, value] of Object.entries(params))
        if (value !== undefined) currentUrl.searchParams.set(key, value);

      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(server, currentUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
          return fail('cancelled', `the eID broker answered ${describe(error)}`);
        }
        return fail('error', `the eID answer was rejected: ${describe(error)}`);
      }

      const claims = await claimsOf(server, tokens);
      if (!claims.ok) return claims.failure;
      const identity = identityFromClaims(config, claims.claims);
      if (!identity) {
        return fail(
          'error',
          `the eID broker did not return the identity claims (${config.claims.identification}, ${config.claims.birthdate})`,
        );
      }
      return { status: 'approved', identity };
    },
  };
}
