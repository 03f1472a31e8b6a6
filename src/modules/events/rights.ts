/**
 * The events module's part of erasure (docs/data-protection.md, "Export and erasure"): a person's
 * data inside the partners' stored events is replaced, while each event keeps its id, type and
 * sequence, so every partner's feed stays gapless.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, EventRow } from '../../db/database.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import { EVENT_TYPE_NAMES } from './event-types.js';
import * as repo from './rights.repository.js';
import { eventRowToPayload, type EventPayload } from './events.service.js';

/** The events whose object is a partner's view of the person (verification and payout objects hold no personal data). */
const PERSON_TYPES = EVENT_TYPE_NAMES.filter((type) => type.startsWith('user.') && type !== 'user.erased');
const PAGE = 500;

/** The object an event about an erased person keeps. */
export function redactedObject(userId: number): { id: string; erased: true } {
  return { id: String(userId), erased: true };
}

function isAbout(row: EventRow, userId: number): boolean {
  const object = JSON.parse(row.object) as unknown;
  if (typeof object !== 'object' || object === null) return false;
  const { id, user_id } = object as { id?: unknown; user_id?: unknown };
  return String(id ?? user_id ?? '') === String(userId);
}

/** What a scan found of the partners' feeds: the person's events, and how far it read, per partner. */
export interface EventScan {
  found: Map<number, EventRow[]>;
  through: Map<number, number>;
}

/** The person's events among one partner's after `after`, and the last sequence read. */
async function scanPartner(
  executor: Kysely<Database>,
  crypto: FieldCrypto,
  partnerId: number,
  userId: number,
  after: number,
): Promise<{ rows: EventRow[]; through: number }> {
  const rows: EventRow[] = [];
  let through = after;
  for (;;) {
    const page = await repo.eventsOfTypes(executor, crypto, partnerId, PERSON_TYPES, through, PAGE);
    rows.push(...page.filter((row) => isAbout(row, userId)));
    if (page.length > 0) through = Number(page.at(-1)!.sequence);
    if (page.length < PAGE) return { rows, through };
  }
}

export function createEventRights({ db, crypto }: { db: Kysely<Database>; crypto: FieldCrypto }) {
  return {
    /**
     * Before the erasure's transaction: reads the partners' feeds for the person's events (the long
     * part), so the transaction, which holds the write lock on SQLite, only reads what came after.
     */
    async scan(partnerIds: readonly number[], userId: number): Promise<EventScan> {
      const scan: EventScan = { found: new Map(), through: new Map() };
      for (const partnerId of partnerIds) {
        const { rows, through } = await scanPartner(db, crypto, partnerId, userId, 0);
        scan.found.set(partnerId, rows);
        scan.through.set(partnerId, through);
      }
      return scan;
    },

    /**
     * Redacts the person's views in these partners' events (in the caller's transaction): those
     * the scan found and any written since; returns each redacted event as the feed now shows it,
     * by id, for the webhook deliveries that carry it.
     */
    async redactAbout(
      trx: Transaction<Database>,
      partnerIds: readonly number[],
      userId: number,
      scan?: EventScan,
    ): Promise<Map<string, EventPayload>> {
      const redacted = new Map<string, EventPayload>();
      const object = JSON.stringify(redactedObject(userId));
      for (const partnerId of partnerIds) {
        const since = await scanPartner(trx, crypto, partnerId, userId, scan?.through.get(partnerId) ?? 0);
        for (const row of [...(scan?.found.get(partnerId) ?? []), ...since.rows]) {
          await repo.redactEvent(trx, crypto, row.id, object);
          redacted.set(row.id, eventRowToPayload({ ...row, object, previous_attributes: null }));
        }
      }
      return redacted;
    },
  };
}

export type EventRights = ReturnType<typeof createEventRights>;
