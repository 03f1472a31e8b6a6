/**
 * Field encryption of the person's data at rest (docs/data-protection.md): what the API stores on
 * links and payouts, its copies in events, webhook deliveries and idempotency records, the mail it
 * queues (login links) and what the identity providers leave on verification sessions (the national
 * eID over OpenID Connect, the document vendor) is not in the database in clear; a value moved to
 * another row or column does not decrypt; a missing or wrong key stops start-up instead of
 * answering garbage. On the engine under test, through the HTTP interface, on a database file
 * (SQLite) or database (PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openValuesNow } from '../../src/db/sealed-columns.js';
import { FieldDecryptionError } from '../../src/platform/field-crypto.js';
import { FieldKeyError } from '../../src/platform/field-keys.js';
import { createServices } from '../../src/services.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { scratchDatabase } from '../helpers/cli.js';
import { snapshot } from '../helpers/db-snapshot.js';
import { rawDatabaseText } from '../helpers/raw-database.js';
import {
  decisionPayload,
  sendWebhook,
  startDocVendor,
  type DocVendorStandIn,
  type VendorSession,
} from '../helpers/doc-vendor.js';
import { ensureApprovedReturnUrl, RETURN_URL } from '../helpers/employees.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { userLink } from '../helpers/login-links.js';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { payoutAccount, sessionSealed } from '../helpers/sealed.js';
import { createUser, norwegianId, putProfile } from '../helpers/users.js';
import { createEndpoint, drain, startReceiver, type Receiver } from '../webhooks/helpers.js';
import { continueToProvider, TestBrowser } from '../verification/providers/browser.js';

const EID_CALLBACK = 'http://onpay.test/verify/callback/provider_eid';

interface MailBodies {
  id: number;
  text_body: string;
  html_body: string;
}

/** The person signs in at the OpenID provider as `account`; the browser comes back to onpay, which answers. */
async function signInAtEid(browser: TestBrowser, authorizationUrl: string, account: string): Promise<void> {
  const toLogin = await browser.follow(authorizationUrl, (url) => url.pathname.startsWith('/interaction/'));
  const loginUrl = toLogin.location as string;
  expect(new URL(loginUrl).pathname).toMatch(/^\/interaction\//);
  const submitted = await browser.request(loginUrl, { method: 'POST', form: { account } });
  expect(submitted.status, submitted.body).toBe(303);
  const back = await browser.follow(submitted.location as string, (url) => url.href.startsWith(EID_CALLBACK));
  expect(back.location).toMatch(/^http:\/\/onpay\.test\/verify\/callback\/provider_eid\?/);
  expect((await browser.request(back.location as string)).status).toBe(303);
}

const KEY_A = `k1:${Buffer.alloc(32, 21).toString('base64')}`;
const KEY_B = `k2:${Buffer.alloc(32, 22).toString('base64')}`;
const KEY_A_WRONG = `k1:${Buffer.alloc(32, 23).toString('base64')}`;
const INDEX_A = `i1:${Buffer.alloc(32, 24).toString('base64')}`;
const INDEX_A_WRONG = `i1:${Buffer.alloc(32, 25).toString('base64')}`;

describe(`field encryption on ${testEngine}`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let eid: TestOidcProvider;
  let vendor: DocVendorStandIn;
  let acme: TestPartner;
  let globex: TestPartner;
  const people: Array<{ id: string; ssn: string; phone: string }> = [];
  /** The verification sessions of the flows, and the login-link mails. */
  const sessionIds: string[] = [];
  const linkTokens: string[] = [];
  let payoutIds: number[] = [];
  let receiver: Receiver;
  const identityKeys: string[] = [];
  /** Every value the test stored through the API that must not be found in clear. */
  const secrets: string[] = [];

  beforeAll(async () => {
    database = await scratchDatabase('onpay-crypto');
    const ssns = [norwegianId('140377', 412), norwegianId('140377', 419)];
    eid = await startOidcProvider({
      redirectUri: EID_CALLBACK,
      scopes: { profile: ['name', 'given_name', 'family_name', 'dateofbirth'], ssn: ['socialno'] },
      accounts: [
        {
          id: 'kari',
          claims: { socialno: ssns[0], dateofbirth: '1977-03-14', name: 'Kari Nordmann', given_name: 'Kari' },
        },
      ],
    });
    vendor = await startDocVendor();
    t = await buildTestApp({
      database,
      env: {
        ONPAY_DATA_KEYS: KEY_A,
        ONPAY_INDEX_KEYS: INDEX_A,
        ...eid.env({
          EID_SCOPES: 'openid profile ssn',
          EID_CLAIM_IDENTIFICATION: 'socialno',
          EID_CLAIM_BIRTHDATE: 'dateofbirth',
          EID_COUNTRY: 'NO',
        }),
        ...vendor.env({ DOC_COUNTRY: 'NO' }),
      },
    });
    acme = await t.partner('Acme');
    globex = await t.partner('Globex');
    await ensureApprovedReturnUrl(t, acme);
    // Acme's user.* and payout.* events are delivered to a receiver (the bodies are stored).
    receiver = await startReceiver(t.clock);
    receiver.secrets.push((await createEndpoint(t, acme, { url: receiver.url })).secret);
    const accounts = [
      { bank_account_number: '86011117947' },
      { bank_iban_number: 'NO9386011117947', bank_bic_number: 'DNBANOKKXXX' },
    ];
    for (const [i, account] of accounts.entries()) {
      const ssn = ssns[i] as string;
      const phone = `9381772${i}`;
      const oldPhone = `9381773${i}`;
      const address = `Skannegata ${71 + i}`;
      const documentId = `PX98765${i}3`;
      const user = await createUser(t, acme, account);
      // The phone changed: the old one is in the user.updated event's previous_attributes.
      await putProfile(t, acme, user.id, { phone: oldPhone, address });
      await putProfile(t, acme, user.id, { phone, address });
      const terms = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${user.id}/terms`,
        payload: { approved: true },
      });
      expect(terms.statusCode, terms.body).toBe(200);
      identityKeys.push(randomUUID());
      const identity = await t.as(acme, {
        method: 'PUT',
        url: `/api/v1/users/${user.id}/identity`,
        headers: { 'idempotency-key': identityKeys.at(-1)! },
        payload: { identification: ssn, country_code: 'NO', birthday: '1977-03-14', document_id: documentId },
      });
      expect(identity.statusCode, identity.body).toBe(200);
      if (i === 0) await verifyByEid(user.id);
      else await verifyByDocument(user.id, ssn);
      people.push({ id: user.id, ssn, phone });
      secrets.push(ssn, phone, oldPhone, address, documentId, ...Object.values(account));
    }
    secrets.push('1977-03-14', VENDOR_DOCUMENT, VENDOR_REASON_NUMBER);
    // Login links mailed to both: the mails carry the links (and greet the person by name).
    for (const person of people) linkTokens.push((await userLink(t, acme, person.id, { send_email: true })).token);
    secrets.push(...linkTokens);
    // Paid by ssn: the lookup goes through the blind index.
    const created = await createPayouts(
      t,
      acme,
      batch(people.map((p) => ({ ...item({ userId: Number(p.id) }), user_id: undefined, ssn: p.ssn }))),
    );
    payoutIds = created.payout_ids;
    await drain(t);
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
    await eid?.close();
    await vendor?.close();
    await database?.drop();
  });

  const VENDOR_DOCUMENT = 'FZ7731904';
  /** A vendor's decline whose free text names a document number: outcome_reason holds it. */
  const VENDOR_REASON_NUMBER = 'QX5520417';

  async function startFlowOf(userId: string, provider: 'provider_eid' | 'provider_doc') {
    const res = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${userId}/verification/flows`,
      payload: {
        provider,
        partner_return_url: RETURN_URL,
        ...(provider === 'provider_doc' ? { id_type: 'local' } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const flow = res.json() as { verification_id: string; verification_url: string };
    sessionIds.push(flow.verification_id);
    const browser = new TestBrowser(t.app);
    const location = await continueToProvider(browser, {
      verificationId: flow.verification_id,
      verificationUrl: flow.verification_url,
      userId,
    });
    return { id: flow.verification_id, browser, location };
  }

  async function statusOf(id: string): Promise<string> {
    const res = await t.as(acme, { method: 'GET', url: `/api/v1/verification/status/${id}` });
    return (res.json() as { status: string }).status;
  }

  /** The national eID (OpenID Connect, PKCE and nonce kept on the session meanwhile). */
  async function verifyByEid(userId: string): Promise<void> {
    const flow = await startFlowOf(userId, 'provider_eid');
    await signInAtEid(flow.browser, flow.location, 'kari');
    expect(await statusOf(flow.id)).toBe('approved');
  }

  /** The document vendor: declined first (its reason naming a document number), then approved. */
  async function verifyByDocument(userId: string, ssn: string): Promise<void> {
    const send = (body: Record<string, unknown>) =>
      sendWebhook(t.app, body, { secret: vendor.webhookSecret, apiKey: vendor.apiKey });
    const declined = await startFlowOf(userId, 'provider_doc');
    const decline = decisionPayload(vendor.sessions.at(-1) as VendorSession, 'declined');
    (decline.verification as Record<string, unknown>).reason = `Document ${VENDOR_REASON_NUMBER} does not match`;
    expect((await send(decline)).statusCode).toBe(200);
    expect(await statusOf(declined.id)).toBe('declined');
    const approved = await startFlowOf(userId, 'provider_doc');
    const approval = decisionPayload(vendor.sessions.at(-1) as VendorSession, 'approved', {
      person: { idNumber: ssn, dateOfBirth: '1977-03-14' },
      document: { number: VENDOR_DOCUMENT },
    });
    expect((await send(approval)).statusCode).toBe(200);
    expect(await statusOf(approved.id)).toBe('approved');
  }

  it('stores none of the numbers, accounts, phones, addresses, birth dates or login links in clear in any table', async () => {
    const tables = await snapshot(t);
    const found = Object.entries(tables).flatMap(([table, rows]) =>
      secrets.filter((s) => rows.some((row) => row.includes(s))).map((s) => `${table}: ${s}`),
    );
    expect(found).toEqual([]);
    // The rows are there, encrypted.
    expect(tables.partner_users!.join('\n')).toMatch(/"identification":"e1\.k1\./);
    expect(tables.payouts!.join('\n')).toMatch(/"bank_account_number":"e1\.k1\./);
    expect(tables.mail_outbox).toHaveLength(2);
    for (const row of tables.mail_outbox!) {
      expect(row).toMatch(/"text_body":"e1\.k1\./);
      expect(row).toMatch(/"html_body":"e1\.k1\./);
    }
    const sessions = tables.verification_sessions!.join('\n');
    expect(sessions).toMatch(/"outcome_reason":"e1\.k1\./);
    expect(sessions).toMatch(/"provider_state":"e1\.k1\./);
    // And the repositories open them: the vendor's reason, the OpenID session's PKCE verifier.
    const opened = await Promise.all(sessionIds.map((id) => sessionSealed(t, id)));
    expect(opened.map((s) => s.outcome_reason)).toContain(
      `the document vendor decided declined: Document ${VENDOR_REASON_NUMBER} does not match`,
    );
    expect(JSON.parse(opened[0]!.provider_state as string)).toHaveProperty('code_verifier');
    expect(tables.events!.join('\n')).toMatch(/"object":"e1\.k1\./);
    expect(tables.events!.join('\n')).toMatch(/"previous_attributes":"e1\.k1\./);
    expect(tables.webhook_deliveries!.join('\n')).toMatch(/"payload":"e1\.k1\./);
    expect(tables.idempotency_keys!).toHaveLength(people.length);
  });

  it('the feed, the webhook bodies and the idempotency records read as before', async () => {
    const feed = (
      (await t.as(acme, { method: 'GET', url: '/api/v1/events?limit=500' })).json() as {
        results: Array<
          { id: string; type: string; data: { object: Record<string, unknown> } } & Record<string, unknown>
        >;
      }
    ).results;
    const [a] = people as [(typeof people)[0]];
    const updates = feed.filter((e) => e.type === 'user.updated' && e.data.object.id === a.id);
    // The second profile PUT: the new phone in the object, the old one in previous_attributes.
    expect(updates.map((e) => [e.data.object.phone, e.previous_attributes])).toContainEqual([
      a.phone,
      expect.objectContaining({ phone: `9381773${0}` }),
    ]);
    // Every body the receiver got verifies over the bytes sent and is the event as the feed shows it.
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(receiver.verified()).toHaveLength(receiver.received.length);
    for (const delivery of receiver.received)
      expect(JSON.parse(delivery.body)).toEqual(feed.find((e) => e.id === delivery.event.id));
    expect(receiver.received.map((d) => d.body).join()).toContain(a.phone);
    // Globex, which linked no one, reads none of acme's events, by id or in its feed.
    const other = await t.as(globex, { method: 'GET', url: `/api/v1/events/${updates[0]!.id}` });
    expect(other.statusCode).toBe(404);
    const otherFeed = await t.as(globex, { method: 'GET', url: '/api/v1/events?limit=500' });
    expect(otherFeed.statusCode).toBe(200);
    expect(secrets.filter((s) => otherFeed.body.includes(s))).toEqual([]);
    for (const [i, key] of identityKeys.entries()) {
      const stored = await t.as(acme, { method: 'GET', url: `/api/v1/idempotency-keys/${key}` });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toMatchObject({ status: 200, resource: { id: people[i]!.id } });
    }
  });

  it('leaves none of them in the raw database: the SQLite file and its WAL as they are (free pages included), or pg_dump', async () => {
    const raw = await rawDatabaseText(database);
    expect(secrets.filter((s) => raw.includes(s))).toEqual([]);
    // And the check is real: the names the partner entered stay in clear (docs/data-protection.md).
    expect(raw).toContain('Nordmann');
  });

  it('finds the employees by ssn and phone through the blind index, for their own partner only', async () => {
    for (const person of people) {
      for (const payload of [{ ssn: person.ssn }, { phone: person.phone }]) {
        const own = await t.as(acme, { method: 'POST', url: '/api/v1/users/lookup', payload });
        expect(own.statusCode, own.body).toBe(200);
        expect(own.json()).toMatchObject({ id: person.id, phone: person.phone });
        expect((await t.as(globex, { method: 'POST', url: '/api/v1/users/lookup', payload })).statusCode).toBe(404);
      }
    }
  });

  describe('a value moved to another row or column does not decrypt', () => {
    const get = (id: string) => t.as(acme, { method: 'GET', url: `/api/v1/users/${id}` });
    const stored = (userId: string) =>
      t.db.db
        .selectFrom('partner_users')
        .select(['identification', 'phone', 'address'])
        .where('partner_id', '=', acme.partnerId)
        .where('user_id', '=', Number(userId))
        .executeTakeFirstOrThrow();
    const put = (
      userId: string,
      values: { identification?: string | null; phone?: string | null; address?: string | null },
    ) =>
      t.db.db
        .updateTable('partner_users')
        .set(values)
        .where('partner_id', '=', acme.partnerId)
        .where('user_id', '=', Number(userId))
        .execute();

    it("another person's phone copied onto a link: the API answers 500, never the copied phone", async () => {
      const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
      const original = await stored(b.id);
      await put(b.id, { phone: (await stored(a.id)).phone });
      try {
        const res = await get(b.id);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain(a.phone);
      } finally {
        await put(b.id, original);
      }
      expect((await get(b.id)).statusCode).toBe(200);
    });

    it("the identity number copied into the same link's address column: 500", async () => {
      const [a] = people as [(typeof people)[0]];
      const original = await stored(a.id);
      await put(a.id, { address: original.identification });
      try {
        const res = await get(a.id);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain(a.ssn);
      } finally {
        await put(a.id, original);
      }
      expect((await get(a.id)).statusCode).toBe(200);
    });

    it("one payout's account copied onto another does not open (the bank export would fail, not pay elsewhere)", async () => {
      const [first, second] = payoutIds as [number, number];
      const account = (id: number) =>
        t.db.db.selectFrom('payouts').select('bank_account_number').where('id', '=', id).executeTakeFirstOrThrow();
      const original = await account(second);
      await t.db.db
        .updateTable('payouts')
        .set({ bank_account_number: (await account(first)).bank_account_number })
        .where('id', '=', second)
        .execute();
      try {
        await expect(payoutAccount(t, second)).rejects.toThrow(FieldDecryptionError);
        await expect(payoutAccount(t, first)).resolves.toMatchObject({ bank_account_number: '86011117947' });
      } finally {
        await t.db.db.updateTable('payouts').set(original).where('id', '=', second).execute();
      }
      await expect(payoutAccount(t, second)).resolves.toBeDefined();
    });
  });

  describe('a mail body or provider outcome moved to another row does not decrypt', () => {
    const mailbox = () => t.as(acme, { method: 'GET', url: '/api/v1/test-helpers/mailbox' });
    const bodies = () =>
      t.db.db.selectFrom('mail_outbox').select(['id', 'text_body', 'html_body']).orderBy('id').execute();
    const setBody = (id: number, values: { text_body: string; html_body: string }) =>
      t.db.db.updateTable('mail_outbox').set(values).where('id', '=', id).execute();

    it("one mail's body copied onto another: the mailbox answers 500, never the copied link", async () => {
      const [first, second] = (await bodies()) as [MailBodies, MailBodies];
      await setBody(second.id, { text_body: first.text_body, html_body: first.html_body });
      try {
        const res = await mailbox();
        expect(res.statusCode).toBe(500);
        for (const token of linkTokens) expect(res.body).not.toContain(token);
      } finally {
        await setBody(second.id, second);
      }
      const res = await mailbox();
      expect(res.statusCode, res.body).toBe(200);
      const texts = (res.json() as { messages: Array<{ id: number; text: string }> }).messages;
      expect(texts.find((m) => m.id === first.id)?.text).toContain(linkTokens[0]);
      expect(texts.find((m) => m.id === second.id)?.text).toContain(linkTokens[1]);
    });

    it("a declined session's outcome copied onto another session does not open", async () => {
      const stored = () =>
        t.db.db.selectFrom('verification_sessions').select(['id', 'outcome_reason']).orderBy('created_at').execute();
      const withReason = (await stored()).filter((row) => row.outcome_reason !== null);
      const [declined] = withReason as [{ id: string; outcome_reason: string }];
      const other = sessionIds.find((id) => id !== declined.id) as string;
      const original = (await stored()).find((row) => row.id === other)!.outcome_reason;
      await t.db.db
        .updateTable('verification_sessions')
        .set({ outcome_reason: declined.outcome_reason })
        .where('id', '=', other)
        .execute();
      try {
        await expect(sessionSealed(t, other).then((row) => row.outcome_reason)).rejects.toThrow(FieldDecryptionError);
        await expect(sessionSealed(t, declined.id).then((row) => row.outcome_reason)).resolves.toContain(
          VENDOR_REASON_NUMBER,
        );
      } finally {
        await t.db.db
          .updateTable('verification_sessions')
          .set({ outcome_reason: original })
          .where('id', '=', other)
          .execute();
      }
    });
  });

  describe('a payload moved to another event or delivery does not decrypt', () => {
    const eventRow = (id: string) =>
      t.db.db
        .selectFrom('events')
        .select(['object', 'previous_attributes'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it("one person's user.updated payload copied onto another event: GET /events/{id} answers 500, never the copied data", async () => {
      const feed = (
        (await t.as(acme, { method: 'GET', url: '/api/v1/events?type=user.updated&limit=500' })).json() as {
          results: Array<{ id: string; data: { object: { id: string } } }>;
        }
      ).results;
      const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
      const from = feed.find((e) => e.data.object.id === a.id)!.id;
      const to = feed.find((e) => e.data.object.id === b.id)!.id;
      const original = await eventRow(to);
      await t.db.db
        .updateTable('events')
        .set(await eventRow(from))
        .where('id', '=', to)
        .execute();
      try {
        const res = await t.as(acme, { method: 'GET', url: `/api/v1/events/${to}` });
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain(a.phone);
        expect((await t.as(acme, { method: 'GET', url: `/api/v1/events/${from}` })).statusCode).toBe(200);
      } finally {
        await t.db.db.updateTable('events').set(original).where('id', '=', to).execute();
      }
      expect((await t.as(acme, { method: 'GET', url: `/api/v1/events/${to}` })).statusCode).toBe(200);
    });

    it("a delivery's body opens only on its own row", async () => {
      const [first, second] = await t.db.db
        .selectFrom('webhook_deliveries')
        .select(['id', 'payload'])
        .orderBy('id')
        .limit(2)
        .execute();
      const crypto = t.services.fieldCrypto;
      expect(JSON.parse(openValuesNow(crypto, 'webhook_deliveries', first!, first!).payload)).toHaveProperty('id');
      expect(() => openValuesNow(crypto, 'webhook_deliveries', second!, { payload: first!.payload })).toThrow(
        FieldDecryptionError,
      );
    });
  });

  describe('start-up refuses a missing or wrong key, before anything is served', () => {
    const startWith = async (keys: Record<string, string>) =>
      createServices({
        config: loadConfig({
          ONPAY_ENV: 'sandbox',
          DATABASE_URL: database.url,
          LOG_LEVEL: 'silent',
          ONPAY_DATA_KEYS: KEY_A,
          ONPAY_INDEX_KEYS: INDEX_A,
          ...keys,
        }),
        db: t.db,
        clock: t.clock,
        connectRedis: false,
      });

    it.each([
      [{ ONPAY_DATA_KEYS: KEY_B }, 'ONPAY_DATA_KEYS does not hold key "k1", which this database has values under'],
      [{ ONPAY_DATA_KEYS: KEY_A_WRONG }, 'ONPAY_DATA_KEYS key "k1" is not the key this database\'s values are under'],
      [
        { ONPAY_INDEX_KEYS: INDEX_A_WRONG },
        'ONPAY_INDEX_KEYS key "i1" is not the key this database\'s values are under',
      ],
      [
        { ONPAY_INDEX_KEYS: `i2:${Buffer.alloc(32, 9).toString('base64')}` },
        'ONPAY_INDEX_KEYS does not hold key "i1", which this database has values under',
      ],
    ])('%j: one line naming the variable and the key', async (keys, message) => {
      const error = await startWith(keys).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FieldKeyError);
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain('\n');
    });

    it('starts with a new active key before the old one; the old values still read', async () => {
      const services = await startWith({ ONPAY_DATA_KEYS: `${KEY_B},${KEY_A}` });
      try {
        expect(services.fieldCrypto.activeKeyId).toBe('k2');
        const view = await services.users.employees.partnerView(t.db.db, acme.partnerId, Number(people[0]!.id));
        expect(view?.link.identification).toBe(people[0]!.ssn);
      } finally {
        await services.close();
      }
    });
  });
});
