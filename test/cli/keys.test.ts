/**
 * `onpay keys status` and `onpay keys rotate [--index]` (docs/data-protection.md, "Keys"): after
 * a new key is put first, rotation moves every value under it in batches; a rotation cut short is
 * finished by the next run; afterwards nothing is under the old key, it is retired, and the
 * service starts and reads everything with the new key alone: links, payouts, the stored
 * events, fan-out jobs and webhook delivery bodies, a payment file and the bank's words. On the
 * engine under test.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { rotateKeys } from '../../src/platform/field-keys.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, jsonLine, runCli, scratchDatabase } from '../helpers/cli.js';
import { pain002, parsePain001 } from '../helpers/bank.js';
import { onboardedEmployees, RETURN_URL, type Employee } from '../helpers/employees.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { userLink } from '../helpers/login-links.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { createEndpoint, drain, startReceiver, type Receiver } from '../webhooks/helpers.js';

const OLD = `old:${Buffer.alloc(32, 41).toString('base64')}`;
const NEW = `new:${Buffer.alloc(32, 42).toString('base64')}`;
const INDEX_OLD = `iold:${Buffer.alloc(32, 43).toString('base64')}`;
const INDEX_NEW = `inew:${Buffer.alloc(32, 44).toString('base64')}`;

const REASON = 'Kontoen er stengt';

class Crash extends Error {}

describe(`onpay keys on ${testEngine}`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let acme: TestPartner;
  let employees: Employee[];
  const links: string[] = [];
  let receiver: Receiver;
  let file: { id: number; xml: string };
  let rejected: number;
  const env = (dataKeys: string, indexKeys: string) =>
    cliEnv({ DATABASE_URL: database.url, ONPAY_DATA_KEYS: dataKeys, ONPAY_INDEX_KEYS: indexKeys, LOG_LEVEL: 'silent' });
  const status = async (dataKeys: string, indexKeys: string) =>
    jsonLine(await runCli(['keys', 'status', '--json'], env(dataKeys, indexKeys)));

  beforeAll(async () => {
    database = await scratchDatabase('onpay-keys');
    t = await buildTestApp({ database, env: { ONPAY_DATA_KEYS: OLD, ONPAY_INDEX_KEYS: INDEX_OLD } });
    acme = await t.partner('Acme');
    receiver = await startReceiver(t.clock);
    await createEndpoint(t, acme, { url: receiver.url });
    employees = await onboardedEmployees(t, acme, 3);
    // A login-link mail to each (its bodies encrypted), and a declined verification (its outcome encrypted).
    for (const e of employees) {
      links.push((await userLink(t, acme, e.id, { send_email: true })).login_url);
      const flow = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/users/${e.id}/verification/flows`,
        payload: { provider: 'provider_eid', partner_return_url: RETURN_URL },
      });
      expect(flow.statusCode, flow.body).toBe(201);
      const done = await t.as(acme, {
        method: 'POST',
        url: `/api/v1/test-helpers/verification/${(flow.json() as { verification_id: string }).verification_id}/complete`,
        payload: { status: 'declined' },
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    // A payment file and a line of bank history with the bank's words: rotated with the rest
    // (before new terms are published: payouts need onboarded employees).
    await createPayouts(t, acme, batch(employees.map((e) => item(e))));
    const exported = await t.services.bank.files.exportFile({});
    file = { id: exported.fileId as number, xml: exported.xml!.toString('utf8') };
    const doc = parsePain001(file.xml);
    const [info] = doc.PmtInf;
    const tx = info!.CdtTrfTxInf[0]!;
    rejected = Number(tx.PmtId.EndToEndId.slice(`OP-${file.id}-`.length));
    const report = pain002({
      version: '03',
      msgId: 'RJCT-KEYS-1',
      orgnlMsgId: doc.GrpHdr.MsgId,
      infos: [
        {
          pmtInfId: info!.PmtInfId,
          txs: [{ trace: tx.PmtId.EndToEndId, sts: 'RJCT', reason: { code: 'AC01', text: REASON } }],
        },
      ],
    });
    expect(await t.services.bank.imports.importReport(Buffer.from(report))).toMatchObject({ applied: 1 });
    // A fan-out job (expanded into every partner's feed) and the delivery bodies of acme's events.
    await t.services.terms.service.publish({ code: 'keys-test', title: 'Terms', url: 'https://example.com/terms' });
    await t.services.events.service.runJobs();
    await drain(t);
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
    await database?.drop();
  });

  it('status: the active key and how many values each protects', async () => {
    const before = await status(OLD, INDEX_OLD);
    expect(before.active).toBe('old');
    expect(before.clear).toBe(0);
    const [old] = before.keys as Array<{ id: string; values: number }>;
    // Per employee: the number, birth date and document verified, the registered ones, phone, address, account; and each payout's account.
    expect(old).toEqual({ id: 'old', values: expect.any(Number) });
    // And per employee, the two bodies of the mail and the outcome of the verification session.
    expect(old!.values).toBeGreaterThanOrEqual(employees.length * (4 + 3));
    expect(before.index).toMatchObject({ active: 'iold', keys: [{ id: 'iold', values: expect.any(Number) }] });
  });

  /** The stored payloads (events, fan-out jobs, delivery bodies) under each key id, as `e1.<id>.` prefixes. */
  const payloadKeys = async () => {
    const values = [
      ...(await t.db.db.selectFrom('events').select(['object', 'previous_attributes']).execute()).flatMap((r) => [
        r.object,
        r.previous_attributes,
      ]),
      ...(await t.db.db.selectFrom('event_jobs').select('object').execute()).map((r) => r.object),
      ...(await t.db.db.selectFrom('webhook_deliveries').select('payload').execute()).map((r) => r.payload),
    ].filter((v): v is string => v !== null);
    const counts: Record<string, number> = {};
    for (const value of values) {
      const id = /^e1\.([^.]+)\./.exec(value)?.[1] ?? 'clear';
      counts[id] = (counts[id] ?? 0) + 1;
    }
    return counts;
  };

  it('rotate, cut short and run again: every value readable, none left under the old key, which is retired', async () => {
    const total = ((await status(OLD, INDEX_OLD)).keys as Array<{ values: number }>)[0]!.values;
    const payloads = (await payloadKeys()).old!;
    expect(payloads).toBeGreaterThan(0);
    expect(await payloadKeys()).toEqual({ old: payloads });
    expect(await t.db.db.selectFrom('event_jobs').select('id').execute()).toHaveLength(1);
    expect(await t.db.db.selectFrom('webhook_deliveries').select('id').execute()).not.toHaveLength(0);
    // Every instance restarts with the new key first and the old one still configured (it reads
    // both); then a rotation that stops after its first batch (the process was killed).
    const serving = await buildTestApp({
      database: { url: database.url, drop: async () => undefined },
      env: { ONPAY_DATA_KEYS: `${NEW},${OLD}`, ONPAY_INDEX_KEYS: INDEX_OLD },
    });
    try {
      await expect(
        rotateKeys(serving.db.db, serving.services.fieldCrypto, 'data', {
          batchSize: 1,
          afterBatch: () => {
            throw new Crash('killed');
          },
        }),
      ).rejects.toThrow(/killed/);
      // The service meanwhile reads both.
      for (const e of employees)
        expect((await serving.as(acme, { method: 'GET', url: `/api/v1/users/${e.id}` })).statusCode).toBe(200);
    } finally {
      await serving.close();
    }
    const half = await status(`${NEW},${OLD}`, INDEX_OLD);
    expect(half.active).toBe('new');
    const split = Object.fromEntries((half.keys as Array<{ id: string; values: number }>).map((k) => [k.id, k.values]));
    expect(split.new).toBeGreaterThan(0);
    expect(split.old).toBeGreaterThan(0);
    expect(split.new! + split.old!).toBe(total);

    const done = jsonLine(await runCli(['keys', 'rotate', '--json'], env(`${NEW},${OLD}`, INDEX_OLD)));
    expect(done).toMatchObject({ kind: 'data', active: 'new', retired: ['old'] });
    expect((await status(NEW, INDEX_OLD)).keys).toEqual([{ id: 'new', values: total }]);
    expect(await payloadKeys()).toEqual({ new: payloads });

    // Rebuilding the index under a new index key, while lookups keep answering.
    const rebuilt = jsonLine(
      await runCli(['keys', 'rotate', '--index', '--json'], env(NEW, `${INDEX_NEW},${INDEX_OLD}`)),
    );
    expect(rebuilt).toMatchObject({ kind: 'index', active: 'inew', retired: ['iold'] });

    // The service starts with the new keys alone and finds and reads everyone.
    const fresh = await buildTestApp({
      database: { url: database.url, drop: async () => undefined },
      env: { ONPAY_DATA_KEYS: NEW, ONPAY_INDEX_KEYS: INDEX_NEW },
    });
    try {
      for (const e of employees) {
        const res = await fresh.as(acme, { method: 'POST', url: '/api/v1/users/lookup', payload: { phone: e.phone } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ id: e.id, phone: e.phone });
        const bySsn = await fresh.as(acme, {
          method: 'POST',
          url: '/api/v1/users/lookup',
          payload: { ssn: e.identification },
        });
        expect(bySsn.statusCode, bySsn.body).toBe(200);
      }
      // The feed reads in clear with the new key alone: each employee's phone in its user.* events.
      const feed = await fresh.as(acme, { method: 'GET', url: '/api/v1/events?limit=500' });
      expect(feed.statusCode, feed.body).toBe(200);
      for (const e of employees) expect(feed.body).toContain(e.phone);
      expect(feed.body).toContain('terms.published');
      // The payment file under the new key, served as sent; the bank's words read.
      const stored = await fresh.db.db
        .selectFrom('bank_files')
        .select(['content', 'sha256'])
        .where('id', '=', file.id)
        .executeTakeFirstOrThrow();
      expect(stored.content.startsWith('e1.new.')).toBe(true);
      const { xml } = await fresh.services.bank.files.download(file.id);
      expect(createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('hex')).toBe(stored.sha256);
      expect(xml).toBe(file.xml);
      expect((await fresh.services.bank.files.history(rejected)).map((h) => h.text)).toEqual([REASON]);
    } finally {
      await fresh.close();
    }
    // Mail bodies and sessions' outcomes too: all under the new key, and they read.
    const bodies = await t.db.db.selectFrom('mail_outbox').select(['text_body', 'html_body']).execute();
    const outcomes = await t.db.db
      .selectFrom('verification_sessions')
      .select('outcome_reason')
      .where('outcome_reason', 'is not', null)
      .execute();
    expect(bodies).toHaveLength(employees.length);
    expect(outcomes).toHaveLength(employees.length);
    for (const value of [
      ...bodies.flatMap((b) => [b.text_body, b.html_body]),
      ...outcomes.map((o) => o.outcome_reason),
    ])
      expect(value).toMatch(/^e1\.new\./);
    const reread = await buildTestApp({
      database: { url: database.url, drop: async () => undefined },
      env: { ONPAY_DATA_KEYS: NEW, ONPAY_INDEX_KEYS: INDEX_NEW },
    });
    try {
      const box = await reread.as(acme, { method: 'GET', url: '/api/v1/test-helpers/mailbox' });
      expect(box.statusCode, box.body).toBe(200);
      const texts = (box.json() as { messages: Array<{ text: string }> }).messages.map((m) => m.text).join('\n');
      for (const link of links) expect(texts).toContain(link);
      for (const e of employees) {
        const sessions = await reread.services.verification.sessions.ofUser(e.userId);
        expect(sessions.find((session) => session.status === 'declined')?.outcome_reason).toBe(
          'completed by the sandbox test helper',
        );
      }
    } finally {
      await reread.close();
    }

    // And the old key is no longer asked for: a start-up without it is fine, with only it is refused.
    expect(loadConfig({ ONPAY_DATA_KEYS: NEW }).dataKeys).toHaveLength(1);
    const refused = await runCli(['keys', 'status'], env(OLD, INDEX_NEW));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^onpay: ONPAY_DATA_KEYS does not hold key "new"[^\n]*\n$/);
    // `onpay migrate` with nothing to apply checks the keys too (a deploy step fails before serving).
    const migrate = await runCli(['migrate'], env(OLD, INDEX_NEW));
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toMatch(/^onpay: ONPAY_DATA_KEYS does not hold key "new"[^\n]*\n$/);
    expect((await runCli(['migrate', '--json'], env(NEW, INDEX_NEW))).code).toBe(0);
  });
});
