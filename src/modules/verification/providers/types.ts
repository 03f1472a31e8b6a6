import type { VerificationProvider, VerificationSessionRow } from '../../../db/database.js';

/** An identity as a provider reports it; complete when the three required facts are there. */
export interface VerifiedIdentity {
  identification: string;
  /** ISO 3166-1 alpha-2 of the identity number's country. */
  countryCode: string;
  /** YYYY-MM-DD */
  birthday: string;
  name?: string | null;
  documentId?: string | null;
}

/** How a provider step ended. Expected outcomes are values, not exceptions. */
export type ProviderOutcome =
  | { status: 'approved'; identity: VerifiedIdentity }
  | { status: 'declined' | 'cancelled' | 'expired' | 'error'; reason: string }
  /** Nothing decided yet (the document vendor decides later, by webhook). */
  | { status: 'pending' };

export interface ProviderStart {
  /** Where to send the end user's browser. */
  redirectUrl: string;
  /** The provider's handle for this session (OIDC state, vendor session id), to find it on callback. */
  providerRef: string | null;
  /** Provider-private state kept with the session (PKCE verifier, nonce...). */
  providerState: Record<string, string> | null;
}

/** The query string of the browser's return from the provider. */
export type CallbackParams = Record<string, string | undefined>;

/** One identity provider behind the service's verification pages. */
export interface ProviderAdapter {
  readonly provider: VerificationProvider;
  /** The sandbox's simulated provider: only its sessions may be decided on the sandbox page. */
  readonly simulated?: boolean;
  /** The origin `start` sends the browser to (the start page's form must be allowed to go there). */
  startOrigin(): Promise<string>;
  /** Where the provider should send the browser back to. */
  start(session: VerificationSessionRow, context: { callbackUrl: string; startToken: string }): Promise<ProviderStart>;
  /** Handles the browser's return; the adapter validates everything it was sent. */
  complete(
    session: VerificationSessionRow,
    params: CallbackParams,
    context: { callbackUrl: string },
  ): Promise<ProviderOutcome>;
}

/** Parses the provider-private JSON stored with a session. */
export function providerState(session: VerificationSessionRow): Record<string, string> {
  if (!session.provider_state) return {};
  try {
    return JSON.parse(session.provider_state) as Record<string, string>;
  } catch {
    return {};
  }
}
