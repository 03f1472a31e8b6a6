import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './database.js';
import { engineOf, type Engine } from './dialect.js';
import { markPrepared } from './prepared-statements.js';

type Executor = Kysely<Database>;

/** Where a compiled parameter's value comes from: the caller's nth argument, or a constant of the query. */
type ParameterSource = { arg: number } | { constant: unknown };

interface Template<Row> {
  compiled: CompiledQuery<Row>;
  sources: ParameterSource[];
}

const PLACEHOLDER_PREFIX = '\u0000onpay-query-argument:';

function placeholder(index: number): string {
  return `${PLACEHOLDER_PREFIX}${index}`;
}

/** Which argument this compiled parameter is, or null for a constant; throws for anything derived from a placeholder. */
function argumentIndex(value: unknown, arity: number, sqlText: string): number | null {
  if (typeof value !== 'string' || !value.includes(PLACEHOLDER_PREFIX)) return null;
  for (let i = 0; i < arity; i += 1) if (value === placeholder(i)) return i;
  throw new Error(
    `reusableQuery: a parameter was computed from an argument instead of passing it through (${sqlText})`,
  );
}

/**
 * A query of a fixed shape, built and compiled by Kysely once per engine and then only run.
 * Building a wide select with Kysely costs several times what the database spends executing it
 * (a 33-column join: ~55 µs to build and compile, ~10 µs to run on SQLite), and the hot reads run
 * on every request. The SQL text is also the same every time, which the SQLite statement cache
 * (kysely.ts) finds without building anything, and PostgreSQL plans once per connection (a named
 * prepared statement: prepared-statements.ts).
 *
 * `build` is called once with placeholders for the arguments: it must pass each argument straight
 * through as a value (no branching on it, no `in` lists, no arithmetic on it). Every argument must
 * reach the SQL exactly as given, which is checked when the query is first compiled.
 */
export function reusableQuery<Args extends readonly unknown[], Row>(
  arity: Args['length'],
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (executor: Executor, ...args: Args) => Promise<Row[]> {
  const templates = new Map<Engine, Template<Row>>();

  function templateFor(executor: Executor): Template<Row> {
    const engine = engineOf(executor as unknown as Kysely<unknown>);
    const known = templates.get(engine);
    if (known) return known;
    const placeholders = Array.from({ length: arity }, (_, i) => placeholder(i)) as unknown as Args;
    const compiled = build(executor, ...placeholders).compile();
    const sources: ParameterSource[] = compiled.parameters.map((value) => {
      const arg = argumentIndex(value, arity, compiled.sql);
      return arg === null ? { constant: value } : { arg };
    });
    for (let i = 0; i < arity; i += 1) {
      if (!sources.some((source) => 'arg' in source && source.arg === i)) {
        throw new Error(`reusableQuery: argument ${i} does not reach the SQL as a parameter (${compiled.sql})`);
      }
    }
    // PostgreSQL runs it as a named prepared statement outside transactions (prepared-statements.ts).
    if (engine === 'postgres') markPrepared(compiled.sql);
    const template = { compiled, sources };
    templates.set(engine, template);
    return template;
  }

  return async (executor, ...args) => {
    const { compiled, sources } = templateFor(executor);
    const parameters = sources.map((source) => ('arg' in source ? args[source.arg] : source.constant));
    const result = await executor.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<Row>);
    return result.rows;
  };
}
