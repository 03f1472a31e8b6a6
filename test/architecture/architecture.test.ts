/**
 * The structure docs/architecture.md describes is the structure of src/: its module graph is the
 * modules' imports, its ownership table the tables each module's SQL touches, and the architecture
 * check in `npm run lint` refuses the imports the page forbids.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../helpers/cli.js';

const run = promisify(execFile);
const MODULES_DIR = path.join(root, 'src', 'modules');
/** Tables kept outside the modules, and who keeps them (the page names them). */
const OUTSIDE_MODULES: Record<string, string> = {
  idempotency_keys: 'src/platform/idempotency.ts',
  settings: 'src/platform/settings.ts',
  data_keys: 'src/platform/field-keys.ts',
  partner_counters: 'src/db/list-counters.ts',
  invoice_numbers: 'src/db/invoice-numbers.ts',
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => path.join(e.parentPath, e.name));
}

async function modules(): Promise<string[]> {
  return (await readdir(MODULES_DIR, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Every table a file's queries name: the table arguments of Kysely's query builders and joins. */
function tablesIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const match of source.matchAll(
    /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto)\(\s*'([a-z_]+)/g,
  ))
    found.add(match[1]!);
  // A name a query gives itself (`.with('counter', …)`) is not a table.
  for (const match of source.matchAll(/\.with\(\s*'([a-z_]+)'/g)) found.delete(match[1]!);
  // Or through the callback form (`.with((cte) => cte('k').materialized(), …)`).
  for (const match of source.matchAll(/\bcte\(\s*'([a-z_]+)'/g)) found.delete(match[1]!);
  return found;
}

let page: string;

beforeAll(async () => {
  page = await readFile(path.join(root, 'docs', 'architecture.md'), 'utf8');
});

describe('docs/architecture.md matches src/', () => {
  it("the module graph is the modules' imports of one another", async () => {
    const mermaid = /```mermaid\n([\s\S]*?)```/.exec(page)?.[1];
    expect(mermaid, 'a mermaid block').toBeDefined();
    const drawn = [...mermaid!.matchAll(/^\s*([a-z-]+)\s*-->\s*([a-z-]+)\s*$/gm)]
      .map((m) => `${m[1]} --> ${m[2]}`)
      .sort();

    const imported = new Set<string>();
    for (const name of await modules()) {
      for (const file of await filesUnder(path.join(MODULES_DIR, name))) {
        const source = await readFile(file, 'utf8');
        for (const match of source.matchAll(/from '(\.\.\/)+([a-z-]+)\/[^']*'/g)) {
          const target = path
            .relative(MODULES_DIR, path.resolve(path.dirname(file), match[0].slice(6, -1)))
            .split(path.sep)[0]!;
          if (target !== name && !target.startsWith('..')) imported.add(`${name} --> ${target}`);
        }
      }
    }
    expect(drawn).toEqual([...imported].sort());
  });

  it('the ownership table names each module, and every table its SQL touches is its own', async () => {
    const rows = [...page.matchAll(/^\| ([a-z-]+) \|([a-z_, ]*)\|/gm)].map((m) => ({
      module: m[1]!,
      tables: m[2]!
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    }));
    const names = await modules();
    expect(rows.map((r) => r.module).sort()).toEqual(names);

    const owner = new Map<string, string>();
    for (const row of rows)
      for (const table of row.tables) {
        expect(owner.get(table), `${table} owned twice`).toBeUndefined();
        owner.set(table, row.module);
      }
    for (const row of rows) {
      const touched = new Set<string>();
      for (const file of await filesUnder(path.join(MODULES_DIR, row.module)))
        for (const table of tablesIn(await readFile(file, 'utf8'))) touched.add(table);
      expect(
        [...touched].filter((t) => !row.tables.includes(t)),
        `${row.module} touches tables of others`,
      ).toEqual([]);
      expect(
        row.tables.filter((t) => !touched.has(t)),
        `${row.module} owns tables it never uses`,
      ).toEqual([]);
    }

    // Outside the modules, only the named owners write SQL on their own tables (migrations aside).
    for (const dir of ['platform', 'web', 'cli']) {
      for (const file of await filesUnder(path.join(root, 'src', dir))) {
        const relative = path.relative(root, file);
        for (const table of tablesIn(await readFile(file, 'utf8')))
          expect(OUTSIDE_MODULES[table], `${relative} queries ${table}`).toBe(relative);
      }
    }
    for (const [table, file] of Object.entries(OUTSIDE_MODULES))
      expect(page).toContain(`\`${file}\` owns \`${table}\``);

    // Every table of the schema has exactly one keeper.
    const database = await readFile(path.join(root, 'src', 'db', 'database.ts'), 'utf8');
    const schema = /export interface Database \{([\s\S]*?)\n\}/.exec(database)![1]!;
    const tables = [...schema.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]!);
    expect(
      tables.filter((t) => !owner.has(t) && !(t in OUTSIDE_MODULES)),
      'tables nobody owns',
    ).toEqual([]);
  });
});

describe('the architecture check (npm run lint)', () => {
  let dir: string;
  const config = path.join(root, '.dependency-cruiser.cjs');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'onpay-arch-'));
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', allowImportingTsExtensions: false },
      }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Lays out a small src/ with the given files and runs the same check `npm run lint` runs on it. */
  async function check(files: Record<string, string>): Promise<{ failed: boolean; output: string }> {
    await rm(path.join(dir, 'src'), { recursive: true, force: true });
    for (const [name, source] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), source);
    }
    const bin = path.join(root, 'node_modules', '.bin', 'depcruise');
    try {
      const { stdout } = await run(bin, ['src', '--config', config], { cwd: dir });
      return { failed: false, output: stdout };
    } catch (error) {
      const failure = error as { stdout: string; stderr: string };
      return { failed: true, output: failure.stdout + failure.stderr };
    }
  }

  const base = {
    'src/modules/users/index.ts': "export { findUser } from './users.repository.js';\n",
    'src/modules/users/users.repository.ts': 'export const findUser = () => 1;\n',
    'src/modules/payouts/index.ts': 'export const pay = () => 2;\n',
    'src/platform/secrets.ts': 'export const secret = 3;\n',
    'src/web/page.ts': "import { findUser } from '../modules/users/index.js';\nexport const page = findUser;\n",
  };

  it('is part of npm run lint', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.lint).toContain('depcruise src --config .dependency-cruiser.cjs');
  });

  it('passes a layout that goes through the doors', async () => {
    expect(await check(base)).toMatchObject({ failed: false });
  });

  it.each([
    [
      'module-internals-between-modules',
      {
        'src/modules/payouts/pay.ts':
          "import { findUser } from '../users/users.repository.js';\nexport const x = findUser;\n",
      },
    ],
    [
      'module-internals',
      {
        'src/web/other.ts':
          "import { findUser } from '../modules/users/users.repository.js';\nexport const x = findUser;\n",
      },
    ],
    [
      'layers-below-modules',
      { 'src/platform/bad.ts': "import { pay } from '../modules/payouts/index.js';\nexport const x = pay;\n" },
    ],
    [
      'modules-below-pages-and-cli',
      { 'src/modules/payouts/bad.ts': "import { page } from '../../web/page.js';\nexport const x = page;\n" },
    ],
    [
      'no-cycles',
      {
        'src/platform/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
        'src/platform/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      },
    ],
    ['dialect-in-db-only', { 'src/modules/payouts/engine.ts': "import pg from 'pg';\nexport const x = pg;\n" }],
  ])('fails on %s', async (rule, extra) => {
    const result = await check({ ...base, ...extra });
    expect(result.failed).toBe(true);
    expect(result.output).toContain(`error ${rule}:`);
  });
});
