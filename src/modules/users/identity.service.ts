import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, type FieldErrors } from '../../errors.js';
import { inTransaction, type Idempotency } from '../../platform/idempotency.js';
import { normaliseIdentification } from './identity-numbers.js';
import * as repo from './users.repository.js';
import { isIdentityVerified } from './users.payload.js';
import { checkBirthday } from './dates.js';
import { isCountryCode } from './profile-rules.js';
import type { IdentityBody, UserPayload } from './users.schemas.js';
import type { WriteContext } from '../../platform/request-context.js';
import { parseUserId } from './user-id.js';
import type { UserEvents } from './user-events.js';
import type { UserService } from './users.service.js';

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  users: Pick<UserService, 'payloadFor'>;
  userEvents: UserEvents;
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

/** True when the identity is the one the person already has (a re-send of the verified identity). */
export function sameIdentity(
  stored: { identification: string | null; identity_country_code: string | null; birthday: string | null },
  identity: { identification: string; country: string; birthday: string },
): boolean {
  return (
    stored.identification === identity.identification &&
    stored.identity_country_code === identity.country &&
    stored.birthday === identity.birthday
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
 * Records what a provider verified as the person's identity, in the transaction that approves the
 * session. A person verifies once: the same identity again changes nothing, and a different one is
 * a `conflict` the caller must not approve (another partner's flow, or a sandbox confirming a
 * different registered number).
 */
export async function recordVerifiedIdentity(
  trx: Transaction<Database>,
  userId: number,
  identity: ConfirmedIdentity,
  now: string,
): Promise<'stored' | 'same' | 'conflict' | 'no_user'> {
  const user = await repo.lockUser(trx, userId);
  if (!user) return 'no_user';
  if (isIdentityVerified(user)) return sameIdentity(user, identity) ? 'same' : 'conflict';
  await repo.updateUser(trx, userId, {
    identification: identity.identification,
    identity_country_code: identity.country,
    birthday: identity.birthday,
    document_id: identity.documentId,
    verified_name: identity.name,
    identity_verified_at: now,
    updated_at: now,
  });
  return 'stored';
}

/** The identity the partner registered for the person, when it registered a complete one. */
export async function registeredIdentity(
  db: Kysely<Database>,
  partnerId: number,
  userId: number,
): Promise<Omit<ConfirmedIdentity, 'name'> | null> {
  const link = await repo.findLink(db, partnerId, userId);
  if (!link?.identification || !link.identity_country_code || !link.birthday) return null;
  return {
    identification: link.identification,
    country: link.identity_country_code,
    birthday: link.birthday,
    documentId: link.document_id,
  };
}

export function createIdentityService({ db, clock, idempotency, users, userEvents }: IdentityServiceDeps) {
  return {
    /**
     * PUT /users/{id}/identity: records the identity this partner registered (it does not verify it).
     * Once a provider verified the person's identity it is theirs: sending it again changes nothing,
     * and a different one is a 409 (it changes only through a new verification).
     */
    async setIdentity(ctx: WriteContext, rawId: string, body: IdentityBody): Promise<UserPayload> {
      const partnerId = ctx.caller.partnerId;
      const userId = parseUserId(rawId);
      const identity = parseIdentity(body, clock.now());
      await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        const linked = await repo.findLinkedUser(trx, partnerId, userId);
        if (!linked) throw new AppError('user_not_found');
        const { user } = linked;
        if (isIdentityVerified(user)) {
          if (sameIdentity(user, identity)) return;
          throw new AppError('identity_conflict');
        }
        const now = clock.now().toISOString();
        await userEvents.around(trx, userId, [partnerId], () =>
          repo.updateLink(trx, partnerId, userId, {
            identification: identity.identification,
            identity_country_code: identity.country,
            birthday: identity.birthday,
            document_id: identity.documentId,
            updated_at: now,
          }),
        );
      });
      return users.payloadFor(partnerId, userId);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
