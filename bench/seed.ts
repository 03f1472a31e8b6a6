/**
 * Seeds a fresh, migrated database with realistic data for the benchmarks: one partner with N
 * employees in every onboarding state, their verification sessions, a payout history, and a second
 * partner sharing some employees. Rows go in with multi-row INSERTs through Kysely (not the API):
 * 100 000 employees take seconds, not the hour the API would need.
 */
import { randomFillSync, randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Insertable, type Kysely } from 'kysely';
import { systemClock } from '../src/clock.js';
import type { Database, PartnerUsersTable, PayoutsTable, VerificationSessionsTable } from '../src/db/database.js';
import { withoutForeignKeys, withoutSecondaryIndexes } from '../src/db/bulk-load.js';
import { takeInvoiceNumber } from '../src/db/invoice-numbers.js';
import { allocateIds, type Engine } from '../src/db/dialect.js';
import { MAX_CACHED_SQL_LENGTH } from '../src/db/kysely.js';
import { loadingSearchTexts } from '../src/db/people-search.js';
import { sealValues } from '../src/db/sealed-columns.js';
import type { FieldCrypto } from '../src/platform/field-crypto.js';
import { createAuditService } from '../src/modules/audit/index.js';
import { createPartnerService } from '../src/modules/partners/partners.service.js';
import { calculatePayroll, toMinorUnits } from '../src/modules/payouts/payroll.js';
import { createTermsService } from '../src/modules/terms/terms.service.js';
import { linkSealer, type SealingKeys } from './link-sealer.js';
import type { SealedBatch } from './seed-people.js';
import { createdAtOf, stateOf, userOf, type FlatRows, type PeopleContext } from './seed-people.js';

export interface SeedOptions {
  users: number;
  engine: Engine;
  /** PostgreSQL: write the load out with CHECKPOINT afterwards (default true; tests skip it: it flushes the whole shared server). */
  checkpoint?: boolean;
  /** The service's field encryption: links and payouts are stored as the service stores them. */
  crypto: FieldCrypto;
  /** The keys behind `crypto`: given, the links are sealed in a worker thread beside the inserts (bench/link-sealer.ts). */
  keys?: SealingKeys;
  /**
   * When the seeded history ends (ms since the epoch; default now). The invoices fall every 30 days
   * before it, so a test that pins plans over a date range passes a fixed moment: otherwise the
   * number of invoices in a month, and with it the planner's choice, changes with the day it runs.
   */
  now?: number;
}

export interface SeededPartner {
  partnerId: number;
  apiKey: string;
  accessToken: string;
}

export interface SeedResult {
  partner: SeededPartner;
  /** Every employee linked to the partner. */
  userIds: number[];
  /** Employees with every onboarding step done (payable). */
  onboardedIds: number[];
  /**
   * The partner's pending verification sessions: what partners poll, every few seconds each,
   * while the employee is in the provider's flow (terminal sessions are read once).
   */
  pendingSessionIds: string[];
  counts: {
    users: number;
    links: number;
    onboarded: number;
    sessions: number;
    payouts: number;
    invoices: number;
    termsApprovals: number;
  };
  seconds: number;
  /**
   * Each phase's wall and CPU seconds (the process's CPU: the sealing worker's included), and how
   * long the inserting thread waited for sealed links (docs/performance.md "The 1 000 000 seed").
   */
  phases: Record<string, { wall: number; cpu: number }>;
  sealingWait: number;
  /** Wall seconds spent running each table's inserts. */
  inserts: Record<string, number>;
  /** A signed-in console operator (added by bench/seed-process.ts): its session cookie, and pending payouts to mark paid. */
  console?: { sessionToken: string; pendingPayoutIds: number[] };
}

/** People generated at a time (their rows then go in statements of insertRows's size). */
const BATCH = 2_000;
const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;
/** The SQL of each insert shape compiled (by table, row count and columns); one process seeds one database. */
const compiledInserts = new Map<string, string>();
/** Wall seconds spent running each table's inserts (the seed's result reports them). */
const insertSeconds: Record<string, number> = {};
/** The seed's view of the database: any table, rows as plain records (their types are checked where they are built). */
type AnyDb = Kysely<Record<string, Row>>;

/**
 * Inserts rows of one shape (every row with the same properties) a statement at a time, each
 * short enough for the SQLite connection's statement cache (src/db/kysely.ts), so every full chunk
 * reuses one prepared statement. A longer multi-row INSERT is prepared anew each time, and the
 * native memory of those statements (about 1 MB for 500 rows of 20 columns) was not given back,
 * even after gc(): 1 000 000 people would take well over 10 GB (docs/performance.md "What is
 * left"). Kysely compiles the statement once per chunk size; later chunks pass their values to the
 * same SQL (building and compiling each chunk's query cost about as much as running it).
 * Returns the `id` of each row inserted, in order, when `returning` says so.
 */
async function insertRows(
  executor: Kysely<Database>,
  table: keyof Database,
  rows: readonly Row[],
  returning = false,
): Promise<number[]> {
  const columns = Object.keys(rows[0] ?? {});
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push(row[column] ?? null);
  return insertValues(executor, table, { columns, values }, returning);
}

/** insertRows for rows already laid out flat (a batch the sealing worker sent back). */
async function insertValues(
  executor: Kysely<Database>,
  table: keyof Database,
  { columns, values }: FlatRows,
  returning = false,
): Promise<number[]> {
  const ids: number[] = [];
  if (columns.length === 0 || values.length === 0) return ids;
  const db = executor as unknown as AnyDb;
  // `"name", ` per column in the list, `?, ` per value (`$1234, ` on PostgreSQL) and `(), ` per row, 200 for the rest.
  const head = columns.reduce((length, column) => length + column.length + 4, 200);
  const size = Math.max(1, Math.floor((MAX_CACHED_SQL_LENGTH - head) / (columns.length * 8 + 4)));
  const rowCount = values.length / columns.length;
  for (let start = 0; start < rowCount; start += size) {
    const count = Math.min(size, rowCount - start);
    const chunk = values.slice(start * columns.length, (start + count) * columns.length);
    const key = `${table} ${returning} ${count} ${columns.join()}`;
    let text = compiledInserts.get(key);
    if (text === undefined) {
      const rows = Array.from({ length: count }, (_, r) =>
        Object.fromEntries(columns.map((c, i) => [c, chunk[r * columns.length + i]])),
      );
      const query = db.insertInto(table).values(rows);
      const built = (returning ? query.returning('id') : query).compile();
      // Every value a parameter, in row then column order: what the values above are.
      if (built.parameters.length !== chunk.length)
        throw new Error(`${table}: the compiled insert does not take one parameter per value`);
      text = built.sql;
      compiledInserts.set(key, text);
    }
    const from = performance.now();
    const result = await db.executeQuery<{ id: number }>(CompiledQuery.raw(text, chunk));
    insertSeconds[table] = (insertSeconds[table] ?? 0) + (performance.now() - from) / 1000;
    if (returning) for (const row of result.rows) ids.push(row.id);
  }
  return ids;
}

/** The tables the people phase fills; their secondary indexes are built after the rows. */
const SEEDED_TABLES = ['users', 'partner_users', 'terms_approvals', 'verification_sessions'];

/** Random bytes drawn 32 KiB at a time (one call to the generator costs about 10 µs whatever the size). */
const randomPool = Buffer.alloc(32 * 1024);
let randomOffset = randomPool.length;
/** 32 random bytes as hex: a session's start token hash (never used as a secret: nobody holds the token). */
function randomHex(): string {
  if (randomOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  randomOffset += 32;
  return randomPool.toString('hex', randomOffset - 32, randomOffset);
}

/**
 * SQLite: a fresh benchmark file is written with its rollback journal in memory and without
 * syncing, through a 1 GiB page cache (the file is thrown away if the seed fails, so nothing
 * needs surviving a crash meanwhile), then put back in write-ahead-log mode as the service runs it
 * (src/db/kysely.ts sets the service's own settings on each connection; none of them change). A
 * fresh file's pages are new, so the journal holds next to nothing; through the write-ahead log
 * every page was written twice (log, then checkpoint). Not `journal_mode = OFF`: better-sqlite3
 * opens connections in SQLite's defensive mode, which refuses it without an error (the mode
 * stayed WAL), so the mode each pragma leaves is checked. PostgreSQL: nothing.
 */
async function fastWrites(db: Kysely<Database>, engine: Engine, on: boolean): Promise<void> {
  if (engine !== 'sqlite') return;
  // An in-memory database (the tests' `sqlite::memory:`) has no file: its journal is in memory whatever is asked.
  const { rows: files } = await sql.raw<{ name: string; file: string }>(`pragma database_list`).execute(db);
  const inMemory = (files.find((row) => row.name === 'main')?.file ?? '') === '';
  const journal = on || inMemory ? 'memory' : 'wal';
  const { rows } = await sql.raw<{ journal_mode: string }>(`pragma journal_mode = ${journal}`).execute(db);
  if (rows[0]?.journal_mode !== journal)
    throw new Error(`the seed's database did not switch to journal_mode ${journal} (it is ${rows[0]?.journal_mode})`);
  const pragmas = on
    ? ['synchronous = OFF', 'cache_size = -1048576', 'temp_store = MEMORY']
    : ['synchronous = NORMAL', 'cache_size = -2000', 'temp_store = DEFAULT'];
  for (const pragma of pragmas) await sql.raw(`pragma ${pragma}`).execute(db);
}

export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const now = options.now ?? Date.now();
  const phases: SeedResult['phases'] = {};
  let mark = { wall: started, cpu: process.cpuUsage() };
  const phase = (name: string) => {
    const cpu = process.cpuUsage(mark.cpu);
    const wall = performance.now();
    phases[name] = { wall: (wall - mark.wall) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
    mark = { wall, cpu: process.cpuUsage() };
  };
  let sealingWait = 0;
  const partners = createPartnerService({
    db,
    clock: systemClock,
    env: 'sandbox',
    audit: createAuditService({ db, clock: systemClock }),
  });
  const created = await partners.createPartner('Bench partner AS');
  const other = await partners.createPartner('Other partner AS');
  // Only reads the current terms: publishing (which announces events) is not used here.
  const termsCode = (
    await createTermsService({
      db,
      clock: systemClock,
      events: { emitToEveryPartner: async () => undefined },
    }).current(db)
  ).code;

  const people: PeopleContext = { now, users: options.users, partnerId: created.partner_id };
  const createdAt = (n: number) => createdAtOf(people, n);

  const userIds: number[] = [];
  const onboardedIds: number[] = [];
  const pendingSessionIds: string[] = [];
  let approvals = 0;
  let sessions = 0;
  let links = 0;
  let linkCount = 0;
  let sharedCount = 0;

  // Onboarded: an approved session; verifying: a pending one (still open); others: none, or a declined one.
  function session(n: number, userId: number): Insertable<VerificationSessionsTable> | null {
    const state = stateOf(n);
    if (state !== 'onboarded' && state !== 'verifying' && n % 40 !== 17) return null;
    const pending = state === 'verifying';
    const at = pending ? new Date(now - 5 * 60_000) : new Date(createdAt(n));
    const status = state === 'onboarded' ? 'approved' : pending ? 'pending' : 'declined';
    const id = randomUUID();
    const row: Insertable<VerificationSessionsTable> = {
      id,
      partner_id: created.partner_id,
      user_id: userId,
      provider: n % 3 === 0 ? 'provider_doc' : 'provider_eid',
      id_type: n % 3 === 0 ? 'local' : null,
      status,
      pending_user_id: pending ? userId : null,
      partner_return_url: 'https://partner.example.com/onboarding/done',
      start_token_hash: randomHex(),
      browser_binding_hash: null,
      provider_ref: null,
      provider_state: null,
      outcome_reason: status === 'declined' ? 'document not accepted' : null,
      // Pending sessions stay open for the whole run (the service expires them lazily on read).
      expires_at: new Date(pending ? now + 6 * 3_600_000 : at.getTime() + 3_600_000).toISOString(),
      verified_at: pending ? null : at.toISOString(),
      last_polled_at: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    };
    // A declined session's reason is stored encrypted, as the service stores it (src/db/sealed-columns.ts).
    return status === 'declined' ? sealValues(options.crypto, 'verification_sessions', { id }, row) : row;
  }
  const approvedAt = new Date(now - DAY_MS).toISOString();

  await fastWrites(db, options.engine, true);
  await db.transaction().execute(async (trx) => {
    // Stored as the service stores them: the person's data encrypted, with its blind indexes, and
    // the folded texts the console's search matches. A batch at a time: 1 000 000 people fit in
    // memory only as ids (their sessions too, written with their batch). The secondary indexes
    // are built once after the rows (src/db/bulk-load.ts).
    const sealer = linkSealer(people, options.crypto, options.keys);
    try {
      await withoutForeignKeys(trx, [...SEEDED_TABLES, 'people_search'], () =>
        withoutSecondaryIndexes(trx, SEEDED_TABLES, () =>
          loadingSearchTexts(trx, async () => {
            phase('start');
            // Every person's id allocated first (ascending with n, as the service's inserts would
            // number them), so the links are sealed ahead, in the workers, while earlier batches go in.
            const allIds = await allocateIds(trx, 'users', options.users);
            const batchOf = (start: number) => allIds.slice(start, start + BATCH);
            const ahead: Promise<SealedBatch>[] = [];
            let asked = 0;
            for (let start = 0; start < options.users; start += BATCH) {
              // Two batches per worker in flight: none waits for the seed's thread to ask.
              for (; asked < options.users && asked < start + 2 * BATCH * sealer.threads; asked += BATCH)
                ahead.push(sealer.seal(asked, batchOf(asked)));
              const batchIds = batchOf(start);
              await insertRows(
                trx,
                'users',
                batchIds.map((id, i) => ({ id, ...userOf(people, start + i) })),
              );
              userIds.push(...batchIds);
              const waitFrom = performance.now();
              const { links: linkRows, texts } = await (ahead.shift() as Promise<SealedBatch>);
              sealingWait += (performance.now() - waitFrom) / 1000;
              // Every 20th employee also works for a second partner (which entered nothing yet): the
              // indexes hold more than one partner's rows. Inserted apart: rows of one shape give one SQL text.
              const shared: Insertable<PartnerUsersTable>[] = batchIds.flatMap((userId, i) => {
                const at = createdAt(start + i);
                return (start + i) % 20 === 5
                  ? [{ partner_id: other.partner_id, user_id: userId, created_at: at, updated_at: at }]
                  : [];
              });
              for (const row of shared) row.list_position = ++sharedCount;
              linkCount += batchIds.length;
              await insertValues(trx, 'partner_users', linkRows);
              await insertRows(trx, 'partner_users', shared);
              links += shared.length + batchIds.length;
              await insertValues(trx, 'people_search', texts);

              const approvalRows = batchIds
                .filter((_, i) => ['onboarded', 'verifying'].includes(stateOf(start + i)))
                .map((userId) => ({
                  partner_id: created.partner_id,
                  user_id: userId,
                  terms_code: termsCode,
                  approved_at: approvedAt,
                }));
              await insertRows(trx, 'terms_approvals', approvalRows);
              approvals += approvalRows.length;

              const sessionRows = batchIds.flatMap((userId, i) => session(start + i, userId) ?? []);
              for (const row of sessionRows) if (row.status === 'pending') pendingSessionIds.push(row.id);
              await insertRows(trx, 'verification_sessions', sessionRows);
              sessions += sessionRows.length;
              batchIds.forEach((userId, i) => {
                if (stateOf(start + i) === 'onboarded') onboardedIds.push(userId);
              });
            }
            phase('rows');
          }).then(() => phase('search index')),
        ).then(() => phase('indexes')),
      );
      phase('foreign keys');
    } finally {
      await sealer.close();
    }
  });

  // A payout history: 24 monthly invoices, each paying up to 2 500 onboarded employees.
  const template = calculatePayroll(
    {
      date: '2026-01-15',
      products: [
        { quantity: 7.5, price: 250 },
        { quantity: 1, price: 120 },
      ],
    },
    { taxPercent: '32', taxFreeCard: null, freeCardUsedThisYear: '0.00' },
  );
  const minor = (amount: string) => Number(toMinorUnits(amount));
  const perInvoice = Math.min(2_500, onboardedIds.length);
  let payoutCount = 0;
  let payoutPlaces = 0;
  let invoiceCount = 0;
  for (let month = 0; month < 24 && perInvoice > 0; month++) {
    const at = new Date(now - (24 - month) * 30 * DAY_MS);
    const date = at.toISOString().slice(0, 10);
    await db.transaction().execute(async (trx) => {
      const invoice = await trx
        .insertInto('invoices')
        .values({
          number: await takeInvoiceNumber(trx),
          issue_date: new Date().toISOString().slice(0, 10),
          partner_id: created.partner_id,
          due_date: date,
          payout_count: perInvoice,
          total_salary: minor(template.salary) * perInvoice,
          total_vacation: minor(template.vacation) * perInvoice,
          total_pension: minor(template.pension) * perInvoice,
          total_employer_contribution: minor(template.employer_contribution) * perInvoice,
          total_service_fee: minor(template.service_fee) * perInvoice,
          total_excl: minor(template.invoice_excl) * perInvoice,
          total_vat: minor(template.vat) * perInvoice,
          total_incl: minor(template.invoice_incl) * perInvoice,
          created_at: at.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows: Insertable<PayoutsTable>[] = [];
      for (let i = 0; i < perInvoice; i++) {
        const userId = onboardedIds[(month * perInvoice + i) % onboardedIds.length] as number;
        rows.push({
          partner_id: created.partner_id,
          invoice_id: invoice.id,
          user_id: userId,
          status: month < 23 ? 'paid' : 'pending',
          type: 'salary',
          date,
          tax_year: at.getUTCFullYear(),
          hours: '7.5',
          description: 'Shift',
          products: JSON.stringify([
            { quantity: '7.5', price: '250', description: 'Hours' },
            { quantity: '1', price: '120', description: 'Travel' },
          ]),
          rates: JSON.stringify(template.rates),
          salary: minor(template.salary),
          vacation: minor(template.vacation),
          pension: minor(template.pension),
          net_salary: minor(template.net_salary),
          net_vacation: minor(template.net_vacation),
          withholding_salary: minor(template.withholding_salary),
          withholding_vacation: minor(template.withholding_vacation),
          employer_contribution: minor(template.employer_contribution),
          service_fee: minor(template.service_fee),
          invoice_excl: minor(template.invoice_excl),
          vat: minor(template.vat),
          invoice_incl: minor(template.invoice_incl),
          free_card_used: 0,
          paid_at: month < 23 ? at.toISOString() : null,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        });
      }
      // The copied account is bound to the payout's id: allocated first, as the service does;
      // places in the partner's list follow the ids (docs/decisions.md §22).
      const ids = await allocateIds(trx, 'payouts', rows.length);
      const sealed = rows.map((row, i) =>
        sealValues(
          options.crypto,
          'payouts',
          { id: ids[i] },
          { ...row, id: ids[i] as number, list_position: ++payoutPlaces },
        ),
      );
      await insertRows(trx, 'payouts', sealed);
    });
    payoutCount += perInvoice;
    invoiceCount += 1;
  }

  phase('payouts');
  await fastWrites(db, options.engine, false);

  // The rows went in directly, numbered as they went: the partners' counters (src/db/list-counters.ts).
  await db
    .insertInto('partner_counters')
    .values([
      { partner_id: created.partner_id, what: 'links', value: linkCount },
      { partner_id: other.partner_id, what: 'links', value: sharedCount },
      { partner_id: created.partner_id, what: 'payouts', value: payoutPlaces },
    ])
    .execute();

  // PostgreSQL: what autovacuum would do after a bulk load (visibility map for index-only scans,
  // planner statistics). SQLite gets nothing: a production file has no statistics unless an
  // operator runs ANALYZE, so the benchmark measures the planner without them.
  if (options.engine === 'postgres') {
    await sql`vacuum analyze`.execute(db);
    // Write the load out now rather than during the measurements (needs a superuser; else skipped).
    if (options.checkpoint !== false) await sql`checkpoint`.execute(db).catch(() => undefined);
  }

  return {
    partner: { partnerId: created.partner_id, apiKey: created.api_key, accessToken: created.access_token },
    userIds,
    onboardedIds,
    pendingSessionIds,
    counts: {
      users: userIds.length,
      links,
      onboarded: onboardedIds.length,
      sessions,
      payouts: payoutCount,
      invoices: invoiceCount,
      termsApprovals: approvals,
    },
    seconds: (performance.now() - started) / 1000,
    phases: (phase('finish'), phases),
    sealingWait,
    inserts: insertSeconds,
  };
}
