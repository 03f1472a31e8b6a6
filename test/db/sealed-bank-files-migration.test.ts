/**
 * Migration 2026-11-26-0034-sealed-bank-files on a database as the previous release left it:
 * payment files and bank history in clear (and, on PostgreSQL, the history's text a varchar(500)).
 * The database is made by exporting and importing through the service, then put back the way the
 * previous release wrote it: values in clear. The migration runs as the migrator runs it, in a
 * transaction (later migrations are already applied here, so not through the migrator). A crash in the middle
 * leaves it as it was; without the keys it refuses; with them every file and line is encrypted in
 * place, the files download with their recorded SHA-256 and the bank's words read as written. On
 * the engine under test.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { engineOf } from '../../src/db/dialect.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import {
  NAME as SEALED_BANK_FILES,
  sealedBankFiles,
} from '../../src/db/migrations/2026-11-26-0034-sealed-bank-files.js';
import type { MigrationContext } from '../../src/db/migrations/index.js';
import { openValuesNow } from '../../src/db/sealed-columns.js';
import { isSealed, parseKeyList } from '../../src/platform/field-crypto.js';
import { keyStatus, openFieldCrypto } from '../../src/platform/field-keys.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { pain002, parsePain001 } from '../helpers/bank.js';
import { scratchDatabase } from '../helpers/cli.js';
import { onboardedEmployees } from '../helpers/employees.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { putProfile } from '../helpers/users.js';

const KEYS = {
  ONPAY_DATA_KEYS: `b1:${Buffer.alloc(32, 51).toString('base64')}`,
  ONPAY_INDEX_KEYS: `c1:${Buffer.alloc(32, 52).toString('base64')}`,
};
const config = { dataKeys: parseKeyList(KEYS.ONPAY_DATA_KEYS), indexKeys: parseKeyList(KEYS.ONPAY_INDEX_KEYS) };
const REASON = 'Kontoen til Bjørg Migrasjonsen er stengt';
const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

class Crash extends Error {}

/** The migrator's own table, which the schema's types do not name. */
/** The migration in a transaction of its own, as the migrator runs pending migrations. */
const migrate = (db: Kysely<Database>, context: MigrationContext = {}) =>
  db.transaction().execute((trx) => sealedBankFiles(context).up(trx));

describe(`the sealed-bank-files migration on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;
  const files: Array<{ id: number; xml: string }> = [];

  const reuse = () => ({ url: database.url, drop: async () => undefined });
  const bankRows = async () => ({
    files: await handle.db.selectFrom('bank_files').select(['id', 'content', 'sha256']).orderBy('id').execute(),
    history: await handle.db.selectFrom('bank_payout_history').select(['id', 'text']).orderBy('id').execute(),
  });

  beforeAll(async () => {
    database = await scratchDatabase('onpay-seal-bank');
    const t = await buildTestApp({ database: reuse(), env: KEYS });
    try {
      const acme = await t.partner('Acme');
      const staff = await onboardedEmployees(t, acme, 2);
      await putProfile(t, acme, staff[0]!.id, { first_name: 'Bjørg', last_name: 'Migrasjonsen' });
      for (const round of [0, 1]) {
        await createPayouts(t, acme, batch(staff.map((e) => item(e, { date: `2026-11-0${round + 1}` }))));
        const exported = await t.services.bank.files.exportFile({});
        files.push({ id: exported.fileId as number, xml: exported.xml!.toString('utf8') });
      }
      const doc = parsePain001(files[0]!.xml);
      const [info] = doc.PmtInf;
      const tx = info!.CdtTrfTxInf.find((x) => x.Cdtr.Nm === 'Bjørg Migrasjonsen')!;
      const report = await t.services.bank.imports.importReport(
        Buffer.from(
          pain002({
            version: '03',
            msgId: 'RJCT-MIGRATION-1',
            orgnlMsgId: doc.GrpHdr.MsgId,
            infos: [
              {
                pmtInfId: info!.PmtInfId,
                txs: [{ trace: tx.PmtId.EndToEndId, sts: 'RJCT', reason: { code: 'AC04', text: REASON } }],
              },
            ],
          }),
        ),
      );
      expect(report).toMatchObject({ applied: 1, problems: [] });
    } finally {
      await t.close();
    }

    // Back to what the previous release left: the same values in clear.
    handle = createDb(parseDatabaseUrl(database.url));
    const db = handle.db;
    const crypto = await openFieldCrypto(db, config, new Date().toISOString());
    const { files: sealed, history } = await bankRows();
    for (const row of sealed)
      await db
        .updateTable('bank_files')
        .set({ content: openValuesNow(crypto, 'bank_files', row, row).content })
        .where('id', '=', row.id)
        .execute();
    for (const row of history)
      await db
        .updateTable('bank_payout_history')
        .set({ text: openValuesNow(crypto, 'bank_payout_history', row, row).text })
        .where('id', '=', row.id)
        .execute();
    if (engineOf(db) === 'postgres')
      await sql`alter table bank_payout_history alter column text type varchar(500)`.execute(db);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('the previous release’s database holds the files and the bank’s words in clear', async () => {
    const { files: clear, history } = await bankRows();
    expect(clear.map((row) => row.content)).toEqual(files.map((f) => f.xml));
    expect(clear.map((row) => row.sha256)).toEqual(files.map((f) => sha256(f.xml)));
    expect(history.map((row) => row.text)).toContain(REASON);
  });

  it('a crash in the middle of the encryption leaves it as it was', async () => {
    const before = await bankRows();
    const crashed = migrate(handle.db, {
      fieldCrypto: (executor) => openFieldCrypto(executor, config, new Date().toISOString()),
      afterBatch: () => {
        throw new Crash('the power went');
      },
    });
    await expect(crashed).rejects.toThrow(/the power went/);
    expect(await bankRows()).toEqual(before);
  });

  it('refuses to run without the keys', async () => {
    await expect(migrate(handle.db)).rejects.toThrow(
      new RegExp(`migration ${SEALED_BANK_FILES} .*needs the keys \\(ONPAY_DATA_KEYS, ONPAY_INDEX_KEYS\\)`),
    );
  });

  it('encrypts every file and line in place; the service serves the files as sent and reads the bank’s words', async () => {
    await migrate(handle.db, {
      fieldCrypto: (executor) => openFieldCrypto(executor, config, new Date().toISOString()),
    });
    const { files: sealed, history } = await bankRows();
    for (const row of sealed) expect(isSealed(row.content)).toBe(true);
    for (const row of history) if (row.text !== null) expect(isSealed(row.text)).toBe(true);
    expect(history.some((row) => row.text !== null)).toBe(true);
    expect(JSON.stringify(await bankRows())).not.toContain('Migrasjonsen');

    const t: TestApp = await buildTestApp({ database: reuse(), env: KEYS });
    try {
      for (const file of files) {
        const { xml } = await t.services.bank.files.download(file.id);
        expect(sha256(xml)).toBe(sha256(file.xml));
        expect(xml).toBe(file.xml);
      }
      const failed = await t.db.db
        .selectFrom('bank_payout_history')
        .select('payout_id')
        .where('text', 'is not', null)
        .executeTakeFirstOrThrow();
      expect((await t.services.bank.files.history(failed.payout_id)).map((h) => h.text)).toEqual([REASON]);
      // Nothing left in clear for `onpay keys status` to count.
      expect((await keyStatus(t.db.db, t.services.fieldCrypto)).clear).toBe(0);
    } finally {
      await t.close();
    }
  });
});
