import type { Insertable } from 'kysely';
import type { AuditLogTable, AuditRow, Executor } from '../../db/database.js';
import { insertRows } from '../../db/dialect.js';

/** The only write of the audit log: rows are added, never changed (the database refuses it too). */
export async function appendEntries(db: Executor, rows: Insertable<AuditLogTable>[]): Promise<void> {
  // SQLite allows 32 766 variables per statement: 11 columns, so 1 000 rows a chunk (a payment
  // file of 10 000 payouts audits 10 000 changes in one transaction).
  await insertRows(db, 'audit_log', rows, 1000);
}

export interface AuditFilter {
  objectType?: string;
  objectId?: string;
  actorType?: string;
  actorId?: string;
  action?: string;
  partnerId?: number;
  since?: string;
  /** Entries with an id below this (paging back from the newest). */
  beforeId?: number;
}

export async function listEntries(db: Executor, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.objectType !== undefined) query = query.where('object_type', '=', filter.objectType);
  if (filter.objectId !== undefined) query = query.where('object_id', '=', filter.objectId);
  if (filter.actorType !== undefined) query = query.where('actor_type', '=', filter.actorType);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.partnerId !== undefined) query = query.where('partner_id', '=', filter.partnerId);
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}
