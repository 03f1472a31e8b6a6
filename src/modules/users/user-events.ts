import { isDeepStrictEqual } from 'node:util';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { EventService, NewEvent } from '../events/index.js';
import type { TermsService } from '../terms/index.js';
import * as repo from './users.repository.js';
import { userRowToPayload } from './users.payload.js';
import type { UserPayload } from './users.schemas.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';

/** Each partner's view of one person (partner id → the User payload it gets), read in a transaction. */
export type Views = Map<number, UserPayload>;

export interface UserEventsDeps {
  clock: Clock;
  terms: Pick<TermsService, 'current'>;
  events: Pick<EventService, 'emit'>;
  crypto: FieldCrypto;
}

/** Fields whose change is not a `user.updated`: onboarding has its own event; created_at never changes. */
const NOT_UPDATES = new Set(['onboarding', 'created_at']);

/**
 * The events of a change to a person, per partner view (docs/decisions.md §16): read the views
 * before and after the change in its transaction, and each partner whose view changed gets
 * `user.updated` (the changed fields before, in `previous_attributes`) and, when `is_onboarded` or
 * `missing_steps` moved, `user.onboarding.updated`. A partner whose view did not change gets nothing.
 */
export function createUserEvents({ clock, terms, events, crypto }: UserEventsDeps) {
  /** The views of these partners (all linked partners when null), as the API would answer them now. */
  async function views(
    trx: Transaction<Database>,
    userId: number,
    partnerIds: readonly number[] | null,
  ): Promise<Views> {
    const current = await terms.current(trx);
    const user = await repo.findUserById(trx, userId);
    const out: Views = new Map();
    if (!user) return out;
    const now = clock.now();
    for (const { link, approved } of await repo.findLinksOfUser(trx, crypto, userId, current.code)) {
      if (partnerIds === null || partnerIds.includes(link.partner_id))
        out.set(link.partner_id, userRowToPayload({ user, link }, approved, now));
    }
    return out;
  }

  function changes(
    before: Views,
    after: Views,
    created?: { partnerId: number; type: 'user.created' | 'user.linked' },
  ): NewEvent[] {
    const out: NewEvent[] = [];
    for (const [partnerId, view] of after) {
      const old = before.get(partnerId);
      if (!old) {
        if (created?.partnerId === partnerId) out.push({ partnerId, type: created.type, object: view });
        continue;
      }
      const previous: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(view)) {
        if (!NOT_UPDATES.has(field) && !isDeepStrictEqual(value, old[field as keyof UserPayload]))
          previous[field] = old[field as keyof UserPayload];
      }
      if (Object.keys(previous).length > 0)
        out.push({ partnerId, type: 'user.updated', object: view, previousAttributes: previous });
      const moved =
        view.onboarding.is_onboarded !== old.onboarding.is_onboarded ||
        !isDeepStrictEqual(view.onboarding.missing_steps, old.onboarding.missing_steps);
      if (moved)
        out.push({
          partnerId,
          type: 'user.onboarding.updated',
          object: view,
          previousAttributes: { onboarding: old.onboarding },
        });
    }
    return out;
  }

  return {
    views,
    changes,

    /** Writes the events of the difference between two readings (the caller read `before` in the same transaction). */
    async emitChanges(
      trx: Transaction<Database>,
      before: Views,
      after: Views,
      created?: { partnerId: number; type: 'user.created' | 'user.linked' },
    ): Promise<void> {
      await events.emit(trx, changes(before, after, created));
    },

    /**
     * Runs `change` in the transaction between two readings of the views, and writes the events of
     * what it changed. `extra` adds events of the same transaction (one `emit` per transaction keeps
     * the partners' locks in order).
     */
    async around<T>(
      trx: Transaction<Database>,
      userId: number,
      partnerIds: readonly number[] | null,
      change: () => Promise<T>,
      options: {
        created?: { partnerId: number; type: 'user.created' | 'user.linked' };
        extra?: (result: T, after: Views) => NewEvent[] | Promise<NewEvent[]>;
      } = {},
    ): Promise<T> {
      const before = await views(trx, userId, partnerIds);
      const result = await change();
      const after = await views(trx, userId, partnerIds);
      await events.emit(trx, [
        ...((await options.extra?.(result, after)) ?? []),
        ...changes(before, after, options.created),
      ]);
      return result;
    },
  };
}

export type UserEvents = ReturnType<typeof createUserEvents>;
