/**
 * Invoices in the console (docs/decisions.md §24): an invoice's number, dates and status, its PDF
 * (every role: it shows what the invoice page shows), and the partner's invoice details (buyer),
 * set by whoever may manage partners.
 */
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { InvoiceDetailsInput, PartnerInvoiceDetails, PartnerService } from '../partners/index.js';
import type { InvoiceService } from '../payouts/index.js';

export interface InvoiceActionsDeps {
  partners: Pick<PartnerService, 'invoiceDetails' | 'setInvoiceDetails'>;
  invoices: Pick<InvoiceService, 'pdfForOperator' | 'facts'>;
}

export function createInvoiceActions(deps: InvoiceActionsDeps) {
  return {
    /** What the invoice page adds to the totals: the number, the issue date, the status. */
    async facts(operator: ConsoleOperator, id: number) {
      requirePermission(operator, 'view');
      return deps.invoices.facts(id);
    },

    /** Any partner's invoice as a PDF; route_not_found (the page's 404) when there is none. */
    async pdf(operator: ConsoleOperator, rawId: string): Promise<{ number: number; pdf: Buffer }> {
      requirePermission(operator, 'view');
      const id = parseId(rawId);
      const found = id === null ? null : await deps.invoices.pdfForOperator(id);
      if (!found) throw new AppError('route_not_found', `There is no invoice ${rawId}.`);
      return found;
    },

    async partnerDetails(operator: ConsoleOperator, partnerId: number): Promise<PartnerInvoiceDetails> {
      requirePermission(operator, 'view');
      return deps.partners.invoiceDetails(partnerId);
    },

    async setPartnerDetails(
      operator: ConsoleOperator,
      partnerId: number,
      input: InvoiceDetailsInput,
    ): Promise<PartnerInvoiceDetails> {
      requirePermission(operator, 'manage_partners');
      return deps.partners.setInvoiceDetails(partnerId, input);
    },
  };
}

export type InvoiceActions = ReturnType<typeof createInvoiceActions>;
