import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createDb, EPOCH_REFRESH_MS, type Db } from '../../src/db/kysely.js';
import { createAuditService } from '../../src/modules/audit/index.js';
import { CREDENTIAL_CACHE_TTL_MS, createPartnerService } from '../../src/modules/partners/partners.service.js';
import { TERMS_CACHE_TTL_MS } from '../../src/modules/terms/terms.service.js';
import { createServices } from '../../src/services.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';

/**
 * Verified credentials and the current terms are kept in memory (bench/, docs/performance.md).
 * These tests pin down when the service must still see a change at once.
 */

/** A database a second connection can open: a file for SQLite (":memory:" is private to one connection). */
async function sharedDatabase(): Promise<TestDatabase> {
  if (testEngine === 'postgres') return freshDatabase('postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-cache-test-'));
  return {
    url: `sqlite:${path.join(dir, 'onpay.db')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

describe(`credential and terms caches (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  /** Another connection to the same database: what the operator command line or another instance is. */
  let other: Db;

  beforeAll(async () => {
    database = await sharedDatabase();
    t = await buildTestApp({ database });
    other = createDb(t.config.database);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
    await database.drop();
  });

  const terms = (partner: TestPartner, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/terms', headers: { ...partner.headers, ...headers } });

  /** Until the cache is in use: on PostgreSQL the change listener connects on first use. */
  async function cacheActive(): Promise<number> {
    await vi.waitFor(() => expect(t.db.changeEpoch()).not.toBeNull(), { timeout: 5000 });
    return t.db.changeEpoch() as number;
  }

  /**
   * Waits until this process has heard of another process's commit: within a millisecond on SQLite (the
   * epoch is read from the database), within milliseconds on PostgreSQL (a LISTEN notification).
   */
  async function heardOf(before: number): Promise<void> {
    await vi.waitFor(() => expect(t.db.changeEpoch()).not.toBe(before), { timeout: 5000, interval: EPOCH_REFRESH_MS });
  }

  it('keeps the TTLs short', () => {
    expect(CREDENTIAL_CACHE_TTL_MS).toBeLessThanOrEqual(5_000);
    expect(TERMS_CACHE_TTL_MS).toBeLessThanOrEqual(5_000);
  });

  it('a token revoked in this process is refused on the very next request', async () => {
    const partner = await t.partner('Same process');
    await cacheActive();
    expect((await terms(partner)).statusCode).toBe(200);
    expect((await terms(partner)).statusCode).toBe(200);
    const token = await t.db.db
      .selectFrom('access_tokens')
      .select('id')
      .where('partner_id', '=', partner.partnerId)
      .executeTakeFirstOrThrow();

    await t.services.partners.revokeToken(token.id);

    const res = await terms(partner);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('a token revoked by another process (the CLI) is refused once that revocation commits', async () => {
    const partner = await t.partner('Other process');
    const before = await cacheActive();
    expect((await terms(partner)).statusCode).toBe(200);
    const token = await t.db.db
      .selectFrom('access_tokens')
      .select('id')
      .where('partner_id', '=', partner.partnerId)
      .executeTakeFirstOrThrow();

    const cli = createPartnerService({
      db: other.db,
      clock: systemClock,
      env: 'sandbox',
      audit: createAuditService({ db: other.db, clock: systemClock }),
    });
    expect(await cli.revokeToken(token.id)).toEqual({ token_id: token.id, revoked: true });
    await heardOf(before);

    expect((await terms(partner)).statusCode).toBe(401);
  });

  it('checks the API key on every request, cached token or not', async () => {
    const partner = await t.partner('Key check');
    const stranger = await t.partner('Stranger');
    await cacheActive();
    expect((await terms(partner)).statusCode).toBe(200);
    expect((await terms(partner, { 'api-key': stranger.apiKey })).statusCode).toBe(401);
    expect((await terms(partner, { 'api-key': partner.apiKey.toUpperCase() })).statusCode).toBe(200);
  });

  it('does not remember unknown tokens: one issued after a refused attempt works at once', async () => {
    const partner = await t.partner('Late token');
    await cacheActive();
    const issued = await createPartnerService({
      db: other.db,
      clock: systemClock,
      env: 'sandbox',
      audit: createAuditService({ db: other.db, clock: systemClock }),
    }).createToken(partner.partnerId);
    // The same token was tried before it existed (say, by a client racing the operator).
    const early = await terms(partner, { authorization: `Bearer ${issued.access_token}x` });
    expect(early.statusCode).toBe(401);
    expect((await terms(partner, { authorization: `Bearer ${issued.access_token}` })).statusCode).toBe(200);
  });

  it('a change nobody announces (a raw write on this very connection) lasts at most the TTL', async () => {
    const partner = await t.partner('Raw write');
    await cacheActive();
    expect((await terms(partner)).statusCode).toBe(200);
    await t.db.db
      .updateTable('access_tokens')
      .set({ revoked_at: t.clock.now().toISOString() })
      .where('partner_id', '=', partner.partnerId)
      .execute();

    // The database was changed behind the service's back: the cache may answer until it expires.
    expect((await terms(partner)).statusCode).toBe(200);
    t.clock.advance(CREDENTIAL_CACHE_TTL_MS + 1);
    expect((await terms(partner)).statusCode).toBe(401);
  });

  it('terms published by another process are current once that commit is seen', async () => {
    const partner = await t.partner('Terms reader');
    const before = await cacheActive();
    const first = (await terms(partner)).json() as { terms: { code: string } };

    const published = {
      code: `cache-test-${Date.now()}`,
      title: 'Terms from the CLI',
      url: 'https://onpay.example/terms/cli',
    };
    t.clock.advance(1000);
    await (
      await createServices({ config: t.config, db: other, clock: t.clock, connectRedis: false })
    ).terms.service.publish(published);
    await heardOf(before);

    const after = (await terms(partner)).json() as { terms: { code: string } };
    expect(after.terms).toEqual(published);
    expect(after.terms.code).not.toBe(first.terms.code);
  });

  it('terms published in this process are current on the next request', async () => {
    const partner = await t.partner('Terms publisher');
    await cacheActive();
    expect((await terms(partner)).statusCode).toBe(200);
    const published = {
      code: `same-process-${Date.now()}`,
      title: 'Terms from here',
      url: 'https://onpay.example/terms/here',
    };
    t.clock.advance(1000);
    await t.services.terms.service.publish(published);
    expect((await terms(partner)).json()).toEqual({ terms: published });
  });
});
