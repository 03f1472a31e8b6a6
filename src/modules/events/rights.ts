/**
 * The events module's part of erasure (docs/data-protection.md, "Export and erasure"): a person's
 * data inside the partners' stored events is replaced, while each event keeps its id, type and
 * sequence, so every partner's feed stays gapless.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { EVENT_TYPE_NAMES } from './event-types.js';
import * as repo from './events.repository.js';
import { eventRowToPayload, type EventPayload } from './events.service.js';

/** The events whose object is a partner's view of the person (verification and payout objects hold no personal data). */
const PERSON_TYPES = EVENT_TYPE_NAMES.filter((type) => type.startsWith('user.') && type !== 'user.erased');
const PAGE = 500;

/** The object an event about an erased person keeps. */
export function redactedObject(userId: number): { id: string; erased: true } {
  return { id: String(userId), erased: true };
}

function isAbout(object: unknown, userId: number): boolean {
  if (typeof object !== 'object' || object === null) return false;
  const { id, user_id } = object as { id?: unknown; user_id?: unknown };
  return String(id ?? user_id ?? '') === String(userId);
}

export function createEventRights() {
  return {
    /**
     * Redacts the person's views in these partners' events (in the caller's transaction) and
     * returns each redacted event as the feed now shows it, by id, for the webhook deliveries that
     * carry it.
     */
    async redactAbout(
      trx: Transaction<Database>,
      partnerIds: readonly number[],
      userId: number,
    ): Promise<Map<string, EventPayload>> {
      const redacted = new Map<string, EventPayload>();
      const object = JSON.stringify(redactedObject(userId));
      for (const partnerId of partnerIds) {
        for (let after = 0; ;) {
          const rows = await repo.eventsOfTypes(trx, partnerId, PERSON_TYPES, after, PAGE);
          for (const row of rows) {
            if (!isAbout(JSON.parse(row.object), userId)) continue;
            await repo.redactEvent(trx, row.id, object);
            redacted.set(row.id, eventRowToPayload({ ...row, object, previous_attributes: null }));
          }
          if (rows.length < PAGE) break;
          after = Number(rows.at(-1)!.sequence);
        }
      }
      return redacted;
    },
  };
}

export type EventRights = ReturnType<typeof createEventRights>;
