import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, PaginatedList } from '../../platform/pagination.js';

const money = (description: string) => Type.String({ pattern: '^\\d+\\.\\d{2}$', description });

export const INVOICE_STATUSES = ['pending', 'processing', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_EXAMPLE = {
  id: 77,
  number: 1042,
  issue_date: '2026-11-21',
  due_date: '2026-12-01',
  currency: 'NOK' as const,
  total_excl: '4497.30',
  vat: '1124.33',
  total_incl: '5621.63',
  status: 'pending' as const,
  payout_count: 2,
  created_at: '2026-11-21T10:10:00.000Z',
};

export const InvoiceSchema = Type.Object(
  {
    id: Type.Integer({ description: 'The payouts’ `invoice_id`' }),
    number: Type.Integer({
      description: 'The invoice number: gapless and increasing over every invoice onpay issues (not only yours)',
    }),
    issue_date: Type.String({ format: 'date', description: 'The day it was issued (Europe/Oslo)' }),
    due_date: Type.String({ format: 'date', description: 'When it is due: the `due_date` of the batch' }),
    currency: Type.Literal('NOK'),
    total_excl: money('Σ the payouts’ `invoice_excl`'),
    vat: money('Σ the payouts’ `vat` (25 %)'),
    total_incl: money('Σ the payouts’ `invoice_incl`'),
    status: Type.Union(
      INVOICE_STATUSES.map((s) => Type.Literal(s)),
      {
        description:
          'Where its payouts are (not whether you paid the invoice): `pending` while none has gone to the bank; `processing` while some are on their way, failed (awaiting a retry or cancellation) or still pending beside settled ones; `paid` when every payout that was not cancelled is paid; `cancelled` when every payout was cancelled. Treat an unknown status as not final.',
      },
    ),
    payout_count: Type.Integer({ description: 'Its payouts (`GET /payouts?invoice_id=` lists them)' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Invoice',
    additionalProperties: false,
    description:
      'The invoice of one payout batch. With `Accept: application/pdf`, `GET /invoices/{id}` answers the invoice as a PDF.',
    examples: [INVOICE_EXAMPLE],
  },
);
export type InvoicePayload = Static<typeof InvoiceSchema>;

export const InvoiceList = {
  ...PaginatedList(InvoiceSchema),
  examples: [
    {
      total: 12,
      next: 'https://onpay.example/api/v1/invoices?page=2&per_page=1',
      previous: '',
      count: 1,
      results: [INVOICE_EXAMPLE],
    },
  ],
};

export const InvoiceListQuery = PageQuery;
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;

export const InvoiceParams = Type.Object({ invoice: Type.String({ description: 'Invoice id', examples: ['77'] }) });

/** The PDF body, as the OpenAPI document describes it. */
export const InvoicePdf = Type.String({ format: 'binary', description: 'The invoice as a PDF (A4)' });
