/**
 * Review steps before the console's one-click changes with a wide reach (issue 21, item 11), on the
 * engine under test: publishing terms says how many employees will have to approve them again, and
 * revoking an access token says whose integration stops and when the token was last used. Neither
 * review changes anything; a form that skips it gets it. A token's last use is recorded at most once
 * a minute, by a write the request does not wait for (a held lock does not hold the request), and
 * `onpay token list` shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_USE_INTERVAL_MS } from '../../src/modules/partners/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, jsonLine, runCli, scratchDatabase } from '../helpers/cli.js';
import { readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { snapshot } from '../helpers/db-snapshot.js';
import { linkEmployee, onboardedEmployee } from '../helpers/employees.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { holdSqliteWriteLock } from '../helpers/faults.js';

let database: TestDatabase;
let t: TestApp;
let acme: TestPartner;
let globex: TestPartner;
let admin: Browser;
let viewer: Browser;

/** The database without the operators' sessions (reading a page refreshes their last use). */
async function state() {
  const all = await snapshot(t);
  delete all.operator_sessions;
  return all;
}

const lastUse = async (tokenId: number) =>
  (await t.db.db.selectFrom('access_tokens').select('last_used_at').where('id', '=', tokenId).executeTakeFirstOrThrow())
    .last_used_at;

const tokenIdOf = async (partner: TestPartner) =>
  (await t.services.partners.listTokens(partner.partnerId))[0]!.token_id;

/** One partner API request; its answer. */
const call = (partner: TestPartner) => t.as(partner, { method: 'GET', url: '/api/v1/terms' });

beforeAll(async () => {
  // A database file of its own: the SQLite case holds its write lock from another process.
  database = await scratchDatabase('onpay-review-steps');
  t = await buildTestApp({ database, env: { RATE_LIMIT_PAGES_PER_MINUTE: '1000000' } });
  acme = await t.partner('Acme Staffing');
  globex = await t.partner('Globex Bemanning');
  // Three people: two at Acme, one of them also at Globex, one at Globex alone: four partner links.
  const kari = await onboardedEmployee(t, acme);
  await onboardedEmployee(t, acme);
  await linkEmployee(t, globex, kari);
  await onboardedEmployee(t, globex);
  admin = await signedIn(t, await readyOperator(t, 'admin'));
  viewer = await signedIn(t, await readyOperator(t, 'viewer'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe(`publishing terms (${testEngine})`, () => {
  const terms = { code: 'review-2026-12', title: 'Vilkår desember', url: 'https://onpay.example/terms/2026-12' };

  it('the terms page sends the form to the review, not straight to publishing', async () => {
    const page = await admin.get('/console/terms');
    expect(page.body).toContain('<form method="post" action="/console/terms/review">');
    expect(page.body).not.toContain('<form method="post" action="/console/terms">');
  });

  it('the review states the impact (3 employees, 4 links, 2 partners) and changes nothing; its button publishes', async () => {
    const before = await state();
    const review = await admin.post('/console/terms/review', terms, { from: '/console/terms' });
    expect(review.statusCode, review.body.slice(0, 800)).toBe(200);
    expect(review.body).toContain('<h1>Publish terms review-2026-12?</h1>');
    const impact = /<div class="notice bad" role="alert" id="terms-impact">([\s\S]*?)<\/div>/.exec(review.body)![1]!;
    expect(impact).toContain(
      '<strong>3 employees will need to approve the new terms</strong> (4 partner links at 2 partners). Until each one does, payouts to them are refused',
    );
    expect(impact).toContain('every partner (2) gets a <code>terms.published</code> event');
    expect(review.body).toContain('<input type="hidden" name="confirmed" value="1">');
    expect(await state()).toEqual(before);

    // A form that skips the review (an old page) gets the review, and publishes nothing.
    const skipped = await admin.post('/console/terms', terms, { from: '/console/terms' });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.body).toContain('3 employees will need to approve the new terms');
    expect(await state()).toEqual(before);

    const published = await admin.post('/console/terms', { ...terms, confirmed: '1' }, { from: '/console/terms' });
    expect(published.statusCode).toBe(303);
    expect((await t.services.terms.service.currentMetadata()).code).toBe('review-2026-12');
  });

  it('counts only the links that have not approved the code: one approval, one link fewer', async () => {
    const [someone] = await t.db.db
      .selectFrom('partner_users')
      .select(['user_id'])
      .where('partner_id', '=', globex.partnerId)
      .orderBy('user_id', 'desc')
      .execute();
    const approved = await t.as(globex, {
      method: 'POST',
      url: `/api/v1/users/${someone!.user_id}/terms`,
      payload: { approved: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const review = await admin.post('/console/terms/review', terms, { from: '/console/terms' });
    // Globex's own employee approved; the other three links have not.
    expect(review.body).toContain(
      '<strong>2 employees will need to approve the new terms</strong> (3 partner links at 2 partners)',
    );
  });

  it('bad terms are named on the review; a viewer may not review (403); nothing changes', async () => {
    const before = await state();
    const bad = await admin.post(
      '/console/terms/review',
      { code: 'has space', title: '', url: 'javascript:alert(1)' },
      { from: '/console/terms' },
    );
    expect(bad.statusCode).toBe(422);
    for (const text of ['The code must be', 'The title must be', 'The address must be'])
      expect(bad.body).toContain(text);
    expect((await viewer.post('/console/terms/review', terms, { from: '/console/terms' })).statusCode).toBe(403);
    expect(await state()).toEqual(before);
  });
});

describe(`revoking an access token (${testEngine})`, () => {
  it('the review says whose integration stops and when the token was last used; it changes nothing; its button revokes', async () => {
    const tokenId = await tokenIdOf(acme);
    const reviewUrl = `/console/partners/${acme.partnerId}/tokens/${tokenId}/revoke/review`;
    const partnerPage = await admin.get(`/console/partners/${acme.partnerId}`);
    expect(partnerPage.body).toContain(`action="${reviewUrl}"`);

    expect((await call(acme)).statusCode).toBe(200);
    await t.services.partners.settleTokenUses();
    const used = await lastUse(tokenId);
    expect(used).toBe(t.clock.now().toISOString());
    t.clock.advance(3 * 60_000 + 5_000);

    const before = await state();
    const review = await admin.post(reviewUrl, {}, { from: `/console/partners/${acme.partnerId}` });
    expect(review.statusCode, review.body.slice(0, 800)).toBe(200);
    expect(review.body).toContain(`<h1>Revoke access token ${tokenId} of Acme Staffing?</h1>`);
    const impact = /<div class="notice bad" role="alert" id="revoke-impact">([\s\S]*?)<\/div>/.exec(review.body)![1]!;
    expect(impact).toContain("Acme Staffing's integration stops at once for this token");
    expect(impact).toContain(
      `Acme Staffing's last request with this token was <strong>3 minutes ago</strong> (${used!.slice(0, 10)} ${used!.slice(11, 16)} UTC;`,
    );
    expect(impact).toContain("It is Acme Staffing's <strong>only active token</strong>");
    expect(await state()).toEqual(before);

    // A form that skips the review gets it, and the token keeps working.
    const skipped = await admin.post(
      `/console/partners/${acme.partnerId}/tokens/${tokenId}/revoke`,
      {},
      { from: `/console/partners/${acme.partnerId}` },
    );
    expect(skipped.statusCode).toBe(200);
    expect(skipped.body).toContain('id="revoke-impact"');
    expect((await call(acme)).statusCode).toBe(200);

    const revoked = await admin.post(
      `/console/partners/${acme.partnerId}/tokens/${tokenId}/revoke`,
      { confirmed: '1' },
      { from: `/console/partners/${acme.partnerId}` },
    );
    expect(revoked.statusCode).toBe(303);
    expect((await call(acme)).statusCode).toBe(401);
  });

  it('a token never used says so, and names the partner’s other active tokens; a viewer may not review (403)', async () => {
    const fresh = await t.services.partners.createToken(globex.partnerId);
    const url = `/console/partners/${globex.partnerId}/tokens/${fresh.token_id}/revoke/review`;
    const review = await admin.post(url, {}, { from: `/console/partners/${globex.partnerId}` });
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain('No request with this token has been recorded.');
    expect(review.body).toContain('Globex Bemanning has 1 other active token; requests with it keep working.');
    expect((await viewer.post(url, {}, { from: '/console' })).statusCode).toBe(403);
  });
});

describe(`a token's last use (${testEngine})`, () => {
  it('is written at most once a minute per token', async () => {
    const tokenId = await tokenIdOf(globex);
    t.clock.advance(TOKEN_USE_INTERVAL_MS);
    const first = t.clock.now().toISOString();
    for (let i = 0; i < 5; i++) expect((await call(globex)).statusCode).toBe(200);
    await t.services.partners.settleTokenUses();
    expect(await lastUse(tokenId)).toBe(first);

    t.clock.advance(TOKEN_USE_INTERVAL_MS - 1);
    expect((await call(globex)).statusCode).toBe(200);
    await t.services.partners.settleTokenUses();
    expect(await lastUse(tokenId)).toBe(first);

    t.clock.advance(1);
    const second = t.clock.now().toISOString();
    expect((await call(globex)).statusCode).toBe(200);
    await t.services.partners.settleTokenUses();
    expect(await lastUse(tokenId)).toBe(second);
  });

  it('another instance that wrote it this minute is not written over (the UPDATE is conditional)', async () => {
    const tokenId = await tokenIdOf(globex);
    t.clock.advance(TOKEN_USE_INTERVAL_MS);
    // As if another instance had recorded a use a moment ago.
    const recent = new Date(t.clock.now().getTime() - 1_000).toISOString();
    await t.db.db.updateTable('access_tokens').set({ last_used_at: recent }).where('id', '=', tokenId).execute();
    expect((await call(globex)).statusCode).toBe(200);
    await t.services.partners.settleTokenUses();
    expect(await lastUse(tokenId)).toBe(recent);
  });

  it('is off the request path: while the write waits for a lock, the request has answered', async () => {
    const tokenId = await tokenIdOf(globex);
    t.clock.advance(TOKEN_USE_INTERVAL_MS);
    const before = await lastUse(tokenId);
    const now = t.clock.now().toISOString();
    let release: () => Promise<void>;
    if (testEngine === 'sqlite') {
      // Another process holds the file's write lock: the UPDATE waits for it (up to the busy timeout).
      const holder = await holdSqliteWriteLock(database.url.replace(/^sqlite:/, ''));
      release = () => holder.release();
    } else {
      // Another connection holds the token's row: the UPDATE waits for it.
      let unlock!: () => void;
      const unlocked = new Promise<void>((resolve) => (unlock = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = t.db.db.transaction().execute(async (trx) => {
        await trx.selectFrom('access_tokens').select('id').where('id', '=', tokenId).forUpdate().execute();
        locked();
        await unlocked;
      });
      await isLocked;
      release = async () => {
        unlock();
        await holding;
      };
    }
    try {
      const res = await call(globex);
      expect(res.statusCode).toBe(200);
      // Answered, and the use is not written yet: the write is still waiting for the lock. (This read
      // does not wait: PostgreSQL reads past a row lock, SQLite in WAL mode past another's write lock.)
      expect(await lastUse(tokenId)).toBe(before);
    } finally {
      await release();
    }
    await t.services.partners.settleTokenUses();
    expect(await lastUse(tokenId)).toBe(now);
  });

  it('`onpay token list` shows it', async () => {
    const tokenId = await tokenIdOf(globex);
    const used = await lastUse(tokenId);
    expect(used).toBeTruthy();
    const env = cliEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    const listed = jsonLine(await runCli(['token', 'list', '--partner', String(globex.partnerId), '--json'], env));
    const tokens = listed.tokens as Array<{ token_id: number; last_used_at: string | null }>;
    expect(tokens.find((row) => row.token_id === tokenId)?.last_used_at).toBe(used);
    expect(tokens.some((row) => row.last_used_at === null)).toBe(true);
    const human = await runCli(['token', 'list', '--partner', String(globex.partnerId)], env);
    expect(human.stdout).toContain(`last used ${used}`);
    expect(human.stdout).toContain('no use recorded');
  });
});
