/**
 * The console kit (docs/decisions.md §29): a console route declares its query and form schemas;
 * a query value that does not fit makes the list say which field and why and list nothing (422),
 * a form field that does not fit answers a 422 page naming it and changes nothing, the CSRF token
 * is checked before the schema, and a service's field errors are worded with the form's labels
 * (the command line words the same errors with its flags: test/cli/usage.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { signedIn, readyOperator, type Browser } from '../helpers/console.js';
import { snapshot } from '../helpers/db-snapshot.js';
import { testEngine } from '../helpers/engine.js';

let t: TestApp;
let admin: Browser;
let acme: TestPartner;

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_PAGES_PER_MINUTE: '100000' } });
  admin = await signedIn(t, await readyOperator(t, 'admin'));
  acme = await t.partner('Acme Staffing');
});
afterAll(async () => {
  await t?.close();
});

/** Runs `work`, expecting it to change nothing in the database. */
async function unchanged(work: () => Promise<void>) {
  const before = await snapshot(t);
  await work();
  expect(await snapshot(t)).toEqual(before);
}

describe(`console queries that do not fit their schema (${testEngine})`, () => {
  it('a list names the field and why, answers 422 and lists nothing', async () => {
    const good = await admin.get('/console/partners');
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain(`href="/console/partners/${acme.partnerId}"`);

    const cases: Array<[string, string]> = [
      // The schema's own checks: a name the page does not take, a value longer than the field.
      ['/console/partners?pgae=2', '“pgae” is not a field of this page (did you mean “page”?): remove it.'],
      [`/console/partners?page=${'1'.repeat(21)}`, 'Page: at most 20 characters (this one has 21).'],
      [`/console/payouts?invoice=${'9'.repeat(25)}`, 'Invoice: at most 20 characters (this one has 25).'],
      // The action's reading of a value that fits the schema's text: a page, an id out of range.
      ['/console/partners?page=abc', 'Page: “abc” is not a page number'],
      ['/console/invoices?partner=99999999999', 'Partner id: “99999999999” is larger than any partner'],
    ];
    for (const [url, problem] of cases) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.body, url).toContain('Nothing is shown: fix the filter first.');
      expect(res.body, url).toContain(problem);
      expect(res.body, url).not.toContain(`href="/console/partners/${acme.partnerId}"`);
      // The page is still the list's page: its filter form is there to fix the value.
      expect(res.body, url).toContain('method="get"');
    }
  });

  it('a CSV download whose filter does not fit answers 422 naming it, and no file', async () => {
    const res = await admin.get(`/console/payouts.csv?status=${'x'.repeat(21)}`);
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Status: at most 20 characters (this one has 21).');
  });
});

describe(`console forms that do not fit their schema (${testEngine})`, () => {
  const partnerPage = () => `/console/partners/${acme.partnerId}`;

  it('a field longer than the form takes: 422 naming it by its label, nothing changed', async () => {
    await unchanged(async () => {
      const res = await admin.post(`${partnerPage()}/fee`, { rate: '0.'.padEnd(30, '5') }, { from: partnerPage() });
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('<h1>Nothing was changed</h1>');
      expect(res.body).toContain('Service fee: at most 20 characters (this one has 30).');
    });
  });

  it('a field the form does not have: 422 naming it, nothing changed', async () => {
    await unchanged(async () => {
      const res = await admin.post(`${partnerPage()}/fee`, { rate: '0.05', rat: '0.5' }, { from: partnerPage() });
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('“rat” is not a field of this page');
    });
  });

  it('the CSRF token is checked before the schema: a forged form learns nothing about its fields (403)', async () => {
    await unchanged(async () => {
      const res = await admin.post(`${partnerPage()}/fee`, { rate: 'x'.repeat(30) }, { csrf: 'forged' });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This form has expired');
      expect(res.body).not.toContain('Service fee');
    });
  });

  it("a service's field error is worded with the form's label, never a command-line flag", async () => {
    await unchanged(async () => {
      const res = await admin.post(`${partnerPage()}/fee`, { rate: '5%' }, { from: partnerPage() });
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('The fee must be a fraction from 0 to 1 with at most 4 decimals');
      expect(res.body).not.toContain('--rate');
    });
  });
});
