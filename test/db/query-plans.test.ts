import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { createDb, type Db } from '../../src/db/kysely.js';
import { storeEveryOnboarding } from '../../src/db/link-onboarding.js';
import { listDrift } from '../../src/db/list-counters.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { listEntries } from '../../src/modules/audit/audit.repository.js';
import { listFiles, listReports } from '../../src/modules/bank/bank.repository.js';
import { listOutbox, recentMail } from '../../src/modules/mail/mail.repository.js';
import { eventsAbout, eventsAfter } from '../../src/modules/events/events.repository.js';
import { idsMatching, listInvoices, listMatching } from '../../src/modules/payouts/operations.repository.js';
import {
  countPayouts,
  listPayouts,
  pageOfPayouts,
  payoutsOfEmployee,
} from '../../src/modules/payouts/payouts.repository.js';
import { findPeople, identityReviews } from '../../src/modules/users/directory.repository.js';
import { searchPartners } from '../../src/modules/partners/partners.repository.js';
import { countLinks, exportLinkedUsers, listLinkedUsers } from '../../src/modules/users/users.repository.js';
import { linksOfUser } from '../../src/modules/login-links/login-links.repository.js';
import { countLinksInState, linksInState } from '../../src/modules/users/stuck.repository.js';
import { countSessionsInState, sessionsInState } from '../../src/modules/verification/sessions.repository.js';
import { attemptsOfDelivery, deliveriesOf } from '../../src/modules/webhooks/operator.repository.js';
import { deliveriesOfEvents, listAttempts, listEndpoints } from '../../src/modules/webhooks/webhooks.repository.js';
import { createFieldCrypto, generateKeyList, parseKeyList } from '../../src/platform/field-crypto.js';
import { seed } from '../../bench/seed.js';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';
import { capturedQueries, planProblems, type PlanExpectation } from '../helpers/query-plans.js';

interface ListQuery extends PlanExpectation {
  name: string;
  /** Calls the repository function exactly as its service does. */
  run: (db: Kysely<Database>) => Promise<unknown>;
  /** Which of the statements it issues is the list's (default the first). */
  statement?: number;
}

/** The seeded partner, one of its paid employees, and the seed's other partner (no payouts) (set in beforeAll). */
let PARTNER = 0;
let USER = 0;
let SMALL_PARTNER = 0;
const PAGE = 25;
const DEEP = 2_500;

/**
 * Twenty endpoints' webhook deliveries, 200 each (the seed writes none), with PostgreSQL's statistics
 * taken: on an empty table every index costs its planner the same, and a plan would pin nothing.
 */
async function seedDeliveries(db: Kysely<Database>, partnerId: number): Promise<void> {
  const at = '2026-11-01T00:00:00.000Z';
  const statuses = ['delivered', 'delivered', 'delivered', 'failed', 'pending'] as const;
  for (let endpoint = 0; endpoint < 20; endpoint++) {
    const { id } = await db
      .insertInto('webhook_endpoints')
      .values({
        partner_id: partnerId,
        url: `https://partner.example/hooks/${endpoint}`,
        event_types: '["*"]',
        secret: 'whsec_plans',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          endpoint_id: id,
          event_id: `evt_${id}_${i}`,
          event_type: 'payout.paid',
          sequence: i + 1,
          payload: '{}',
          status: statuses[i % statuses.length]!,
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .execute();
  }
  if (testEngine === 'postgres') await sql`analyze webhook_endpoints, webhook_deliveries`.execute(db);
}

/** The seed stores links and payouts encrypted, as the service does; the reads open them with the same keys. */
const CRYPTO = createFieldCrypto(parseKeyList(generateKeyList('plans')), parseKeyList(generateKeyList('plans-index')));
/**
 * Every list query the API, the console and the command line run (and the totals of the filtered
 * payout list), with the index that serves it (docs/performance.md "Indexes and query plans
 * (issue 24)"). `ordered: false` on a list marks a filter that is a range on another column than
 * the order: the index narrows the rows, the matches are then sorted (the docs say why).
 */
const LISTS: ListQuery[] = [
  {
    // Page N's first row by a seek on its place (docs/decisions.md §22), however deep.
    name: 'GET /users (a page by a seek on the place, the payload joined)',
    run: (db) => listLinkedUsers(db, CRYPTO, PARTNER, 'onpay-2026-01', PAGE, DEEP),
    table: 'pu',
    index: 'partner_users_position_idx',
    ordered: true,
  },
  // The export's chunks (GET /users/export): a seek past the last id sent, on the link and on the
  // person alike, so the thousandth chunk reads what the first does (on PostgreSQL a merge join
  // once read every person from the first id for each chunk).
  {
    name: 'GET /users/export (a chunk: the links after the last id sent)',
    run: (db) => exportLinkedUsers(db, CRYPTO, PARTNER, 'onpay-2026-01', USER, 500),
    table: 'pu',
    // PostgreSQL weighs the link's key against the person's index (user_id, then the partner
    // filtered) by how many of the table's links are this partner's: either is a seek.
    index:
      testEngine === 'sqlite' ? 'sqlite_autoindex_partner_users_1' : ['partner_users_pk', 'partner_users_user_idx'],
    ordered: true,
  },
  {
    name: 'GET /users/export (a chunk: the people after the last id sent)',
    run: (db) => exportLinkedUsers(db, CRYPTO, PARTNER, 'onpay-2026-01', USER, 500),
    table: 'u',
    index: 'primary key',
    ordered: false,
  },
  {
    name: 'GET /users and GET /payouts (totals: the counter row)',
    run: (db) => countLinks(db, PARTNER),
    table: 'partner_counters',
    index: testEngine === 'sqlite' ? 'sqlite_autoindex_partner_counters_1' : 'partner_counters_pk',
    ordered: false,
  },
  {
    name: 'GET /payouts',
    run: (db) => pageOfPayouts(db, CRYPTO, PARTNER, PAGE, DEEP),
    table: 'payouts',
    index: 'payouts_partner_position_idx',
    ordered: true,
  },
  {
    name: 'GET /payouts?status=',
    run: (db) => listPayouts(db, CRYPTO, PARTNER, { status: 'pending' }, PAGE, DEEP),
    table: 'payouts',
    index: 'payouts_partner_status_idx',
    ordered: true,
  },
  {
    name: 'GET /payouts?user_id= and GET /users/{id}/payouts',
    run: (db) => listPayouts(db, CRYPTO, PARTNER, { userId: USER }, PAGE, 0),
    table: 'payouts',
    index: 'payouts_partner_user_idx',
    ordered: true,
  },
  {
    // SQLite takes the range and sorts it; PostgreSQL's statistics may instead walk the
    // created_at order and filter on the date (cheap for recent ranges): either is an index.
    name: 'GET /payouts?from=&to=',
    run: (db) => listPayouts(db, CRYPTO, PARTNER, { from: '2026-01-01', to: '2026-01-31' }, PAGE, 0),
    table: 'payouts',
    index:
      testEngine === 'sqlite'
        ? 'payouts_partner_date_idx'
        : ['payouts_partner_date_idx', 'payouts_partner_listing_idx'],
    ordered: false,
  },
  {
    name: 'GET /payouts?from=&to= (total)',
    run: (db) => countPayouts(db, PARTNER, { from: '2026-01-01', to: '2026-01-31' }),
    table: 'payouts',
    index: 'payouts_partner_date_idx',
    ordered: false,
  },
  {
    name: 'GET /payouts?status= (total)',
    run: (db) => countPayouts(db, PARTNER, { status: 'pending' }),
    table: 'payouts',
    // The console's covering index (status, partner, ...) counts as well, from its index alone.
    index: ['payouts_partner_status_idx', 'payouts_console_idx'],
    ordered: false,
  },
  {
    name: 'GET /payouts?user_id= (total)',
    run: (db) => countPayouts(db, PARTNER, { userId: USER }),
    table: 'payouts',
    index: ['payouts_partner_user_idx'],
    ordered: false,
  },
  {
    name: "the employee's payouts with one partner (portal)",
    run: (db) => payoutsOfEmployee(db, CRYPTO, USER, PARTNER, 100),
    table: 'payouts',
    index: 'payouts_user_date_idx',
    ordered: true,
  },
  {
    name: "the employee's payouts with every partner (portal)",
    run: (db) => payoutsOfEmployee(db, CRYPTO, USER, null, 100),
    table: 'payouts',
    index: 'payouts_user_date_idx',
    ordered: true,
  },
  {
    name: 'GET /events',
    run: (db) => eventsAfter(db, CRYPTO, PARTNER, 100, 10_000, null, 101),
    table: 'events',
    index: testEngine === 'sqlite' ? 'sqlite_autoindex_events_2' : 'events_partner_sequence_key',
    ordered: true,
  },
  {
    name: 'GET /events?type=',
    run: (db) => eventsAfter(db, CRYPTO, PARTNER, 100, 10_000, ['payout.paid'], 101),
    table: 'events',
    index: testEngine === 'sqlite' ? 'sqlite_autoindex_events_2' : 'events_partner_sequence_key',
    ordered: true,
  },
  {
    // The console's payout page: the events about the payout and its invoice (docs/decisions.md §27).
    name: "console payout page's events",
    run: (db) => eventsAbout(db, CRYPTO, PARTNER, ['payout:1', 'invoice:1'], 100),
    table: 'events',
    index: 'events_subject_idx',
    ordered: false,
  },
  {
    name: "console payout page's webhook deliveries",
    run: (db) => deliveriesOfEvents(db, PARTNER, ['evt_a', 'evt_b']),
    table: 'd',
    index: 'webhook_deliveries_event_idx',
    ordered: false,
  },
  {
    name: 'GET /webhooks (endpoints)',
    run: (db) => listEndpoints(db, PARTNER, PAGE, 0),
    statement: 1,
    table: 'webhook_endpoints',
    index: 'webhook_endpoints_partner_idx',
    ordered: true,
  },
  {
    name: "an endpoint's delivery attempts",
    run: (db) => listAttempts(db, 1, PAGE, 0),
    table: 'webhook_attempts',
    index: 'webhook_attempts_endpoint_idx',
    ordered: true,
  },
  {
    name: "the console's delivery log of an endpoint",
    run: (db) => deliveriesOf(db, 1, { status: null, beforeId: null, limit: PAGE + 1 }),
    table: 'webhook_deliveries',
    index: 'webhook_deliveries_endpoint_idx',
    ordered: true,
  },
  {
    name: "the console's delivery log of an endpoint?status=, a page further",
    run: (db) => deliveriesOf(db, 1, { status: 'failed', beforeId: 1_000, limit: PAGE + 1 }),
    table: 'webhook_deliveries',
    // One endpoint's deliveries of one status, in id order.
    index: 'webhook_deliveries_due_idx',
    ordered: true,
  },
  {
    name: "a delivery's attempts (the console)",
    run: (db) => attemptsOfDelivery(db, 1),
    table: 'webhook_attempts',
    index: 'webhook_attempts_delivery_idx',
    ordered: true,
  },
  {
    name: 'console payouts',
    run: (db) => listMatching(db, {}, PAGE, DEEP),
    table: 'p',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    name: 'console payouts?status=',
    run: (db) => listMatching(db, { status: 'pending' }, PAGE, DEEP),
    table: 'p',
    index: 'payouts_status_id_idx',
    ordered: true,
  },
  {
    // One partner among many (the seed's big partner holds every payout: the id order is its order).
    name: 'console payouts?partner=',
    run: (db) => listMatching(db, { partnerId: SMALL_PARTNER }, PAGE, 0),
    table: 'p',
    index: 'payouts_partner_id_idx',
    ordered: true,
  },
  {
    name: 'console payouts?invoice=',
    run: (db) => listMatching(db, { invoiceId: 7 }, PAGE, 0),
    table: 'p',
    index: 'payouts_invoice_idx',
    ordered: true,
  },
  {
    name: 'console payouts?due_from=&due_to=',
    run: (db) => listMatching(db, { dueFrom: '2026-01-01', dueTo: '2026-01-31' }, PAGE, 0),
    table: 'i',
    index: 'invoices_due_date_idx',
    ordered: false,
  },
  {
    name: 'console "select all matching" (status)',
    run: (db) => idsMatching(db, { status: 'pending' }, 5_000),
    table: 'p',
    index: 'payouts_status_id_idx',
    ordered: true,
  },
  {
    name: 'console invoices',
    run: (db) => listInvoices(db, {}, PAGE, DEEP),
    table: 'invoices',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    name: 'console invoices?partner=',
    run: (db) => listInvoices(db, { partnerId: PARTNER }, PAGE, 0),
    table: 'invoices',
    index: 'invoices_partner_idx',
    ordered: true,
  },
  {
    name: 'console employees (no search text)',
    run: (db) => findPeople(db, CRYPTO, { text: '' }, PAGE, DEEP),
    table: 'u',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    // The trigram index (docs/decisions.md §23). SQLite: the FTS5 table's MATCH gives the ids in
    // order. PostgreSQL: the GIN index finds a rare text's few matches, which are then sorted;
    // for a text most people contain, its planner may instead walk the primary key back and filter.
    name: 'console employees (search text)',
    run: (db) => findPeople(db, CRYPTO, { text: 'Sæther' }, PAGE, 0),
    table: testEngine === 'sqlite' ? 'people_search_fts' : 'people_search',
    index: testEngine === 'sqlite' ? 'fts5 match' : 'people_search_folded_trgm_idx',
    ordered: testEngine === 'sqlite',
  },
  {
    name: 'console identity reviews',
    run: (db) => identityReviews(db, PAGE, 0),
    table: 'users',
    index: 'users_identity_review_idx',
    ordered: true,
  },
  // What is stuck (docs/decisions.md §28): each state by its index, the totals from the index alone.
  ...(['missing_bank_account', 'invited_only', 'not_onboarded'] as const).flatMap((state): ListQuery[] => {
    const index = {
      missing_bank_account: 'partner_users_no_bank',
      invited_only: 'partner_users_invited',
      not_onboarded: 'partner_users_not_onboarded',
    }[state];
    const since = { changedFrom: '2026-01-01T00:00:00.000Z', changedBefore: '2027-01-01T00:00:00.000Z' };
    return [
      {
        name: `console stuck?state=${state}`,
        run: (db) => linksInState(db, { state }, PAGE, 0),
        table: 'pu',
        index: `${index}_idx`,
        ordered: true,
        walk: true,
      },
      {
        name: `console stuck?state=${state}&changed_from=&changed_to=`,
        run: (db) => linksInState(db, { state, ...since }, PAGE, 0),
        table: 'pu',
        index: `${index}_idx`,
        ordered: true,
      },
      {
        name: `console stuck?state=${state}&partner=&changed_from=`,
        run: (db) => linksInState(db, { state, partnerId: PARTNER, ...since }, PAGE, 0),
        table: 'pu',
        index: `${index}_partner_idx`,
        ordered: true,
      },
      {
        name: `console stuck?state=${state}&partner= (total)`,
        run: (db) => countLinksInState(db, { state, partnerId: PARTNER }),
        table: 'pu',
        index: `${index}_partner_idx`,
        ordered: false,
      },
      {
        name: `console stuck?state=${state}&changed_from= (total)`,
        run: (db) => countLinksInState(db, { state, ...since }),
        table: 'pu',
        index: `${index}_idx`,
        ordered: false,
      },
    ];
  }),
  ...(['error', 'pending'] as const).flatMap((status): ListQuery[] => [
    {
      name: `console stuck (sessions: ${status}, since)`,
      run: (db) => sessionsInState(db, CRYPTO, { status, changedFrom: '2026-01-01T00:00:00.000Z' }, PAGE, 0),
      table: 'verification_sessions',
      index: 'verification_sessions_status_updated_idx',
      ordered: true,
    },
    {
      name: `console stuck (sessions: ${status}, partner)`,
      run: (db) => sessionsInState(db, CRYPTO, { status, partnerId: PARTNER }, PAGE, 0),
      table: 'verification_sessions',
      index: 'verification_sessions_status_partner_idx',
      ordered: true,
    },
    {
      name: `console stuck (sessions: ${status}, partner, since: total)`,
      run: (db) => countSessionsInState(db, { status, partnerId: PARTNER, changedFrom: '2026-01-01T00:00:00.000Z' }),
      table: 'verification_sessions',
      index: 'verification_sessions_status_partner_idx',
      ordered: false,
    },
    {
      // The dashboard's "ended in an error today" card counts exactly this.
      name: `console stuck (sessions: ${status}, since: total)`,
      run: (db) => countSessionsInState(db, { status, changedFrom: '2026-01-01T00:00:00.000Z' }),
      table: 'verification_sessions',
      index: ['verification_sessions_status_updated_idx', 'verification_sessions_status_partner_idx'],
      ordered: false,
    },
  ]),
  {
    name: "an employee's login links and mail (console)",
    run: (db) => linksOfUser(db, USER, 50),
    table: 'login_links',
    index: 'login_links_user_idx',
    ordered: true,
  },
  {
    name: 'audit log',
    run: (db) => listEntries(db, {}, 50),
    table: 'audit_log',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    // Time grows with the id: walking the ids back from the newest stops at the page.
    name: 'audit log since',
    run: (db) => listEntries(db, { since: '2026-11-01T00:00:00.000Z' }, 50),
    table: 'audit_log',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    name: 'audit log of one object',
    run: (db) => listEntries(db, { objectType: 'payout', objectId: '12' }, 50),
    table: 'audit_log',
    index: 'audit_log_object_idx',
    ordered: true,
  },
  {
    name: 'audit log of one actor',
    run: (db) => listEntries(db, { actorType: 'operator', actorId: '3' }, 50),
    table: 'audit_log',
    index: 'audit_log_actor_idx',
    ordered: true,
  },
  {
    name: 'audit log of one partner',
    run: (db) => listEntries(db, { partnerId: PARTNER }, 50),
    table: 'audit_log',
    index: 'audit_log_partner_idx',
    ordered: true,
  },
  {
    name: 'audit log of one action',
    run: (db) => listEntries(db, { action: 'payout.paid' }, 50),
    table: 'audit_log',
    index: 'audit_log_action_idx',
    ordered: true,
  },
  {
    name: "the partner's sandbox mailbox",
    run: (db) => recentMail(db, CRYPTO, PARTNER, 50),
    table: 'mail_outbox',
    index: 'mail_outbox_partner_idx',
    ordered: true,
  },
  {
    name: 'console mail',
    run: (db) => listOutbox(db, CRYPTO, null, 5_000, 50),
    table: 'mail_outbox',
    index: 'primary key',
    ordered: true,
  },
  {
    name: 'console mail?status=failed',
    run: (db) => listOutbox(db, CRYPTO, 'failed', null, 50),
    table: 'mail_outbox',
    index: 'mail_outbox_status_idx',
    ordered: true,
  },
  {
    name: 'console mail?status=retrying',
    run: (db) => listOutbox(db, CRYPTO, 'retrying', 5_000, 50),
    table: 'mail_outbox',
    index: 'mail_outbox_status_idx',
    ordered: true,
  },
  {
    name: 'bank files',
    run: (db) => listFiles(db, 50),
    table: 'bank_files',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    name: 'bank reports',
    run: (db) => listReports(db, 50),
    table: 'bank_reports',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
];

/**
 * The console's sortable columns (docs/decisions.md §29, "Tables"): each order a list offers, the
 * way it is not the list's default, under each filter the list pins above. The defaults are the
 * entries of LISTS.
 */
const ASC = { by: 'id', direction: 'asc' } as const;
const DUE_ASC = { by: 'due_date', direction: 'asc' } as const;
const DUE_DESC = { by: 'due_date', direction: 'desc' } as const;
const AMOUNT_ASC = { by: 'amount', direction: 'asc' } as const;
const AMOUNT_DESC = { by: 'amount', direction: 'desc' } as const;
const JANUARY = { dueFrom: '2026-01-01', dueTo: '2026-01-31' };
const SORTED: ListQuery[] = [
  {
    name: 'console payouts?sort=id',
    run: (db) => listMatching(db, {}, PAGE, DEEP, ASC),
    table: 'p',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    name: 'console payouts?status=&sort=id',
    run: (db) => listMatching(db, { status: 'pending' }, PAGE, DEEP, ASC),
    table: 'p',
    index: 'payouts_status_id_idx',
    ordered: true,
  },
  {
    name: 'console payouts?partner=&sort=id',
    run: (db) => listMatching(db, { partnerId: SMALL_PARTNER }, PAGE, 0, ASC),
    table: 'p',
    index: 'payouts_partner_id_idx',
    ordered: true,
  },
  {
    // Also an invoice's lines, oldest first (the invoice's page).
    name: 'console payouts?invoice=&sort=id',
    run: (db) => listMatching(db, { invoiceId: 7 }, PAGE, 0, ASC),
    table: 'p',
    index: 'payouts_invoice_idx',
    ordered: true,
  },
  {
    name: 'console payouts?due_from=&due_to=&sort=id',
    run: (db) => listMatching(db, JANUARY, PAGE, 0, ASC),
    table: 'i',
    index: 'invoices_due_date_idx',
    ordered: false,
  },
  {
    name: 'console invoices?sort=id',
    run: (db) => listInvoices(db, {}, PAGE, 0, ASC),
    table: 'invoices',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    name: 'console invoices?partner=&sort=id',
    run: (db) => listInvoices(db, { partnerId: PARTNER }, PAGE, 0, ASC),
    table: 'invoices',
    index: 'invoices_partner_idx',
    ordered: true,
  },
  ...([DUE_ASC, DUE_DESC] as const).flatMap((order): ListQuery[] => {
    const sort = order.direction === 'asc' ? 'due_date' : '-due_date';
    return [
      {
        name: `console invoices?sort=${sort}`,
        run: (db) => listInvoices(db, {}, PAGE, 0, order),
        table: 'invoices',
        index: 'invoices_due_date_idx',
        ordered: true,
        walk: true,
      },
      {
        // One partner among many: the index this order added (migration 2026-11-27-0043-list-sorts).
        name: `console invoices?partner=&sort=${sort}`,
        run: (db) => listInvoices(db, { partnerId: SMALL_PARTNER }, PAGE, 0, order),
        table: 'invoices',
        index: 'invoices_partner_due_idx',
        ordered: true,
      },
      {
        name: `console invoices?due_from=&due_to=&sort=${sort}`,
        run: (db) => listInvoices(db, JANUARY, PAGE, 0, order),
        table: 'invoices',
        index: 'invoices_due_date_idx',
        ordered: true,
      },
    ];
  }),
  ...([AMOUNT_ASC, AMOUNT_DESC] as const).flatMap((order): ListQuery[] => {
    const sort = order.direction === 'asc' ? 'amount' : '-amount';
    return [
      {
        name: `console invoices?sort=${sort}`,
        run: (db) => listInvoices(db, {}, PAGE, 0, order),
        table: 'invoices',
        index: 'invoices_amount_idx',
        ordered: true,
        walk: true,
      },
      {
        name: `console invoices?partner=&sort=${sort}`,
        run: (db) => listInvoices(db, { partnerId: SMALL_PARTNER }, PAGE, 0, order),
        table: 'invoices',
        index: 'invoices_partner_amount_idx',
        ordered: true,
      },
      {
        // A due range is a range on another column than the order (as the payouts' due range):
        // the range's invoices are sorted, or the amount order walked and the range filtered.
        name: `console invoices?due_from=&due_to=&sort=${sort}`,
        run: (db) => listInvoices(db, JANUARY, PAGE, 0, order),
        table: 'invoices',
        index: ['invoices_due_date_idx', 'invoices_amount_idx'],
        ordered: false,
      },
    ];
  }),
  {
    name: 'console employees?sort=id (no search text)',
    run: (db) => findPeople(db, CRYPTO, { text: '', order: ASC }, PAGE, DEEP),
    table: 'u',
    index: 'primary key',
    ordered: true,
    walk: true,
  },
  {
    // As the default order: SQLite's FTS5 hands the ids in order either way; PostgreSQL sorts the matches.
    name: 'console employees?sort=id (search text)',
    run: (db) => findPeople(db, CRYPTO, { text: 'Sæther', order: ASC }, PAGE, 0),
    table: testEngine === 'sqlite' ? 'people_search_fts' : 'people_search',
    index: testEngine === 'sqlite' ? 'fts5 match' : 'people_search_folded_trgm_idx',
    ordered: testEngine === 'sqlite',
  },
  ...(['asc', 'desc'] as const).map((direction): ListQuery => ({
    name: `console partners?sort=${direction === 'asc' ? 'id' : '-id'}`,
    run: (db) => searchPartners(db, null, 0, PAGE + 1, { by: 'id', direction }),
    table: 'partners',
    index: 'primary key',
    ordered: true,
    walk: true,
  })),
  {
    name: "console partners (each listed partner's active tokens)",
    run: (db) => searchPartners(db, null, 0, PAGE + 1, ASC),
    table: 'access_tokens',
    index: 'access_tokens_partner_idx',
    ordered: false,
  },
];

describe(`the plan of every list query on ${testEngine}`, () => {
  let database: TestDatabase;
  let handle: Db;

  beforeAll(async () => {
    database = await freshDatabase(testEngine);
    handle = createDb(parseDatabaseUrl(database.url));
    await migrateToLatest(handle.db);
    // A payout history (24 monthly invoices) with PostgreSQL's statistics taken, as a running
    // service has them: on empty tables its planner guesses one row per partner and takes any index.
    // At a fixed moment: one invoice falls in January 2026 (JANUARY below) whatever the day the test runs.
    const seeded = await seed(handle.db, {
      users: 500,
      engine: testEngine,
      checkpoint: false,
      crypto: CRYPTO,
      now: Date.parse('2026-11-26T12:00:00.000Z'),
    });
    // The seed numbers and counts its rows as the service's writers do (the seeks below read them).
    expect(await listDrift(handle.db)).toEqual([]);
    // ... and stores each link's onboarding as they do (recomputing it changes no link).
    expect(await storeEveryOnboarding(handle.db)).toBe(0);
    expect(
      Number(
        (
          await handle.db
            .selectFrom('partner_users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('onboarded', '=', 0)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
    PARTNER = seeded.partner.partnerId;
    USER = seeded.onboardedIds[0]!;
    SMALL_PARTNER = (
      await handle.db.selectFrom('partners').select('id').where('id', '!=', PARTNER).executeTakeFirstOrThrow()
    ).id;
    await seedDeliveries(handle.db, PARTNER);
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  async function check(db: Kysely<Database>, list: ListQuery) {
    const statements = await capturedQueries(db, list.run);
    const statement = statements[list.statement ?? 0];
    if (!statement) throw new Error(`${list.name} issued no statement ${list.statement ?? 0}`);
    return planProblems(db, testEngine, statement, list);
  }

  it.each(LISTS.map((list) => [list.name, list] as const))('%s', async (_name, list) => {
    const { plan, problems } = await check(handle.db, list);
    expect(problems, plan).toEqual([]);
  });

  it('fails when an index a list needs is gone', async () => {
    const fromTo = LISTS.find((list) => list.name === 'GET /payouts?from=&to= (total)')!;
    const employee = LISTS.find((list) => list.name === "the employee's payouts with one partner (portal)")!;
    const search = LISTS.find((list) => list.name === 'console employees (search text)')!;
    class Rollback extends Error {}
    const seen: string[][] = [];
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.schema.dropIndex('payouts_partner_date_idx').execute();
        await trx.schema.dropIndex('payouts_user_date_idx').execute();
        // SQLite's trigram index is a table of its own: without it the search is an error, not a plan.
        if (testEngine === 'postgres') await trx.schema.dropIndex('people_search_folded_trgm_idx').execute();
        seen.push((await check(trx, fromTo)).problems, (await check(trx, employee)).problems);
        if (testEngine === 'postgres') seen.push((await check(trx, search)).problems);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(seen[0]).toContain('payouts is not read through payouts_partner_date_idx');
    expect(seen[1]).toContain('payouts is not read through payouts_user_date_idx');
    if (testEngine === 'postgres')
      expect(seen[2]).toContain('people_search is not read through people_search_folded_trgm_idx');
    // Rolled back: the lists are served again.
    expect((await check(handle.db, fromTo)).problems).toEqual([]);
    expect(await sql`select 1 as one`.execute(handle.db)).toBeTruthy();
  });

  it.each(SORTED.map((list) => [list.name, list] as const))('sorted: %s', async (_name, list) => {
    const { plan, problems } = await check(handle.db, list);
    expect(problems, plan).toEqual([]);
  });

  it("fails when an index a list's order needs is gone", async () => {
    const byDue = SORTED.find((list) => list.name === 'console invoices?partner=&sort=due_date')!;
    const tokens = SORTED.find((list) => list.name === "console partners (each listed partner's active tokens)")!;
    class Rollback extends Error {}
    const seen: string[][] = [];
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.schema.dropIndex('invoices_partner_due_idx').execute();
        await trx.schema.dropIndex('access_tokens_partner_idx').execute();
        seen.push((await check(trx, byDue)).problems, (await check(trx, tokens)).problems);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(seen[0]).toContain('invoices is not read through invoices_partner_due_idx');
    expect(seen[1]).toContain('access_tokens is not read through access_tokens_partner_idx');
    expect((await check(handle.db, byDue)).problems).toEqual([]);
  });
});
