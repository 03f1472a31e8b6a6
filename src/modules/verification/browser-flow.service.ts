import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, VerificationProvider, VerificationSessionRow } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { randomToken, safeEqual, sha256Hex } from '../../platform/secrets.js';
import type { ProviderAdapter, CallbackParams, ProviderOutcome } from './providers/types.js';
import type { SandboxOutcome } from './providers/sandbox.js';
import { redirectTarget } from './return-url-matching.js';
import type { PartnerService } from '../partners/index.js';
import { actAs } from '../../platform/actor.js';
import * as repo from './sessions.repository.js';
import type { SessionService } from './sessions.service.js';

export interface BrowserFlowDeps {
  db: Kysely<Database>;
  clock: Clock;
  crypto: FieldCrypto;
  sessions: Pick<SessionService, 'fresh' | 'finish' | 'sandboxConfirms'>;
  partners: Pick<PartnerService, 'partnerName'>;
  adapters: ReadonlyMap<VerificationProvider, ProviderAdapter>;
  callbackUrl: (provider: VerificationProvider) => string;
}

/** What the start page shows. */
export type StartView =
  | { kind: 'unknown' }
  | { kind: 'ready'; session: VerificationSessionRow; partnerName: string }
  | { kind: 'finished'; session: VerificationSessionRow; partnerName: string; returnTo: string };

/** Where the browser goes next, or why it cannot. Expected outcomes are values, not exceptions. */
export type Step =
  | { kind: 'redirect'; location: string; binding?: { name: string; value: string } }
  | { kind: 'page'; status: number; title: string; message: string };

export function bindingCookieName(sessionId: string): string {
  return `onpay_vb_${sessionId.replace(/-/g, '')}`;
}

/** The end user's side of a verification: start page, provider hand-off, return, final redirect. */
export function createBrowserFlow(deps: BrowserFlowDeps) {
  const { db, clock, crypto, sessions } = deps;

  async function byToken(token: string): Promise<VerificationSessionRow | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const row = await repo.findSessionByStartToken(db, crypto, sha256Hex(token));
    if (row) employeeActs(row);
    return row && sessions.fresh(row);
  }

  /** The verification link's holder is the employee the session is for (the audit log's "who"). */
  function employeeActs(session: Pick<VerificationSessionRow, 'user_id'>): void {
    actAs({ type: 'employee', id: String(session.user_id), label: `employee ${session.user_id} (verification page)` });
  }

  function partnerRedirect(session: VerificationSessionRow): string {
    return redirectTarget(session.partner_return_url, { verification_id: session.id, status: session.status });
  }

  function bound(session: VerificationSessionRow, cookies: Record<string, string | undefined>): boolean {
    const value = cookies[bindingCookieName(session.id)];
    return Boolean(value && session.browser_binding_hash && safeEqual(sha256Hex(value), session.browser_binding_hash));
  }

  const notThisBrowser: Step = {
    kind: 'page',
    status: 403,
    title: 'Please start again',
    message:
      'This verification was started in another browser, or your browser does not keep cookies. Open the verification link again in this browser.',
  };

  return {
    partnerRedirect,

    async view(token: string): Promise<StartView> {
      const session = await byToken(token);
      if (!session) return { kind: 'unknown' };
      const partnerName = (await deps.partners.partnerName(session.partner_id)) ?? 'Your employer';
      if (session.status !== 'pending')
        return { kind: 'finished', session, partnerName, returnTo: partnerRedirect(session) };
      return { kind: 'ready', session, partnerName };
    },

    /**
     * Where the start page's Continue may send the browser: the provider's origin, or the partner's
     * when the session ended in the meantime.
     */
    async startPageTargets(session: VerificationSessionRow): Promise<string[]> {
      const provider = await deps.adapters.get(session.provider)?.startOrigin();
      return [provider, session.partner_return_url].filter((target): target is string => target !== undefined);
    },

    /** "Continue" on the start page: binds this browser to the session and hands over to the provider. */
    async begin(token: string): Promise<Step> {
      const session = await byToken(token);
      if (!session)
        return {
          kind: 'page',
          status: 404,
          title: 'Link not found',
          message: 'This verification link is not valid. Ask for a new one.',
        };
      if (session.status !== 'pending') return { kind: 'redirect', location: partnerRedirect(session) };
      const adapter = deps.adapters.get(session.provider);
      if (!adapter)
        return {
          kind: 'page',
          status: 503,
          title: 'Verification unavailable',
          message: 'This verification method is not available right now.',
        };
      const binding = randomToken(24);
      let start;
      try {
        start = await adapter.start(session, { callbackUrl: deps.callbackUrl(session.provider), startToken: token });
      } catch {
        return {
          kind: 'page',
          status: 502,
          title: 'The identity provider did not answer',
          message: 'Please try again in a moment.',
        };
      }
      await repo.updateProviderStart(db, crypto, session.id, {
        providerRef: start.providerRef,
        providerState: start.providerState ? JSON.stringify(start.providerState) : null,
        bindingHash: sha256Hex(binding),
        now: clock.now().toISOString(),
      });
      return {
        kind: 'redirect',
        location: start.redirectUrl,
        binding: { name: bindingCookieName(session.id), value: binding },
      };
    },

    /** The browser's return from a real provider. */
    async callback(
      provider: VerificationProvider,
      ref: string | undefined,
      params: CallbackParams,
      cookies: Record<string, string | undefined>,
    ): Promise<Step> {
      const adapter = deps.adapters.get(provider);
      const found = ref && adapter ? await repo.findSessionByProviderRef(db, crypto, provider, ref) : undefined;
      if (found) employeeActs(found);
      const session = found && (await sessions.fresh(found));
      if (!session || !adapter)
        return {
          kind: 'page',
          status: 400,
          title: 'Verification not found',
          message:
            'We could not match this answer from the identity provider to a verification. Open the verification link again.',
        };
      if (!bound(session, cookies)) return notThisBrowser;
      if (session.status !== 'pending') return { kind: 'redirect', location: partnerRedirect(session) };
      let outcome: ProviderOutcome;
      try {
        outcome = await adapter.complete(session, params, { callbackUrl: deps.callbackUrl(provider) });
      } catch {
        // Adapters report failures as outcomes; this is the last guard (the answer cannot be replayed).
        outcome = { status: 'error', reason: 'the provider answer could not be processed' };
      }
      if (outcome.status === 'pending') return { kind: 'redirect', location: partnerRedirect(session) };
      return { kind: 'redirect', location: partnerRedirect(await sessions.finish(session.id, outcome)) };
    },

    /** The sandbox provider page: the session, if this browser started it and it is still pending. */
    async sandboxSession(
      token: string,
      cookies: Record<string, string | undefined>,
    ): Promise<{ session: VerificationSessionRow } | Step> {
      const session = await byToken(token);
      // A session handled by a configured real provider is never decided here, even in sandbox.
      if (!session || !deps.adapters.get(session.provider)?.simulated) {
        return { kind: 'page', status: 404, title: 'Link not found', message: 'This verification link is not valid.' };
      }
      if (session.status !== 'pending') return { kind: 'redirect', location: partnerRedirect(session) };
      if (!bound(session, cookies)) return notThisBrowser;
      return { session };
    },

    /** The sandbox provider page's choice. */
    async sandboxDecide(
      token: string,
      outcome: SandboxOutcome,
      cookies: Record<string, string | undefined>,
    ): Promise<Step> {
      const found = await this.sandboxSession(token, cookies);
      if ('kind' in found) return found;
      const { session } = found;
      const finished =
        outcome === 'approved'
          ? await sessions.finish(session.id, { status: 'approved', identity: await sessions.sandboxConfirms(session) })
          : await sessions.finish(session.id, { status: outcome, reason: `chosen on the sandbox provider page` });
      return { kind: 'redirect', location: partnerRedirect(finished) };
    },
  };
}

export type BrowserFlow = ReturnType<typeof createBrowserFlow>;
