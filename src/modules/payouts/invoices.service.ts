/**
 * Invoices as objects (docs/decisions.md §24): a partner's invoices and their status (derived from
 * their payouts), the invoice as a PDF, and the employee's payout statement as a PDF.
 */
import type { Kysely } from 'kysely';
import type { PayerConfig } from '../../config.js';
import type { Database, PayoutStatus } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import { pageOffset } from '../../platform/pagination.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { PartnerService } from '../partners/index.js';
import { invoicePdf, payoutStatementPdf } from './invoice-pdf.js';
import * as repo from './invoices.repository.js';
import type { InvoiceListQuery, InvoicePayload, InvoiceStatus } from './invoices.schemas.js';
import { fromMinorUnits } from './payroll.js';
import { payoutOfEmployee } from './payouts.repository.js';

export interface InvoiceServiceDeps {
  db: Kysely<Database>;
  crypto: FieldCrypto;
  /** The seller on every invoice (PAYER_NAME, PAYER_ORG_NUMBER, PAYER_ADDRESS). */
  payer: Pick<PayerConfig, 'name' | 'orgNumber' | 'address'>;
  partners: Pick<PartnerService, 'invoiceDetails' | 'partnerName'>;
  /** The name each paying partner entered for its employees, keyed `partnerId:userId`. */
  employeeNames: (rows: ReadonlyArray<{ partnerId: number; userId: number }>) => Promise<Map<string, string>>;
}

type InvoiceRow = NonNullable<Awaited<ReturnType<typeof repo.findPartnerInvoice>>>;

/** The invoice's status from how many of its payouts are in each status (docs/decisions.md §24). */
export function invoiceStatusOf(counts: ReadonlyMap<PayoutStatus, number>): InvoiceStatus {
  const n = (status: PayoutStatus) => counts.get(status) ?? 0;
  const all = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (all === 0 || n('pending') === all) return 'pending';
  if (n('cancelled') === all) return 'cancelled';
  if (n('paid') + n('cancelled') === all) return 'paid';
  return 'processing';
}

export function invoiceRowToPayload(row: InvoiceRow, status: InvoiceStatus): InvoicePayload {
  return {
    id: row.id,
    number: row.number,
    issue_date: row.issue_date,
    due_date: row.due_date,
    currency: 'NOK',
    total_excl: fromMinorUnits(Number(row.total_excl)),
    vat: fromMinorUnits(Number(row.total_vat)),
    total_incl: fromMinorUnits(Number(row.total_incl)),
    status,
    payout_count: row.payout_count,
    created_at: row.created_at,
  };
}

/** A path id that names no invoice is the same 404 as another partner's invoice. */
function parseInvoiceId(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('invoice_not_found');
  return id;
}

export function createInvoiceService(deps: InvoiceServiceDeps) {
  const { db } = deps;

  async function statuses(ids: number[]): Promise<Map<number, InvoiceStatus>> {
    const counts = new Map<number, Map<PayoutStatus, number>>();
    for (const row of await repo.statusCounts(db, ids)) {
      const of = counts.get(row.invoice_id) ?? new Map<PayoutStatus, number>();
      of.set(row.status, Number(row.n));
      counts.set(row.invoice_id, of);
    }
    return new Map(ids.map((id) => [id, invoiceStatusOf(counts.get(id) ?? new Map())]));
  }

  async function owned(partnerId: number, rawId: string): Promise<InvoiceRow> {
    const row = await repo.findPartnerInvoice(db, partnerId, parseInvoiceId(rawId));
    if (!row) throw new AppError('invoice_not_found');
    return row;
  }

  async function render(row: InvoiceRow): Promise<Buffer> {
    const [buyer, lines] = await Promise.all([
      deps.partners.invoiceDetails(row.partner_id),
      repo.invoiceLines(db, row.id),
    ]);
    const names = await deps.employeeNames(lines.map((l) => ({ partnerId: l.partner_id, userId: l.user_id })));
    const money = (minor: number | string) => fromMinorUnits(Number(minor));
    return invoicePdf({
      number: row.number,
      issueDate: row.issue_date,
      dueDate: row.due_date,
      currency: 'NOK',
      seller: { name: deps.payer.name, orgNumber: deps.payer.orgNumber, address: deps.payer.address },
      buyer: { name: buyer.legal_name ?? buyer.name, orgNumber: buyer.org_number, address: buyer.address },
      lines: lines.map((line) => ({
        payoutId: line.id,
        employee: names.get(`${line.partner_id}:${line.user_id}`) || `Employee ${line.user_id}`,
        date: line.date,
        excl: money(line.invoice_excl),
        vat: money(line.vat),
        incl: money(line.invoice_incl),
      })),
      totals: {
        salary: money(row.total_salary),
        vacation: money(row.total_vacation),
        pension: money(row.total_pension),
        employerContribution: money(row.total_employer_contribution),
        serviceFee: money(row.total_service_fee),
      },
      totalExcl: money(row.total_excl),
      vat: money(row.total_vat),
      totalIncl: money(row.total_incl),
    });
  }

  return {
    /** GET /invoices: the partner's invoices, newest first. */
    async list(partnerId: number, query: InvoiceListQuery): Promise<{ total: number; results: InvoicePayload[] }> {
      const window = pageOffset(query);
      const [total, rows] = await Promise.all([
        repo.countPartnerInvoices(db, partnerId),
        window ? repo.listPartnerInvoices(db, partnerId, window.limit, window.offset) : Promise.resolve([]),
      ]);
      const status = await statuses(rows.map((r) => r.id));
      return { total, results: rows.map((row) => invoiceRowToPayload(row, status.get(row.id) ?? 'pending')) };
    },

    /** GET /invoices/{id}: 404 for an invoice of another partner, as for one that does not exist. */
    async get(partnerId: number, rawId: string): Promise<InvoicePayload> {
      const row = await owned(partnerId, rawId);
      return invoiceRowToPayload(row, (await statuses([row.id])).get(row.id) ?? 'pending');
    },

    /** The partner's invoice as a PDF (`Accept: application/pdf`). */
    async pdf(partnerId: number, rawId: string): Promise<{ number: number; pdf: Buffer }> {
      const row = await owned(partnerId, rawId);
      return { number: row.number, pdf: await render(row) };
    },

    /** Operator (the console): any partner's invoice as a PDF; null when there is none. */
    async pdfForOperator(id: number): Promise<{ number: number; pdf: Buffer } | null> {
      const row = await repo.findInvoiceById(db, id);
      return row ? { number: row.number, pdf: await render(row) } : null;
    },

    /** Operator (the console): the invoice's number, issue date and status; null when there is none. */
    async facts(id: number): Promise<{ number: number; issue_date: string; status: InvoiceStatus } | null> {
      const row = await repo.findInvoiceById(db, id);
      if (!row) return null;
      return { number: row.number, issue_date: row.issue_date, status: (await statuses([id])).get(id) ?? 'pending' };
    },

    /**
     * The employee's own payout as a statement PDF (their magic-link pages): null unless the payout
     * is theirs (and the scope's partner's, when it names one).
     */
    async payoutStatement(userId: number, partnerId: number | null, rawPayoutId: string): Promise<Buffer | null> {
      const id = parseId(rawPayoutId);
      if (id === null) return null;
      const row = await payoutOfEmployee(db, deps.crypto, userId, partnerId, id);
      if (!row) return null;
      const [names, employer] = await Promise.all([
        deps.employeeNames([{ partnerId: row.partner_id, userId }]),
        deps.partners.partnerName(row.partner_id),
      ]);
      const money = (minor: number) => fromMinorUnits(minor);
      return payoutStatementPdf({
        payoutId: row.id,
        employee: names.get(`${row.partner_id}:${userId}`) ?? '',
        employer: employer ?? `Partner ${row.partner_id}`,
        date: row.date,
        status: row.status,
        paidAt: row.paid_at,
        description: row.description ?? '',
        salary: money(row.salary),
        vacation: money(row.vacation),
        taxWithheld: money(row.withholding_salary + row.withholding_vacation),
        netSalary: money(row.net_salary),
        netVacation: money(row.net_vacation),
        pension: money(row.pension),
        seller: { name: deps.payer.name, orgNumber: deps.payer.orgNumber, address: deps.payer.address },
      });
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
