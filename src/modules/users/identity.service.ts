import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, PartnerUserRow } from '../../db/database.js';
import { AppError, type FieldErrors } from '../../errors.js';
import { inTransaction, type Idempotency } from '../../platform/idempotency.js';
import { normaliseIdentification } from './identity-numbers.js';
import * as repo from './users.repository.js';
import { distinctVerifiedIdentities, hasOwnVerifiedIdentity } from './users.payload.js';
import { checkBirthday } from './dates.js';
import { isCountryCode } from './profile-rules.js';
import type { IdentityBody, UserPayload } from './users.schemas.js';
import type { WriteContext } from '../../platform/request-context.js';
import { parseUserId } from './user-id.js';
import type { UserEvents } from './user-events.js';
import type { UserService } from './users.service.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  users: Pick<UserService, 'payloadFor'>;
  userEvents: UserEvents;
  crypto: FieldCrypto;
}

/** Validates an identity; returns the stored form or throws a 422 naming the fields. */
export function parseIdentity(body: IdentityBody, today: Date) {
  const errors: FieldErrors = {};
  const country = body.country_code.toUpperCase();
  if (!isCountryCode(country)) errors.country_code = ['country_code must be an ISO 3166-1 alpha-2 code.'];
  const identification = normaliseIdentification(country, body.identification);
  if (identification === null)
    errors.identification = [`identification is not a valid national identity number for ${country}.`];
  const birthdayProblem = checkBirthday(body.birthday, today);
  if (birthdayProblem) errors.birthday = [birthdayProblem];
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  const documentId = body.document_id?.trim() ? body.document_id.trim() : null;
  return { identification: identification as string, country, birthday: body.birthday, documentId };
}

/** True when the identity is the one this partner's own verification confirmed (a re-send of it). */
export function sameIdentity(
  verified: Pick<PartnerUserRow, 'verified_identification' | 'verified_country_code' | 'verified_birthday'>,
  identity: { identification: string; country: string; birthday: string },
): boolean {
  return (
    verified.verified_identification === identity.identification &&
    verified.verified_country_code === identity.country &&
    verified.verified_birthday === identity.birthday
  );
}

/** An identity a provider confirmed, normalised. */
export interface ConfirmedIdentity {
  identification: string;
  country: string;
  birthday: string;
  name: string | null;
  documentId: string | null;
}

/**
 * Records what a provider confirmed in a verification this partner started, on this partner's link
 * only, in the transaction that approves the session (docs/decisions.md §14). The same identity
 * again changes nothing; a different one than this partner's own earlier verification is a
 * `conflict` the caller must not approve. Another partner's verification is never read here: it
 * neither blocks this one nor is changed by it.
 */
export async function recordVerifiedIdentity(
  trx: Transaction<Database>,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
  identity: ConfirmedIdentity,
  now: string,
): Promise<'stored' | 'same' | 'conflict' | 'no_user'> {
  // The person's row orders writers of one person (the events of every partner's view are read after).
  const person = await repo.lockUser(trx, userId);
  if (!person) return 'no_user';
  const link = await repo.findLink(trx, crypto, partnerId, userId);
  if (!link) return 'no_user';
  if (hasOwnVerifiedIdentity(link)) return sameIdentity(link, identity) ? 'same' : 'conflict';
  await repo.updateLink(trx, crypto, partnerId, userId, {
    verified_identification: identity.identification,
    verified_country_code: identity.country,
    verified_birthday: identity.birthday,
    verified_document_id: identity.documentId,
    verified_name: identity.name,
    identity_verified_at: now,
    updated_at: now,
  });
  // Every link of the person: another partner that registered exactly this identity is now verified too.
  await repo.storeOnboarding(trx, [userId]);
  // Two partners' verifications that confirmed different identities are for an operator to review.
  if (person.identity_review_since === null) {
    const links = await repo.verifiedIdentitiesOf(trx, crypto, userId);
    if (distinctVerifiedIdentities(links) > 1) await repo.updateUser(trx, userId, { identity_review_since: now });
  }
  return 'stored';
}

/** The identity the partner registered for the person, when it registered a complete one. */
export async function registeredIdentity(
  db: Kysely<Database>,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
): Promise<Omit<ConfirmedIdentity, 'name'> | null> {
  const link = await repo.findLink(db, crypto, partnerId, userId);
  if (!link?.identification || !link.identity_country_code || !link.birthday) return null;
  return {
    identification: link.identification,
    country: link.identity_country_code,
    birthday: link.birthday,
    documentId: link.document_id,
  };
}

export function createIdentityService({ db, clock, idempotency, users, userEvents, crypto }: IdentityServiceDeps) {
  return {
    /**
     * PUT /users/{id}/identity: records the identity this partner registered (it does not verify it).
     * Once this partner's own verification confirmed an identity, sending that one again changes
     * nothing and a different one is a 409 (it changes only through a new verification). Another
     * partner's verification never makes this a 409 (docs/decisions.md §14).
     */
    async setIdentity(ctx: WriteContext, rawId: string, body: IdentityBody): Promise<UserPayload> {
      const partnerId = ctx.caller.partnerId;
      const userId = parseUserId(rawId);
      const identity = parseIdentity(body, clock.now());
      await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        await repo.lockPeople(trx, [userId]);
        const linked = await repo.findLinkedUser(trx, crypto, partnerId, userId);
        if (!linked) throw new AppError('user_not_found');
        const { link } = linked;
        if (hasOwnVerifiedIdentity(link)) {
          if (sameIdentity(link, identity)) return;
          throw new AppError('identity_conflict');
        }
        const now = clock.now().toISOString();
        await userEvents.around(trx, userId, [partnerId], async () => {
          await repo.updateLink(trx, crypto, partnerId, userId, {
            identification: identity.identification,
            identity_country_code: identity.country,
            birthday: identity.birthday,
            document_id: identity.documentId,
            updated_at: now,
          });
          // The registered identity may now equal (or no longer equal) one another partner verified.
          await repo.storeOnboarding(trx, [userId]);
        });
      });
      return users.payloadFor(partnerId, userId);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
