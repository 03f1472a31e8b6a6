#!/usr/bin/env node
// Runs a TypeScript entry point (benchmarks, examples) through tsx's loader: node bin/run-ts.js FILE [ARGS].
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { requireProjectNode } from './require-node.js';

requireProjectNode('run-ts');

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bin/run-ts.js FILE [ARGS...]');
  process.exit(2);
}
process.argv = [process.argv[0], path.resolve(file), ...rest];
register();
await import(pathToFileURL(path.resolve(file)).href);
