/* eslint-disable @typescript-eslint/no-explicit-any -- the previous schema has no types: this test writes it as the old code did */
/**
 * The migration that encrypts the stored copies of the person's data (0032) on a database written
 * by the previous release: event payloads, fan-out jobs and webhook delivery bodies in clear are
 * encrypted in place, bound to their rows; a crash in the middle leaves the database as it was and
 * a rerun finishes. Afterwards the feed reads the same events and a pending delivery goes out with
 * exactly the body the previous release stored, its signature verifying. On the engine under test.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { NAME as SEALED_EVENTS } from '../../src/db/migrations/2026-11-26-0032-sealed-events.js';
import { migrations } from '../../src/db/migrations/index.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { openValuesNow } from '../../src/db/sealed-columns.js';
import { createFieldCrypto, isSealed, parseKeyList } from '../../src/platform/field-crypto.js';
import { openFieldCrypto } from '../../src/platform/field-keys.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { scratchDatabase } from '../helpers/cli.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { drain, startReceiver, type Receiver } from '../webhooks/helpers.js';

const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`;
const KEYS = {
  ONPAY_DATA_KEYS: `s1:${Buffer.alloc(32, 51).toString('base64')}`,
  ONPAY_INDEX_KEYS: `t1:${Buffer.alloc(32, 52).toString('base64')}`,
};
const config = { dataKeys: parseKeyList(KEYS.ONPAY_DATA_KEYS), indexKeys: parseKeyList(KEYS.ONPAY_INDEX_KEYS) };
const EVENTS = 5;
const SECRET = `whsec_${Buffer.alloc(24, 53).toString('base64')}`;
const ssnOf = (i: number) => `1703772${String(i).padStart(4, '0')}`;
const phoneOf = (i: number) => `4771${String(i).padStart(4, '0')}`;
const BEFORE = Object.keys(migrations)[Object.keys(migrations).indexOf(SEALED_EVENTS) - 1] as string;

class Crash extends Error {}

describe(`the sealed-events migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  let db: Kysely<any>;
  let receiver: Receiver;
  let partnerId = 0;
  /** The feed's events as the previous release stored and showed them. */
  const shown: Array<Record<string, unknown>> = [];
  /** Every personal value in the stored payloads. */
  const secrets: string[] = [];

  beforeAll(async () => {
    database = await scratchDatabase('onpay-sealed-events');
    handle = createDb(parseDatabaseUrl(database.url));
    db = handle.db;
    const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE);
    if (before.error) throw before.error;
    receiver = await startReceiver({ now: () => new Date(at(30)) }, [SECRET]);

    partnerId = (
      await db
        .insertInto('partners')
        .values({ name: 'Acme', fee_rate: '0.05', created_at: at(1) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('event_sequences').values({ partner_id: partnerId, last_sequence: EVENTS }).execute();
    const endpointId = (
      await db
        .insertInto('webhook_endpoints')
        .values({
          partner_id: partnerId,
          url: receiver.url,
          description: '',
          event_types: JSON.stringify(['user.*']),
          secret: SECRET,
          cursor: EVENTS,
          created_at: at(2),
          updated_at: at(2),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (let i = 0; i < EVENTS; i++) {
      const id = `evt_${String(i).padStart(26, '0')}`;
      const object = { id: String(100 + i), phone: phoneOf(i), identification: ssnOf(i) };
      const previous = { phone: phoneOf(50 + i) };
      secrets.push(phoneOf(i), ssnOf(i), phoneOf(50 + i));
      const event = {
        id,
        type: 'user.updated',
        sequence: i + 1,
        created_at: at(3 + i),
        data: { object },
        previous_attributes: previous,
      };
      shown.push(event);
      await db
        .insertInto('events')
        .values({
          id,
          partner_id: partnerId,
          sequence: i + 1,
          type: 'user.updated',
          object: JSON.stringify(object),
          previous_attributes: JSON.stringify(previous),
          created_at: at(3 + i),
        })
        .execute();
      await db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpointId,
          event_id: id,
          event_type: 'user.updated',
          sequence: i + 1,
          payload: JSON.stringify(event),
          status: i < 2 ? 'delivered' : 'pending',
          next_attempt_at: at(10),
          created_at: at(10),
          finished_at: i < 2 ? at(11) : null,
        })
        .execute();
    }
    // A fan-out job not yet expanded (its object is the published terms: no personal data, encrypted all the same).
    await db
      .insertInto('event_jobs')
      .values({
        type: 'terms.published',
        object: JSON.stringify({ code: 'x', phone: phoneOf(99) }),
        created_at: at(12),
      })
      .execute();
    secrets.push(phoneOf(99));
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await handle?.close();
    await database?.drop();
  });

  /** Every stored payload, as text, in a fixed order. */
  const stored = async () => [
    ...(await db.selectFrom('events').select(['id', 'object', 'previous_attributes']).orderBy('id').execute()),
    ...(await db.selectFrom('event_jobs').select(['id', 'object']).orderBy('id').execute()),
    ...(await db.selectFrom('webhook_deliveries').select(['id', 'payload']).orderBy('id').execute()),
  ];

  it('a crash in the middle leaves the previous release’s payloads as they were', async () => {
    const clear = await stored();
    let batches = 0;
    const crashed = migrateToLatest(handle, {
      fieldCrypto: (executor) => openFieldCrypto(executor, config, at(20)),
      afterBatch: () => {
        if (++batches === 2) throw new Crash('the power went');
      },
    });
    await expect(crashed).rejects.toThrow(/the power went/);
    const executed = await db.selectFrom('kysely_migration').select('name').execute();
    expect(executed.map((m) => m.name)).not.toContain(SEALED_EVENTS);
    expect(await stored()).toEqual(clear);
  });

  it('refuses to run without the keys while there are payloads to encrypt', async () => {
    await expect(migrateToLatest(handle)).rejects.toThrow(
      new RegExp(`migration ${SEALED_EVENTS} encrypts the existing personal data and needs the keys`),
    );
  });

  it('the rerun encrypts every payload in place, each bound to its row', async () => {
    const clear = await stored();
    const applied = await migrateToLatest(handle, {
      fieldCrypto: (executor) => openFieldCrypto(executor, config, at(20)),
    });
    expect(applied).toContain(SEALED_EVENTS);
    const crypto = createFieldCrypto(config.dataKeys, config.indexKeys);
    const events = await db.selectFrom('events').selectAll().orderBy('id').execute();
    for (const row of events) {
      expect(isSealed(row.object)).toBe(true);
      expect(isSealed(row.previous_attributes)).toBe(true);
    }
    expect(events.map((row) => openValuesNow(crypto, 'events', row, row))).toEqual(
      clear.slice(0, EVENTS).map((row) => expect.objectContaining(row)),
    );
    const job = await db.selectFrom('event_jobs').selectAll().executeTakeFirstOrThrow();
    expect(openValuesNow(crypto, 'event_jobs', job, job).object).toBe((clear[EVENTS] as { object: string }).object);
    const text = JSON.stringify(await stored());
    expect(secrets.filter((s) => text.includes(s))).toEqual([]);
  });

  it('the feed reads the same events, and a pending delivery goes out with the body stored before, signed', async () => {
    let t: TestApp | null = null;
    try {
      t = await buildTestApp({ database: { url: database.url, drop: async () => undefined }, env: KEYS });
      t.clock.set(new Date(at(30)));
      const feed = await t.services.events.service.feed(partnerId, { limit: 100 });
      expect(feed.results).toEqual(shown);
      await drain(t);
      // The three pending ones, in order, byte for byte as the previous release would have sent them.
      expect(receiver.received.map((r) => r.body)).toEqual(shown.slice(2).map((event) => JSON.stringify(event)));
      expect(receiver.verified()).toHaveLength(3);
    } finally {
      await t?.close();
    }
  });
});
