import type { DocVendorConfig } from '../../../config.js';
import type { VerificationSessionRow } from '../../../db/database.js';
import { randomToken } from '../../../platform/secrets.js';
import type { ProviderAdapter } from './types.js';

export interface DocProviderOptions {
  /** Milliseconds to wait for the vendor's session API. */
  timeoutMs?: number;
}

/**
 * The documents each `id_type` accepts, sent to the vendor with the session and checked again on
 * its decision:
 * - `local`: the national documents of DOC_COUNTRY (passport, national ID card, driving licence;
 *   in the Nordic countries all three carry the national identity number);
 * - `international`: documents issued by any other country (passport, national ID card).
 */
export interface DocumentPolicy {
  types: string[];
  /** Only documents issued by these countries. */
  countries?: string[];
  /** No documents issued by these countries. */
  excludedCountries?: string[];
}

export function documentPolicy(idType: 'local' | 'international', countryCode: string): DocumentPolicy {
  return idType === 'local'
    ? { types: ['PASSPORT', 'ID_CARD', 'DRIVERS_LICENSE'], countries: [countryCode] }
    : { types: ['PASSPORT', 'ID_CARD'], excludedCountries: [countryCode] };
}

/** Whether a document the vendor accepted fits the session's policy; a reason when it does not. */
export function documentOutsidePolicy(
  policy: DocumentPolicy,
  document: { type: string | null; country: string | null },
): string | null {
  if (document.type && !policy.types.includes(document.type.toUpperCase()))
    return `document type ${document.type} is not accepted here`;
  const country = document.country?.toUpperCase() ?? null;
  if (policy.countries && (!country || !policy.countries.includes(country)))
    return `a document issued by ${country ?? 'an unknown country'} is not a national document here`;
  if (policy.excludedCountries && country && policy.excludedCountries.includes(country))
    return `a document issued by ${country} is national, not international`;
  return null;
}

/** The vendor's session id kept with our session (provider_state). */
export const VENDOR_ID_KEY = 'vendor_id';

interface CreatedSession {
  status?: unknown;
  verification?: { id?: unknown; url?: unknown };
}

/**
 * provider_doc against a hosted document-verification vendor with a Veriff-style sessions API:
 * `POST {apiUrl}/v1/sessions` with the integration key creates a session whose URL the browser is
 * sent to; the decision arrives later by signed webhook (doc-webhook.ts). The browser's return
 * carries no decision, so it is answered with `pending` and the partner polls.
 *
 * The return address carries our own random `ref` (provider_ref), because the vendor's session id
 * is only known after the callback address was sent; the vendor id is kept in provider_state and
 * checked when the decision arrives.
 */
export function createDocProvider(config: DocVendorConfig, options: DocProviderOptions = {}): ProviderAdapter {
  const sessionsUrl = `${config.apiUrl}/v1/sessions`;
  const allowHttpRedirect = config.apiUrl.startsWith('http://');

  async function createVendorSession(
    session: VerificationSessionRow,
    callback: string,
  ): Promise<{ id: string; url: string }> {
    const idType = session.id_type ?? 'local';
    const response = await fetch(sessionsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-client': config.apiKey },
      body: JSON.stringify({
        verification: { callback, vendorData: session.id, document: documentPolicy(idType, config.countryCode) },
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new Error(`the document vendor answered ${response.status}`);
    const body = (await response.json()) as CreatedSession;
    const id = body.verification?.id;
    const url = body.verification?.url;
    if (
      body.status !== 'success' ||
      typeof id !== 'string' ||
      id === '' ||
      id.length > 255 ||
      typeof url !== 'string'
    ) {
      throw new Error('the document vendor answered without a session');
    }
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && !(allowHttpRedirect && parsed.protocol === 'http:'))
      throw new Error('the document vendor sent a non-https URL');
    // The start page only lets its form go on to the configured origin (its form-action).
    if (parsed.origin !== config.pageOrigin)
      throw new Error(`the document vendor sent a URL outside DOC_PAGE_ORIGIN (${parsed.origin})`);
    return { id, url: parsed.href };
  }

  return {
    provider: 'provider_doc',

    async startOrigin() {
      return config.pageOrigin;
    },

    async start(session, context) {
      const ref = randomToken(24);
      const callback = new URL(context.callbackUrl);
      callback.searchParams.set('ref', ref);
      const vendor = await createVendorSession(session, callback.href);
      return { redirectUrl: vendor.url, providerRef: ref, providerState: { [VENDOR_ID_KEY]: vendor.id } };
    },

    async complete() {
      return { status: 'pending' };
    },
  };
}
