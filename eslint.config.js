import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'data/',
      'bench/results/',
      'client/schema.d.ts',
      'src/web/assets/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.ts.' },
      ],
    },
  },
  {
    // Migrations work on the untyped schema by design; config.ts is the one reader of process.env.
    files: [
      'src/db/migrations/**/*.ts',
      'src/db/migrator.ts',
      'src/db/rebuild-table.ts',
      'src/db/migration-notes.ts',
      // The re-encryption pass walks the encrypted tables by name (the migration and `onpay keys rotate`).
      'src/db/sealed-columns.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [
      'src/config.ts',
      'test/**/*.ts',
      'bench/**/*.ts',
      'bin/**/*.js',
      '*.config.ts',
      'examples/**/*.ts',
      '.ci/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The dependency-cruiser configuration is CommonJS, as the tool expects.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
