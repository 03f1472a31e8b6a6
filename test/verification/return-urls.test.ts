/**
 * POST /verification-return-urls and the operator's approval (docs/decisions.md §3, §8): the five spec
 * fields and nothing else, the canonical requested_url, one request per partner and URL, and the
 * `onpay return-url list|approve|reject` commands run as the real program.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, jsonLine, runCli, scratchDatabase, type Run } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { createUser, expect422 } from '../helpers/users.js';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const REQUEST_FIELDS = ['id', 'partner_id', 'requested_at', 'requested_url', 'status'];

interface ReturnUrlBody {
  id: string;
  partner_id: number;
  status: string;
  requested_url: string;
  requested_at: string;
}

function register(t: TestApp, partner: TestPartner, url: unknown, headers: Record<string, string> = {}) {
  return t.as(partner, {
    method: 'POST',
    url: '/api/v1/verification-return-urls',
    payload: { partner_return_url: url },
    headers,
  });
}

function startFlow(t: TestApp, partner: TestPartner, userId: string, returnUrl: string) {
  return t.as(partner, {
    method: 'POST',
    url: `/api/v1/users/${userId}/verification/flows`,
    payload: { provider: 'provider_eid', partner_return_url: returnUrl },
  });
}

describe(`POST /verification-return-urls (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;

  beforeAll(async () => {
    t = await buildTestApp();
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
  });
  afterAll(() => t.close());

  it('answers 201 with exactly the five spec fields, pending, canonical', async () => {
    const res = await register(t, acme, '  HTTPS://Partner.Example:443/onpay/return/?utm=x ');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as ReturnUrlBody;
    expect(Object.keys(body).sort()).toEqual(REQUEST_FIELDS);
    expect(body.id).toMatch(/^[1-9][0-9]*$/);
    expect(body.partner_id).toBe(acme.partnerId);
    expect(body.status).toBe('pending');
    expect(body.requested_url).toBe('https://partner.example/onpay/return');
    expect(body.requested_at).toMatch(ISO_TIMESTAMP);
    expect(body.requested_at).toBe(t.clock.now().toISOString());
  });

  it('registering the same URL again (in any spelling) returns the existing request', async () => {
    const first = (await register(t, acme, 'https://acme.example/cb')).json() as ReturnUrlBody;
    t.clock.advance(60_000);
    const again = await register(t, acme, 'HTTPS://ACME.EXAMPLE/cb/');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first);
    const rows = await t.db.db
      .selectFrom('return_urls')
      .select('id')
      .where('requested_url', '=', 'https://acme.example/cb')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('registering one URL several times at once creates one request', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => register(t, acme, 'https://race.example/cb')));
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(results.map((res) => (res.json() as ReturnUrlBody).id)).size).toBe(1);
  });

  it('stores the auxiliary normalized_* values but never returns them', async () => {
    const res = await register(t, acme, 'https://Shop.Example:8443/Pay/Back/');
    const body = res.json() as ReturnUrlBody;
    expect(body.requested_url).toBe('https://shop.example:8443/Pay/Back');
    expect(res.body).not.toContain('normalized');
    const row = await t.db.db
      .selectFrom('return_urls')
      .selectAll()
      .where('id', '=', Number(body.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      partner_id: acme.partnerId,
      requested_url: 'https://shop.example:8443/Pay/Back',
      normalized_scheme: 'https',
      normalized_host: 'shop.example:8443',
      normalized_path_prefix: '/Pay/Back',
      status: 'pending',
      decided_at: null,
    });
    const root = (await register(t, acme, 'https://root.example/')).json() as ReturnUrlBody;
    const rootRow = await t.db.db
      .selectFrom('return_urls')
      .selectAll()
      .where('id', '=', Number(root.id))
      .executeTakeFirstOrThrow();
    expect(rootRow.normalized_path_prefix).toBe('/');
  });

  it("another partner's registration of the same URL is a separate request", async () => {
    const mine = (await register(t, acme, 'https://shared.example/cb')).json() as ReturnUrlBody;
    const theirs = await register(t, globex, 'https://shared.example/cb');
    expect(theirs.statusCode).toBe(201);
    const body = theirs.json() as ReturnUrlBody;
    expect(body.id).not.toBe(mine.id);
    expect(body.partner_id).toBe(globex.partnerId);
    expect(body.status).toBe('pending');

    // Approving one partner's request does not approve the other's.
    await t.services.verification.returnUrls.decide(Number(mine.id), 'approved');
    const again = (await register(t, globex, 'https://shared.example/cb')).json() as ReturnUrlBody;
    expect(again.status).toBe('pending');
  });

  const invalid: Array<[string, unknown]> = [
    ['empty', ''],
    ['not a URL', 'partner return'],
    ['relative', '/onpay/return'],
    ['javascript:', 'javascript:alert(1)'],
    ['user-info', 'https://partner.example@evil.com/cb'],
    ['a fragment', 'https://partner.example/cb#x'],
    ['a backslash', 'https://partner.example\\cb'],
    ['a unicode host', 'https://pärtner.example/cb'],
    ['dot segments', 'https://partner.example/a/../cb'],
    ['2049 characters', `https://partner.example/${'a'.repeat(2049 - 'https://partner.example/'.length)}`],
    ['a number', 42],
    ['null', null],
  ];

  it.each(invalid)('rejects %s with 422 naming partner_return_url', async (_name, url) => {
    const res = await register(t, acme, url);
    expect422(res, 'partner_return_url');
  });

  it('rejects a missing partner_return_url with 422', async () => {
    const res = await t.as(acme, { method: 'POST', url: '/api/v1/verification-return-urls', payload: {} });
    expect422(res, 'partner_return_url');
  });

  it('accepts exactly 2048 characters', async () => {
    const url = `https://partner.example/${'a'.repeat(2048 - 'https://partner.example/'.length)}`;
    expect(url).toHaveLength(2048);
    const res = await register(t, acme, url);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ReturnUrlBody).requested_url).toBe(url);
  });

  it('accepts http in sandbox', async () => {
    const res = await register(t, acme, 'http://localhost:3000/cb');
    expect(res.statusCode).toBe(201);
    expect((res.json() as ReturnUrlBody).requested_url).toBe('http://localhost:3000/cb');
  });

  it('needs credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: 'https://x.example/cb' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('stores an Idempotency-key: a second use answers 400 and registers nothing', async () => {
    const key = '5f0a2f5e-3c0b-4b8e-9d6e-1f2a3b4c5d6e';
    expect((await register(t, acme, 'https://idem.example/cb', { 'idempotency-key': key })).statusCode).toBe(201);
    const reused = await register(t, acme, 'https://idem2.example/cb', { 'idempotency-key': key });
    expect(reused.statusCode).toBe(400);
    expect(Object.keys(reused.json())).toEqual(['error']);
    const rows = await t.db.db
      .selectFrom('return_urls')
      .select('id')
      .where('requested_url', '=', 'https://idem2.example/cb')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('approval and rejection go through the operator service; only approved URLs start flows', async () => {
    const user = await createUser(t, acme);
    const pending = (await register(t, acme, 'https://approve.example/cb')).json() as ReturnUrlBody;
    expect((await startFlow(t, acme, user.id, 'https://approve.example/cb')).statusCode).toBe(422);

    t.clock.advance(5_000);
    const approved = await t.services.verification.returnUrls.decide(Number(pending.id), 'approved');
    expect(approved).toMatchObject({ status: 'approved', decided_at: t.clock.now().toISOString() });
    expect(((await register(t, acme, 'https://approve.example/cb')).json() as ReturnUrlBody).status).toBe('approved');
    expect((await startFlow(t, acme, user.id, 'https://approve.example/cb/step2')).statusCode).toBe(201);

    await t.services.verification.returnUrls.decide(Number(pending.id), 'rejected');
    expect(((await register(t, acme, 'https://approve.example/cb')).json() as ReturnUrlBody).status).toBe('rejected');
    expect422(await startFlow(t, acme, user.id, 'https://approve.example/cb'), 'partner_return_url');

    await expect(t.services.verification.returnUrls.decide(999_999, 'approved')).rejects.toMatchObject({ status: 404 });
  });
});

describe('live environment', () => {
  it('requires https', async () => {
    const t = await buildTestApp({
      env: {
        ONPAY_ENV: 'live',
        ONPAY_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_BASE_URL: 'https://onpay.test',
      },
    });
    try {
      const partner = await t.partner();
      expect422(await register(t, partner, 'http://partner.example/cb'), 'partner_return_url');
      expect((await register(t, partner, 'https://partner.example/cb')).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The operator command line, run in-process against the same database.

/** The command line against the test's database. */
function onpay(args: string[], databaseUrl: string): Promise<Run> {
  return runCli(args, cliEnv({ DATABASE_URL: databaseUrl }));
}

describe(`onpay return-url list|approve|reject (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let acme: TestPartner;
  let globex: TestPartner;
  let first: ReturnUrlBody;
  let second: ReturnUrlBody;
  let other: ReturnUrlBody;

  beforeAll(async () => {
    database = await scratchDatabase('onpay-return-urls');
    t = await buildTestApp({ database });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    first = (await register(t, acme, 'https://acme.example/onpay/return')).json() as ReturnUrlBody;
    second = (await register(t, acme, 'https://acme.example/other')).json() as ReturnUrlBody;
    other = (await register(t, globex, 'https://globex.example/cb')).json() as ReturnUrlBody;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('list --json prints every request, oldest first, with the auxiliary values for the operator', async () => {
    const listed = jsonLine(await onpay(['return-url', 'list', '--json'], database.url));
    const rows = listed.return_urls as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.id)).toEqual([first.id, second.id, other.id]);
    expect(rows[0]).toEqual({
      ...first,
      normalized_scheme: 'https',
      normalized_host: 'acme.example',
      normalized_path_prefix: '/onpay/return',
      decided_at: null,
    });
  });

  it('list --partner filters; the human form is a table', async () => {
    const listed = jsonLine(
      await onpay(['return-url', 'list', '--partner', String(globex.partnerId), '--json'], database.url),
    );
    expect((listed.return_urls as Array<{ id: string }>).map((r) => r.id)).toEqual([other.id]);

    const human = await onpay(['return-url', 'list'], database.url);
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(human.stdout).toContain('requested_url');
    expect(human.stdout).toContain('https://acme.example/onpay/return');
    expect(human.stdout).toContain('pending');
  });

  it('approve --json approves; the partner sees it and can start flows with it', async () => {
    const approved = jsonLine(await onpay(['return-url', 'approve', first.id, '--json'], database.url));
    expect(approved).toEqual({ return_url: { ...first, status: 'approved' } });

    expect(((await register(t, acme, 'https://acme.example/onpay/return')).json() as ReturnUrlBody).status).toBe(
      'approved',
    );
    const user = await createUser(t, acme);
    const flow = await startFlow(t, acme, user.id, 'https://acme.example/onpay/return/order42');
    expect(flow.statusCode, flow.body).toBe(201);
  });

  it('reject prints one line and the request is rejected', async () => {
    const run = await onpay(['return-url', 'reject', second.id], database.url);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`Return URL ${second.id} (https://acme.example/other) is now rejected.\n`);
    const listed = jsonLine(
      await onpay(['return-url', 'list', '--partner', String(acme.partnerId), '--json'], database.url),
    );
    const statuses = Object.fromEntries((listed.return_urls as ReturnUrlBody[]).map((r) => [r.id, r.status]));
    expect(statuses).toEqual({ [first.id]: 'approved', [second.id]: 'rejected' });
    const decided = (listed.return_urls as Array<{ decided_at: unknown }>).map((r) => r.decided_at);
    for (const at of decided) expect(at).toMatch(ISO_TIMESTAMP);
  });

  it('an unknown or malformed id fails with one line on stderr', async () => {
    for (const args of [
      ['return-url', 'approve', '999999'],
      ['return-url', 'reject', 'abc'],
      ['return-url', 'list', '--partner', '0'],
    ]) {
      const run = await onpay(args, database.url);
      expect(run.code, args.join(' ')).not.toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^[^\n]+\n$/);
    }
  });
});
