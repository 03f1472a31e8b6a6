import type { Insertable, Transaction } from 'kysely';
import type { Database, Executor, InvoicesTable, NewPayout, PayoutStatus } from '../../db/database.js';
import { forUpdate } from '../../db/dialect.js';

export interface PayoutFilters {
  status?: PayoutStatus;
  userId?: number;
  from?: string;
  to?: string;
}

/** The users of a batch, locked on PostgreSQL so two batches cannot both spend one tax-free card. */
export async function lockUsers(db: Transaction<Database>, userIds: number[]) {
  if (userIds.length === 0) return [];
  const query = db
    .selectFrom('users')
    .select(['id', 'tax_percent', 'tax_free_card'])
    .where('id', 'in', userIds)
    .orderBy('id');
  return forUpdate(db, query).execute();
}

/** Σ free_card_used per user and tax year, over payouts that were not cancelled. */
export async function freeCardUsage(db: Executor, userIds: number[], years: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('payouts')
    .select(['user_id', 'tax_year', (eb) => eb.fn.sum<number>('free_card_used').as('used')])
    .where('user_id', 'in', userIds)
    .where('tax_year', 'in', years)
    .where('status', '!=', 'cancelled')
    .groupBy(['user_id', 'tax_year'])
    .execute();
}

export async function insertInvoice(db: Executor, values: Insertable<InvoicesTable>): Promise<number> {
  const row = await db.insertInto('invoices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPayouts(db: Executor, rows: NewPayout[]): Promise<number[]> {
  const inserted = await db.insertInto('payouts').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

function filtered(db: Executor, partnerId: number, filters: PayoutFilters) {
  let query = db.selectFrom('payouts').where('partner_id', '=', partnerId);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.userId !== undefined) query = query.where('user_id', '=', filters.userId);
  if (filters.from) query = query.where('date', '>=', filters.from);
  if (filters.to) query = query.where('date', '<=', filters.to);
  return query;
}

export async function countPayouts(db: Executor, partnerId: number, filters: PayoutFilters): Promise<number> {
  const row = await filtered(db, partnerId, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPayouts(db: Executor, partnerId: number, filters: PayoutFilters, limit: number, offset: number) {
  return filtered(db, partnerId, filters)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function findPayout(db: Executor, id: number) {
  return db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a payout only from one of the allowed states; the count tells whether it moved. */
export async function transition(
  db: Executor,
  id: number,
  from: PayoutStatus[],
  values: { status: PayoutStatus; paid_at?: string | null; updated_at: string },
): Promise<boolean> {
  const result = await db.updateTable('payouts').set(values).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which of these user ids are linked to the partner. */
export async function linkedUserIds(db: Executor, partnerId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('partner_users').select('user_id').where('partner_id', '=', partnerId).where('user_id', 'in', userIds).execute();
  return rows.map((r) => r.user_id);
}

/** The partner's employees by this partner's profile phone. */
export async function linkedUsersByPhone(db: Executor, partnerId: number, phones: string[]) {
  if (phones.length === 0) return [];
  return db.selectFrom('partner_users').select(['user_id as id', 'phone']).where('partner_id', '=', partnerId).where('phone', 'in', phones).execute();
}

/**
 * The partner's employees whose verified identity, or the identity this partner registered, is
 * one of these spellings (never an identity another partner registered).
 */
export async function linkedUsersByIdentification(db: Executor, partnerId: number, candidates: string[]) {
  if (candidates.length === 0) return [];
  const [verified, registered] = await Promise.all([
    db
      .selectFrom('partner_users as pu')
      .innerJoin('users as u', 'u.id', 'pu.user_id')
      .select(['u.id', 'u.identification'])
      .where('pu.partner_id', '=', partnerId)
      .where('u.identification', 'in', candidates)
      .where('u.identity_verified_at', 'is not', null)
      .execute(),
    db.selectFrom('partner_users').select(['user_id as id', 'identification']).where('partner_id', '=', partnerId).where('identification', 'in', candidates).execute(),
  ]);
  return [...verified, ...registered];
}

/** The bank accounts on the paying partner's links: what its payouts are paid to. */
export async function linkBankAccounts(db: Executor, partnerId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('partner_users')
    .select(['user_id', 'bank_account_number', 'bank_iban_number', 'bank_bic_number'])
    .where('partner_id', '=', partnerId)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function partnerFeeRate(db: Executor, partnerId: number): Promise<string> {
  const row = await db.selectFrom('partners').select('fee_rate').where('id', '=', partnerId).executeTakeFirstOrThrow();
  return row.fee_rate;
}
