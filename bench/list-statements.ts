/**
 * node bin/run-ts.js bench/list-statements.ts SQLITE_URL [PARTNER_ID]
 *
 * How long each statement behind a list request holds the event loop on SQLite (better-sqlite3
 * runs every statement synchronously: while one runs, no other request of the process moves), on a
 * database the benchmark seeded (`bench/seed-process.ts`): the statements the lists ran before
 * issue 24 (a count of the partner's rows, a page after an `OFFSET` walk three quarters down) and
 * the ones they run now (the counter row, a seek on the place). Prints the median and the worst of
 * 30 runs of each, in milliseconds (docs/performance.md, "Lists: counters, seeks and the tail").
 */
import { performance } from 'node:perf_hooks';
import { sql, type RawBuilder } from 'kysely';
import { parseDatabaseUrl } from '../src/config.js';
import { createDb } from '../src/db/kysely.js';

const [url, rawPartner] = process.argv.slice(2);
if (!url?.startsWith('sqlite:')) {
  process.stderr.write('usage: node bin/run-ts.js bench/list-statements.ts sqlite:FILE [PARTNER_ID]\n');
  process.exit(2);
}
const { db, close } = createDb(parseDatabaseUrl(url));
try {
  const partner = Number(rawPartner ?? 1);
  const count = async (table: 'partner_users' | 'payouts') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('partner_id', '=', partner)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [links, payouts] = [await count('partner_users'), await count('payouts')];
  const deep = (n: number) => Math.floor((n * 0.75) / 25) * 25;
  const statements: Array<[string, RawBuilder<unknown>]> = [
    ['before: count of the links', sql`select count(*) from partner_users where partner_id = ${partner}`],
    [
      `before: link ids after OFFSET ${deep(links)}`,
      sql`select user_id from partner_users where partner_id = ${partner} order by created_at desc, user_id desc limit 25 offset ${deep(links)}`,
    ],
    ['before: count of the payouts', sql`select count(*) from payouts where partner_id = ${partner}`],
    [
      `before: payouts after OFFSET ${deep(payouts)}`,
      sql`select * from payouts where partner_id = ${partner} order by created_at desc, id desc limit 25 offset ${deep(payouts)}`,
    ],
    [
      'now: the links counter',
      sql`select value from partner_counters where partner_id = ${partner} and what = 'links'`,
    ],
    [
      'now: link ids by a seek on the place',
      sql`select user_id from partner_users where partner_id = ${partner} and list_position <= ${links - deep(links)} order by list_position desc limit 25`,
    ],
    [
      'now: payouts by a seek on the place',
      sql`select * from payouts where partner_id = ${partner} and list_position <= ${payouts - deep(payouts)} order by list_position desc limit 25`,
    ],
  ];
  process.stdout.write(
    `partner ${partner}: ${links} links, ${payouts} payouts\n| statement | median ms | worst ms |\n|:--|--:|--:|\n`,
  );
  for (const [name, statement] of statements) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await statement.execute(db);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(`| ${name} | ${times[15]!.toFixed(2)} | ${times[29]!.toFixed(2)} |\n`);
  }
} finally {
  await close();
}
