import {
  CompiledQuery,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';

/** What a list query's plan must show (docs/performance.md "Indexes and query plans (issue 24)"). */
export interface PlanExpectation {
  /** The table (or its alias in the query) the list reads. */
  table: string;
  /**
   * The index that must serve it (one of them, where the planner may weigh two); `primary key` for
   * the table's own id order; `fts5 match` for a SQLite FTS5 table answering its MATCH.
   */
  index: string | readonly string[];
  /** The index must also give the ORDER BY: no sort step (false only where the docs say why). */
  ordered: boolean;
  /** The index is walked from one end without a condition (an unfiltered list under LIMIT). */
  walk?: boolean;
}

/** reusableQuery's placeholder for an argument while it builds its template (src/db/reusable-query.ts). */
const TEMPLATE_PLACEHOLDER = '\u0000onpay-query-argument:';

/**
 * Runs `work` (a call of a repository function) and returns every statement it issued, compiled
 * exactly as the service sends it: the plan tests explain the real SQL, not a copy of it. Queries
 * built with the query builder are seen by a plugin; compiled ones run directly (reusableQuery's)
 * are seen where they are executed, with their real values (the template they were compiled from,
 * built once with placeholders, is not a statement the service runs).
 */
export async function capturedQueries(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<unknown>) {
  const statements: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const compiled = db.getExecutor().compileQuery(args.node, { queryId: 'plan' } as never);
      const template = compiled.parameters.some((p) => typeof p === 'string' && p.startsWith(TEMPLATE_PLACEHOLDER));
      if (!template) statements.push(compiled);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  const withCapture = db.withPlugin(capture);
  const seen = new Proxy(withCapture, {
    get(target, property) {
      if (property === 'executeQuery')
        return (query: CompiledQuery) => {
          statements.push(query);
          return target.executeQuery(query);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  await work(seen);
  return statements;
}

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PgPlanNode[];
}

function pgNodes(node: PgPlanNode): PgPlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(pgNodes)];
}

/**
 * The plan of one compiled statement and what is wrong with it ([] when it is as expected).
 * SQLite: `EXPLAIN QUERY PLAN`; the table is searched through the index (a walk from one end
 * for `walk`), never scanned, and no temporary B-tree sorts for ORDER BY. PostgreSQL:
 * `EXPLAIN (FORMAT JSON)` with sequential scans (and, for an ordered list, sorts) priced out (`SET LOCAL`, so a small
 * test table's plan is the one a big table gets when an index can serve the query at all): the
 * index appears, no sequential scan of the table, and no sort when the index must give the order.
 */
export async function planProblems(
  db: Kysely<Database>,
  engine: Engine,
  query: CompiledQuery,
  expected: PlanExpectation,
): Promise<{ plan: string; problems: string[] }> {
  const problems: string[] = [];
  const indexes = typeof expected.index === 'string' ? [expected.index] : expected.index;
  const wanted = indexes.join(' or ');
  if (engine === 'sqlite') {
    // An EXPLAIN never checks the schema cookie, so a prepared one the driver keeps would show the
    // plan from before a schema change: the schema's version in the text makes it a new statement.
    const version = await sql<{ schema_version: number }>`PRAGMA schema_version`.execute(db);
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN /* schema ${version.rows[0]!.schema_version} */ ${query.sql}`, [
        ...query.parameters,
      ]),
    );
    const details = result.rows.map((row) => row.detail);
    const t = expected.table;
    const searched = indexes.map((index) =>
      index === 'primary key'
        ? new RegExp(`^(SEARCH|SCAN) ${t}( USING INTEGER PRIMARY KEY .*)?$`)
        : index === 'fts5 match'
          ? // A virtual table is always "SCAN"ned; `:M` in its plan is the full-text index answering the MATCH.
            new RegExp(`^SCAN ${t} VIRTUAL TABLE INDEX \\d+:M`)
          : new RegExp(`^(SEARCH|SCAN) ${t} USING (COVERING )?INDEX ${index}\\b`),
    );
    const used = details.find((d) => searched.some((pattern) => pattern.test(d)));
    const virtual = (d: string) => d.includes(' VIRTUAL TABLE INDEX ') && /:M/.test(d);
    if (!used) problems.push(`${t} is not read through ${wanted}`);
    else if (!expected.walk && used.startsWith('SCAN') && !virtual(used))
      problems.push(`${t} is scanned, not searched: ${used}`);
    if (!expected.walk && details.some((d) => new RegExp(`^SCAN ${t}\\b`).test(d) && !virtual(d)))
      problems.push(`full scan of ${t}`);
    if (expected.ordered && details.some((d) => d.includes('TEMP B-TREE FOR ORDER BY')))
      problems.push('a temporary B-tree sorts the rows');
    return { plan: details.join('\n'), problems };
  }
  const explain = async (trx: Kysely<Database>) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    if (expected.ordered) {
      await sql`SET LOCAL enable_sort = off`.execute(trx);
      await sql`SET LOCAL enable_incremental_sort = off`.execute(trx);
    }
    const result = await trx.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PgPlanNode }> }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]),
    );
    const root = result.rows[0]!['QUERY PLAN'][0]!.Plan;
    const nodes = pgNodes(root);
    const t = expected.table;
    const onTable = (n: PgPlanNode) => n.Alias === t || n['Relation Name'] === t;
    const used = nodes.some((n) =>
      indexes.some((index) =>
        index === 'primary key' ? onTable(n) && /_pkey$/.test(n['Index Name'] ?? '') : n['Index Name'] === index,
      ),
    );
    if (!used) problems.push(`${t} is not read through ${wanted}`);
    if (nodes.some((n) => n['Node Type'] === 'Seq Scan' && onTable(n))) problems.push(`sequential scan of ${t}`);
    // An index read without a condition starts at one end of the index: only an unfiltered list under a LIMIT may.
    if (!expected.walk && nodes.some((n) => onTable(n) && /^Index/.test(n['Node Type']) && !n['Index Cond']))
      problems.push(`${t} is walked from one end of its index, not sought`);
    if (expected.ordered && nodes.some((n) => /Sort$/.test(n['Node Type'])))
      problems.push('a sort step orders the rows');
    return { plan: JSON.stringify(root, null, 1), problems };
  };
  return db.isTransaction ? explain(db) : db.transaction().execute(explain);
}
