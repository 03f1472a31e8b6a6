import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { actAs } from '../../../platform/actor.js';
import type { Clock } from '../../../clock.js';
import type { DocVendorConfig } from '../../../config.js';
import type { Database, VerificationSessionRow } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/dialect.js';
import { isUuid, safeEqual, sha256Hex } from '../../../platform/secrets.js';
import * as repo from '../sessions.repository.js';
import type { SessionService } from '../sessions.service.js';
import { documentOutsidePolicy, documentPolicy, VENDOR_ID_KEY } from './doc.js';
import { normaliseBirthdate, shortReason, text } from './identity.js';
import { providerState, type ProviderOutcome } from './types.js';

export interface DocWebhookDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessions: Pick<SessionService, 'load' | 'finish'>;
  config: DocVendorConfig;
}

/** What became of one webhook delivery. Rejections are values the route logs and answers. */
export type WebhookResult =
  | { accepted: true; sessionId: string | null; note: string }
  | { accepted: false; status: 400 | 401 | 404 | 409; reason: string };

export interface WebhookHeaders {
  authClient: string | undefined;
  signature: string | undefined;
}

type FinalOutcome = Exclude<ProviderOutcome, { status: 'pending' }>;

/** The vendor's decisions and what they mean here; anything else (e.g. `review`) decides nothing yet. */
const DECISIONS: Record<string, FinalOutcome['status']> = {
  approved: 'approved',
  declined: 'declined',
  resubmission_requested: 'declined',
  expired: 'cancelled',
  abandoned: 'cancelled',
};

/** The vendor's signature: hex HMAC-SHA256 of the raw body under the shared secret. */
export function signWebhookBody(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Checks X-HMAC-SIGNATURE in constant time. */
export function validWebhookSignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(signWebhookBody(rawBody, secret), 'hex'));
}

interface DecisionBody {
  verification: {
    id?: unknown;
    status?: unknown;
    vendorData?: unknown;
    reason?: unknown;
    person?: Record<string, unknown> | null;
    document?: Record<string, unknown> | null;
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The outcome of an approved decision: the identity, or why it cannot count as one here. */
export function approvedOutcome(
  session: Pick<VerificationSessionRow, 'id_type'>,
  body: DecisionBody['verification'],
  countryCode: string,
): FinalOutcome {
  const person = isObject(body.person) ? body.person : {};
  const document = isObject(body.document) ? body.document : {};
  const idType = session.id_type ?? 'local';
  const documentCountry = text(document.country)?.toUpperCase() ?? null;
  const outside = documentOutsidePolicy(documentPolicy(idType, countryCode), {
    type: text(document.type),
    country: documentCountry,
  });
  if (outside) return { status: 'declined', reason: shortReason(`the document vendor approved, but ${outside}`) };
  const documentNumber = text(document.number);
  // A foreign passport may carry no personal number; its document number then identifies the person.
  const identification = text(person.idNumber) ?? (idType === 'international' ? documentNumber : null);
  const birthday = normaliseBirthdate(text(person.dateOfBirth));
  if (!identification || !birthday || !documentCountry || !/^[A-Z]{2}$/.test(documentCountry)) {
    return { status: 'error', reason: 'the document vendor approved without a complete identity' };
  }
  const name = [text(person.firstName), text(person.lastName)].filter(Boolean).join(' ') || null;
  return {
    status: 'approved',
    identity: { identification, birthday, countryCode: documentCountry, name, documentId: documentNumber },
  };
}

/**
 * Receives the document vendor's decision webhooks. Checks, in order: the integration key, the
 * signature over the raw body, the body, replay (the body's digest already received), the session
 * (our id in `vendorData` and the vendor's id we stored at start). The decision then ends the session
 * through `sessions.finish`, which leaves a finished session as it is.
 */
export function createDocWebhook(deps: DocWebhookDeps) {
  const { db, clock, sessions, config } = deps;
  const reject = (status: 400 | 401 | 404 | 409, reason: string): WebhookResult => ({
    accepted: false,
    status,
    reason,
  });

  async function findSession(body: DecisionBody['verification']): Promise<VerificationSessionRow | undefined> {
    const sessionId = text(body.vendorData);
    const vendorId = text(body.id);
    if (!sessionId || !vendorId || !isUuid(sessionId)) return undefined;
    const session = await sessions.load(sessionId.toLowerCase());
    if (!session || session.provider !== 'provider_doc') return undefined;
    const stored = providerState(session)[VENDOR_ID_KEY];
    return stored && safeEqual(sha256Hex(stored), sha256Hex(vendorId)) ? session : undefined;
  }

  /** Records the delivery as received; false when it already was (a replay racing this one). */
  async function recordReceipt(digest: string): Promise<boolean> {
    try {
      await repo.recordWebhookReceipt(db, digest, 'provider_doc', clock.now().toISOString());
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Why a delivery is not the vendor's (integration key, then signature), or null when it is. */
  function forgery(rawBody: Buffer, headers: WebhookHeaders): WebhookResult | null {
    if (!headers.authClient || !safeEqual(sha256Hex(headers.authClient), sha256Hex(config.apiKey))) {
      return reject(401, headers.authClient ? 'wrong X-AUTH-CLIENT' : 'no X-AUTH-CLIENT');
    }
    if (!validWebhookSignature(rawBody, headers.signature, config.webhookSecret)) {
      return reject(401, headers.signature ? 'bad X-HMAC-SIGNATURE' : 'no X-HMAC-SIGNATURE');
    }
    return null;
  }

  return {
    /** True when the delivery carries the vendor's integration key and a valid signature of its body. */
    authentic(rawBody: Buffer, headers: WebhookHeaders): boolean {
      return forgery(rawBody, headers) === null;
    },

    async receive(rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookResult> {
      const forged = forgery(rawBody, headers);
      if (forged) return forged;
      // A signed delivery: what it changes is the vendor's decision.
      actAs({ type: 'system', id: null, label: 'document vendor webhook' });
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return reject(400, 'the body is not JSON');
      }
      if (!isObject(body)) return reject(400, 'the body is not a JSON object');
      const digest = createHash('sha256').update(rawBody).digest('hex');
      if (await repo.hasWebhookReceipt(db, digest)) return reject(409, 'replayed: this delivery was already received');

      if (!isObject(body.verification)) {
        // Event notifications (started, submitted, ...) carry no decision.
        if (typeof body.action !== 'string') return reject(400, 'neither a decision nor an event');
        if (!(await recordReceipt(digest))) return reject(409, 'replayed: this delivery was already received');
        return { accepted: true, sessionId: null, note: `event ${body.action} noted` };
      }
      const decision = body.verification as DecisionBody['verification'];
      const session = await findSession(decision);
      if (!session) return reject(404, 'no verification session for this decision');

      const vendorStatus = text(decision.status) ?? '';
      const status = DECISIONS[vendorStatus];
      if (status) {
        const outcome: FinalOutcome =
          status === 'approved'
            ? approvedOutcome(session, decision, config.countryCode)
            : {
                status,
                reason: shortReason(
                  `the document vendor decided ${vendorStatus}${text(decision.reason) ? `: ${text(decision.reason)}` : ''}`,
                ),
              };
        // The receipt commits with the decision: a racing duplicate hits the receipt's primary key
        // and rolls back, and a failure anywhere leaves neither, so the vendor's retry decides again.
        try {
          await sessions.finish(session.id, outcome, (trx) =>
            repo.recordWebhookReceipt(trx, digest, 'provider_doc', clock.now().toISOString()),
          );
        } catch (error) {
          if (isUniqueViolation(error)) return reject(409, 'replayed: this delivery was already received');
          throw error;
        }
      } else if (!(await recordReceipt(digest))) {
        return reject(409, 'replayed: this delivery was already received');
      }
      return {
        accepted: true,
        sessionId: session.id,
        note: status ? `decision ${vendorStatus}` : `status ${vendorStatus || '(none)'} decides nothing yet`,
      };
    },
  };
}

export type DocWebhook = ReturnType<typeof createDocWebhook>;
