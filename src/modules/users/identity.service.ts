import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, type FieldErrors } from '../../errors.js';
import { inTransaction, type Idempotency } from '../../platform/idempotency.js';
import { identificationCandidates, normaliseIdentification } from './identity-numbers.js';
import * as repo from './users.repository.js';
import { checkBirthday, isCountryCode } from './users.rules.js';
import type { IdentityBody, UserPayload } from './users.schemas.js';
import type { WriteContext } from '../../platform/request-context.js';
import { parseUserId, type UserService } from './users.service.js';

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  users: Pick<UserService, 'payloadFor'>;
}

/** The caller's employees whose stored identity number matches `ssn` in any accepted spelling. */
export async function findByIdentity(db: Kysely<Database>, partnerId: number, ssn: string): Promise<repo.LinkedUserRow[]> {
  const candidates = identificationCandidates(ssn);
  if (candidates.length === 0) return [];
  return repo.findLinkedUsersByIdentification(db, partnerId, candidates);
}

/** Validates an identity; returns the stored form or throws a 422 naming the fields. */
export function parseIdentity(body: IdentityBody, today: Date) {
  const errors: FieldErrors = {};
  const country = body.country_code.toUpperCase();
  if (!isCountryCode(country)) errors.country_code = ['country_code must be an ISO 3166-1 alpha-2 code.'];
  const identification = normaliseIdentification(country, body.identification);
  if (identification === null) errors.identification = [`identification is not a valid national identity number for ${country}.`];
  const birthdayProblem = checkBirthday(body.birthday, today);
  if (birthdayProblem) errors.birthday = [birthdayProblem];
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  const documentId = body.document_id?.trim() ? body.document_id.trim() : null;
  return { identification: identification as string, country, birthday: body.birthday, documentId };
}

export function createIdentityService({ db, clock, idempotency, users }: IdentityServiceDeps) {
  return {
    /** PUT /users/{id}/identity: creates or replaces the identity (it does not verify it). */
    async setIdentity(ctx: WriteContext, rawId: string, body: IdentityBody): Promise<UserPayload> {
      const partnerId = ctx.caller.partnerId;
      const userId = parseUserId(rawId);
      const identity = parseIdentity(body, clock.now());
      await inTransaction(db, idempotency, ctx.idempotency, async (trx) => {
        const linked = await repo.findLinkedUser(trx, partnerId, userId);
        if (!linked) throw new AppError('user_not_found');
        const { user } = linked;
        // A verified identity is the provider's word. Changing who the person is means verifying again:
        // id_verification turns false (and the employee cannot be paid) until a new session is approved.
        const changesWho =
          user.identification !== identity.identification || user.identity_country_code !== identity.country || user.birthday !== identity.birthday;
        await repo.updateUser(trx, userId, {
          identification: identity.identification,
          identity_country_code: identity.country,
          birthday: identity.birthday,
          document_id: identity.documentId,
          ...(changesWho && user.identity_verified_at !== null ? { identity_verified_at: null } : {}),
          updated_at: clock.now().toISOString(),
        });
      });
      return users.payloadFor(partnerId, userId);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
