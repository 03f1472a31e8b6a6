/**
 * Invoices as documents in the console (docs/decisions.md §24): an invoice's number, issue date,
 * status and PDF download (every role), and the partner's invoice details (buyer) with the form that
 * sets them (manage_partners).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { ConsoleService } from '../../modules/console/index.js';
import { can, type ConsoleOperator } from '../../modules/operators/index.js';
import { html, type SafeHtml } from '../html.js';
import {
  act,
  type ConsoleKit,
  field,
  Fields,
  FormFields,
  IdParams,
  intOf,
  operatorOf,
  type PageDeps,
  Text,
  unfitFields,
} from './kit/index.js';

/** The PDF download takes no query: a parameter it does not know is named, and no file is sent. */
const PdfQuery = Fields({});
const DetailsForm = FormFields({
  legal_name: Text('Legal name', 255),
  org_number: Text('Organisation number', 20),
  address: Type.Optional(Type.String({ title: 'Address', maxLength: 300, multiline: true })),
});

/** The invoice page's facts beyond its totals: number, issue date, status, and the PDF link. */
export async function invoiceFacts(console: ConsoleService, operator: ConsoleOperator, id: number): Promise<SafeHtml> {
  const facts = await console.invoices.facts(operator, id);
  if (!facts) return html``;
  return html`<dl class="facts" id="invoice-facts"><dt>Invoice number</dt><dd>${facts.number}</dd><dt>Issue date</dt><dd>${facts.issue_date}</dd><dt>Status</dt><dd>${facts.status}</dd></dl>
<p><a href="/console/invoices/${id}/pdf" download="invoice-${facts.number}.pdf">Download the invoice as PDF</a> <small class="muted">(invoice ${facts.number}: the partner receives the same document)</small></p>`;
}

/** The partner page's section: how the partner is named on its invoices, and the form for who may change it. */
export async function partnerDetailsSection(
  kit: ConsoleKit,
  console: ConsoleService,
  request: FastifyRequest,
  partnerId: number,
): Promise<SafeHtml> {
  const operator = request.operator as ConsoleOperator;
  const details = await console.invoices.partnerDetails(operator, partnerId);
  const shown = (value: string | null) => (value === null ? html`<span class="muted">not set</span>` : html`${value}`);
  const facts = html`<dl class="facts" id="invoice-details"><dt>Legal name</dt><dd>${shown(details.legal_name)}</dd><dt>Organisation number</dt><dd>${shown(details.org_number)}</dd><dt>Address</dt><dd>${shown(details.address)}</dd></dl>`;
  if (!can(operator.role, 'manage_partners'))
    return html`<h2>Invoice details</h2>
${facts}
<p class="muted">Only administrators change a partner's invoice details.</p>`;
  return html`<h2>Invoice details</h2>
${facts}
<form method="post" action="/console/partners/${partnerId}/invoice-details">
${kit.csrfField(request)}
<p><label for="legal_name">Legal name</label><br><input id="legal_name" name="legal_name" type="text" maxlength="255" autocomplete="organization" value="${details.legal_name ?? ''}"></p>
<p><label for="org_number">Organisation number (9 digits)</label><br><input id="org_number" name="org_number" type="text" inputmode="numeric" maxlength="11" value="${details.org_number ?? ''}"></p>
<p><label for="address">Address</label><br><textarea id="address" name="address" rows="3" cols="40" maxlength="300">${details.address ?? ''}</textarea></p>
<button type="submit">Save invoice details</button>
</form>
<p class="muted">They appear as the buyer on the partner's invoices (its name when no legal name is set). An empty field clears it.</p>`;
}

export async function invoiceDocumentsPage(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { kit, console } = deps;

  app.get<{ Params: { id: string }; Querystring: Static<typeof PdfQuery> }>(
    '/console/invoices/:id/pdf',
    { schema: { querystring: PdfQuery } },
    async (request, reply) => {
      const unfit = unfitFields(request);
      if (unfit) return kit.problem(request, reply, AppError.fields({ query: unfit }), '/console/invoices');
      let found: Awaited<ReturnType<typeof console.invoices.pdf>>;
      try {
        found = await console.invoices.pdf(operatorOf(request), request.params.id);
      } catch (error) {
        return kit.problem(request, reply, error, '/console/invoices');
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${found.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(found.pdf);
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof DetailsForm> }>(
    '/console/partners/:id/invoice-details',
    { config: { permission: 'manage_partners' }, schema: { params: IdParams, body: DetailsForm } },
    (request, reply) => {
      const id = intOf(request.params.id) ?? 0;
      return act(deps, request, reply, `/console/partners/${id}`, async () => {
        const body = request.body ?? {};
        const result = await console.invoices.setPartnerDetails(operatorOf(request), id, {
          legal_name: field(body, 'legal_name'),
          org_number: field(body, 'org_number'),
          address: field(body, 'address'),
        });
        return {
          to: `/console/partners/${id}`,
          message: `Partner ${id} is invoiced as ${result.legal_name ?? result.name}.`,
        };
      });
    },
  );
}
