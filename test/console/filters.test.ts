/**
 * Console filters that cannot be read (issue 21, item 10) on the engine under test: every list page
 * names the filter and why, answers 422 and lists nothing; the payouts page offers nothing to select,
 * and "select all matching" with such a filter selects nothing and changes nothing. The review step
 * of a bulk action repeats the filter it selected under and names the employees it pays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/modules/mail/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { csrfOf, readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';

let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let kari: Employee;
let ola: Employee;
let op: Browser;
/** Acme's pending payouts (two invoices) and Globex's. */
let acmeApril: { invoice_id: number; payout_ids: number[] };
let acmeMay: { invoice_id: number; payout_ids: number[] };
let globexApril: { invoice_id: number; payout_ids: number[] };

const allPayoutIds = () => [...acmeApril.payout_ids, ...acmeMay.payout_ids, ...globexApril.payout_ids];
const statuses = async () =>
  new Set(
    (await t.db.db.selectFrom('payouts').select('status').where('id', 'in', allPayoutIds()).execute()).map(
      (r) => r.status,
    ),
  );

/** Posts a form whose fields may repeat, with the CSRF token of `from`. */
async function postMany(url: string, form: Array<[string, string]>, from = '/console/payouts') {
  const csrf = csrfOf(await op.get(from));
  return t.app.inject({
    method: 'POST',
    url,
    cookies: { ...op.cookies },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([...form, ['csrf', csrf]]).toString(),
  });
}

/** The hidden ids of a review page's form: what pressing its button would move. */
const reviewedIds = (body: string) =>
  [...body.matchAll(/<input type="hidden" name="id" value="(\d+)">/g)].map((m) => Number(m[1]));

/** The notice that names the unreadable filter, as text. */
function problemOf(body: string): string {
  const notice = /<div class="notice bad" role="alert" id="filter-problem">([\s\S]*?)<\/div>/.exec(body)?.[1];
  expect(notice, body.slice(0, 3000)).toBeTruthy();
  return notice!
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_PAGES_PER_MINUTE: '1000000' } });
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('Globex Bemanning');
  kari = await onboardedEmployee(t, acme);
  ola = await onboardedEmployee(t, globex);
  await t.db.db
    .updateTable('partner_users')
    .set({ first_name: 'Kari', last_name: 'Fjellheim' })
    .where('user_id', '=', kari.userId)
    .execute();
  await t.db.db
    .updateTable('partner_users')
    .set({ first_name: 'Ola', last_name: 'Strandvik' })
    .where('user_id', '=', ola.userId)
    .execute();
  acmeApril = await createPayouts(t, acme, batch([item(kari), item(kari)], '2026-04-01'));
  acmeMay = await createPayouts(t, acme, batch([item(kari)], '2026-05-01'));
  globexApril = await createPayouts(t, globex, batch([item(ola), item(ola)], '2026-04-01'));
  // Something on every list: a return URL, a mail, audit entries (the partners' creation).
  await t.as(acme, {
    method: 'POST',
    url: '/api/v1/verification-return-urls',
    payload: { partner_return_url: 'https://acme.example/done' },
  });
  await t.db.db
    .transaction()
    .execute((trx) =>
      enqueueMail(
        trx,
        t.services.fieldCrypto,
        { partnerId: acme.partnerId, to: 'kari@example.com', subject: 'Hello', text: 'x', html: '<p>x</p>' },
        t.clock.now().toISOString(),
      ),
    );
  op = await signedIn(t, await readyOperator(t, 'operator'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe(`an invoice filter the console cannot read (${testEngine})`, () => {
  for (const [value, why] of [
    ['#9', 'is not an invoice number: write the number in digits only'],
    ['INV-5', 'is not an invoice number: write the number in digits only'],
    ['0', 'is not an invoice number: they start at 1'],
    ['-1', 'is not an invoice number: they start at 1'],
    ['12345678901234567890', 'is larger than any invoice number'],
  ] as const) {
    it(`“${value}”: the page names the filter and why, lists nothing and offers nothing to select`, async () => {
      const res = await op.get(`/console/payouts?status=pending&invoice=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(422);
      const problem = problemOf(res.body);
      expect(problem).toContain('Nothing is shown: fix the filter first.');
      expect(problem).toContain(`Invoice: “${value}”`);
      expect(problem).toContain(why);
      // No row, no total, no selection.
      expect(res.body).not.toContain('href="/console/employees/');
      expect(res.body).not.toContain('id="matching"');
      expect(res.body).not.toContain('name="all"');
      expect(res.body).not.toContain('/console/payouts/confirm');
      // The filter form keeps what was typed, to be corrected.
      expect(res.body).toContain(`name="invoice" value="${value}"`);
    });
  }

  it('"select all matching" with it selects nothing (422, the filter named) and changes nothing', async () => {
    for (const value of ['#9', 'INV-5', '0', '-1', '12345678901234567890']) {
      const review = await postMany('/console/payouts/confirm', [
        ['move', 'paid'],
        ['all', '1'],
        ['status', 'pending'],
        ['invoice', value],
      ]);
      expect(review.statusCode, value).toBe(422);
      expect(review.body).toContain(`Invoice: “${value}”`);
      expect(reviewedIds(review.body)).toEqual([]);
      expect(review.body).not.toContain('action="/console/payouts/apply"');
    }
    // A ticked payout that cannot be read is not dropped either: the selection is refused.
    const ticked = await postMany('/console/payouts/confirm', [
      ['move', 'paid'],
      ['id', String(acmeMay.payout_ids[0])],
      ['id', '#9'],
    ]);
    expect(ticked.statusCode).toBe(422);
    expect(ticked.body).toContain('Payout: “#9”');
    const applied = await postMany('/console/payouts/apply', [
      ['move', 'paid'],
      ['id', String(acmeMay.payout_ids[0])],
      ['id', 'INV-5'],
    ]);
    expect(applied.statusCode).toBe(422);
    expect(await statuses()).toEqual(new Set(['pending']));
  });

  it('a due-from after due-to says so and lists nothing, on payouts and on invoices', async () => {
    for (const url of [
      '/console/payouts?due_from=2026-05-01&due_to=2026-04-01',
      '/console/invoices?due_from=2026-05-01&due_to=2026-04-01',
    ]) {
      const res = await op.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(problemOf(res.body)).toContain('Due from (2026-05-01) is after due to (2026-04-01)');
      expect(res.body).not.toContain(`href="/console/invoices/${acmeApril.invoice_id}"`);
    }
    const review = await postMany('/console/payouts/confirm', [
      ['move', 'cancelled'],
      ['all', '1'],
      ['due_from', '2026-05-01'],
      ['due_to', '2026-04-01'],
    ]);
    expect(review.statusCode).toBe(422);
    expect(review.body).toContain('Due from (2026-05-01) is after due to (2026-04-01)');
    expect(await statuses()).toEqual(new Set(['pending']));
  });
});

describe(`every console list with a filter it cannot read (${testEngine})`, () => {
  // Each: a readable URL that lists something (its marker), and unreadable ones with what the notice must say.
  const cases = (): Array<{ good: string; marker: string; bad: Array<[string, string]> }> => [
    {
      good: '/console/payouts?status=pending',
      marker: `href="/console/employees/${kari.userId}"`,
      bad: [
        ['/console/payouts?status=open', 'Status: “open” is not one of pending, processing, paid, failed, cancelled.'],
        ['/console/payouts?partner=acme', 'Partner: “acme” is not a partner id'],
        ['/console/payouts?due_from=2026-02-30', 'Due from: “2026-02-30” is not a date'],
        ['/console/payouts?due_to=1.4.2026', 'Due to: “1.4.2026” is not a date'],
        ['/console/payouts?due=tomorrow', 'Due from: “tomorrow” is not a date'],
        ['/console/payouts?page=two', 'Page: “two” is not a page number'],
      ],
    },
    {
      good: '/console/invoices',
      marker: `href="/console/invoices/${acmeApril.invoice_id}"`,
      bad: [
        ['/console/invoices?partner=%239', 'Partner id: “#9” is not a partner id'],
        ['/console/invoices?due_from=2026-13-01', 'Due from: “2026-13-01” is not a date'],
        ['/console/invoices?page=0', 'Page: “0” is not a page number'],
      ],
    },
    {
      good: `/console/invoices/${acmeApril.invoice_id}`,
      marker: `href="/console/employees/${kari.userId}"`,
      bad: [[`/console/invoices/${acmeApril.invoice_id}?page=last`, 'Page: “last” is not a page number']],
    },
    {
      good: '/console/employees',
      marker: `href="/console/employees/${kari.userId}"`,
      bad: [
        [`/console/employees?q=${'a'.repeat(201)}`, 'Search: at most 200 characters (this one has 201).'],
        ['/console/employees?page=-1', 'Page: “-1” is not a page number'],
      ],
    },
    {
      good: '/console/partners',
      marker: `href="/console/partners/${acme.partnerId}"`,
      bad: [
        [`/console/partners?q=${'a'.repeat(256)}`, 'Search: at most 255 characters (this one has 256).'],
        ['/console/partners?page=1e3', 'Page: “1e3” is not a page number'],
      ],
    },
    {
      good: '/console/return-urls',
      marker: 'https://acme.example/done',
      bad: [
        ['/console/return-urls?status=waiting', 'Status: “waiting” is not one of pending, approved, rejected, all.'],
        ['/console/return-urls?partner=Acme', 'Partner id: “Acme” is not a partner id'],
        ['/console/return-urls?after=x', 'Page position: “x” is not a position in the list'],
      ],
    },
    {
      good: '/console/mail',
      marker: 'data-label="Subject">Hello<',
      bad: [
        ['/console/mail?status=bounced', 'Status: “bounced” is not one of pending, retrying, failed, sent.'],
        ['/console/mail?before=last', 'Page position: “last” is not a position in the list'],
      ],
    },
    {
      good: '/console/terms',
      marker: '<code>onpay-2026-01</code>',
      bad: [['/console/terms?page=2.5', 'Page: “2.5” is not a page number']],
    },
    {
      good: '/console/audit',
      marker: 'partner.created',
      bad: [
        ['/console/audit?before=%239', 'Page position: “#9” is not a position in the list'],
        ['/console/audit?object=payout', 'Object must be type:id'],
      ],
    },
  ];

  it('names the filter and why (422) and lists nothing, where the readable filter lists something', async () => {
    for (const { good, marker, bad } of cases()) {
      const listed = await op.get(good);
      expect(listed.statusCode, good).toBe(200);
      expect(listed.body, good).toContain(marker);
      for (const [url, said] of bad) {
        const res = await op.get(url);
        expect(res.statusCode, url).toBe(422);
        const problem = problemOf(res.body);
        expect(problem, url).toContain('Nothing is shown: fix the filter first.');
        expect(problem, url).toContain(said);
        expect(res.body, url).not.toContain(marker);
      }
    }
  });
});

describe(`the review step of a bulk action (${testEngine})`, () => {
  it('"all matching": repeats the filter in words and names the employees it pays', async () => {
    const review = await postMany('/console/payouts/confirm', [
      ['move', 'paid'],
      ['all', '1'],
      ['status', 'pending'],
      ['partner', String(acme.partnerId)],
      ['due_from', '2026-04-01'],
      ['due_to', '2026-04-30'],
    ]);
    expect(review.statusCode, review.body.slice(0, 2000)).toBe(200);
    expect(review.body).toContain('Mark paid: 2 payouts?');
    expect(review.body).toContain(
      `<p id="selection-filter">All 2 payouts matching the filter: <strong>status pending, partner Acme Staffing (${acme.partnerId}), due 2026-04-01 to 2026-04-30</strong>.</p>`,
    );
    expect(review.body).toContain(
      `<p id="selection-employees">They pay 1 employee: Kari Fjellheim (${kari.userId}).</p>`,
    );
    expect(review.body).toContain(`<a href="/console/employees/${kari.userId}">Kari Fjellheim</a>`);
    expect(reviewedIds(review.body).sort((a, b) => a - b)).toEqual([...acmeApril.payout_ids].sort((a, b) => a - b));
  });

  it('ticked payouts: says they were ticked and under which filter; across partners, each employee by the name their partner gave', async () => {
    const ids = [acmeMay.payout_ids[0]!, globexApril.payout_ids[0]!];
    const review = await postMany('/console/payouts/confirm', [
      ['move', 'cancelled'],
      ['status', 'pending'],
      ...ids.map((id) => ['id', String(id)] as [string, string]),
    ]);
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain(
      '<p id="selection-filter">The 2 payouts you ticked, on the list filtered by <strong>status pending</strong>.</p>',
    );
    expect(review.body).toContain(
      `They pay 2 employees: Kari Fjellheim (${kari.userId}), Ola Strandvik (${ola.userId}).`,
    );
  });

  it('"all matching" without any filter says it is every payout of every partner', async () => {
    const review = await postMany('/console/payouts/confirm', [
      ['move', 'paid'],
      ['all', '1'],
    ]);
    expect(review.statusCode).toBe(200);
    expect(review.body).toMatch(
      /<p id="selection-filter" class="notice bad" role="alert">All 5 payouts: the list had <strong>no filter<\/strong>, so this is every payout of every partner.<\/p>/,
    );
    expect(await statuses()).toEqual(new Set(['pending']));
  });
});
