import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, LinkUpdate } from '../../db/database.js';
import { AppError, type FieldErrors } from '../../errors.js';
import { inTransaction, retryUniqueRaces, type Idempotency } from '../../platform/idempotency.js';
import { EXPORT_CHUNK_ROWS, keysetChunks, mapReleasing } from '../../platform/export-stream.js';
import { pageOffset, type PageQuery } from '../../platform/pagination.js';
import type { WriteContext } from '../../platform/request-context.js';
import type { TermsService } from '../terms/index.js';
import { hasBankFields, parseBankAccount, type BankInput } from './bank.js';
import { identificationCandidates } from './identity-numbers.js';
import * as repo from './users.repository.js';
import { userRowToPayload } from './users.payload.js';
import { namedBy, normalisePhone } from './employee-keys.js';
import { checkDialCode, isProvided, mainWorkToInt, PROFILE_FIELDS } from './profile-rules.js';
import { parseUserId } from './user-id.js';
import type { UserEvents } from './user-events.js';
import type { CreateUserBody, LookupBody, ProfileBody, UpdateUserBody, UserPayload } from './users.schemas.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

export interface UserServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  terms: Pick<TermsService, 'current'>;
  userEvents: UserEvents;
  crypto: FieldCrypto;
}

function bankColumns(input: BankInput, errors: FieldErrors): LinkUpdate {
  if (!hasBankFields(input)) return {};
  const parsed = parseBankAccount(input);
  if ('errors' in parsed) {
    Object.assign(errors, parsed.errors);
    return {};
  }
  // Switching style clears the other style's columns (spec, PUT /users/{id} rule 3).
  return parsed.account.style === 'domestic'
    ? { bank_account_number: parsed.account.accountNumber, bank_iban_number: null, bank_bic_number: null }
    : { bank_account_number: null, bank_iban_number: parsed.account.iban, bank_bic_number: parsed.account.bic };
}

function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value.trim();
}

const MAX_WRITE_ATTEMPTS = 4;

export function createUserService({ db, clock, idempotency, terms, userEvents, crypto }: UserServiceDeps) {
  /**
   * Runs a write. A lost unique-constraint race is retried, and the retry's pre-checks see the
   * winner's row. A write can lose at most one race per constraint it touches (e-mail, the
   * partner's link, internal_id), so the attempts are bounded.
   */
  async function write<T>(ctx: WriteContext, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return retryUniqueRaces(MAX_WRITE_ATTEMPTS, () => inTransaction(db, idempotency, ctx.idempotency, work));
  }

  async function assertInternalIdFree(
    trx: Transaction<Database>,
    partnerId: number,
    internalId: number,
    userId: number | null,
  ) {
    const holder = await repo.findUserIdByInternalId(trx, partnerId, internalId);
    if (holder !== undefined && holder !== userId)
      throw AppError.field('internal_id', 'internal_id has already been taken.');
  }

  async function payloadFor(executor: Kysely<Database>, partnerId: number, userId: number): Promise<UserPayload> {
    const current = await terms.current(executor);
    const row = await repo.findPayloadRow(executor, crypto, partnerId, userId, current.code);
    if (!row) throw new AppError('user_not_found');
    return userRowToPayload(row, row.approved, clock.now());
  }

  async function requireLinked(executor: Kysely<Database>, partnerId: number, userId: number) {
    const row = await repo.findLinkedUser(executor, crypto, partnerId, userId);
    if (!row) throw new AppError('user_not_found');
    return row;
  }

  return {
    payloadFor: (partnerId: number, userId: number) => payloadFor(db, partnerId, userId),

    /**
     * POST /users: creates the person, or links the existing one to the caller. Linking applies only
     * `email` and `internal_id` (the rest is validated, then ignored): the new link starts empty, and
     * nothing another partner entered is shown or changed.
     */
    async createOrLink(ctx: WriteContext, body: CreateUserBody): Promise<UserPayload> {
      const partnerId = ctx.caller.partnerId;
      const email = body.email.trim();
      const internalId = body.internal_id ?? null;
      // The whole body is checked as for a new person, whether it creates or links: a request is
      // valid or not by what it says, not by whether the e-mail is known (linking then ignores
      // all but email and internal_id).
      const errors: FieldErrors = {};
      const bank = bankColumns(body, errors);
      const dialCode =
        isProvided(body.dial_code) && body.dial_code.trim() !== '' ? checkDialCode(body.dial_code, errors) : null;
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);
      // The new person's payload, or the id of the person linked (read back after the commit).
      const result = await write(ctx, async (trx): Promise<UserPayload | number> => {
        const now = clock.now().toISOString();
        const existing = await repo.findUserByEmail(trx, email.toLowerCase());
        if (existing) {
          const link = await repo.findLink(trx, crypto, partnerId, existing.id);
          if (internalId !== null) await assertInternalIdFree(trx, partnerId, internalId, existing.id);
          await userEvents.around(
            trx,
            existing.id,
            [partnerId],
            async () => {
              if (!link) {
                await repo.insertLink(trx, crypto, {
                  partner_id: partnerId,
                  user_id: existing.id,
                  internal_id: internalId,
                  created_at: now,
                  updated_at: now,
                });
                // Stored not onboarded by the column's default (§28): a new link has no approval
                // of this partner's, whatever another writer of the person does meanwhile.
              } else if (internalId !== null)
                await repo.updateLink(trx, crypto, partnerId, existing.id, {
                  internal_id: internalId,
                  updated_at: now,
                });
            },
            { created: { partnerId, type: 'user.linked' } },
          );
          return existing.id;
        }

        // The person first: when a concurrent request created them a moment ago, the e-mail's unique
        // key fails here and the retry takes the linking path above, as a sequential request would.
        const user = await repo.insertUser(trx, {
          email,
          email_normalized: email.toLowerCase(),
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        });
        if (internalId !== null) await assertInternalIdFree(trx, partnerId, internalId, user.id);
        const link = await repo.insertLink(trx, crypto, {
          partner_id: partnerId,
          user_id: user.id,
          internal_id: internalId,
          note: blankToNull(body.note),
          first_name: blankToNull(body.first_name),
          last_name: blankToNull(body.last_name),
          address: blankToNull(body.address),
          postal_code: blankToNull(body.postal_code),
          city: blankToNull(body.city),
          dial_code: dialCode,
          phone: blankToNull(body.phone),
          main_work: isProvided(body.main_work) ? mainWorkToInt(body.main_work) : null,
          ...bank,
          created_at: now,
          updated_at: now,
        });
        // A new person has one link, no approvals, no verification: the view needs no reading back,
        // and the link is stored not onboarded by the column's default (§28).
        const created = userRowToPayload({ user, link: { ...link, identity_matched: false } }, false, clock.now());
        await userEvents.emitChanges(trx, new Map(), new Map([[partnerId, created]]), {
          partnerId,
          type: 'user.created',
        });
        return created;
      });
      return typeof result === 'number' ? payloadFor(db, partnerId, result) : result;
    },

    async get(partnerId: number, rawId: string): Promise<UserPayload> {
      return payloadFor(db, partnerId, parseUserId(rawId));
    },

    async list(partnerId: number, query: PageQuery): Promise<{ total: number; results: UserPayload[] }> {
      // A page past the end of any list is empty: only the total is read.
      const window = pageOffset(query);
      if (window === null) return { total: await repo.countLinks(db, partnerId), results: [] };
      const current = await terms.current(db);
      const { total, rows } = await repo.listLinkedUsers(
        db,
        crypto,
        partnerId,
        current.code,
        window.limit,
        window.offset,
      );
      const now = clock.now();
      return { total, results: rows.map((row) => userRowToPayload(row, row.approved, now)) };
    },

    /** GET /users/export: every employee of the partner, in id order, a chunk at a time, each as the list shows it. */
    async *exportChunks(partnerId: number, size = EXPORT_CHUNK_ROWS): AsyncGenerator<UserPayload[]> {
      const current = await terms.current(db);
      const chunks = keysetChunks(
        (after, size) => repo.exportLinkedUsers(db, crypto, partnerId, current.code, after, size),
        (row) => row.user.id,
        size,
      );
      for await (const rows of chunks) {
        const now = clock.now();
        yield mapReleasing(rows, (row) => userRowToPayload(row, row.approved, now));
      }
    },

    /** PUT/PATCH /users/{id}: only supplied fields change; null counts as not supplied. */
    async update(ctx: WriteContext, rawId: string, body: UpdateUserBody): Promise<UserPayload> {
      const partnerId = ctx.caller.partnerId;
      const userId = parseUserId(rawId);
      await write(ctx, async (trx) => {
        await repo.lockPeople(trx, [userId]);
        const { link } = await requireLinked(trx, partnerId, userId);
        const before = await userEvents.views(trx, userId, [partnerId]);
        const errors: FieldErrors = {};
        const changes: LinkUpdate = {};

        const sentProfile = PROFILE_FIELDS.filter((field) => isProvided(body[field]));
        if (sentProfile.length > 0 && link.profile_completed_at === null) {
          const missing = PROFILE_FIELDS.filter((field) => !sentProfile.includes(field));
          for (const field of missing)
            errors[field] = [`${field} is required when no profile exists yet; send the full profile.`];
        }
        for (const field of sentProfile) {
          if (field === 'main_work') continue;
          const value = body[field] as string;
          if (value.trim() === '') errors[field] = [`${field} must not be empty.`];
        }
        if (isProvided(body.first_name)) changes.first_name = body.first_name.trim();
        if (isProvided(body.last_name)) changes.last_name = body.last_name.trim();
        if (isProvided(body.address)) changes.address = body.address.trim();
        if (isProvided(body.postal_code)) changes.postal_code = body.postal_code.trim();
        if (isProvided(body.city)) changes.city = body.city.trim();
        if (isProvided(body.phone)) changes.phone = body.phone;
        if (isProvided(body.main_work)) changes.main_work = mainWorkToInt(body.main_work);
        if (isProvided(body.dial_code) && !errors.dial_code) changes.dial_code = checkDialCode(body.dial_code, errors);
        Object.assign(changes, bankColumns(body, errors));
        if (isProvided(body.internal_id)) await assertInternalIdFree(trx, partnerId, body.internal_id, userId);
        if (Object.keys(errors).length > 0) throw AppError.fields(errors);

        if (isProvided(body.internal_id)) changes.internal_id = body.internal_id;
        if (isProvided(body.note)) changes.note = blankToNull(body.note);
        const now = clock.now().toISOString();
        if (sentProfile.length === PROFILE_FIELDS.length && link.profile_completed_at === null)
          changes.profile_completed_at = now;
        if (Object.keys(changes).length > 0) {
          await repo.updateLink(trx, crypto, partnerId, userId, { ...changes, updated_at: now });
          await repo.storeOnboarding(trx, [userId]);
        }
        await userEvents.emitChanges(trx, before, await userEvents.views(trx, userId, [partnerId]));
      });
      return payloadFor(db, partnerId, userId);
    },

    /** PUT/PATCH /users/{id}/profile: replaces the full profile and completes the `profile` step. */
    async replaceProfile(ctx: WriteContext, rawId: string, body: ProfileBody): Promise<UserPayload> {
      const partnerId = ctx.caller.partnerId;
      const userId = parseUserId(rawId);
      await write(ctx, async (trx) => {
        await repo.lockPeople(trx, [userId]);
        const { link } = await requireLinked(trx, partnerId, userId);
        const errors: FieldErrors = {};
        const values = {
          first_name: body.first_name.trim(),
          last_name: body.last_name.trim(),
          address: body.address.trim(),
          postal_code: body.postal_code.trim(),
          city: body.city.trim(),
        };
        for (const [field, value] of Object.entries(values))
          if (value === '') errors[field] = [`${field} must not be empty.`];
        const dialCode = checkDialCode(body.dial_code, errors);
        if (Object.keys(errors).length > 0) throw AppError.fields(errors);
        const now = clock.now().toISOString();
        await userEvents.around(trx, userId, [partnerId], async () => {
          await repo.updateLink(trx, crypto, partnerId, userId, {
            ...values,
            dial_code: dialCode,
            phone: body.phone,
            main_work: mainWorkToInt(body.main_work),
            profile_completed_at: link.profile_completed_at ?? now,
            updated_at: now,
          });
          await repo.storeOnboarding(trx, [userId]);
        });
      });
      return payloadFor(db, partnerId, userId);
    },

    /** POST /users/lookup: exactly one of user_id, phone, ssn, among the caller's employees only. */
    async lookup(partnerId: number, body: LookupBody): Promise<UserPayload> {
      const given = namedBy(body);
      if (given.length !== 1) {
        throw AppError.field('user_id', 'Send exactly one of user_id, phone or ssn.');
      }
      // By id, payloadFor reads the user and answers user_not_found when they are not linked.
      if (body.user_id !== undefined) return payloadFor(db, partnerId, parseUserId(body.user_id));
      const matches =
        body.phone !== undefined
          ? await repo.findLinkedUsersByPhone(db, crypto, partnerId, [normalisePhone(body.phone)], 2)
          : await repo.findLinkedUsersByIdentification(
              db,
              crypto,
              partnerId,
              identificationCandidates(body.ssn ?? ''),
              2,
            );
      if (matches.length === 0) throw new AppError('user_not_found');
      if (matches.length > 1) {
        const field = given[0] as string;
        throw AppError.field(field, `${field} matches more than one of your employees; look them up by user_id.`);
      }
      return payloadFor(db, partnerId, (matches[0] as repo.LinkedUserRow).user.id);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
