import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { asEmployee, payoutLink, plainText, signIn } from '../helpers/login-links.js';
import { batch, createPayouts, item, type PayoutsCreatedBody } from '../helpers/payouts.js';
import { putProfile } from '../helpers/users.js';
import { nok, pdfText } from '../helpers/pdf.js';

/**
 * Invoices in the console (facts, PDF, the partner's invoice details) and the employee's payout
 * statement PDF (docs/decisions.md §24).
 */
describe('invoice pages and statements', () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let ola: Employee;
  let kari: Employee;
  let created: PayoutsCreatedBody;
  let kariPayout: number;
  let admin: Browser;
  let viewer: Browser;

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    ola = await onboardedEmployee(t, acme);
    await putProfile(t, acme, ola.id, { first_name: 'Ola', last_name: 'Nordmann-Sæbø', phone: ola.phone });
    kari = await onboardedEmployee(t, globex);
    created = await createPayouts(t, acme, batch([item(ola)]));
    kariPayout = (await createPayouts(t, globex, batch([item(kari)]))).payout_ids[0] as number;
    admin = await signedIn(t, await readyOperator(t, 'admin'));
    viewer = await signedIn(t, await readyOperator(t, 'viewer'));
  });
  afterAll(() => t.close());

  it('an administrator sets the partner’s invoice details on its page; a wrong organisation number is refused and changes nothing', async () => {
    const url = `/console/partners/${acme.partnerId}`;
    const bad = await admin.post(
      `${url}/invoice-details`,
      {
        legal_name: 'Acme Bemanning AS',
        org_number: '123456789',
        address: '',
      },
      { from: url },
    );
    expect(bad.statusCode).toBe(422);
    expect(plainText(bad.body)).toContain('The organisation number must be 9 digits with a valid check digit');
    expect((await t.services.partners.invoiceDetails(acme.partnerId)).legal_name).toBeNull();

    const saved = await admin.post(
      `${url}/invoice-details`,
      {
        legal_name: 'Acme Bemanning AS',
        org_number: '987 654 325',
        address: 'Storgata 5\r\n0155 Oslo',
      },
      { from: url },
    );
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(303);
    expect(await t.services.partners.invoiceDetails(acme.partnerId)).toMatchObject({
      legal_name: 'Acme Bemanning AS',
      org_number: '987654325',
      address: 'Storgata 5\n0155 Oslo',
    });
    const page = plainText((await admin.get(url)).body);
    expect(page).toContain('Partner 1 is invoiced as Acme Bemanning AS.'.replace('1', String(acme.partnerId)));
    expect(page).toContain('987654325');
    // Audited, naming the fields.
    const entry = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'partner.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry)).toContain('org_number');
  });

  it('a form or download that does not fit its schema: 422 naming the field, nothing changed, no file', async () => {
    const url = `/console/partners/${globex.partnerId}`;
    const before = await t.services.partners.invoiceDetails(globex.partnerId);
    const long = await admin.post(
      `${url}/invoice-details`,
      { legal_name: 'Globex AS', org_number: '987654325', address: 'x'.repeat(301) },
      { from: url },
    );
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('<h1>Nothing was changed</h1>');
    expect(long.body).toContain('Address: at most 300 characters (this one has 301).');
    const stray = await admin.post(
      `${url}/invoice-details`,
      { legal_name: 'Globex AS', org_number: '987654325', address: '', country: 'NO' },
      { from: url },
    );
    expect(stray.statusCode).toBe(422);
    expect(stray.body).toContain('“country” is not a field of this page');
    expect(await t.services.partners.invoiceDetails(globex.partnerId)).toEqual(before);

    const pdf = await viewer.get(`/console/invoices/${created.invoice_id}/pdf?download=1`);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.headers['content-type']).toContain('text/html');
    expect(pdf.body).toContain('“download” is not a field of this page: remove it.');
  });

  it('a viewer sees the details but no form, and posting it is refused', async () => {
    const url = `/console/partners/${acme.partnerId}`;
    const page = await viewer.get(url);
    expect(page.body).toContain('id="invoice-details"');
    expect(page.body).not.toContain('/invoice-details"');
    const refused = await viewer.post(`${url}/invoice-details`, { legal_name: 'Hijack AS' }, { from: url });
    expect(refused.statusCode).toBe(403);
    expect((await t.services.partners.invoiceDetails(acme.partnerId)).legal_name).toBe('Acme Bemanning AS');
  });

  it('the invoice page shows number, issue date and status; every role downloads the same PDF', async () => {
    const page = await viewer.get(`/console/invoices/${created.invoice_id}`);
    expect(page.statusCode).toBe(200);
    const invoice = (await t.as(acme, { method: 'GET', url: `/api/v1/invoices/${created.invoice_id}` })).json();
    const text = plainText(page.body);
    expect(text).toContain(`Invoice number ${invoice.number}`);
    expect(text).toContain(`Issue date ${invoice.issue_date}`);
    expect(text).toContain('Status pending');
    for (const b of [viewer, admin]) {
      const res = await b.get(`/console/invoices/${created.invoice_id}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/pdf/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
      const pdf = await pdfText(res.rawPayload);
      expect(pdf).toContain('Acme Bemanning AS');
      expect(pdf).toContain('Ola Nordmann-Sæbø');
      expect(pdf).toContain(`${nok(invoice.total_incl)} NOK`);
    }
    expect((await viewer.get('/console/invoices/999999/pdf')).statusCode).toBe(404);
    expect((await viewer.get('/console/invoices/abc/pdf')).statusCode).toBe(404);
  });

  it('the employee downloads a statement of their own payout, and of no one else’s', async () => {
    const own = created.payout_ids[0] as number;
    const link = await payoutLink(t, acme, own);
    const cookie = await signIn(t, link.path, `/me/payouts/${own}`);
    const page = await asEmployee(t, cookie, `/me/payouts/${own}`);
    expect(page.body).toContain(`/me/payouts/${own}/statement.pdf`);
    const res = await asEmployee(t, cookie, `/me/payouts/${own}/statement.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    const text = await pdfText(res.rawPayload);
    const payout = (await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${own}` })).json();
    expect(text).toContain('Ola Nordmann-Sæbø');
    expect(text).toContain('Acme');
    expect(text).toContain(`${nok(payout.net_salary)} NOK`);
    expect(text).toContain(`${nok(payout.tax_withheld)} NOK`);
    // Another employee's payout, a guessed id, and no session at all.
    for (const id of [String(kariPayout), '999999', 'abc'])
      expect((await asEmployee(t, cookie, `/me/payouts/${id}/statement.pdf`)).statusCode).toBe(404);
    expect((await asEmployee(t, undefined, `/me/payouts/${own}/statement.pdf`)).statusCode).toBe(401);
  });
});
