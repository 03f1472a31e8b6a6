import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { batch, createPayouts, item, type PayoutsCreatedBody } from '../helpers/payouts.js';
import { nok, pdfText } from '../helpers/pdf.js';
import { putProfile } from '../helpers/users.js';

/** GET /invoices, GET /invoices/{id} (JSON and PDF), GET /payouts?invoice_id= (docs/decisions.md §24). */
describe('invoices as objects', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let åse: Employee;
  let created: PayoutsCreatedBody;
  let second: PayoutsCreatedBody;

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    åse = await onboardedEmployee(t, acme);
    await putProfile(t, acme, åse.id, { first_name: 'Åse', last_name: 'Ødegård Bæk', phone: åse.phone });
    await t.services.partners.setInvoiceDetails(acme.partnerId, {
      legal_name: 'Acme Bemanning AS',
      org_number: '987 654 325',
      address: 'Storgata 5\n0155 Oslo',
    });
    created = await createPayouts(t, acme, batch([item(åse), item(åse)]));
    second = await createPayouts(t, acme, batch([item(åse)]));
  });
  afterAll(() => t.close());

  const get = (partner: TestPartner, url: string, accept?: string) =>
    t.as(partner, { method: 'GET', url, headers: accept === undefined ? {} : { accept } });

  it('lists the partner’s invoices newest first in the list envelope, with money as decimal strings', async () => {
    const res = await get(acme, '/api/v1/invoices?per_page=1');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 2, count: 1, previous: '' });
    expect(page.next).toMatch(/\/invoices\?per_page=1&page=2$|\/invoices\?page=2&per_page=1$/);
    expect(page.results[0].id).toBe(second.invoice_id);
    const all = (await get(acme, '/api/v1/invoices')).json();
    expect(all.results.map((i: { id: number }) => i.id)).toEqual([second.invoice_id, created.invoice_id]);
    // Another partner has none.
    expect((await get(globex, '/api/v1/invoices')).json()).toMatchObject({ total: 0, count: 0, results: [] });
  });

  it('one invoice: number, dates, totals (the sum of its payouts) and a status derived from them', async () => {
    const res = await get(acme, `/api/v1/invoices/${created.invoice_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json();
    const payouts = (await get(acme, `/api/v1/payouts?invoice_id=${created.invoice_id}`)).json();
    expect(payouts.total).toBe(2);
    const sum = (field: string) =>
      (payouts.results as Array<Record<string, string>>)
        .reduce((cents, p) => cents + Math.round(Number(p[field]) * 100), 0)
        .toString()
        .replace(/(\d\d)$/, '.$1');
    expect(invoice).toEqual({
      id: created.invoice_id,
      number: expect.any(Number),
      issue_date: t.clock.now().toISOString().slice(0, 10),
      due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      currency: 'NOK',
      total_excl: sum('invoice_excl'),
      vat: sum('vat'),
      total_incl: sum('invoice_incl'),
      status: 'pending',
      payout_count: 2,
      created_at: expect.any(String),
    });
    const next = (await get(acme, `/api/v1/invoices/${second.invoice_id}`)).json();
    expect(next.number).toBe(invoice.number + 1);
    // Cancelling every payout cancels the invoice; paying what is left makes it paid.
    await t.services.payouts.operations.transitionMany([second.payout_ids[0] as number], 'cancelled');
    expect((await get(acme, `/api/v1/invoices/${second.invoice_id}`)).json().status).toBe('cancelled');
  });

  it('the PDF carries seller with MVA, buyer details, number, dates, lines with names in Norwegian letters, VAT and totals', async () => {
    const invoice = (await get(acme, `/api/v1/invoices/${created.invoice_id}`)).json();
    const res = await get(acme, `/api/v1/invoices/${created.invoice_id}`, 'application/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain(t.config.payer.name);
    expect(text).toMatch(/Org\.nr\. \d{3} \d{3} \d{3} MVA/);
    expect(text).toContain('Acme Bemanning AS');
    expect(text).toContain('Org.nr. 987 654 325');
    expect(text).toContain('0155 Oslo');
    expect(text).toContain('Åse Ødegård Bæk');
    expect(text).toContain('Kjøper');
    expect(text).toContain(invoice.issue_date);
    expect(text).toContain(invoice.due_date);
    expect(text).toContain(`${nok(invoice.total_excl)} NOK`);
    expect(text).toContain(`${nok(invoice.vat)} NOK`);
    expect(text).toContain(`${nok(invoice.total_incl)} NOK`);
  });

  it('content negotiation: JSON for */* and application/json, the PDF when preferred, 406 otherwise', async () => {
    const url = `/api/v1/invoices/${created.invoice_id}`;
    expect((await get(acme, url, '*/*')).headers['content-type']).toMatch(/^application\/json/);
    expect((await get(acme, url, 'application/json')).headers['content-type']).toMatch(/^application\/json/);
    expect((await get(acme, url, 'application/pdf, */*;q=0.1')).headers['content-type']).toMatch(/^application\/pdf/);
    const refused = await get(acme, url, 'text/html');
    expect(refused.statusCode).toBe(406);
    expect(refused.json()).toEqual({ error: 'Accept must allow application/json or application/pdf.' });
  });

  it('another partner’s invoice is a 404 (JSON and PDF), and its payouts list empty', async () => {
    for (const accept of [undefined, 'application/pdf']) {
      const res = await get(globex, `/api/v1/invoices/${created.invoice_id}`, accept);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Invoice not found.' });
    }
    for (const id of ['999999', 'abc', '0'])
      expect((await get(acme, `/api/v1/invoices/${id}`)).json()).toEqual({ error: 'Invoice not found.' });
    const foreign = await get(globex, `/api/v1/payouts?invoice_id=${created.invoice_id}`);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toMatchObject({ total: 0, count: 0, results: [] });
    const bad = await get(acme, '/api/v1/payouts?invoice_id=x');
    expect(bad.statusCode).toBe(422);
  });

  it('status follows the payouts: one paid of two is processing; both paid is paid', async () => {
    const [first, other] = created.payout_ids as [number, number];
    await t.services.payouts.operations.transitionMany([first], 'paid');
    expect((await get(acme, `/api/v1/invoices/${created.invoice_id}`)).json().status).toBe('processing');
    await t.services.payouts.operations.transitionMany([other], 'paid');
    expect((await get(acme, `/api/v1/invoices/${created.invoice_id}`)).json().status).toBe('paid');
    const listed = (await get(acme, '/api/v1/invoices')).json();
    expect(listed.results.map((i: { status: string }) => i.status)).toEqual(['cancelled', 'paid']);
  });
});
