import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { described, errorResponses } from '../../platform/openapi.js';
import { toPage } from '../../platform/pagination.js';
import { callerOf } from '../../platform/request-context.js';
import type { InvoicePayload } from './invoices.schemas.js';
import type { InvoiceService } from './invoices.service.js';
import {
  INVOICE_EXAMPLE,
  InvoiceList,
  InvoiceListQuery,
  InvoiceParams,
  InvoicePdf,
  InvoiceSchema,
} from './invoices.schemas.js';

export interface InvoiceRoutesDeps {
  invoices: InvoiceService;
  publicBaseUrl: string;
}

const tags = ['Invoices'];

/**
 * What `Accept` asks of GET /invoices/{id}: the PDF for `application/pdf`, JSON for none,
 * `application/json`, `application/*` or `*` + `/*`; the highest `q` wins, a named type beating a
 * wildcard on a tie. 406 for anything else.
 */
const NOT_ACCEPTABLE = new AppError('not_acceptable', 'Accept must allow application/json or application/pdf.');

/** Lexicographic: the first rank that differs decides. */
function outranks(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

export function invoiceFormatOf(accept: string | undefined): 'json' | 'pdf' {
  if (accept === undefined || accept.trim() === '') return 'json';
  let best: { format: 'json' | 'pdf'; rank: [number, number, number] } | null = null;
  for (const part of accept.split(',')) {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const format =
      range === 'application/pdf'
        ? 'pdf'
        : range === 'application/json' || range === 'application/*' || range === '*/*'
          ? 'json'
          : null;
    const qParameter = parameters.find((p) => p.startsWith('q='));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (format === null || !(q > 0)) continue;
    const rank: [number, number, number] = [q, range.includes('*') ? 0 : 1, format === 'json' ? 1 : 0];
    if (best === null || outranks(rank, best.rank)) best = { format, rank };
  }
  if (best === null) throw NOT_ACCEPTABLE;
  return best.format;
}

export function invoiceRoutes({ invoices, publicBaseUrl }: InvoiceRoutesDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/invoices',
      {
        schema: {
          tags,
          operationId: 'listInvoices',
          summary: 'Your invoices, newest first',
          description:
            'One invoice per payout batch (`POST /payouts`), newest first (by `id`). `next` and `previous` are absolute URLs, or "" when there is no such page. `GET /payouts?invoice_id=` lists an invoice’s payouts.',
          querystring: InvoiceListQuery,
          response: { 200: described(InvoiceList, 'One page of your invoices') },
        },
      },
      async (request) => {
        const { total, results } = await invoices.list(callerOf(request).partnerId, request.query);
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );

    app.get(
      '/invoices/:invoice',
      {
        schema: {
          tags,
          operationId: 'getInvoice',
          summary: 'One invoice, as JSON or as a PDF',
          description:
            'The invoice of one payout batch. `Accept: application/pdf` answers it as a PDF (seller with its organisation number and "MVA", you as buyer with the details onpay holds, the invoice number, issue and due date, one line per payout with the employee’s name, VAT and totals); `application/json`, `*/*` or no `Accept` answers JSON; anything else is a 406. Another partner’s invoice is a 404, as one that does not exist.',
          params: InvoiceParams,
          response: {
            200: {
              description: 'The invoice',
              content: {
                'application/json': { schema: { ...InvoiceSchema, $id: undefined }, example: INVOICE_EXAMPLE },
                'application/pdf': { schema: InvoicePdf },
              },
            },
            ...errorResponses('invoice_not_found', NOT_ACCEPTABLE),
          },
        },
      },
      async (request, reply) => {
        const partnerId = callerOf(request).partnerId;
        if (invoiceFormatOf(request.headers.accept) === 'json')
          return reply.type('application/json').send(await invoices.get(partnerId, request.params.invoice));
        const { number, pdf } = await invoices.pdf(partnerId, request.params.invoice);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="invoice-${number}.pdf"`)
          .send(pdf as unknown as InvoicePayload);
      },
    );
  };
}
