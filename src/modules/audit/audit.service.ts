import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { AuditRow, Database, Executor } from '../../db/database.js';
import { currentActor, currentRequestId } from '../../platform/actor.js';
import * as repo from './audit.repository.js';

/** What the audit log records changes of: the `type` of `type:id`. A new kind of object joins here, and the filters accept it. */
export const AUDIT_OBJECT_TYPES = [
  'user',
  'payout',
  'partner',
  'token',
  'invoice',
  'return_url',
  'verification_session',
  'login_link',
  'terms',
  'operator',
  'mail',
  'webhook_endpoint',
  'webhook_delivery',
  'bank_file',
  'bank_report',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** One change, as the audit log keeps it: never the values, only which fields changed. */
export interface AuditEntry {
  /** What happened: `user.updated`, `payout.paid`, `operator.signed_in`, `pii.revealed`, … */
  action: string;
  object: { type: AuditObjectType; id: string | number };
  /** The partner the object belongs to, if any. */
  partnerId?: number | null;
  /** Names of the changed fields (no values: the log holds no personal data). */
  fields?: readonly string[];
  /** Why, when the actor had to say (revealing personal data). */
  reason?: string;
}

/** An export of a list (docs/decisions.md §21), as its audit entries name it. */
export interface ExportRecord {
  /** Which list: `users`, `payouts` (the API), `console.employees`, `console.payouts`. */
  list: string;
  object: AuditEntry['object'];
  partnerId?: number | null;
  format: string;
  /** The filters as applied (only those given); a value that may be personal data is passed described, not as typed. */
  filters: Record<string, string | number | undefined>;
}

/** `csv; filters: status=paid, from=2026-01-01`, and how it ended. */
function describeExport(record: ExportRecord, outcome?: { rows: number; complete: boolean }): string {
  const given = Object.entries(record.filters).filter(([, value]) => value !== undefined && value !== '');
  const filters = given.length ? given.map(([name, value]) => `${name}=${value}`).join(', ') : 'none';
  const ended = outcome
    ? `; ${outcome.rows} ${outcome.rows === 1 ? 'row' : 'rows'}, ${outcome.complete ? 'complete' : 'incomplete (the client went away or a read failed)'}`
    : '';
  return `${record.format}; filters: ${filters}${ended}`;
}

export interface AuditEntryPayload {
  id: number;
  at: string;
  actor: { type: string; id: string | null; label: string };
  action: string;
  object: string;
  partner_id: number | null;
  request_id: string | null;
  fields: string[];
  reason: string | null;
}

export function auditRowToPayload(row: AuditRow): AuditEntryPayload {
  return {
    id: Number(row.id),
    at: row.at,
    actor: { type: row.actor_type, id: row.actor_id, label: row.actor_label },
    action: row.action,
    object: `${row.object_type}:${row.object_id}`,
    partner_id: row.partner_id,
    request_id: row.request_id,
    fields: row.fields ? (JSON.parse(row.fields) as string[]) : [],
    reason: row.reason,
  };
}

/** An object filter: `type:id` (`user:12`, `partner:3`, `mail:9`). */
export const AUDIT_OBJECT = new RegExp(`^(${AUDIT_OBJECT_TYPES.join('|')}):[A-Za-z0-9._@:-]{1,64}$`);
/** An actor filter: a type, optionally `:id` (`operator`, `partner:3`, `system`). */
export const AUDIT_ACTOR = /^(partner|operator|employee|system|anonymous)(:[A-Za-z0-9._@-]{1,64})?$/;
/** An action filter: `payout.paid`, `token.revoked`. */
export const AUDIT_ACTION = /^[a-z_.]{1,64}$/;

export interface AuditQuery {
  /** `user:12`, `payout:501`, `partner:3`. */
  object?: string;
  /** `partner:3`, `operator:2`, `employee:12`, `system`. */
  actor?: string;
  action?: string;
  partnerId?: number;
  since?: string;
  beforeId?: number;
  limit?: number;
}

export function createAuditService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  /**
   * Records changes in the caller's transaction (they are kept exactly when the change commits),
   * by the actor of the current request, command or job.
   */
  async function record(executor: Executor, ...entries: AuditEntry[]): Promise<void> {
    const actor = currentActor();
    const requestId = currentRequestId();
    const at = clock.now().toISOString();
    await repo.appendEntries(
      executor,
      entries.map((entry) => ({
        at,
        actor_type: actor.type,
        actor_id: actor.id,
        actor_label: actor.label.slice(0, 255),
        action: entry.action,
        object_type: entry.object.type,
        object_id: String(entry.object.id),
        partner_id: entry.partnerId ?? null,
        request_id: requestId,
        fields: entry.fields && entry.fields.length > 0 ? JSON.stringify([...entry.fields]) : null,
        reason: entry.reason?.slice(0, 500) ?? null,
      })),
    );
  }

  return {
    record,

    /**
     * An export: `<list>.export_started` before the first row leaves (who, what, which filters),
     * `<list>.exported` when it ended, with the rows sent and whether that was all of them.
     */
    async recordExport(exported: ExportRecord, outcome?: { rows: number; complete: boolean }): Promise<void> {
      await record(db, {
        action: `${exported.list}.${outcome ? 'exported' : 'export_started'}`,
        object: exported.object,
        partnerId: exported.partnerId ?? null,
        reason: describeExport(exported, outcome),
      });
    },

    /** Newest first. */
    async list(query: AuditQuery): Promise<AuditEntryPayload[]> {
      const [objectType, objectId] = query.object ? splitRef(query.object) : [undefined, undefined];
      const [actorType, actorId] = query.actor ? splitRef(query.actor) : [undefined, undefined];
      const rows = await repo.listEntries(
        db,
        {
          objectType,
          objectId,
          actorType,
          actorId,
          action: query.action,
          partnerId: query.partnerId,
          since: query.since,
          beforeId: query.beforeId,
        },
        Math.min(query.limit ?? 100, 1000),
      );
      return rows.map(auditRowToPayload);
    },
  };
}

/** `user:12` → ['user', '12']; `system` → ['system', undefined]. */
function splitRef(ref: string): [string, string | undefined] {
  const colon = ref.indexOf(':');
  return colon === -1 ? [ref, undefined] : [ref.slice(0, colon), ref.slice(colon + 1)];
}

export type AuditService = ReturnType<typeof createAuditService>;
