/**
 * The architecture, checked by `npm run lint` (docs/architecture.md draws it):
 * - a module's index.ts is its only door: nothing outside src/modules/<m>/ imports another file of it;
 * - layers point one way: db and platform below the modules, web and cli above them;
 * - no import cycles anywhere in src/.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle makes load order matter and the modules one tangle.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'module-internals',
      severity: 'error',
      comment: "Another module's files are private: import what it offers from its index.ts.",
      from: { path: '^src/(?!modules/$1/)', pathNot: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'module-internals-between-modules',
      severity: 'error',
      comment: "Another module's files are private: import what it offers from its index.ts.",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'layers-below-modules',
      severity: 'error',
      comment: 'db/ and platform/ serve every module; they know none of them, nor the pages or the command line.',
      from: { path: '^src/(db|platform)/' },
      to: { path: '^src/(modules|web|cli)/' },
    },
    {
      name: 'modules-below-pages-and-cli',
      severity: 'error',
      comment: 'Modules are used by the pages and the command line, never the other way round.',
      from: { path: '^src/modules/' },
      to: { path: '^src/(web|cli|app\\.ts|main\\.ts|services\\.ts)' },
    },
    {
      name: 'dialect-in-db-only',
      severity: 'error',
      comment: 'Only src/db/ knows SQLite from PostgreSQL.',
      from: { path: '^src/', pathNot: '^src/db/' },
      to: { path: '(^|/)node_modules/(better-sqlite3|pg)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js'],
    },
    moduleSystems: ['es6'],
  },
};
