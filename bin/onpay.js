#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader, so `npx onpay` works right after `npm ci`.
import { register } from 'tsx/esm/api';
import { requireProjectNode } from './require-node.js';

requireProjectNode('onpay', 'npx onpay');
register();
await import('../src/cli/main.ts');
