import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/kysely.js';
import { claimDue } from '../../src/modules/mail/mail.repository.js';
import { backoffMs, createMailWorker, type MailWorker } from '../../src/modules/mail/mail.worker.js';
import { NOT_SENT_BODY_REMOVED } from '../../src/modules/mail/index.js';
import { LINK_LIFETIME_MS } from '../../src/modules/login-links/index.js';
import { createSmtpTransport } from '../../src/modules/mail/transport.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { expectPage, openLink, payoutLink, signIn, userLink, type IssuedLink } from '../helpers/login-links.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { openedMail } from '../helpers/sealed.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { createUser, email } from '../helpers/users.js';

const MAIL_FROM = 'onpay <no-reply@onpay.test>';

function env(smtp: TestSmtpServer): Record<string, string> {
  return { SMTP_URL: smtp.url, MAIL_FROM, RATE_LIMIT_PER_MINUTE: '100000' };
}

function workerOf(t: TestApp): MailWorker {
  const worker = t.services.mailWorker;
  if (!worker) throw new Error('SMTP_URL is set, so the app should have a mail worker');
  return worker;
}

async function outbox(t: TestApp) {
  const rows = await t.db.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  return rows.map((row) => openedMail(t, row));
}

async function onlyMail(t: TestApp) {
  const rows = await outbox(t);
  expect(rows).toHaveLength(1);
  return rows[0] as (typeof rows)[number];
}

describe('mail delivery over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let acme: TestPartner;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ env: env(smtp) });
    acme = await t.partner('Acme');
  });
  afterEach(async () => {
    await t.close();
    await smtp.stop();
  });

  it('send_email: true → delivered once, with the link in the text and the HTML body; the row is marked sent', async () => {
    const user = await createUser(t, acme, { first_name: 'Ola', email: email('ola') });
    const link = await userLink(t, acme, user.id, { send_email: true });

    const queued = await onlyMail(t);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, to_address: user.email, sent_at: null });
    expect(queued.text_body).toContain(link.login_url);

    expect(await workerOf(t).runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual([user.email]);
    expect(mail?.from).toBe('no-reply@onpay.test');
    expect(mail?.headers.from).toContain('no-reply@onpay.test');
    expect(mail?.headers.to).toContain(user.email);
    expect(mail?.headers.subject).toBe('Sign in to onpay (Acme)');
    expect(mail?.headers['message-id']).toBe(`<outbox-${queued.id}@onpay.test>`);
    expect(mail?.text).toContain(link.login_url);
    expect(mail?.text).toContain('Hi Ola,');
    expect(mail?.text).toContain('The link works once');
    expect(mail?.html).toContain(`<a href="${link.login_url}">`);

    const sent = await onlyMail(t);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      sent_at: t.clock.now().toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: null,
    });

    // The mailed link is the real one.
    expectPage(await openLink(t, link.path), 200, 'Sign in');

    // Nothing is sent twice: not now, and not after any amount of time.
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(7 * 24 * 60 * 60 * 1000);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a payout link mail names the payout and lands on its page', async () => {
    const employee = await onboardedEmployee(t, acme);
    const payout = (await createPayouts(t, acme, batch([item(employee)]))).payout_ids[0] as number;
    const link = await payoutLink(t, acme, payout, { send_email: true });
    expect(await workerOf(t).runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received[0]?.headers.subject).toBe('Your payout from Acme');
    expect(smtp.received[0]?.text).toContain(link.login_url);
    expect(smtp.received[0]?.html).toContain('See your payout');
    await signIn(t, link.path, `/me/payouts/${payout}`);
  });

  it('send_email false or absent puts nothing in the outbox and sends nothing', async () => {
    const user = await createUser(t, acme);
    await userLink(t, acme, user.id, { send_email: false });
    await userLink(t, acme, user.id);
    expect(await outbox(t)).toEqual([]);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
  });

  it('exactly one outbox row per send_email: true request, each carrying its own link', async () => {
    const user = await createUser(t, acme);
    const links: IssuedLink[] = [];
    for (let i = 0; i < 3; i++) {
      links.push(await userLink(t, acme, user.id, { send_email: true }));
      await userLink(t, acme, user.id, { send_email: false });
    }
    const rows = await outbox(t);
    expect(rows).toHaveLength(3);
    rows.forEach((row, i) => expect(row.text_body).toContain(links[i]?.login_url));
  });

  it('a mail whose link expired, or was used, before it could be delivered is never sent', async () => {
    const user = await createUser(t, acme);
    const expiring = await userLink(t, acme, user.id, { send_email: true });
    t.clock.advance(LINK_LIFETIME_MS);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await t.services.housekeeping.runOnce()).toMatchObject({ 'mail bodies past their expiry': 1 });
    expect(await onlyMail(t)).toMatchObject({ status: 'failed', last_error: NOT_SENT_BODY_REMOVED, text_body: '' });

    const used = await userLink(t, acme, user.id, { send_email: true });
    await signIn(t, used.path);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect((await outbox(t)).map((m) => m.status)).toEqual(['failed', 'failed']);
    expect(smtp.received).toHaveLength(0);
    expect(expiring.login_url).not.toBe(used.login_url);
  });

  it('the outbox write and the link commit together: when the outbox insert fails, no link is stored and the key is free again', async () => {
    const user = await createUser(t, acme);
    const linkCount = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('login_links')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // A trigger stands in for any failure of the outbox write inside the link's transaction.
    if (t.engine === 'postgres') {
      await sql`CREATE FUNCTION onpay_test_refuse_mail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'outbox refused by the test'; END; $$ LANGUAGE plpgsql`.execute(
        t.db.db,
      );
      await sql`CREATE TRIGGER onpay_test_refuse_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION onpay_test_refuse_mail()`.execute(
        t.db.db,
      );
    } else {
      await sql`CREATE TRIGGER onpay_test_refuse_mail BEFORE INSERT ON mail_outbox BEGIN SELECT RAISE(ABORT, 'outbox refused by the test'); END`.execute(
        t.db.db,
      );
    }
    const before = await linkCount();
    const key = randomUUID();
    const failed = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${user.id}/login-link`,
      headers: { 'idempotency-key': key },
      payload: { send_email: true },
    });
    expect(failed.statusCode, failed.body).toBe(500);
    expect(failed.json()).toEqual({ message: 'Server Error' });
    expect(await linkCount()).toBe(before);
    expect(await outbox(t)).toEqual([]);

    // Links without e-mail are unaffected by the broken outbox.
    await userLink(t, acme, user.id, { send_email: false });
    expect(await linkCount()).toBe(before + 1);

    await sql`DROP TRIGGER onpay_test_refuse_mail${sql.raw(t.engine === 'postgres' ? ' ON mail_outbox' : '')}`.execute(
      t.db.db,
    );
    const retried = await t.as(acme, {
      method: 'POST',
      url: `/api/v1/users/${user.id}/login-link`,
      headers: { 'idempotency-key': key },
      payload: { send_email: true },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const row = await onlyMail(t);
    expect(row.text_body).toContain((retried.json() as { login_url: string }).login_url);
    expect(await linkCount()).toBe(before + 2);
  });
});

describe('mail delivery when SMTP is down', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let acme: TestPartner;

  beforeEach(async () => {
    smtp = await startSmtpServer({ listening: false });
    t = await buildTestApp({ env: env(smtp) });
    acme = await t.partner('Acme');
  });
  afterEach(async () => {
    await t.close();
    await smtp.stop();
  });

  it('fails the attempt, backs off, tries nothing before the next attempt, and delivers exactly once when SMTP is back', async () => {
    const user = await createUser(t, acme);
    const link = await userLink(t, acme, user.id, { send_email: true });
    const start = t.clock.now().getTime();

    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 1 });
    const afterFailure = await onlyMail(t);
    expect(afterFailure).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: new Date(start + backoffMs(1)).toISOString(),
      locked_by: null,
      locked_until: null,
      sent_at: null,
    });
    expect(afterFailure.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(backoffMs(1)).toBe(30_000);

    await smtp.start();
    t.clock.advance(backoffMs(1) - 1);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect((await onlyMail(t)).attempts).toBe(1);

    t.clock.advance(1);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.text).toContain(link.login_url);
    expect(await onlyMail(t)).toMatchObject({ status: 'sent', attempts: 2, sent_at: t.clock.now().toISOString() });

    t.clock.advance(60 * 60 * 1000);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('backs off exponentially (30 s, 1 min, 2 min … capped at 1 h) and marks the mail failed after 10 attempts', async () => {
    const user = await createUser(t, acme);
    await userLink(t, acme, user.id, { send_email: true });
    const expectedDelays = [30, 60, 120, 240, 480, 960, 1920, 3600, 3600].map((s) => s * 1000);

    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await workerOf(t).runOnce(), `attempt ${attempt}`).toEqual({ sent: 0, failed: 1 });
      const row = await onlyMail(t);
      expect(row.attempts).toBe(attempt);
      if (attempt < 10) {
        expect(row.status).toBe('pending');
        const delay = Date.parse(row.next_attempt_at) - t.clock.now().getTime();
        expect(delay).toBe(expectedDelays[attempt - 1]);
        // Just before it is due, nothing is tried.
        t.clock.advance(delay - 1);
        expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
        t.clock.advance(1);
      } else {
        expect(row.status).toBe('failed');
      }
    }

    // A failed mail is never tried again, even with SMTP back.
    await smtp.start();
    t.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
  });

  it('a mail failing repeatedly does not hold up others', async () => {
    const user = await createUser(t, acme);
    await userLink(t, acme, user.id, { send_email: true });
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 1 });
    await smtp.start();
    await userLink(t, acme, user.id, { send_email: true });
    // The first is not due yet; the second goes out now.
    expect(await workerOf(t).runOnce()).toEqual({ sent: 1, failed: 0 });
    const rows = await outbox(t);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'sent']);
  });
});

describe('several workers (service instances) on one outbox', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let acme: TestPartner;
  let secondDb: Db | null = null;
  let second: MailWorker | null = null;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ env: env(smtp) });
    acme = await t.partner('Acme');
  });
  afterEach(async () => {
    await second?.stop();
    second = null;
    await secondDb?.close();
    secondDb = null;
    await t.close();
    await smtp.stop();
  });

  /** A second instance's worker: its own connection pool on PostgreSQL (an in-memory SQLite has only one). */
  function secondWorker(options: { batchSize?: number; workerId?: string } = {}): MailWorker {
    secondDb = t.engine === 'postgres' ? createDb(t.config.database) : null;
    second = createMailWorker({
      db: (secondDb ?? t.db).db,
      clock: t.clock,
      crypto: t.services.fieldCrypto,
      transport: createSmtpTransport(smtp.url),
      from: MAIL_FROM,
      domain: 'onpay.test',
      workerId: options.workerId ?? 'second-instance',
      batchSize: options.batchSize,
    });
    return second;
  }

  it('two workers running at once deliver each of 30 mails exactly once', async () => {
    const users = await Promise.all([createUser(t, acme), createUser(t, acme), createUser(t, acme)]);
    for (let i = 0; i < 30; i++) await userLink(t, acme, (users[i % 3] as { id: string }).id, { send_email: true });
    const rows = await outbox(t);
    expect(rows).toHaveLength(30);

    const other = secondWorker({ batchSize: 7 });
    let firstSent = 0;
    let secondSent = 0;
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([workerOf(t).runOnce(), other.runOnce()]);
      expect(a.failed + b.failed).toBe(0);
      firstSent += a.sent;
      secondSent += b.sent;
      if (a.sent + b.sent === 0) break;
    }
    expect(firstSent + secondSent).toBe(30);
    expect(firstSent).toBeGreaterThan(0);
    expect(secondSent).toBeGreaterThan(0);

    const ids = smtp.received.map((m) => m.headers['message-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => `<outbox-${r.id}@onpay.test>`)));
    // Each went to its own recipient with its own link.
    for (const row of rows) {
      const mail = smtp.received.find((m) => m.headers['message-id'] === `<outbox-${row.id}@onpay.test>`);
      expect(mail?.to).toEqual([row.to_address]);
      expect(mail?.text).toBe(row.text_body.replace(/\r?\n/g, '\r\n'));
    }
    expect((await outbox(t)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('many workers with tiny batches racing round after round still send each mail once', async () => {
    const user = await createUser(t, acme);
    for (let i = 0; i < 12; i++) await userLink(t, acme, user.id, { send_email: true });
    const workers = [workerOf(t), secondWorker({ batchSize: 2, workerId: 'tiny-a' })];
    const third = createMailWorker({
      db: t.db.db,
      clock: t.clock,
      crypto: t.services.fieldCrypto,
      transport: createSmtpTransport(smtp.url),
      from: MAIL_FROM,
      domain: 'onpay.test',
      workerId: 'tiny-b',
      batchSize: 3,
    });
    workers.push(third);
    try {
      let total = 0;
      for (let round = 0; round < 12; round++) {
        const results = await Promise.all(workers.map((w) => w.runOnce()));
        const sent = results.reduce((sum, r) => sum + r.sent, 0);
        total += sent;
        if (sent === 0) break;
      }
      expect(total).toBe(12);
      const ids = smtp.received.map((m) => m.headers['message-id']);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
    } finally {
      await third.stop();
    }
  });

  it('a batch outlasting its lease on a slow SMTP server: a message another worker took over is not sent again', async () => {
    const user = await createUser(t, acme);
    for (let i = 0; i < 4; i++) await userLink(t, acme, user.id, { send_email: true });
    const ids = (await outbox(t)).map((r) => r.id);
    const other = secondWorker({ workerId: 'other-instance' });
    const real = createSmtpTransport(smtp.url);
    // Each delivery takes 50 s of (manual) time; during the third, the other instance runs and finds
    // the fourth message's 2-minute lease from the batch claim expired.
    const slow = createMailWorker({
      db: t.db.db,
      clock: t.clock,
      crypto: t.services.fieldCrypto,
      workerId: 'slow-instance',
      from: MAIL_FROM,
      domain: 'onpay.test',
      transport: {
        async send(message) {
          t.clock.advance(50_000);
          if (message.messageId === `<outbox-${ids[2]}@onpay.test>`)
            expect(await other.runOnce()).toEqual({ sent: 1, failed: 0 });
          await real.send(message);
        },
        close: () => real.close(),
      },
    });
    try {
      expect(await slow.runOnce()).toEqual({ sent: 3, failed: 0 });
    } finally {
      await slow.stop();
    }
    const received = smtp.received.map((m) => m.headers['message-id']);
    expect(received.sort()).toEqual(ids.map((id) => `<outbox-${id}@onpay.test>`).sort());
    expect((await outbox(t)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it("a crashed worker's claim is left alone until its lease runs out, then another worker delivers it once", async () => {
    const user = await createUser(t, acme);
    await userLink(t, acme, user.id, { send_email: true });
    // Another instance claims the mail and dies before sending it.
    const claimed = await claimDue(t.db.db, t.services.fieldCrypto, 'crashed-instance', t.clock.now(), 120_000, 10);
    expect(claimed).toHaveLength(1);

    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(120_000 - 1);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    t.clock.advance(1);
    expect(await workerOf(t).runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await onlyMail(t)).toMatchObject({ status: 'sent', locked_by: null });
  });
});
