/**
 * How many functions `work` builds from source text (`Function(...)`, `new Function(...)`).
 * better-sqlite3 builds a row constructor that way each time SQLite compiles a statement again,
 * so a read whose statement SQLite expires on every execution (docs/performance.md, "Point read
 * budget", "The list page compiled once") counts one per request; a statement compiled once
 * counts none.
 */
export async function countCompilations(work: () => Promise<void>): Promise<number> {
  const original = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(original, {
    apply(target, self, args: string[]) {
      compiled += 1;
      return Reflect.apply(target, self, args);
    },
    construct(target, args: string[]) {
      compiled += 1;
      return Reflect.construct(target, args);
    },
  });
  try {
    await work();
  } finally {
    globalThis.Function = original;
  }
  return compiled;
}
